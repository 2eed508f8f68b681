-- dialect: sqlite
SELECT CAST(sum(CASE WHEN age > 30 THEN 1 ELSE 0 END) AS REAL) * 100 / count(*) FROM singer
