-- schema: concerts.sql
SELECT name FROM singer WHERE singer_id = 3 ORDER BY age DESC LIMIT 1
