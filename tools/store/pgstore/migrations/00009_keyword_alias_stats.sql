-- The alias factors' statistics, kept per catalog version (issue 28).
--
-- A keyword with aliases (store.Aliases: 耳机 ≈ headphones) scores
-- max(own, w·alias), where w depends on the lowest score of the keyword's
-- own words and the highest of its aliases' over every matching channel of
-- the platform (pgstore's scoreExpr, memstore's withAliases). Both are a
-- minimum or a maximum per phrase: per (platform, fields, phrase), the
-- lowest and highest BM25F score over the channels the phrase matches.
-- Computed per search, their aggregate was most of a common tag's keyword
-- search at a million channels (every YouTube channel of "wireless
-- earbuds", "headphones", "earbuds" or "耳机", scored five ways).
-- `searchagent ingest` (after Finish) computes them for every phrase of
-- the alias table, at the catalog version it ends at (PrecomputeAliasStats);
-- a search reads the rows of its phrases at
-- the current version, and computes a phrase itself (as before) when its
-- row is missing or of another version (a write after the ingest).
--
-- fields is the scope's field list ("0": tags, "0,1,2,3": all), phrase the
-- phrase's units and terms as the query tokenises it; min_score and
-- max_score are NULL when the phrase matches no channel.

-- +goose Up
CREATE TABLE keyword_alias_stats (
    platform            text NOT NULL,
    fields              text NOT NULL,
    phrase              text NOT NULL,
    version             bigint NOT NULL,
    min_score           float8,
    max_score           float8,
    PRIMARY KEY (platform, fields, phrase)
);

-- +goose Down
DROP TABLE keyword_alias_stats;
