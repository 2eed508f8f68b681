SELECT name FROM singer WHERE country = 5 LIMIT 5
