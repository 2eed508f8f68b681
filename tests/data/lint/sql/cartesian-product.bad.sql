SELECT singer.name, stadium.location FROM singer, stadium LIMIT 5
