SELECT max(c) FROM (SELECT count(*) AS c FROM singer GROUP BY country)
