-- Atomic turns (issues 28 and 33): the turn number lives on the session
-- row, so the next turn is numbered from the committed session, never from
-- the log's last event.

-- +goose Up
ALTER TABLE sessions ADD COLUMN last_turn bigint NOT NULL DEFAULT 0;
UPDATE sessions s SET last_turn = GREATEST(
    COALESCE((SELECT max(turn) FROM session_events e WHERE e.session_id = s.id), 0),
    COALESCE((SELECT max(turn) FROM session_turns t WHERE t.session_id = s.id), 0));
CREATE INDEX session_turns_session_turn ON session_turns (session_id, turn);

-- +goose Down
DROP INDEX session_turns_session_turn;
ALTER TABLE sessions DROP COLUMN last_turn;
