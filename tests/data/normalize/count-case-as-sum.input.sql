-- dialect: sqlite
SELECT country, count(CASE WHEN age > 30 THEN 1 END) FROM singer GROUP BY country HAVING count(CASE WHEN age < 20 THEN 'y' ELSE NULL END) > 2
