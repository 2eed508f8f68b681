-- schema: concerts.sql
-- dialect: sqlite
SELECT singer.name, COUNT(*) AS n FROM singer JOIN concert ON concert.singer_id = singer.singer_id WHERE concert.year > 2000 GROUP BY singer.singer_id HAVING COUNT(*) >= 2 ORDER BY COUNT(*) DESC
