-- dialect: snowflake
SELECT IFF(a > 1, 'y', 'n'), v:field.sub[0]::STRING AS s, $1 FROM t WHERE name ILIKE ANY ('a%', 'b%');
SELECT f.value FROM t, LATERAL FLATTEN(input => t.arr) f;
SELECT a, SUM(b) FROM "DB"."SCHEMA"."TABLE" GROUP BY ALL ORDER BY ALL;
SELECT * EXCLUDE a FROM t QUALIFY ROW_NUMBER() OVER (PARTITION BY b ORDER BY c) = 1;
SELECT DATEADD(day, 1, d), TO_DATE(x), TRY_CAST(x AS INT) FROM t
