SELECT name FROM singer WHERE country = 'France' AND name LIKE 'A%' LIMIT 5
