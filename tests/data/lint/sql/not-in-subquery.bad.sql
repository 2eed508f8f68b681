SELECT name FROM singer WHERE country NOT IN (SELECT location FROM stadium) LIMIT 5
