-- dialect: duckdb
FROM t;
FROM t SELECT a WHERE b > 1;
SELECT * EXCLUDE (a) REPLACE (b + 1 AS b) FROM read_csv('f.csv', header = true);
SELECT a, SUM(b) FROM t GROUP BY ALL ORDER BY ALL DESC
