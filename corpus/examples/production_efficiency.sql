SELECT date, AVG(production_efficiency_percentage)
FROM t
WHERE EXTRACT(MONTH FROM date) = 7
GROUP BY date
ORDER BY date
LIMIT 100
