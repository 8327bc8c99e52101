-- v0019_term_hits: where each frequent term that is not common is, and how often, a block
-- of chunks at a time. A question's second tier (the chunks holding any of its words) adds
-- each word's share to the chunks it is in; a common word's comes from its counts (v0008),
-- any other's from a walk over its chunks in FTS5, which decodes each chunk's position list
-- and costs FTS5 and the ranking function about 1,700 instructions a chunk:
-- `how do I configure the network` with a filter that keeps fewer than ten of the eleven
-- files holding every word walked the 30,000 chunks of `configur` and `network`, half of
-- the search's instructions (docs/benchmarks.md, "Frequent words' hits").

-- Block b of a term lists the chunks b*1024 to b*1024+1023 that hold it, in order, two
-- bytes each (little-endian): the chunk's place in the block (10 bits) and its hits, weighed
-- by column as bm25 weighs them (`Ranking`), above that (6 bits, 1 to 63). An empty blob:
-- no chunk of the block holds it. A blob of one byte, 255: a chunk holds it 64 times or
-- more, or its weights are not whole; FTS5 gives the block's shares. Kept for the frequent
-- terms (`frequent_term`) that are not common; a block goes for every term as v0008's
-- counts go, and is made again when the index settles (`TermHits`).
CREATE TABLE term_hits (
    term  TEXT    NOT NULL,
    block INTEGER NOT NULL,
    hits  BLOB    NOT NULL,
    PRIMARY KEY (term, block)
) STRICT, WITHOUT ROWID;

CREATE INDEX term_hits_block ON term_hits (block);

CREATE TRIGGER chunk_after_insert_term_hits AFTER INSERT ON chunk BEGIN
    DELETE FROM term_hits WHERE block = new.id / 1024;
END;

CREATE TRIGGER chunk_after_update_term_hits AFTER UPDATE OF text, section ON chunk BEGIN
    DELETE FROM term_hits WHERE block IN (old.id / 1024, new.id / 1024);
END;

CREATE TRIGGER chunk_after_delete_term_hits AFTER DELETE ON chunk BEGIN
    DELETE FROM term_hits WHERE block = old.id / 1024;
END;

CREATE TRIGGER document_after_title_update_term_hits AFTER UPDATE OF title ON document
WHEN old.title IS NOT new.title BEGIN
    DELETE FROM term_hits WHERE block IN (SELECT id / 1024 FROM chunk WHERE document_id = new.id);
END;
