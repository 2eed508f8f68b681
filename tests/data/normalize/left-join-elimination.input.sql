-- schema: concerts.sql
SELECT c.theme FROM concert AS c LEFT JOIN venue AS v ON v.venue_id = c.venue_id WHERE c.year = 2014
