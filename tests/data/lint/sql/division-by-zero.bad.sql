SELECT age / 0 FROM singer LIMIT 5
