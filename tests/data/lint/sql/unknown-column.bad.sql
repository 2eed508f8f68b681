SELECT nmae FROM singer LIMIT 5
