// Keeps the grammar object library non-empty before any grammar exists.
