-- v0001_core: documents, their chunks, and the full-text index over the chunks.

-- One row per file Folio has looked at and decided about: indexed, partly indexed, or
-- failed with its reason. Files skipped by rule (unsupported type) get no row.
CREATE TABLE document (
    id           INTEGER PRIMARY KEY,
    path         TEXT    NOT NULL UNIQUE,      -- absolute path
    size         INTEGER NOT NULL,             -- file signature: bytes,
    mtime_ns     INTEGER NOT NULL,             --   modification time (ns since the epoch),
    inode        INTEGER NOT NULL,             --   and inode; equal signature = unchanged
    content_hash TEXT,                         -- XXH3-128 of the bytes, hex; NULL if unread
    kind         TEXT    NOT NULL,             -- txt | md | html | pdf | image
    mime         TEXT    NOT NULL,
    title        TEXT,
    page_count   INTEGER NOT NULL DEFAULT 0,
    chunk_count  INTEGER NOT NULL DEFAULT 0,
    status       TEXT    NOT NULL CHECK (status IN ('indexed', 'partial', 'failed')),
    error        TEXT,                         -- why failed or partial; NULL when indexed
    indexed_at   INTEGER NOT NULL              -- unix seconds of the last decision
) STRICT;

CREATE INDEX document_status ON document(status) WHERE status <> 'indexed';

-- The searchable pieces of a document, in reading order.
CREATE TABLE chunk (
    id           INTEGER PRIMARY KEY,
    document_id  INTEGER NOT NULL REFERENCES document(id),
    ordinal      INTEGER NOT NULL,             -- 0-based position in the document
    page_first   INTEGER NOT NULL,             -- 1-based page the chunk starts on
    page_last    INTEGER NOT NULL,             -- page it ends on (= page_first mostly)
    section      TEXT,                         -- nearest heading above the chunk
    text         TEXT    NOT NULL,
    start_offset INTEGER NOT NULL,             -- Unicode scalar offsets of the chunk in
    end_offset   INTEGER NOT NULL,             --   the document's filtered text
    UNIQUE (document_id, ordinal)
) STRICT;

-- What the full-text index sees of a chunk: its text and section, and its document's title
-- (so a word in the title lifts every chunk of that document).
CREATE VIEW chunk_content AS
    SELECT chunk.id AS id, chunk.text AS text, chunk.section AS section, document.title AS title
    FROM chunk JOIN document ON document.id = chunk.document_id;

-- Full-text index over chunk_content, external content (the text is stored once, in
-- `chunk`), kept in sync by the triggers below.
--
-- Tokenizer, decided with ../shared/ir/eval.py through bench/ranking.sh (docs/benchmarks.md
-- has the tables). nDCG@10 of folioq, Cranfield / CISI:
--   unicode61 remove_diacritics 2                        0.342 / 0.355
--   porter unicode61 remove_diacritics 2 tokenchars '-_' 0.363 / 0.374
--   porter unicode61 remove_diacritics 2                 0.365 / 0.373  <- chosen
-- Porter stemming is worth +0.02 on both (more than the noise, ~0.02 / 0.04), so it stays.
-- Keeping '-' and '_' inside tokens changes nothing measurable, and costs findability:
-- "2023" would not match "2023-04-01", nor "drag" "lift-drag". Without them a typed
-- "lift-drag" is the phrase "lift drag", which finds both spellings.
-- No prefix index (`prefix = '2 3'`): it took a fifth of the indexing CPU time on the
-- small corpus, while `a*` over 2,860 documents answers in 60 ms without it.
CREATE VIRTUAL TABLE chunk_fts USING fts5(
    text,
    section,
    title,
    content = 'chunk_content',
    content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER chunk_after_insert AFTER INSERT ON chunk BEGIN
    INSERT INTO chunk_fts(rowid, text, section, title)
        SELECT new.id, new.text, new.section, title FROM document WHERE id = new.document_id;
END;

CREATE TRIGGER chunk_after_delete AFTER DELETE ON chunk BEGIN
    INSERT INTO chunk_fts(chunk_fts, rowid, text, section, title)
        SELECT 'delete', old.id, old.text, old.section, title FROM document WHERE id = old.document_id;
END;

CREATE TRIGGER chunk_after_update AFTER UPDATE ON chunk BEGIN
    INSERT INTO chunk_fts(chunk_fts, rowid, text, section, title)
        SELECT 'delete', old.id, old.text, old.section, title FROM document WHERE id = old.document_id;
    INSERT INTO chunk_fts(rowid, text, section, title)
        SELECT new.id, new.text, new.section, title FROM document WHERE id = new.document_id;
END;

-- The FTS rows of a document's chunks carry its title: re-index them when it changes.
CREATE TRIGGER document_after_title_update AFTER UPDATE OF title ON document
WHEN old.title IS NOT new.title BEGIN
    INSERT INTO chunk_fts(chunk_fts, rowid, text, section, title)
        SELECT 'delete', id, text, section, old.title FROM chunk WHERE document_id = old.id;
    INSERT INTO chunk_fts(rowid, text, section, title)
        SELECT id, text, section, new.title FROM chunk WHERE document_id = new.id;
END;

-- Chunks go before their document, while the title their FTS rows need is still there.
CREATE TRIGGER document_before_delete BEFORE DELETE ON document BEGIN
    DELETE FROM chunk WHERE document_id = old.id;
END;
