-- The schema of corpus/pairs/equivalence.jsonl: keys, NOT NULL columns and a foreign key, so that the
-- schema-aware normalization rules and the synthesized databases have the facts they need.
CREATE TABLE customer (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    country TEXT,
    age INTEGER
);

CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customer (id),
    amount REAL,
    status TEXT
);
