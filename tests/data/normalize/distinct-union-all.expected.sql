-- dialect: sqlite
SELECT name FROM singer WHERE age > 30 UNION SELECT name FROM singer_archive
