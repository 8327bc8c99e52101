-- v0008_term_counts: how often each common term is in each chunk. FTS5 ranks every chunk
-- a query matches, and a query of common words matches nearly all of them: at 100,000
-- files `use the` matches 167,000 of 179,000 chunks, and ranking them took 70 ms, most of
-- it decoding their position lists. For a term in at least a share of the chunks
-- (`LeaderPolicy.commonShare`) its hits in every chunk are kept here, a byte a chunk, and a
-- query of such words is ranked from these counts and the chunk lengths
-- (`CommonTermRanking`): the same scores as folio_bm25, a few milliseconds.

-- 1: the term is common, its counts are kept (set at each count of frequent terms).
ALTER TABLE frequent_term ADD COLUMN common INTEGER NOT NULL DEFAULT 0 CHECK (common IN (0, 1));

-- Block b of a term holds its hits in chunks b*1024 to b*1024+1023, weighed by column as
-- bm25 weighs them (`Ranking`), one byte each, 0 for none. A blob of one byte, 255: a chunk
-- holds it more than 254 times, or its weights are not whole; FTS5 ranks the block's chunks.
-- A block goes for every term when a chunk in it is written, changed or removed, or its
-- document's title changes, and is made again when the index settles
-- (`IndexStore.tendSearchTables`): until then FTS5 ranks its chunks, correct and slower.
CREATE TABLE term_count (
    term   TEXT    NOT NULL,
    block  INTEGER NOT NULL,
    counts BLOB    NOT NULL,
    PRIMARY KEY (term, block)
) STRICT, WITHOUT ROWID;

CREATE INDEX term_count_block ON term_count (block);

CREATE TRIGGER chunk_after_insert_term_count AFTER INSERT ON chunk BEGIN
    DELETE FROM term_count WHERE block = new.id / 1024;
END;

CREATE TRIGGER chunk_after_update_term_count AFTER UPDATE OF text, section ON chunk BEGIN
    DELETE FROM term_count WHERE block IN (old.id / 1024, new.id / 1024);
END;

CREATE TRIGGER chunk_after_delete_term_count AFTER DELETE ON chunk BEGIN
    DELETE FROM term_count WHERE block = old.id / 1024;
END;

CREATE TRIGGER document_after_title_update_term_count AFTER UPDATE OF title ON document
WHEN old.title IS NOT new.title BEGIN
    DELETE FROM term_count WHERE block IN (SELECT id / 1024 FROM chunk WHERE document_id = new.id);
END;

-- An index made before this migration counts its frequent terms again when it next
-- settles: the count marks the common ones.
UPDATE leader_census SET changed = chunks + 1;
