SELECT country, count(*) FROM singer WHERE age > 30 AND name LIKE 'A%' GROUP BY country HAVING count(*) > 1
