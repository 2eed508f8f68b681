SELECT k, count(*) FROM t WHERE k > 3 GROUP BY k
