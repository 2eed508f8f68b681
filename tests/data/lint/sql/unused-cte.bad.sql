WITH old AS (SELECT name FROM singer WHERE age > 60) SELECT name FROM singer LIMIT 5
