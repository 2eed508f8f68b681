SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer AS s2 WHERE s2.country = singer.country) LIMIT 5
