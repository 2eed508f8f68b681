-- dialect: bigquery
SELECT COUNT(*) FROM singer WHERE country = 'France' AND age > 30
