-- schema: concerts.sql
SELECT DISTINCT s.singer_id, s.name FROM singer AS s JOIN concert AS c ON c.singer_id = s.singer_id WHERE c.year = 2014
