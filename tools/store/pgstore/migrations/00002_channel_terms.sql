-- BM25 statistics kept, not counted (issue 28 item 2).
--
-- channel_terms holds each term's document frequency per platform: the
-- number of channels whose all_terms (the distinct tokens of every scope)
-- contain it. Upsert keeps it, and channel_stats (channel count and summed
-- field lengths), in step with every channel it writes, in the same
-- transaction (pgstore.Store.Upsert); a keyword search reads the rows of
-- its terms by primary key instead of counting channels per term. A term
-- no channel has any more is deleted in the transaction that took its
-- last channel, so a committed df is positive.
--
-- Up fills both tables from the channels already there, so an ingested
-- catalog needs no re-ingest.

-- +goose Up
CREATE TABLE channel_terms (
    platform            text NOT NULL,
    term                text NOT NULL,
    df                  bigint NOT NULL CHECK (df >= 0),
    PRIMARY KEY (platform, term)
);

INSERT INTO channel_terms (platform, term, df)
SELECT c.platform, t.term, count(*) FROM channels c, unnest(c.all_terms) AS t(term) GROUP BY c.platform, t.term;

DELETE FROM channel_stats;
INSERT INTO channel_stats (platform, n, len_tags, len_name, len_description, len_content)
SELECT platform, count(*), coalesce(sum(cardinality(tags_terms)), 0), coalesce(sum(cardinality(name_terms)), 0),
       coalesce(sum(cardinality(description_terms)), 0), coalesce(sum(cardinality(content_terms)), 0)
FROM channels GROUP BY platform;

-- +goose Down
DROP TABLE channel_terms;
