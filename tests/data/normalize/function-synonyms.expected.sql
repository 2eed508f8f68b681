SELECT coalesce(a, 0) FROM t
