-- The concert_singer database of Spider, as DDL (qdiff lint --schema tests in cli_test.cpp).
CREATE TABLE stadium (stadium_id INT PRIMARY KEY, location TEXT, name TEXT, capacity INT, highest INT, average INT);
CREATE TABLE singer (singer_id INT PRIMARY KEY, name TEXT, country TEXT, song_name TEXT, age INT, is_male TEXT);
CREATE TABLE concert (concert_id INT PRIMARY KEY, concert_name TEXT, theme TEXT,
                      stadium_id INT REFERENCES stadium (stadium_id), year TEXT);
CREATE TABLE singer_in_concert (concert_id INT REFERENCES concert (concert_id),
                                singer_id INT REFERENCES singer (singer_id));
