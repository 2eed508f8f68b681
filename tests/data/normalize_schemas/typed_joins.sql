-- The schema of the join-equal-columns near misses: column pairs whose `=` means one value (the same
-- SQLite affinity, no COLLATE) and pairs whose `=` does not.
CREATE TABLE singer (
  singer_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  code TEXT COLLATE NOCASE,
  rating REAL,
  picture BLOB
);
CREATE TABLE ticket (
  ticket_id INTEGER PRIMARY KEY,
  singer_id BIGINT,
  singer_ref TEXT,
  singer_name VARCHAR(40),
  singer_code TEXT,
  score DOUBLE,
  picture BLOB,
  listed NUMBER
);
