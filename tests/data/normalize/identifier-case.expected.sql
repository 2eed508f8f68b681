SELECT name FROM singer
