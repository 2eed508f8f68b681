-- dialect: duckdb
-- Long analytics queries in the shapes DuckDB users write (files, lists, structs, friendly SQL),
-- written for this test from the DuckDB documentation. Each `-- query:` line starts one query.
-- query: parquet summary with group by all
SELECT date_trunc('month', pickup_at) AS month, payment_type,
       count(*) AS trips, avg(fare_amount) AS avg_fare, sum(tip_amount) / sum(fare_amount) AS tip_ratio
FROM read_parquet('data/trips/*.parquet')
WHERE pickup_at >= DATE '2024-01-01'
GROUP BY ALL
ORDER BY ALL;
-- query: csv with exclude and replace
SELECT * EXCLUDE (raw_line) REPLACE (lower(email) AS email, trim(name) AS name)
FROM read_csv('users.csv', header = true, delim = ',')
WHERE email LIKE '%@%';
-- query: from first
FROM read_json_auto('events.json') SELECT event, count(*) AS n GROUP BY event ORDER BY n DESC LIMIT 10;
-- query: list functions and lambdas
SELECT id,
       list_transform(tags, t -> upper(t)) AS upper_tags,
       list_filter(scores, s -> s >= 50 AND s <= 100) AS valid_scores,
       list_reduce(scores, (a, b) -> a + b) AS total,
       len(tags) AS n_tags,
       tags[1] AS first_tag,
       scores[2:3] AS middle
FROM profiles;
-- query: struct literals and unnest
SELECT {'id': id, 'name': name, 'tags': [t.a, t.b]} AS doc, unnest(items) AS item
FROM orders AS t;
-- query: struct field access
SELECT s.address.city AS city, count(*) FROM (SELECT {'address': {'city': city}} AS s FROM customers) GROUP BY ALL;
-- query: sample
SELECT * FROM events USING SAMPLE 10% WHERE kind = 'click';
-- query: reservoir sample
SELECT * FROM events TABLESAMPLE reservoir(500 ROWS) REPEATABLE (42);
-- query: pivot
SELECT * FROM sales PIVOT (sum(amount) FOR year IN (2022, 2023, 2024)) ORDER BY region;
-- query: window and qualify
SELECT customer_id, order_id, amount,
       sum(amount) OVER (PARTITION BY customer_id ORDER BY ordered_at ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running
FROM orders
QUALIFY row_number() OVER (PARTITION BY customer_id ORDER BY ordered_at DESC) <= 3;
-- query: strftime and intervals
SELECT strftime(ts, '%Y-%m-%d %H:00') AS hour, count(*) AS n,
       max(ts) - min(ts) AS span
FROM read_csv_auto('logs/*.csv')
WHERE ts > now() - INTERVAL 7 DAY
GROUP BY 1
ORDER BY 1;
-- query: regexp and list aggregate
SELECT regexp_extract(url, 'https?://([^/]+)', 1) AS host,
       list(DISTINCT path ORDER BY path) AS paths,
       string_agg(status::VARCHAR, ',') AS statuses
FROM requests
GROUP BY host
HAVING count(*) > 5;
-- query: ctes with join and filter clause
WITH daily AS (
  SELECT CAST(created_at AS DATE) AS day, count(*) FILTER (WHERE status = 'ok') AS ok, count(*) AS total
  FROM jobs
  GROUP BY ALL
)
SELECT day, ok, total, round(100.0 * ok / total, 2) AS ok_pct,
       avg(ok_pct) OVER (ORDER BY day ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) AS ok_pct_7d
FROM daily
ORDER BY day;
