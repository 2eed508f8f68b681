SELECT count(*) FROM singer HAVING count(*) > 2
