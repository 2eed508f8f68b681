-- dialect: bigquery
SELECT COUNTIF(age > 30) FROM singer WHERE country = 'France'
