SELECT a FROM t WHERE x >= 1 AND x <= 5
