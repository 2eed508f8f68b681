SELECT country, count(*) FROM singer GROUP BY country ORDER BY count(*) DESC
