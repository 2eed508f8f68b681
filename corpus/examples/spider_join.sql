-- A Spider-style question: the names of singers who performed in concerts in 2014.
SELECT T2.name
FROM singer_in_concert AS T1
JOIN singer AS T2 ON T1.singer_id = T2.singer_id
JOIN concert AS T3 ON T1.concert_id = T3.concert_id
WHERE T3.year = 2014
