-- dialect: sqlite
SELECT country FROM singer GROUP BY country HAVING COUNT(*) > 2 ORDER BY AVG(age) DESC
