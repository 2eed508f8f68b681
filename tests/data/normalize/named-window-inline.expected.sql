-- dialect: postgres
SELECT name, rank() OVER (PARTITION BY country ORDER BY age DESC) AS r FROM singer ORDER BY country
