-- v0012_file_names: every file by its name (issue 54). The file's name (its path's last
-- component, `holiday-photos.zip`, `budget-2019.xls`) is indexed with its document's title,
-- in the title column of each of its chunks' full-text rows, so a search of the words of
-- a name finds the file whatever its contents; and a file Folio does not read is a
-- document of kind 'file' whose one chunk is its name (`DocumentIndexer.indexName`).
--
-- The name is written out in SQL in the view and each trigger below, and must be the same
-- expression in all of them (an external-content index deletes a row by the values it
-- indexed): the path with everything up to its last '/' taken off,
--     replace(path, rtrim(path, replace(path, '/', '')), '')
-- and the title column is the title, a newline, the name.

DROP VIEW chunk_content;
CREATE VIEW chunk_content AS
    SELECT chunk.id AS id, chunk.text AS text, chunk.section AS section,
           coalesce(document.title || char(10), '') || replace(document.path, rtrim(document.path, replace(document.path, '/', '')), '') AS title
    FROM chunk JOIN document ON document.id = chunk.document_id;

DROP TRIGGER chunk_after_insert;
CREATE TRIGGER chunk_after_insert AFTER INSERT ON chunk BEGIN
    INSERT INTO chunk_fts(rowid, text, section, title)
        SELECT new.id, new.text, new.section, coalesce(title || char(10), '') || replace(path, rtrim(path, replace(path, '/', '')), '')
        FROM document WHERE id = new.document_id;
END;

DROP TRIGGER chunk_after_delete;
CREATE TRIGGER chunk_after_delete AFTER DELETE ON chunk BEGIN
    INSERT INTO chunk_fts(chunk_fts, rowid, text, section, title)
        SELECT 'delete', old.id, old.text, old.section, coalesce(title || char(10), '') || replace(path, rtrim(path, replace(path, '/', '')), '')
        FROM document WHERE id = old.document_id;
END;

DROP TRIGGER chunk_after_update;
CREATE TRIGGER chunk_after_update AFTER UPDATE OF text, section ON chunk BEGIN
    INSERT INTO chunk_fts(chunk_fts, rowid, text, section, title)
        SELECT 'delete', old.id, old.text, old.section, coalesce(title || char(10), '') || replace(path, rtrim(path, replace(path, '/', '')), '')
        FROM document WHERE id = old.document_id;
    INSERT INTO chunk_fts(rowid, text, section, title)
        SELECT new.id, new.text, new.section, coalesce(title || char(10), '') || replace(path, rtrim(path, replace(path, '/', '')), '')
        FROM document WHERE id = new.document_id;
END;

-- A new title or a new name: the document's rows are indexed again, and the blocks of
-- lengths and term counts that hold its chunks go, as a title's change did before. A
-- folder renamed changes its files' paths, not their names: nothing to do.
DROP TRIGGER document_after_title_update;
CREATE TRIGGER document_after_title_update AFTER UPDATE OF title, path ON document
WHEN old.title IS NOT new.title
  OR replace(old.path, rtrim(old.path, replace(old.path, '/', '')), '') IS NOT replace(new.path, rtrim(new.path, replace(new.path, '/', '')), '')
BEGIN
    INSERT INTO chunk_fts(chunk_fts, rowid, text, section, title)
        SELECT 'delete', id, text, section, coalesce(old.title || char(10), '') || replace(old.path, rtrim(old.path, replace(old.path, '/', '')), '')
        FROM chunk WHERE document_id = old.id;
    INSERT INTO chunk_fts(rowid, text, section, title)
        SELECT id, text, section, coalesce(new.title || char(10), '') || replace(new.path, rtrim(new.path, replace(new.path, '/', '')), '')
        FROM chunk WHERE document_id = new.id;
    DELETE FROM chunk_length WHERE block IN (SELECT id / 1024 FROM chunk WHERE document_id = new.id);
    DELETE FROM term_count WHERE block IN (SELECT id / 1024 FROM chunk WHERE document_id = new.id);
END;
DROP TRIGGER document_after_title_update_length;
DROP TRIGGER document_after_title_update_term_count;

-- Files by name, for `folioq --name` (`NamePattern`): each file's name (of a document not
-- inside another, `FILE//WHERE`) in a trigram index, which finds LIKE '%part%' from the
-- index, as plocate finds names from its trigrams, instead of a scan of every path.
CREATE VIRTUAL TABLE file_name USING fts5(name, tokenize = 'trigram case_sensitive 0');
INSERT INTO file_name(rowid, name)
    SELECT id, replace(path, rtrim(path, replace(path, '/', '')), '') FROM document WHERE instr(path, '//') = 0;

CREATE TRIGGER document_after_insert_name AFTER INSERT ON document WHEN instr(new.path, '//') = 0 BEGIN
    INSERT INTO file_name(rowid, name) VALUES (new.id, replace(new.path, rtrim(new.path, replace(new.path, '/', '')), ''));
END;

CREATE TRIGGER document_after_delete_name AFTER DELETE ON document BEGIN
    DELETE FROM file_name WHERE rowid = old.id;
END;

CREATE TRIGGER document_after_path_update_name AFTER UPDATE OF path ON document
WHEN replace(old.path, rtrim(old.path, replace(old.path, '/', '')), '') IS NOT replace(new.path, rtrim(new.path, replace(new.path, '/', '')), '')
  OR instr(old.path, '//') <> instr(new.path, '//')
BEGIN
    DELETE FROM file_name WHERE rowid = old.id;
    INSERT INTO file_name(rowid, name)
        SELECT new.id, replace(new.path, rtrim(new.path, replace(new.path, '/', '')), '') WHERE instr(new.path, '//') = 0;
END;

-- Every row indexed again with its name; the lengths and term counts are made again, and
-- the frequent terms counted again, when the index next settles.
INSERT INTO chunk_fts(chunk_fts) VALUES ('rebuild');
DELETE FROM chunk_length;
DELETE FROM term_count;
UPDATE leader_census SET changed = chunks + 1;
