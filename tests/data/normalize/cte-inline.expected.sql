SELECT name FROM (SELECT name, age FROM singer WHERE age > 30) AS big ORDER BY age
