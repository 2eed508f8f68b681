SELECT Name FROM Singer
