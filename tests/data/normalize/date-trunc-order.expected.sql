SELECT date_trunc('month', d) AS m, COUNT(*) FROM t GROUP BY 1
