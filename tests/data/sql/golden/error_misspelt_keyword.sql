SELECT * FORM singer
