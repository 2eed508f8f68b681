-- schema: concerts.sql
SELECT s.singer_id, count(*) FROM singer AS s JOIN concert AS c ON c.singer_id = s.singer_id GROUP BY s.singer_id, s.country
