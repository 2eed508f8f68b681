SELECT name FROM singer WHERE age = 40 INTERSECT SELECT name FROM singer WHERE age = 30
