SELECT country FROM singer GROUP BY country HAVING avg(age) > 30 LIMIT 5
