-- schema: concerts.sql
SELECT name FROM singer WHERE country = 'France' AND singer_id IN (SELECT singer_id FROM singer WHERE age > 30)
