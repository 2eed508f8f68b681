-- schema: concerts.sql
-- dialect: sqlite
SELECT sum(name = 'Joe' OR singer_id IN (1, 2)) * 100.0 / count(*) FROM singer
