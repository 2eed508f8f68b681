SELECT name FROM singer WHERE age > 30 UNION SELECT name FROM venue
