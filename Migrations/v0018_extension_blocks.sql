-- v0018_extension_blocks: each document's extension as a code in blobs of 1024 documents,
-- beside its day and size class (v0016, v0017), for the extension filter (`ext:md`): an
-- extension alone is counted on the blocks instead of sampled from the documents' rows, and
-- ranked chunks whose documents' codes no extension asked for are ruled out before their
-- rows are read (`ChunkSieve`, `BestPerDocument`). A filter that keeps a third of the files
-- read a document's row for each ranked chunk to learn its path's end
-- (docs/benchmarks.md, "Extensions in blocks").

-- A code is 0 for a path whose end after its last dot is not one to sixteen ASCII letters
-- and digits (no extension a filter can name), else 1 + the 32-bit FNV-1a hash of that end
-- in lower case, modulo 65534 (`ExtensionCode`): two bytes a document. Two extensions may
-- share a code; the filter is checked on each document's path all the same. Blocks are as
-- v0016's: made when the index settles, dropped by a write of a path in them.
CREATE TABLE document_extension (
    block      INTEGER NOT NULL PRIMARY KEY,
    extensions BLOB    NOT NULL
) STRICT;

CREATE TRIGGER document_after_insert_extension AFTER INSERT ON document BEGIN
    DELETE FROM document_extension WHERE block = new.id / 1024;
END;

CREATE TRIGGER document_after_update_extension AFTER UPDATE OF id, path ON document BEGIN
    DELETE FROM document_extension WHERE block IN (old.id / 1024, new.id / 1024);
END;
