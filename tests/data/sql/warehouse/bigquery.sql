-- dialect: bigquery
-- Long analytics queries in the shapes BigQuery users write (GA4 export, dbt models, reporting),
-- written for this test from the BigQuery reference. Each `-- query:` line starts one query.
-- query: ga4 sessions by source per day
WITH events AS (
  SELECT
    PARSE_DATE('%Y%m%d', event_date) AS event_day,
    user_pseudo_id,
    (SELECT value.int_value FROM UNNEST(event_params) WHERE key = 'ga_session_id') AS session_id,
    (SELECT value.string_value FROM UNNEST(event_params) WHERE key = 'source') AS source,
    event_name,
    TIMESTAMP_MICROS(event_timestamp) AS event_ts
  FROM `my-project.analytics_123456.events_*`
  WHERE _TABLE_SUFFIX BETWEEN FORMAT_DATE('%Y%m%d', DATE_SUB(CURRENT_DATE(), INTERVAL 30 DAY))
                          AND FORMAT_DATE('%Y%m%d', DATE_SUB(CURRENT_DATE(), INTERVAL 1 DAY))
),
sessions AS (
  SELECT event_day, user_pseudo_id, session_id,
         ARRAY_AGG(source IGNORE NULLS ORDER BY event_ts LIMIT 1)[SAFE_OFFSET(0)] AS first_source,
         COUNTIF(event_name = 'purchase') AS purchases
  FROM events
  GROUP BY event_day, user_pseudo_id, session_id
)
SELECT event_day, IFNULL(first_source, '(direct)') AS source,
       COUNT(*) AS sessions, SUM(purchases) AS purchases,
       SAFE_DIVIDE(SUM(purchases), COUNT(*)) AS conversion_rate
FROM sessions
GROUP BY 1, 2
ORDER BY event_day DESC, sessions DESC;
-- query: unquoted wildcard table with suffix filter
SELECT event_name, COUNT(DISTINCT user_pseudo_id) AS users
FROM analytics_123456.events_*
WHERE _TABLE_SUFFIX >= '20240101' AND event_name IN ('page_view', 'scroll', 'click')
GROUP BY event_name
HAVING users > 100;
-- query: latest row per key with qualify
SELECT * EXCEPT (rn)
FROM (
  SELECT o.*, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY updated_at DESC) AS rn
  FROM `proj.raw.orders` AS o
)
WHERE rn = 1;
-- query: qualify dedup
SELECT customer_id, email, updated_at
FROM `proj.staging.customers`
WHERE email IS NOT NULL
QUALIFY ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY updated_at DESC) = 1;
-- query: struct and array building
SELECT
  customer_id,
  ARRAY_AGG(STRUCT(order_id, order_date, total AS amount) ORDER BY order_date DESC LIMIT 5) AS recent_orders,
  STRUCT(MIN(order_date) AS first_order, MAX(order_date) AS last_order) AS span,
  ARRAY<STRING>['a', 'b'] AS tags,
  STRUCT<currency STRING, cents INT64>('USD', 100) AS price
FROM `proj.mart.orders`
GROUP BY customer_id;
-- query: unnest with offset and cross join
SELECT t.id, item.sku, item.quantity, pos
FROM `proj.raw.carts` AS t
CROSS JOIN UNNEST(t.items) AS item WITH OFFSET AS pos
WHERE item.quantity > 0
ORDER BY t.id, pos;
-- query: date spine and left join
WITH days AS (
  SELECT day FROM UNNEST(GENERATE_DATE_ARRAY(DATE '2024-01-01', CURRENT_DATE(), INTERVAL 1 DAY)) AS day
),
revenue AS (
  SELECT DATE(created_at) AS day, SUM(amount) AS revenue
  FROM `proj.mart.payments`
  WHERE status = 'succeeded'
  GROUP BY 1
)
SELECT d.day, COALESCE(r.revenue, 0) AS revenue,
       SUM(COALESCE(r.revenue, 0)) OVER (ORDER BY d.day ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) AS revenue_7d
FROM days AS d
LEFT JOIN revenue AS r USING (day)
ORDER BY d.day;
-- query: pivot monthly sales
SELECT *
FROM (
  SELECT product, EXTRACT(MONTH FROM sold_at) AS month, amount
  FROM `proj.mart.sales`
  WHERE EXTRACT(YEAR FROM sold_at) = 2024
)
PIVOT (SUM(amount) AS total FOR month IN (1 AS jan, 2 AS feb, 3 AS mar));
-- query: unpivot quarters
SELECT product, quarter, sales
FROM `proj.mart.quarterly`
UNPIVOT (sales FOR quarter IN (q1, q2, q3, q4));
-- query: date functions and safe casts
SELECT
  DATE_TRUNC(order_date, MONTH) AS month,
  DATE_DIFF(CURRENT_DATE(), MIN(order_date), DAY) AS age_days,
  TIMESTAMP_DIFF(MAX(shipped_at), MIN(created_at), HOUR) AS hours_open,
  SAFE_CAST(REGEXP_EXTRACT(note, r'(\d+)') AS INT64) AS note_number,
  FORMAT_TIMESTAMP('%Y-%m', MAX(created_at)) AS label
