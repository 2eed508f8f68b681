SELECT name FROM singer WHERE country LIKE 'France' LIMIT 5
