SELECT name FROM singer WHERE age = '5' AND country = 'France' LIMIT 5