FROM `proj.raw.orders`
WHERE order_date >= DATE_SUB(CURRENT_DATE(), INTERVAL 12 MONTH)
GROUP BY month, note_number;
-- query: json extraction
SELECT
  JSON_EXTRACT_SCALAR(payload, '$.user.id') AS user_id,
  JSON_VALUE(payload, '$.event') AS event,
  ARRAY_LENGTH(JSON_EXTRACT_ARRAY(payload, '$.items')) AS n_items
FROM `proj.raw.webhooks`
WHERE JSON_VALUE(payload, '$.event') IS NOT NULL
LIMIT 1000;
-- query: merge upsert
MERGE `proj.mart.customers` AS target
USING (SELECT * FROM `proj.staging.customers` WHERE updated_at > TIMESTAMP_SUB(CURRENT_TIMESTAMP(), INTERVAL 1 DAY)) AS source
ON target.customer_id = source.customer_id
WHEN MATCHED AND source.deleted THEN DELETE
WHEN MATCHED THEN UPDATE SET email = source.email, updated_at = source.updated_at
WHEN NOT MATCHED THEN INSERT (customer_id, email, updated_at) VALUES (source.customer_id, source.email, source.updated_at);
-- query: funnel with countif and approx
SELECT
  DATE(event_ts) AS day,
  COUNTIF(step = 'view') AS views,
  COUNTIF(step = 'cart') AS carts,
  COUNTIF(step = 'buy') AS buys,
  APPROX_COUNT_DISTINCT(user_id) AS users,
  APPROX_QUANTILES(latency_ms, 100)[OFFSET(50)] AS p50
FROM `proj.mart.funnel`
GROUP BY day
WINDOW w AS (ORDER BY day);
-- query: tablesample and string aggregation
SELECT country, STRING_AGG(DISTINCT city, ', ' ORDER BY city) AS cities
FROM `proj.geo.places` TABLESAMPLE SYSTEM (10 PERCENT)
GROUP BY country;
-- query: window named and qualify before window
SELECT user_id, session_start,
       LAG(session_start) OVER w AS previous_start,
       TIMESTAMP_DIFF(session_start, LAG(session_start) OVER w, MINUTE) AS gap_minutes
FROM `proj.mart.sessions`
QUALIFY gap_minutes IS NULL OR gap_minutes > 30
WINDOW w AS (PARTITION BY user_id ORDER BY session_start);
-- query: cohort retention
WITH first_orders AS (
  SELECT customer_id, DATE_TRUNC(MIN(order_date), MONTH) AS cohort
  FROM `proj.mart.orders`
  GROUP BY customer_id
),
activity AS (
  SELECT o.customer_id, f.cohort, DATE_DIFF(DATE_TRUNC(o.order_date, MONTH), f.cohort, MONTH) AS month_number
  FROM `proj.mart.orders` AS o
  JOIN first_orders AS f ON f.customer_id = o.customer_id
)
SELECT cohort, month_number, COUNT(DISTINCT customer_id) AS customers,
       ROUND(100 * COUNT(DISTINCT customer_id) / FIRST_VALUE(COUNT(DISTINCT customer_id))
             OVER (PARTITION BY cohort ORDER BY month_number), 1) AS retention_pct
FROM activity
GROUP BY cohort, month_number
ORDER BY cohort, month_number;
-- query: issue 33 forms: a temporary function, a trailing comma, IN UNNEST, fields of an element
CREATE TEMP FUNCTION week_start(d DATE) RETURNS DATE AS (DATE_TRUNC(d, WEEK(MONDAY)));
SELECT
  week_start(PARSE_DATE('%Y%m%d', event_date)) AS week,
  EXTRACT(WEEK(MONDAY) FROM PARSE_DATE('%Y%m%d', event_date)) AS week_number,
  ARRAY_AGG(STRUCT(item_name, price) ORDER BY price DESC LIMIT 1)[SAFE_OFFSET(0)].item_name AS top_item,
  STRUCT(1 AS a, 2 AS b).a AS one,
  COUNT(DISTINCT user_pseudo_id) AS users,
FROM `my-project.analytics_123456.events_*`, UNNEST(items) AS item
WHERE 'purchase' IN UNNEST(ARRAY(SELECT e.name FROM UNNEST(event_names) AS e))
  AND item.item_category NOT IN UNNEST(['gift', 'sample'])
GROUP BY week, week_number
