SELECT a FROM t WHERE ts > ago(INTERVAL '1 hour')
