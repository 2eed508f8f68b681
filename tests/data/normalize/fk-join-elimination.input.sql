-- schema: concerts.sql
SELECT c.theme FROM concert AS c JOIN singer AS s ON c.singer_id = s.singer_id WHERE c.year = 2014
