-- dialect: duckdb
SELECT name, country FROM singer WHERE age IS NOT NULL QUALIFY RANK() OVER (PARTITION BY country ORDER BY age DESC) <= 3 ORDER BY country
