-- schema: concerts.sql
SELECT singer_id FROM singer WHERE age > 30 AND singer_id NOT IN (SELECT singer_id FROM concert WHERE year = 2020)
