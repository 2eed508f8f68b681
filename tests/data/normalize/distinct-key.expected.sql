-- schema: concerts.sql
SELECT s.name, c.concert_id, s.singer_id FROM singer AS s JOIN concert AS c ON s.singer_id = c.singer_id
