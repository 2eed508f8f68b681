SELECT name FROM singer WHERE age > avg(age) LIMIT 5
