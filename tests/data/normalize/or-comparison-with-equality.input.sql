-- dialect: sqlite
SELECT name FROM singer WHERE age > 30 OR age = 30 OR country = 'France'
