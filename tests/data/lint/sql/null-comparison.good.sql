SELECT name FROM singer WHERE country IS NULL LIMIT 5
