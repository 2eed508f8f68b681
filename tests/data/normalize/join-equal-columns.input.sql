-- schema: concerts.sql
-- dialect: sqlite
SELECT s.singer_id, s.name, count(*) FROM singer AS s JOIN concert AS c ON s.singer_id = c.singer_id WHERE s.singer_id > 3 GROUP BY s.singer_id, s.name ORDER BY s.singer_id
