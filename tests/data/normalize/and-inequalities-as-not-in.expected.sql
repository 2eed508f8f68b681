-- dialect: sqlite
SELECT name FROM singer WHERE country NOT IN ('France', 'Spain') AND age > 30
