-- schema: concerts.sql
SELECT count(*) FROM singer WHERE age > 30
