-- schema: concerts.sql
SELECT name FROM singer WHERE singer_id = (SELECT max(singer_id) FROM singer)
