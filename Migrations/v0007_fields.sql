-- v0007_fields: what a file records about itself besides its text (issue 18): a book's or an
-- office document's author, a message's sender, recipients and date. `folioq --json` shows
-- them with each result. Their text stays searchable through the document's own lines (a
-- message's "From:" line, a book's authors), not through this table.
CREATE TABLE document_field (
    document_id INTEGER NOT NULL REFERENCES document(id),
    name        TEXT    NOT NULL,      -- author | from | to | cc | date
    value       TEXT    NOT NULL,
    PRIMARY KEY (document_id, name)
) STRICT, WITHOUT ROWID;

-- The fields go before their document, as its chunks and pages do.
CREATE TRIGGER document_before_delete_fields BEFORE DELETE ON document BEGIN
    DELETE FROM document_field WHERE document_id = old.id;
END;
