SELECT "name" FROM singer WHERE country = 'France' LIMIT 5
