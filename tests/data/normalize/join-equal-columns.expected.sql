-- schema: concerts.sql
-- dialect: sqlite
SELECT c.singer_id, s.name, count(*) FROM singer AS s JOIN concert AS c ON c.singer_id = s.singer_id WHERE c.singer_id > 3 GROUP BY c.singer_id, s.name ORDER BY c.singer_id
