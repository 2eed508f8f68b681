-- dialect: snowflake
-- Long analytics queries in the shapes Snowflake users write (dbt models, semi-structured data,
-- reporting), written for this test from the Snowflake reference. Each `-- query:` line starts one query.
-- query: dbt incremental model with qualify
WITH source AS (
  SELECT * FROM "RAW"."SHOP"."ORDERS"
  WHERE _loaded_at > DATEADD(day, -3, CURRENT_TIMESTAMP())
),
renamed AS (
  SELECT
    id::NUMBER AS order_id,
    customer:id::STRING AS customer_id,
    customer:address.city::STRING AS city,
    TRY_TO_DECIMAL(total_price, 12, 2) AS total,
    TO_TIMESTAMP_NTZ(created_at) AS created_at,
    IFF(status = 'cancelled', TRUE, FALSE) AS is_cancelled,
    _loaded_at
  FROM source
)
SELECT *
FROM renamed
QUALIFY ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY _loaded_at DESC) = 1;
-- query: flatten line items
SELECT
  o.order_id,
  li.value:sku::STRING AS sku,
  li.value:quantity::INT AS quantity,
  li.value:price::FLOAT * li.value:quantity::INT AS line_total,
  li.index AS position
FROM analytics.orders AS o,
     LATERAL FLATTEN(input => o.payload:line_items) AS li
WHERE li.value:quantity::INT > 0;
-- query: pivot by month
SELECT *
FROM (SELECT region, DATE_TRUNC('month', sold_at) AS month, amount FROM analytics.sales)
PIVOT (SUM(amount) FOR month IN ('2024-01-01', '2024-02-01', '2024-03-01')) AS p (region, jan, feb, mar)
ORDER BY region;
-- query: pivot any
SELECT * FROM quarterly_sales PIVOT (SUM(amount) FOR quarter IN (ANY ORDER BY quarter)) ORDER BY empid;
-- query: unpivot
SELECT * FROM monthly_sales UNPIVOT INCLUDE NULLS (sales FOR month IN (jan, feb, mar, apr)) ORDER BY empid;
-- query: listagg and ilike any
SELECT
  c.customer_id,
  LISTAGG(DISTINCT p.category, ', ') WITHIN GROUP (ORDER BY p.category) AS categories,
  COUNT_IF(p.price > 100) AS premium_items,
  ZEROIFNULL(SUM(p.discount)) AS discounts
FROM analytics.customers AS c
JOIN analytics.purchases AS p ON p.customer_id = c.customer_id
WHERE c.email ILIKE ANY ('%@gmail.com', '%@yahoo.com')
GROUP BY ALL
HAVING COUNT(*) > 2
ORDER BY ALL;
-- query: sessionization with conditional change
WITH events AS (
  SELECT user_id, event_ts,
         IFF(DATEDIFF(minute, LAG(event_ts) OVER (PARTITION BY user_id ORDER BY event_ts), event_ts) > 30, 1, 0) AS new_session
  FROM analytics.events
)
SELECT user_id, event_ts,
       SUM(new_session) OVER (PARTITION BY user_id ORDER BY event_ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS session_number
FROM events;
-- query: sample from table
SELECT * FROM analytics.events SAMPLE (5) WHERE event_type = 'click';
-- query: sample rows with seed
SELECT user_id FROM analytics.users SAMPLE BERNOULLI (1000 ROWS);
-- query: stage read
SELECT $1:id::NUMBER AS id, $1:name::STRING AS name, METADATA$FILENAME AS file
FROM @raw.public.landing/customers/ (FILE_FORMAT => 'raw.public.json_format');
-- query: merge
MERGE INTO analytics.dim_customer AS t
USING (SELECT * FROM staging.customers QUALIFY ROW_NUMBER() OVER (PARTITION BY id ORDER BY updated_at DESC) = 1) AS s
ON t.customer_id = s.id
WHEN MATCHED AND s.is_deleted THEN DELETE
WHEN MATCHED THEN UPDATE SET t.email = s.email, t.updated_at = s.updated_at
WHEN NOT MATCHED THEN INSERT (customer_id, email, updated_at) VALUES (s.id, s.email, s.updated_at);
-- query: object construct and arrays
SELECT
  OBJECT_CONSTRUCT('id', id, 'tags', ARRAY_AGG(tag) WITHIN GROUP (ORDER BY tag)) AS doc,
  ARRAY_SIZE(ARRAY_AGG(DISTINCT tag)) AS n_tags,
  {'source': 'crm', 'version': 2} AS meta
FROM analytics.tags
GROUP BY id;
-- query: time series with generator
SELECT DATEADD(day, SEQ4(), '2024-01-01'::DATE) AS day
FROM TABLE(GENERATOR(ROWCOUNT => 366))
WHERE day < '2025-01-01'::DATE;
-- query: exclude and rename columns
SELECT * EXCLUDE (password_hash, ssn), TO_CHAR(created_at, 'YYYY-MM') AS created_month
FROM analytics.users
WHERE NOT is_test_user AND created_at >= DATEADD(month, -6, CURRENT_DATE());
-- query: semi-structured filter and nested path
SELECT e.payload:device.os::STRING AS os, COUNT(*) AS events
FROM analytics.raw_events AS e
WHERE e.payload:device.os IS NOT NULL
  AND e.payload:event_name::STRING IN ('app_open', 'purchase')
GROUP BY 1
ORDER BY 2 DESC
LIMIT 20;
-- query: lambda filter on arrays
SELECT id, FILTER(scores, s -> s > 50) AS passing, TRANSFORM(scores, s -> s * 2) AS doubled
FROM analytics.exams;
-- query: issue 33 forms: FLATTEN with OUTER => TRUE, a trailing comma
SELECT
  o.order_id,
  f.value:sku::STRING AS sku,
  f.index AS line,
FROM orders AS o,
  LATERAL FLATTEN(input => o.lines, OUTER => TRUE) AS f
WHERE o.placed_at >= DATEADD(day, -7, CURRENT_DATE())
