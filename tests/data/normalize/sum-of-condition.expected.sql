-- schema: concerts.sql
-- dialect: sqlite
SELECT sum(CASE WHEN name = 'Joe' OR singer_id IN (1, 2) THEN 1 ELSE 0 END) * 100.0 / count(*) FROM singer
