-- v0015_code_outline: a chunk of code says which definitions its lines are in where they
-- are not its section (issue 54): a small function's name, within the chunk of a large
-- class or between definitions (`Chunk.outline`: a line `N<TAB>name` from the chunk's line
-- N on). NULL for every other chunk, and for code indexed before: such a hit names its
-- section, as before, until the file is read again.
ALTER TABLE chunk ADD COLUMN outline TEXT;
