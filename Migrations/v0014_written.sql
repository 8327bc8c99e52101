-- v0014_written: when a document was written, stored and indexed (issue 54), for the date
-- filters (`after:`, `before:`, `date:`, `since:`) and the newest-first list of names.
--
-- It is a message's `Date` field (GLib writes its offset `+01`, which SQLite reads only as
-- `+01:00`), else the file's modification time, in seconds. Computed in every query before,
-- it read each document's row and, for mail, its fields: a filter that kept few documents
-- walked all 100,000 of them (docs/benchmarks.md, "Filters"). The triggers below keep it:
-- a document's row written (its time or kind), or its `date` field written or removed.
ALTER TABLE document ADD COLUMN written_s INTEGER;

-- The time, computed: what the column is set to, here and by each trigger.
CREATE VIEW document_written AS
    SELECT d.id AS id, coalesce(CASE WHEN d.kind = 'mail' THEN (
        SELECT unixepoch(CASE WHEN f.value GLOB '*[+-][0-9][0-9]' THEN f.value || ':00' ELSE f.value END)
        FROM document_field f WHERE f.document_id = d.id AND f.name = 'date') END, d.mtime_ns / 1000000000) AS written_s
    FROM document d;

UPDATE document SET written_s = (SELECT w.written_s FROM document_written w WHERE w.id = document.id);

CREATE INDEX document_by_written ON document(written_s);
-- The size filter (`size:>100M`) keeps few documents as often as a date does.
CREATE INDEX document_by_size ON document(size);

CREATE TRIGGER document_after_insert_written AFTER INSERT ON document BEGIN
    UPDATE document SET written_s = (SELECT w.written_s FROM document_written w WHERE w.id = new.id) WHERE id = new.id;
END;

CREATE TRIGGER document_after_time_update_written AFTER UPDATE OF mtime_ns, kind ON document BEGIN
    UPDATE document SET written_s = (SELECT w.written_s FROM document_written w WHERE w.id = new.id) WHERE id = new.id;
END;

CREATE TRIGGER document_field_after_insert_written AFTER INSERT ON document_field WHEN new.name = 'date' BEGIN
    UPDATE document SET written_s = (SELECT w.written_s FROM document_written w WHERE w.id = new.document_id) WHERE id = new.document_id;
END;

CREATE TRIGGER document_field_after_delete_written AFTER DELETE ON document_field WHEN old.name = 'date' BEGIN
    UPDATE document SET written_s = (SELECT w.written_s FROM document_written w WHERE w.id = old.document_id) WHERE id = old.document_id;
END;

-- The fields now go after their document (the foreign key is checked at the end of the
-- statement, triggers included): before it, the trigger above would change the row being
-- deleted, which SQLite leaves undefined.
DROP TRIGGER document_before_delete_fields;
CREATE TRIGGER document_after_delete_fields AFTER DELETE ON document BEGIN
    DELETE FROM document_field WHERE document_id = old.id;
END;
