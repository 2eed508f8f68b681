-- The schema of the schema-aware normalization fixtures (tests/data/normalize/*.sql, `-- schema:`).
CREATE TABLE singer (
  singer_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  country TEXT,
  age INTEGER
);
CREATE TABLE venue (
  venue_id INTEGER PRIMARY KEY,
  name TEXT,
  code TEXT UNIQUE
);
CREATE TABLE concert (
  concert_id INTEGER PRIMARY KEY,
  singer_id INTEGER NOT NULL REFERENCES singer (singer_id),
  venue_id INTEGER REFERENCES venue (venue_id),
  year INTEGER,
  theme TEXT
);
