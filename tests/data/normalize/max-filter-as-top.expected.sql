-- schema: concerts.sql
SELECT name FROM singer ORDER BY singer_id DESC LIMIT 1
