SELECT T2.name FROM singer_in_concert AS T1 JOIN singer AS T2 ON T1.singer_id = T2.singer_id LEFT JOIN concert AS T3 USING (concert_id) NATURAL JOIN stadium CROSS JOIN x
