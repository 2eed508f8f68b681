-- schema: concerts.sql
SELECT country, count(*) FROM singer GROUP BY country
