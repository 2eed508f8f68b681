-- dialect: mysql
SELECT concat(a, b, c) FROM t
