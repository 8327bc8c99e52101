-- v0002_pages_ocr: what is known of each page, and the OCR cache.

-- Where the second page of a chunk that spans two begins, in Unicode scalars into its
-- text, so that a match is reported on the page it is on.
ALTER TABLE chunk ADD COLUMN page_break INTEGER;

-- One row per page of a paged document (PDF, text with form feeds, image): its printed
-- label and whether its text came from OCR, with tesseract's mean confidence.
CREATE TABLE page (
    document_id    INTEGER NOT NULL REFERENCES document(id),
    number         INTEGER NOT NULL,          -- 1-based physical page
    label          TEXT,                      -- printed label ("iv"), where the file has one
    ocr            INTEGER NOT NULL DEFAULT 0 CHECK (ocr IN (0, 1)),
    ocr_confidence REAL,                      -- 0-100, when ocr = 1
    PRIMARY KEY (document_id, number)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER document_before_delete_pages BEFORE DELETE ON document BEGIN
    DELETE FROM page WHERE document_id = old.id;
END;

-- Text recognised by OCR, keyed by the file's content and not its name, so that an
-- unchanged, renamed or moved file is never recognised twice. Outlives the document
-- (a rename is a purge and an index); `folioctl forget` removes what no document uses.
CREATE TABLE ocr_cache (
    content_hash TEXT    NOT NULL,
    page         INTEGER NOT NULL,
    languages    TEXT    NOT NULL,            -- "eng+deu"
    dpi          INTEGER NOT NULL,
    text         TEXT    NOT NULL,
    confidence   REAL    NOT NULL,
    created_at   INTEGER NOT NULL,            -- unix seconds
    PRIMARY KEY (content_hash, page, languages, dpi)
) STRICT, WITHOUT ROWID;
