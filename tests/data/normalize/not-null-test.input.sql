-- schema: concerts.sql
SELECT name FROM singer WHERE name IS NOT NULL AND age > 30
