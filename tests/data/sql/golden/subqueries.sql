SELECT name FROM singer WHERE age > (SELECT AVG(age) FROM singer) AND song_name IN (SELECT song FROM hits) AND NOT EXISTS (SELECT 1 FROM bans b WHERE b.id = singer.id)
