-- dialect: sqlite
SELECT CAST(a AS FLOAT) FROM t
