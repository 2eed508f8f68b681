SELECT country, count(*) FROM singer GROUP BY 1 ORDER BY 2 DESC
