-- The large values of a turn are compressed with lz4 where the server has
-- it (issue 28): a turn writes its session snapshot (about 18 KB of JSON
-- in the load mix), its results event (about 16 KB) and its trace (about
-- 4 KB), each compressed when TOASTed. With pglz, PostgreSQL's default,
-- the turn's commit statement took 0.77 ms on average at one user; with
-- lz4, 0.36 ms (pg_stat_statements, native PostgreSQL 15, the same run
-- otherwise). Values already stored keep their compression. A server
-- built without lz4 (or older than PostgreSQL 14) keeps pglz.

-- +goose Up
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ALTER TABLE sessions ALTER COLUMN snapshot SET COMPRESSION lz4;
        ALTER TABLE session_events ALTER COLUMN data SET COMPRESSION lz4;
        ALTER TABLE session_turns ALTER COLUMN trace SET COMPRESSION lz4;
    END IF;
END $$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression') THEN
        ALTER TABLE sessions ALTER COLUMN snapshot SET COMPRESSION default;
        ALTER TABLE session_events ALTER COLUMN data SET COMPRESSION default;
        ALTER TABLE session_turns ALTER COLUMN trace SET COMPRESSION default;
    END IF;
END $$;
-- +goose StatementEnd
