SELECT count(*) FROM singer WHERE EXISTS (SELECT * FROM concert)
