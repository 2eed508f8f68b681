-- schema: concerts.sql
-- dialect: sqlite
SELECT c.theme FROM concert AS c JOIN venue AS v ON c.venue_id = v.venue_id WHERE v.name = 'Hall' AND c.year > 2000
