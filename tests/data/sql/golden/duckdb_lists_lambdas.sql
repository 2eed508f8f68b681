-- dialect: duckdb
SELECT [1, 2, x], {'a': 1, b: [y]}, l[1:n] FROM t;
SELECT list_transform(l, x -> x + 1), list_filter(l, x -> x > 1 AND x < 5), list_reduce(l, (a, b) -> a + b) FROM t;
SELECT * FROM t USING SAMPLE 10%;
SELECT * FROM t TABLESAMPLE reservoir(50 ROWS) REPEATABLE (1);
SELECT * FROM sales PIVOT (sum(amount) FOR year IN (2023, 2024))
