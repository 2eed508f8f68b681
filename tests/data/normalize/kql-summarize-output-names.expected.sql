SELECT State, count(*) FROM StormEvents GROUP BY State HAVING count(*) > 100 ORDER BY count(*) DESC NULLS LAST
