SELECT ifnull(a, 0) FROM t
