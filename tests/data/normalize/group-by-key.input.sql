-- schema: concerts.sql
SELECT name, age FROM singer GROUP BY singer_id
