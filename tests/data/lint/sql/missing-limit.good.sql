SELECT count(*) FROM singer
