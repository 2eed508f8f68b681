-- schema: concerts.sql
-- dialect: sqlite
SELECT COUNT(DISTINCT venue_id) FROM concert WHERE year > 2000
