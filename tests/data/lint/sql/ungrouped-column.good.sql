SELECT singer_id, name, count(*) FROM singer GROUP BY singer_id LIMIT 5
