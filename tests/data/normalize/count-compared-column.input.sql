SELECT country, count(age) FROM singer WHERE age > 30 AND name LIKE 'A%' GROUP BY country HAVING count(name) > 1
