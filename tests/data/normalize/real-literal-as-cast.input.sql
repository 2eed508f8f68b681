-- dialect: sqlite
SELECT sum(CASE WHEN age > 30 THEN 1 ELSE 0 END) * 100.0 / count(*) FROM singer
