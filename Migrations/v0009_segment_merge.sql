-- v0009_segment_merge: FTS5 keeps its index as segments, one more with each commit, and
-- merges them four at a time into larger ones; a query looks each of its terms up in every
-- segment. After indexing 100,000 files there were 19, and a query of three rare words
-- (`postgresql replication slot`) took 12% more instructions than with one. When a count of frequent terms (`IndexStore.tendSearchTables`) finds
-- `LeaderPolicy.mergedSegments` or more, FTS5 merges them all into one, a bounded step
-- per transaction; the count comes after 5% of the chunks changed, so the index is
-- rewritten once per such change, not after every commit.

-- 1: a merge into one segment is under way. An index made before this migration is merged
-- if it has that many segments.
ALTER TABLE leader_census ADD COLUMN merging INTEGER NOT NULL DEFAULT 0 CHECK (merging IN (0, 1));
UPDATE leader_census SET merging = 1;
