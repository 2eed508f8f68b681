-- schema: concerts.sql
-- dialect: sqlite
SELECT COUNT(*) FROM venue AS v WHERE v.venue_id IN (SELECT c.venue_id FROM concert AS c WHERE c.year > 2000)
