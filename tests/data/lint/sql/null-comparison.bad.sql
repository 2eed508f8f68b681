SELECT name FROM singer WHERE country = NULL LIMIT 5
