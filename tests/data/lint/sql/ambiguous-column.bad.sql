SELECT name FROM singer JOIN country ON singer.country = country.name LIMIT 5
