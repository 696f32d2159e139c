-- The event log and the traces no longer carry foreign keys to sessions
-- (issue 28). Each inserted row fired a referential check (a query of
-- sessions FOR KEY SHARE): a turn writes about twenty events and a trace,
-- so twenty-one checks per turn, about 0.27 ms of PostgreSQL's time in a
-- turn's 0.55 ms commit (native PostgreSQL 15: 300 turns of an update and
-- twenty 150-byte events, 145 and 114 ms with the key, 66 and 31 ms
-- without). The rows are only ever inserted by the statement that updated
-- their session (Commit and Writer.Fail insert FROM the updated row, so
-- a missing session inserts nothing; Repair writes to turns it found in
-- the log), and Prune deletes a session's events and traces with it, in
-- one transaction: what the keys checked holds by construction, and the
-- cascade had nothing left to delete.

-- +goose Up
ALTER TABLE session_events DROP CONSTRAINT session_events_session_id_fkey;
ALTER TABLE session_turns DROP CONSTRAINT session_turns_session_id_fkey;

-- +goose Down
DELETE FROM session_events e WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = e.session_id);
DELETE FROM session_turns t WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = t.session_id);
ALTER TABLE session_events ADD CONSTRAINT session_events_session_id_fkey
    FOREIGN KEY (session_id) REFERENCES sessions (id) ON DELETE CASCADE;
ALTER TABLE session_turns ADD CONSTRAINT session_turns_session_id_fkey
    FOREIGN KEY (session_id) REFERENCES sessions (id) ON DELETE CASCADE;
