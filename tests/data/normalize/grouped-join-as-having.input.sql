-- schema: concerts.sql
-- dialect: sqlite
SELECT s.name, d.n FROM singer AS s JOIN (SELECT singer_id, COUNT(*) AS n FROM concert WHERE year > 2000 GROUP BY singer_id) AS d ON d.singer_id = s.singer_id WHERE d.n >= 2 ORDER BY d.n DESC
