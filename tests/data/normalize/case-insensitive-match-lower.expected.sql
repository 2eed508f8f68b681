-- dialect: postgres
SELECT name FROM singer WHERE name ILIKE 'jo%' AND country ILIKE '%france%'
