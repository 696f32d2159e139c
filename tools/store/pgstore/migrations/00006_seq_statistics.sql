-- The unit sequences keep few statistics (issue 28).
--
-- A keyword of more than one unit is matched with `<field>_seq LIKE
-- '% a b %'`, and the planner estimates a LIKE by running it over the
-- column's most common values and histogram: 100 of each by default, long
-- strings for these columns, read and matched for each of the four fields
-- at every planning of a keyword query. The estimate does not choose the
-- plan (the term arrays' GIN indexes and the platform's btree indexes
-- do, with their own statistics); it cost planning time. With 10:
-- the load mix's follow-up search ("不要游戏") planned in 0.46 ms instead
-- of 0.68, its natural-language search in 0.21 instead of 0.32, the same
-- plans (EXPLAIN ANALYZE, the demo catalog of 20,000). The next ANALYZE
-- (ingest ends with one, or autovacuum) applies it.

-- +goose Up
ALTER TABLE channels
    ALTER COLUMN tags_seq SET STATISTICS 10,
    ALTER COLUMN name_seq SET STATISTICS 10,
    ALTER COLUMN description_seq SET STATISTICS 10,
    ALTER COLUMN content_seq SET STATISTICS 10;

-- +goose Down
ALTER TABLE channels
    ALTER COLUMN tags_seq SET STATISTICS -1,
    ALTER COLUMN name_seq SET STATISTICS -1,
    ALTER COLUMN description_seq SET STATISTICS -1,
    ALTER COLUMN content_seq SET STATISTICS -1;
