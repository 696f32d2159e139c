-- The channel catalog with its keyword index and embeddings.
--
-- Keyword search does not use PostgreSQL's text search: keywords must match
-- exactly as in the in-memory store (textnorm normalisation of case, width,
-- traditional/simplified Chinese, plurals; CJK characters and bigrams;
-- phrases inside one tag or title). Ingest tokenises every scoped field with
-- textnorm and stores, per field, the token array (<field>_terms, with
-- repeats, for BM25 term frequencies; GIN-indexed) and the unit sequence
-- (<field>_seq: " u1 u2 \x1f u3 ", values separated by U+001F, for phrase
-- checks with LIKE).
--
-- Embeddings: the column is an untyped vector so that the embedding model
-- (and with it the dimension) can change; the HNSW index is created by
-- ingest per dimension, as a partial expression index
--   CREATE INDEX channels_embedding_hnsw_<N> ON channels
--     USING hnsw ((embedding::vector(N)) vector_cosine_ops)
--     WITH (m = 16, ef_construction = 64) WHERE embedding_dims = N;
-- and queries filter embedding_model, so vectors of different models are
-- never compared.

-- +goose Up
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE channels (
    key                 text PRIMARY KEY,            -- catalog.Channel.Key(): "<platform>/<kind>/<value>"
    platform            text NOT NULL,
    keys                text[] NOT NULL,             -- every canonical key (id, handle, aliases)
    content_keys        text[] NOT NULL DEFAULT '{}',
    doc                 jsonb NOT NULL,              -- the channel as catalog.Channel JSON
    category            text NOT NULL DEFAULT '',    -- lower case
    country             text NOT NULL DEFAULT '',
    language            text NOT NULL DEFAULT '',
    followers           bigint NOT NULL DEFAULT 0,
    avg_views           bigint NOT NULL DEFAULT 0,
    last_post_at        timestamptz,
    tags_terms          text[] NOT NULL DEFAULT '{}',
    name_terms          text[] NOT NULL DEFAULT '{}',
    description_terms   text[] NOT NULL DEFAULT '{}',
    content_terms       text[] NOT NULL DEFAULT '{}',
    all_terms           text[] NOT NULL DEFAULT '{}', -- distinct, for document frequencies
    tags_seq            text NOT NULL DEFAULT '',
    name_seq            text NOT NULL DEFAULT '',
    description_seq     text NOT NULL DEFAULT '',
    content_seq         text NOT NULL DEFAULT '',
    embedding_model     text NOT NULL,
    embedding_dims      integer NOT NULL,
    embedding           vector NOT NULL,
    ingested_at         timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX channels_keys ON channels USING gin (keys);
CREATE INDEX channels_content_keys ON channels USING gin (content_keys);
CREATE INDEX channels_tags_terms ON channels USING gin (tags_terms);
CREATE INDEX channels_name_terms ON channels USING gin (name_terms);
CREATE INDEX channels_description_terms ON channels USING gin (description_terms);
CREATE INDEX channels_content_terms ON channels USING gin (content_terms);
CREATE INDEX channels_all_terms ON channels USING gin (all_terms);
CREATE INDEX channels_platform_followers ON channels (platform, followers DESC);
CREATE INDEX channels_platform_country ON channels (platform, country);

-- Per-platform statistics for BM25 (channel count, summed field lengths),
-- refreshed by ingest.
CREATE TABLE channel_stats (
    platform            text PRIMARY KEY,
    n                   bigint NOT NULL,
    len_tags            bigint NOT NULL,
    len_name            bigint NOT NULL,
    len_description     bigint NOT NULL,
    len_content         bigint NOT NULL,
    refreshed_at        timestamptz NOT NULL DEFAULT now()
);

-- What was ingested last: the catalog label and the embedding model.
CREATE TABLE catalog_meta (
    id                  boolean PRIMARY KEY DEFAULT true CHECK (id),
    label               text NOT NULL,
    embedding_model     text NOT NULL,
    embedding_dims      integer NOT NULL,
    ingested_at         timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE catalog_meta;
DROP TABLE channel_stats;
DROP TABLE channels;
