-- v0003_vectors: semantic search. Each chunk is cut into windows short enough for the
-- embedding model (all-MiniLM-L6-v2 reads 256 tokens; a chunk is 580-790), and each
-- window's text gets a vector per model. Vectors are keyed by a hash of the window's text,
-- not by chunk, so a renamed, moved or re-indexed unchanged file costs no model run and an
-- edited file re-embeds only the windows whose text changed.

-- The models vectors were made with. Queries use the newest complete one (or the one being
-- built when none is complete); a new model is built beside the old, which answers until
-- the new one is complete and is then removed.
CREATE TABLE embedding_model (
    id           INTEGER PRIMARY KEY,
    provider     TEXT    NOT NULL,            -- local | ollama | openai
    name         TEXT    NOT NULL,            -- as [embeddings] model gives it
    dimension    INTEGER,                     -- known from the first vector
    created_at   INTEGER NOT NULL,            -- unix seconds
    completed_at INTEGER,                     -- when every window first had a vector
    UNIQUE (provider, name)
) STRICT;

-- The windows of each chunk, in order, by the hash of their text (XXH3-64 of the title,
-- section and words the model reads). Written by the semantic stage, removed with their
-- chunk.
CREATE TABLE chunk_window (
    chunk_id INTEGER NOT NULL REFERENCES chunk(id),
    ordinal  INTEGER NOT NULL,
    key      INTEGER NOT NULL,
    PRIMARY KEY (chunk_id, ordinal)
) STRICT, WITHOUT ROWID;

CREATE INDEX chunk_window_key ON chunk_window(key);

CREATE TRIGGER chunk_before_delete_windows BEFORE DELETE ON chunk BEGIN
    DELETE FROM chunk_window WHERE chunk_id = old.id;
END;

-- One vector per window text and model, quantised to int8 with a scale per vector
-- (component = byte * scale): a quarter of float32's size, and cosine similarities within
-- 0.001 of float32's on all-MiniLM-L6-v2's unit vectors. The rowid orders vectors by when
-- they were written, so a process holding them in memory reads only the new ones.
-- Outlives the chunks (a rename is a purge and an index); `folioctl forget` removes the
-- vectors no window uses.
CREATE TABLE vector (
    id       INTEGER PRIMARY KEY,
    model_id INTEGER NOT NULL REFERENCES embedding_model(id),
    key      INTEGER NOT NULL,
    scale    REAL    NOT NULL,
    data     BLOB    NOT NULL,
    UNIQUE (model_id, key)
) STRICT;
