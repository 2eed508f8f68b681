-- dialect: sqlite
SELECT DISTINCT u.name FROM (SELECT name FROM singer WHERE age > 30 UNION ALL SELECT name FROM singer_archive) AS u
