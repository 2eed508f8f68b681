SELECT name FROM singers LIMIT 5
