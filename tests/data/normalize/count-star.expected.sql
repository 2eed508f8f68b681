SELECT count(*) FROM t
