-- v0004_leaders: champion lists (Manning, Raghavan and Schütze, "Introduction to
-- Information Retrieval", §7.1.3). FTS5 computes bm25 for every chunk a query matches: at
-- 100,000 files `the` matches 179,000 chunks and takes 200 ms before folioq does anything
-- else. For each frequent term (in at least `LeaderPolicy.frequentChunks` chunks) the
-- chunks it weighs most in are listed here; a query of one frequent word ranks those
-- chunks, and those written since the list was made, instead of every match.

-- The frequent terms, as the full-text index holds them (folded and stemmed), with the
-- chunks that held each when they were counted and the highest chunk id when its leaders
-- were chosen: chunks with a higher id are newer than the list and are ranked with it.
-- NULL: no list yet. A stale list (counted again since) still serves until it is made
-- again.
CREATE TABLE frequent_term (
    term       TEXT    NOT NULL PRIMARY KEY,
    chunks     INTEGER NOT NULL,
    last_chunk INTEGER,
    stale      INTEGER NOT NULL DEFAULT 0 CHECK (stale IN (0, 1))
) STRICT, WITHOUT ROWID;

CREATE INDEX frequent_term_pending ON frequent_term(term) WHERE stale = 1 OR last_chunk IS NULL;

-- Each frequent term's leaders: the chunks with the highest BM25 term-frequency weight
-- for it (folio_term_weight, which orders chunks as bm25() does for one term).
CREATE TABLE term_leader (
    term     TEXT    NOT NULL,
    chunk_id INTEGER NOT NULL,
    weight   REAL    NOT NULL,
    PRIMARY KEY (term, chunk_id)
) STRICT, WITHOUT ROWID;

-- When the frequent terms were last counted: the chunks then, and how many chunks were
-- written or removed since. Counted again when those pass a share of the index.
CREATE TABLE leader_census (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    chunks  INTEGER NOT NULL,
    changed INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TRIGGER chunk_after_insert_census AFTER INSERT ON chunk BEGIN
    UPDATE leader_census SET changed = changed + 1;
END;

CREATE TRIGGER chunk_after_delete_census AFTER DELETE ON chunk BEGIN
    UPDATE leader_census SET changed = changed + 1;
END;

-- SQLite gives a new chunk the highest id plus one, so removing the newest chunks (a file
-- saved again just after it was indexed) hands their ids out again: lists made since then
-- must not take the chunks written under those ids for old ones.
CREATE TRIGGER chunk_after_delete_newest AFTER DELETE ON chunk
WHEN old.id > coalesce((SELECT max(id) FROM chunk), 0) BEGIN
    UPDATE frequent_term SET last_chunk = old.id - 1 WHERE last_chunk >= old.id;
END;
