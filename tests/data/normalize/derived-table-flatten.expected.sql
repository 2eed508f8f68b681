SELECT name FROM singer WHERE age > 30 AND age < 50
