-- dialect: sqlite
SELECT name FROM singer WHERE country = 'USA' AND "Name" IS NOT NULL
