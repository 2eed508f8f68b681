-- dialect: postgres
SELECT name FROM singer WHERE name LIKE '%an%' AND NOT country LIKE '%Fr%'
