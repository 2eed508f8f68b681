SELECT s.name FROM singer AS s JOIN concert AS c ON s.id = c.singer_id WHERE c.year = 2014
