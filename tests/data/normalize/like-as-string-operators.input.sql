-- dialect: sqlite
SELECT name FROM t WHERE name LIKE '%v%'
