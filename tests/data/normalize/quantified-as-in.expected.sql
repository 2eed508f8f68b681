SELECT name FROM singer WHERE singer_id IN (SELECT singer_id FROM concert) AND age NOT IN (SELECT age FROM singer WHERE country = 'France')
