SELECT name FROM singer LIMIT 1
