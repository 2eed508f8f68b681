SELECT max(count(*)) FROM singer GROUP BY country
