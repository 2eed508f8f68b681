-- schema: concerts.sql
SELECT name FROM singer WHERE age > 30
