-- v0016_filter_blocks: each chunk's document, and each document's day, in blobs of 1024,
-- apart from the chunks' text and the documents' rows (issue 54). A search whose filters
-- keep a tenth of the documents by their time ranked some ten over that share of chunks
-- for ten results, and read each one's row (a 16 KiB page of the index, as a chunk's row
-- holds its text) and its document's, only to learn whether the filters keep it. The
-- blocks of a 100,000-file index fit in a few dozen pages (`ValueBlocks`, `ChunkSieve`;
-- docs/benchmarks.md, "Chunks' documents apart from their text").

-- Block b holds ids b*1024 to b*1024+1023: a byte giving the width w, the block's least
-- value (8 bytes, little-endian, two's complement), then for each id w bytes, little-endian,
-- of its value less that plus one, or 0 for none. A block goes when a row in it is written
-- and is made again when the index settles (`IndexStore.tendSearchTables`); until then its
-- rows are read. A row deleted leaves its entry: no search ranks it, and an id used again
-- drops the block.

-- A chunk's document.
CREATE TABLE chunk_document (
    block     INTEGER NOT NULL PRIMARY KEY,
    documents BLOB    NOT NULL
) STRICT;

CREATE TRIGGER chunk_after_insert_document AFTER INSERT ON chunk BEGIN
    DELETE FROM chunk_document WHERE block = new.id / 1024;
END;

CREATE TRIGGER chunk_after_move_document AFTER UPDATE OF id, document_id ON chunk BEGIN
    DELETE FROM chunk_document WHERE block IN (old.id / 1024, new.id / 1024);
END;

-- The day a document was written (`written_s` in whole days since 1970, rounded down): a
-- filter's time is checked against the day's first and last second.
CREATE TABLE document_day (
    block INTEGER NOT NULL PRIMARY KEY,
    days  BLOB    NOT NULL
) STRICT;

CREATE TRIGGER document_after_insert_day AFTER INSERT ON document BEGIN
    DELETE FROM document_day WHERE block = new.id / 1024;
END;

CREATE TRIGGER document_after_update_day AFTER UPDATE OF id, written_s ON document BEGIN
    DELETE FROM document_day WHERE block IN (old.id / 1024, new.id / 1024);
END;
