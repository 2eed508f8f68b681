-- schema: concerts.sql
SELECT singer_id FROM singer WHERE age > 30 EXCEPT SELECT singer_id FROM concert WHERE year = 2020
