SELECT s.name FROM (SELECT name, age FROM singer WHERE age > 30) AS s WHERE s.age < 50
