-- dialect: sqlite
SELECT name FROM singer WHERE country <> 'France' AND country <> 'Spain' AND age > 30
