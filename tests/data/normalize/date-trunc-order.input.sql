-- dialect: bigquery
SELECT DATE_TRUNC(d, MONTH) AS m, COUNT(*) FROM t GROUP BY 1
