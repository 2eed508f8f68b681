-- dialect: sqlite
SELECT country, sum(CASE WHEN age > 30 THEN 1 ELSE 0 END) FROM singer GROUP BY country HAVING sum(CASE WHEN age < 20 THEN 1 ELSE 0 END) > 2
