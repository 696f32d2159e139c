-- What the similar search's re-ranking derives from a channel, kept per
-- channel (issue 28, a million channels).
--
-- A similar search re-ranks a pool of the anchor's 1,000 nearest
-- neighbours; for each it needs the channel's text coverage (how many of
-- its embedded features are content and how many labels: store.Profile)
-- and its vector under the catalog's learned model (cooc). Both tokenise
-- the channel's text: about 40 of the 54 µs of a candidate the store had
-- not seen before (BenchmarkPoolCandidate), which at a million channels,
-- where most pools are new, was most of a similar search's time.
--
-- version is the derivation's version (pgstore.featuresVersion): a row
-- of another version is not read. learned_model names the learned model
-- learned was computed under ('' with no model); learned is the vector as
-- little-endian float32s, NULL when the channel has no term in that
-- model's vocabulary. fields are embed.Coverage.Fields joined by U+001F.
--
-- Upsert writes a channel's row in the transaction that writes the
-- channel (under the model the store has then); `searchagent ingest`
-- derives the rows missing or stale after it learns the model
-- (Store.DeriveFeatures). A channel without a current row is derived in
-- the store at query time, as before: slower, the same answer.

-- +goose Up
CREATE TABLE channel_features (
    key               text PRIMARY KEY,
    version           integer NOT NULL,
    content_features  integer NOT NULL,
    label_features    integer NOT NULL,
    fields            text NOT NULL DEFAULT '',
    learned_model     text NOT NULL DEFAULT '',
    learned           bytea
);

-- +goose Down
DROP TABLE channel_features;
