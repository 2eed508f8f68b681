-- dialect: sqlite
SELECT CAST(SUM(age) AS FLOAT) / COUNT(age) FROM singer WHERE country = 'France'
