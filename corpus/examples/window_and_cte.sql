WITH monthly AS (
  SELECT customer_id, DATE_TRUNC('month', ordered_at) AS month, SUM(total) AS revenue
  FROM orders
  WHERE ordered_at >= CURRENT_DATE - INTERVAL '1 year'
  GROUP BY 1, 2
)
SELECT customer_id, month, revenue,
       RANK() OVER (PARTITION BY month ORDER BY revenue DESC) AS rank_in_month
FROM monthly
WHERE revenue > 0
ORDER BY month, rank_in_month
LIMIT 50;
