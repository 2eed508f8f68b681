SELECT name FROM singer ORDER BY age
