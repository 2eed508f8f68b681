-- schema: concerts.sql
SELECT name, age FROM singer
