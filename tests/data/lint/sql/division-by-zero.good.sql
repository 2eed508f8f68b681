SELECT age / 2 FROM singer LIMIT 5
