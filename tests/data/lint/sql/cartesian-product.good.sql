SELECT singer.name, stadium.location FROM singer, stadium WHERE singer.age = stadium.capacity LIMIT 5
