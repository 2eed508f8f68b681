-- dialect: duckdb
SELECT name, country FROM (SELECT name, country, RANK() OVER (PARTITION BY country ORDER BY age DESC) AS r FROM singer WHERE age IS NOT NULL) AS ranked WHERE r <= 3 ORDER BY country
