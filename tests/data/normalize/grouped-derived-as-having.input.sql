-- dialect: sqlite
SELECT d.country FROM (SELECT country, COUNT(*) AS n, AVG(age) AS a FROM singer GROUP BY country) AS d WHERE d.n > 2 ORDER BY d.a DESC
