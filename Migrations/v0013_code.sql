-- v0013_code: source code and structured text are read (issue 54): `.py`, `.json`, `.yaml`
-- and the other extensions of `DocumentKind.codeExtensions`, and zip archives, known until
-- now by their names alone.
--
-- A chunk of code knows the line it starts on (`first_line`; a hit says its match's line),
-- and holds the parts of its camelCase names (`terms`: `parse config` for `parseConfig`),
-- indexed after its text and never shown. Both are NULL for every other chunk, whose
-- full-text rows are what they were: nothing is indexed again.
ALTER TABLE chunk ADD COLUMN first_line INTEGER;
ALTER TABLE chunk ADD COLUMN terms TEXT;

-- The text column is the text, then a newline and the terms when there are some. As in
-- v0012, the view and every trigger write it the same way.
DROP VIEW chunk_content;
CREATE VIEW chunk_content AS
    SELECT chunk.id AS id, chunk.text || coalesce(char(10) || chunk.terms, '') AS text, chunk.section AS section,
           coalesce(document.title || char(10), '') || replace(document.path, rtrim(document.path, replace(document.path, '/', '')), '') AS title
    FROM chunk JOIN document ON document.id = chunk.document_id;

DROP TRIGGER chunk_after_insert;
CREATE TRIGGER chunk_after_insert AFTER INSERT ON chunk BEGIN
    INSERT INTO chunk_fts(rowid, text, section, title)
        SELECT new.id, new.text || coalesce(char(10) || new.terms, ''), new.section,
               coalesce(title || char(10), '') || replace(path, rtrim(path, replace(path, '/', '')), '')
        FROM document WHERE id = new.document_id;
END;

DROP TRIGGER chunk_after_delete;
CREATE TRIGGER chunk_after_delete AFTER DELETE ON chunk BEGIN
    INSERT INTO chunk_fts(chunk_fts, rowid, text, section, title)
        SELECT 'delete', old.id, old.text || coalesce(char(10) || old.terms, ''), old.section,
               coalesce(title || char(10), '') || replace(path, rtrim(path, replace(path, '/', '')), '')
        FROM document WHERE id = old.document_id;
END;

DROP TRIGGER chunk_after_update;
CREATE TRIGGER chunk_after_update AFTER UPDATE OF text, section, terms ON chunk BEGIN
    INSERT INTO chunk_fts(chunk_fts, rowid, text, section, title)
        SELECT 'delete', old.id, old.text || coalesce(char(10) || old.terms, ''), old.section,
               coalesce(title || char(10), '') || replace(path, rtrim(path, replace(path, '/', '')), '')
        FROM document WHERE id = old.document_id;
    INSERT INTO chunk_fts(rowid, text, section, title)
        SELECT new.id, new.text || coalesce(char(10) || new.terms, ''), new.section,
               coalesce(title || char(10), '') || replace(path, rtrim(path, replace(path, '/', '')), '')
        FROM document WHERE id = new.document_id;
END;

DROP TRIGGER document_after_title_update;
CREATE TRIGGER document_after_title_update AFTER UPDATE OF title, path ON document
WHEN old.title IS NOT new.title
  OR replace(old.path, rtrim(old.path, replace(old.path, '/', '')), '') IS NOT replace(new.path, rtrim(new.path, replace(new.path, '/', '')), '')
BEGIN
    INSERT INTO chunk_fts(chunk_fts, rowid, text, section, title)
        SELECT 'delete', id, text || coalesce(char(10) || terms, ''), section,
               coalesce(old.title || char(10), '') || replace(old.path, rtrim(old.path, replace(old.path, '/', '')), '')
        FROM chunk WHERE document_id = old.id;
    INSERT INTO chunk_fts(rowid, text, section, title)
        SELECT id, text || coalesce(char(10) || terms, ''), section,
               coalesce(new.title || char(10), '') || replace(new.path, rtrim(new.path, replace(new.path, '/', '')), '')
        FROM chunk WHERE document_id = new.id;
    DELETE FROM chunk_length WHERE block IN (SELECT id / 1024 FROM chunk WHERE document_id = new.id);
    DELETE FROM term_count WHERE block IN (SELECT id / 1024 FROM chunk WHERE document_id = new.id);
END;

-- Each file known by its name is given a signature no file has, so the next walk (foliod's
-- at start, or `folioctl index`) decides it again: read now (code, a zip archive), or its
-- name recorded again. Its name stays searchable meanwhile.
UPDATE document SET mtime_ns = -1 WHERE kind = 'file';
