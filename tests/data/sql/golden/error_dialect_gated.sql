-- dialect: postgres
SELECT * EXCEPT (a) FROM t GROUP BY ALL
