SELECT name FROM singer WHERE country LIKE 'Fr%' LIMIT 5
