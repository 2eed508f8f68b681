SELECT name FROM singer WHERE country = 'France
