SELECT count(1) FROM t
