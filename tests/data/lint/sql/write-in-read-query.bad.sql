DELETE FROM singer WHERE age > 90
