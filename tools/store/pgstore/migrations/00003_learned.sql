-- The similarity learned from the catalog (tools/embed/cooc, issue 32):
-- ingest learns the co-occurrence model of the channels it wrote and
-- stores it here; catalog_meta names the model in use. The store loads it
-- at start: its channel vectors join the hybrid score (computed from each
-- candidate's doc, as the memory store computes them), and /readyz names
-- it.

-- +goose Up
CREATE TABLE learned_models (
    model               text PRIMARY KEY,          -- cooc-ppmi-v1-<fingerprint>@<dims>
    dims                integer NOT NULL,
    terms               integer NOT NULL,
    channels            integer NOT NULL,          -- channels it was learned from
    data                bytea NOT NULL,            -- cooc.Model.MarshalBinary
    built_at            timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE catalog_meta ADD COLUMN learned_model text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE catalog_meta DROP COLUMN learned_model;
DROP TABLE learned_models;
