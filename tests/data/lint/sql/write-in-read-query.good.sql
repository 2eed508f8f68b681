SELECT name FROM singer WHERE age > 90 LIMIT 5
