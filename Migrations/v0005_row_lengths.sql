-- v0005_row_lengths: every chunk's length in tokens, as the full-text index counts it, in
-- blobs of 1024 chunks. BM25 needs a matching chunk's length; FTS5 reads it from its own
-- table with one statement per chunk, about 0.65 µs, more than the rest of the ranking:
-- `data type` at 100,000 files matches 15,600 chunks. Folio's ranking functions
-- (`folio_bm25`, `CFullText/folio_fts.h`) read a block at a time instead.

-- Block b holds chunks b*1024 to b*1024+1023: two bytes each, little-endian, 0 when not
-- known (the function then asks FTS5). A block goes when a chunk in it is written or its
-- document's title changes (the title is part of every chunk's row) and is made again
-- when the index settles (`IndexStore.tendSearchTables`): until then its chunks' lengths
-- come from FTS5, correct and slower.
CREATE TABLE chunk_length (
    block  INTEGER NOT NULL PRIMARY KEY,
    tokens BLOB    NOT NULL
) STRICT;

CREATE TRIGGER chunk_after_insert_length AFTER INSERT ON chunk BEGIN
    DELETE FROM chunk_length WHERE block = new.id / 1024;
END;

CREATE TRIGGER chunk_after_update_length AFTER UPDATE ON chunk BEGIN
    DELETE FROM chunk_length WHERE block IN (old.id / 1024, new.id / 1024);
END;

CREATE TRIGGER document_after_title_update_length AFTER UPDATE OF title ON document
WHEN old.title IS NOT new.title BEGIN
    DELETE FROM chunk_length WHERE block IN (SELECT id / 1024 FROM chunk WHERE document_id = new.id);
END;
