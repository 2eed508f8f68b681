SELECT name, COUNT(*
FROM singer
GROUP BY name
