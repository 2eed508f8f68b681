SELECT concert_id FROM concert JOIN singer_in_concert USING (concert_id) LIMIT 5
