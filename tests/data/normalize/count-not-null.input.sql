-- schema: concerts.sql
SELECT count(name) FROM singer WHERE age > 30
