-- dialect: postgres
SELECT NOW() - INTERVAL '1 day', -INTERVAL '2 hours', d + -INTERVAL '1 week', d - INTERVAL '-3 days', INTERVAL '1' DAY * -n FROM t
