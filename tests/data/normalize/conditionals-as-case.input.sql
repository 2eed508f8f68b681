SELECT iif(a > 1, 1, 0) FROM t
