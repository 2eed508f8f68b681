SELECT a FROM t WHERE lower(name) = 'bob'
