SELECT name FROM singer WHERE singer_id = ANY (SELECT singer_id FROM concert) AND age <> ALL (SELECT age FROM singer WHERE country = 'France')
