-- schema: concerts.sql
-- dialect: sqlite
SELECT theme FROM concert WHERE year > 2000 AND venue_id IN (SELECT venue_id FROM venue WHERE name = 'Hall')
