SELECT name FROM (SELECT name, age FROM singer ORDER BY age) AS s LIMIT 5
