-- v0013_code: source code and structured text are read (issue 54): `.py`, `.json`, `.yaml`
-- and the other extensions of `DocumentKind.codeExtensions`, known until now by their
-- names alone. Each file known by its name is given a signature no file has, so the next
-- walk (foliod's at start, or `folioctl index`) decides it again: read as code now, or its
-- name recorded again. The names themselves stay searchable meanwhile.
UPDATE document SET mtime_ns = -1 WHERE kind = 'file';
