WITH big AS (SELECT name, age FROM singer WHERE age > 30) SELECT name FROM big ORDER BY age
