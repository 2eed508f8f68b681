-- dialect: sqlite
SELECT AVG(age) FROM singer WHERE country = 'France'
