-- schema: concerts.sql
SELECT theme FROM concert WHERE year = 2014
