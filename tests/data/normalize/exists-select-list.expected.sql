SELECT name FROM singer AS s WHERE EXISTS (SELECT 1 FROM concert AS c WHERE c.singer_id = s.singer_id)
