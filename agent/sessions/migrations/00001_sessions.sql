-- Sessions, their event log and their turn traces (package agent/sessions).
-- No extension needed: this schema runs on any PostgreSQL ≥ 13.

-- +goose Up
CREATE TABLE sessions (
    id          text PRIMARY KEY,
    token_hash  text NOT NULL,
    platform    text NOT NULL,
    locale      text NOT NULL DEFAULT '',
    client_ref  text NOT NULL DEFAULT '',
    version     bigint NOT NULL,               -- optimistic concurrency: UPDATE … WHERE version = $n
    snapshot    json NOT NULL,                 -- the agent's state, byte for byte
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    closed_at   timestamptz,
    closed_by   text NOT NULL DEFAULT '',
    last_seq    bigint NOT NULL DEFAULT 0      -- the event log's last sequence number
);
-- One active session per client and platform (spec 2.1).
CREATE UNIQUE INDEX sessions_active_client ON sessions (client_ref, platform) WHERE client_ref <> '' AND closed_at IS NULL;

CREATE TABLE session_events (
    session_id  text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seq         bigint NOT NULL,
    turn        bigint NOT NULL,
    name        text NOT NULL,
    data        json NOT NULL,
    at          timestamptz NOT NULL,
    PRIMARY KEY (session_id, seq)
);

CREATE TABLE session_turns (
    id          bigserial PRIMARY KEY,
    session_id  text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    turn        bigint NOT NULL,
    branch      text NOT NULL DEFAULT '',      -- the router's branch, for auditors
    trace       jsonb NOT NULL,
    at          timestamptz NOT NULL
);
CREATE INDEX session_turns_session ON session_turns (session_id, id);
CREATE INDEX session_turns_at ON session_turns (at);
CREATE INDEX session_turns_branch_at ON session_turns (branch, at);

-- +goose Down
DROP TABLE session_turns;
DROP TABLE session_events;
DROP TABLE sessions;
