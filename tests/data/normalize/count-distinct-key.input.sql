-- schema: concerts.sql
SELECT country, count(DISTINCT singer_id) FROM singer GROUP BY country
