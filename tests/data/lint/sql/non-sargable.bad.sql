SELECT name FROM singer WHERE lower(country) = 'france' LIMIT 5
