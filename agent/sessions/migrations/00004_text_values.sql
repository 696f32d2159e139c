-- The session snapshot and the event data are stored as text (issue 28):
-- both are JSON the service wrote with encoding/json and reads back byte
-- for byte, never queried inside by a statement of the hot path, and the
-- json type's check parsed each of them again on every write (a turn
-- writes its snapshot, about 20 KB in the load mix, and its events, about
-- 25 KB with the results; the parse was about 60 µs of PostgreSQL's time
-- per turn). The trace stays jsonb: auditors query inside it. Changing a
-- column's type resets its compression, so lz4 is set again where the
-- server has it (as in 00003).

-- +goose Up
ALTER TABLE sessions ALTER COLUMN snapshot TYPE text;
ALTER TABLE session_events ALTER COLUMN data TYPE text;
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ALTER TABLE sessions ALTER COLUMN snapshot SET COMPRESSION lz4;
        ALTER TABLE session_events ALTER COLUMN data SET COMPRESSION lz4;
    END IF;
END $$;
-- +goose StatementEnd

-- +goose Down
ALTER TABLE sessions ALTER COLUMN snapshot TYPE json USING snapshot::json;
ALTER TABLE session_events ALTER COLUMN data TYPE json USING data::json;
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ALTER TABLE sessions ALTER COLUMN snapshot SET COMPRESSION lz4;
        ALTER TABLE session_events ALTER COLUMN data SET COMPRESSION lz4;
    END IF;
END $$;
-- +goose StatementEnd
