-- schema: concerts.sql
SELECT name FROM singer WHERE country = 'France' AND age > 30
