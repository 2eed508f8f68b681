-- schema: concerts.sql
SELECT singer_id, name FROM singer WHERE singer_id IN (SELECT singer_id FROM concert WHERE year = 2014)
