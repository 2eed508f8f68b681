SELECT name FROM singer WHERE singer_id NOT IN (SELECT singer_id FROM singer WHERE age > 50) LIMIT 5
