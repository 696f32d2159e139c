-- A channel's embedding kept in its row (issue 28, a million channels).
--
-- A 512-dimension embedding is 2,056 bytes: with pgvector's storage for
-- the type (EXTERNAL) and the default toast_tuple_target (about 2 KB)
-- every row moved it to the TOAST table, and reading it back cost an index probe
-- and two chunk reads per row. A similar search that a keyword bounds
-- computes the distance of every row the keyword and filters leave
-- ("wireless earbuds" in the US at a million channels: 6,396 rows, 36,136
-- buffers, 85 ms of its 122 ms statement, README "Fifth pass"); the pool's
-- documents were read back from TOAST the same way.
--
-- MAIN keeps the embedding in the row unless nothing else can be moved or
-- compressed, and a target of 8,160 bytes (the largest) lets the toaster
-- leave a row of up to a page alone: a channel is one row of one page,
-- its embedding and document read with the heap tuple the search visits
-- anyway. The heap holds about one row per page (what the row and its
-- TOAST chunks took before, in one place).
--
-- Neither setting rewrites the rows already stored: a catalog ingested
-- before this migration keeps its embeddings out of line until its rows
-- are written again (`searchagent ingest`, or VACUUM FULL channels).

-- +goose Up
ALTER TABLE channels ALTER COLUMN embedding SET STORAGE MAIN;
ALTER TABLE channels SET (toast_tuple_target = 8160);

-- +goose Down
ALTER TABLE channels RESET (toast_tuple_target);
ALTER TABLE channels ALTER COLUMN embedding SET STORAGE EXTERNAL;
