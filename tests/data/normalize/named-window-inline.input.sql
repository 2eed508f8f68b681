-- dialect: postgres
SELECT name, rank() OVER w AS r FROM singer WINDOW w AS (PARTITION BY country ORDER BY age DESC) ORDER BY country
