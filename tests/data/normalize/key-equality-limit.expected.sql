-- schema: concerts.sql
SELECT name FROM singer WHERE singer_id = 3
