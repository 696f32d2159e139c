-- A turn's snapshot ends with its results, which the turn's results event
-- carries byte for byte (issue 28): about 16 KB of the 19 KB snapshot in
-- the load mix, written, compressed and TOASTed twice per turn. When a
-- committed snapshot's last bytes before its closing brace are the data of
-- one of the events committed with it, the row keeps the snapshot up to
-- those bytes and snapshot_tail_seq names the event; a read puts them back
-- (snapshot || data || '}': the same bytes). 0: the snapshot is whole.
-- The event lives as long as its session (Prune deletes both; Repair only
-- rewrites turns that were never committed).

-- +goose Up
ALTER TABLE sessions ADD COLUMN snapshot_tail_seq bigint NOT NULL DEFAULT 0;

-- +goose Down
UPDATE sessions s SET snapshot = s.snapshot || e.data || '}', snapshot_tail_seq = 0
    FROM session_events e WHERE s.snapshot_tail_seq <> 0 AND e.session_id = s.id AND e.seq = s.snapshot_tail_seq;
ALTER TABLE sessions DROP COLUMN snapshot_tail_seq;
