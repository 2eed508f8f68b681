-- dialect: sqlite
SELECT CAST(a AS REAL) FROM t
