SELECT country, count(*) FROM singer GROUP BY country HAVING count(*) > 2 LIMIT 5
