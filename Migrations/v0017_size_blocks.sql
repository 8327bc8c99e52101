-- v0017_size_blocks: each document's size class in blobs of 1024 documents, beside its day
-- (v0016), for the size filter (`size:>10M`) as for the time: a size alone is counted on
-- the blocks instead of sampled from the documents' rows, and one that keeps a share of
-- the documents rules out ranked chunks before their rows are read (`ChunkSieve`).

-- A size class is 0 for an empty file, else 1 + 4 * floor(log2(size)) + the two bits after
-- the size's highest: a quarter of an octave, so that one byte holds any size and a
-- filter's bounds fall in the class of their own size (`ValueBlocks.sizeClass`). Blocks
-- are as v0016's: made when the index settles, dropped by a write of a size in them.
CREATE TABLE document_size (
    block INTEGER NOT NULL PRIMARY KEY,
    sizes BLOB    NOT NULL
) STRICT;

CREATE TRIGGER document_after_insert_size AFTER INSERT ON document BEGIN
    DELETE FROM document_size WHERE block = new.id / 1024;
END;

CREATE TRIGGER document_after_update_size AFTER UPDATE OF id, size ON document BEGIN
    DELETE FROM document_size WHERE block IN (old.id / 1024, new.id / 1024);
END;
