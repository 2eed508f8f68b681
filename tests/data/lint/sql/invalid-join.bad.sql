SELECT singer.name FROM singer JOIN stadium LIMIT 5
