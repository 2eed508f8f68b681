SELECT country, name, count(*) FROM singer GROUP BY country LIMIT 5
