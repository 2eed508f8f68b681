-- dialect: snowflake
SELECT * FROM monthly_sales PIVOT (SUM(amount) FOR month IN (ANY ORDER BY month) DEFAULT ON NULL (0)) AS p;
SELECT * FROM monthly_sales UNPIVOT INCLUDE NULLS (sales FOR month IN (jan, feb));
SELECT * FROM events SAMPLE BERNOULLI (10) SEED (42);
SELECT $1:id::NUMBER FROM @raw.public.stage/path/ (FILE_FORMAT => 'json_ff');
SELECT {'source': 'crm'}, FILTER(scores, s -> s > 50) FROM t;
SELECT SEQ4() FROM TABLE(GENERATOR(ROWCOUNT => 10))
