-- dialect: postgres
SELECT name FROM singer WHERE lower(name) LIKE 'jo%' AND country ILIKE '%FRANCE%'
