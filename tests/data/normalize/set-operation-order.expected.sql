SELECT name FROM singer WHERE age = 30 INTERSECT SELECT name FROM singer WHERE age = 40
