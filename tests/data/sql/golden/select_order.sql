SELECT name, country, age FROM singer ORDER BY age DESC
