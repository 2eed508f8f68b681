SELECT name FROM singer LIMIT 5
