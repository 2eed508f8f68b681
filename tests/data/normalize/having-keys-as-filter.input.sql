SELECT k, count(*) FROM t GROUP BY k HAVING k > 3
