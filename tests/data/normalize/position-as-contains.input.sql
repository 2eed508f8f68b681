-- dialect: postgres
SELECT name FROM singer WHERE POSITION('an' IN name) > 0 AND strpos(country, 'Fr') = 0
