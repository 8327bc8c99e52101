-- v0006_navigation: which chunks are contents pages, lists of figures or indexes
-- (`NavigationText`): they hold every heading or term of a book densely and outranked the
-- pages they point to. Search ranks them after the chunks that match as well.

-- 1: navigation, 0: text; NULL: a chunk written before this migration, judged from its
-- stored text when the index settles (`IndexStore.tendSearchTables`), ranked as text
-- until then.
ALTER TABLE chunk ADD COLUMN navigation INTEGER;

-- Judging a chunk writes this column alone: the full-text row and the length block stay
-- as they are. The triggers that rewrite them now fire only when what they index changes.
DROP TRIGGER chunk_after_update;
CREATE TRIGGER chunk_after_update AFTER UPDATE OF text, section ON chunk BEGIN
    INSERT INTO chunk_fts(chunk_fts, rowid, text, section, title)
        SELECT 'delete', old.id, old.text, old.section, title FROM document WHERE id = old.document_id;
    INSERT INTO chunk_fts(rowid, text, section, title)
        SELECT new.id, new.text, new.section, title FROM document WHERE id = new.document_id;
END;

DROP TRIGGER chunk_after_update_length;
CREATE TRIGGER chunk_after_update_length AFTER UPDATE OF text, section ON chunk BEGIN
    DELETE FROM chunk_length WHERE block IN (old.id / 1024, new.id / 1024);
END;

CREATE INDEX chunk_unjudged ON chunk (id) WHERE navigation IS NULL;
