-- Keyword postings: a broad tag's search ranked from a narrow table
-- (issue 28, a million channels).
--
-- A keyword search over channels reads every matching row (4.7 KB, its
-- term arrays compressed) and scores it with array scans: "wireless
-- earbuds" in the US at a million channels, 6,397 matches, took 265 ms,
-- 45 of them the GIN and country bitmaps, the rest rechecking and scoring
-- the rows (EXPLAIN (ANALYZE, BUFFERS)). channel_postings holds a row per
-- (channel, distinct term): the term's frequency in each field, the
-- field lengths, the unit positions, and the columns a common filter
-- reads (country, followers). A search of that shape (pgstore's
-- postingSearch) reads its terms' rows by (platform, term, country) and
-- matches, scores and ranks them in the store, as the memory store does
-- over its inverted index; only the page's documents come from channels.
--
-- pos holds a unit's positions, field << 20 | position: the 1-based index
-- of the unit in the field's unit sequence split at spaces (<field>_seq,
-- " a b \x1f c "), so two units are adjacent in one value exactly when
-- their positions differ by one (the separator takes a position). NULL
-- for a term that is not a unit (a CJK bigram).
--
-- A search reads the postings of the channels that have the rarest term
-- of a phrase: a semi-join that PostgreSQL runs as a hash for a common
-- term and as index probes for a rare one, when it can tell them apart:
-- the term column keeps 1,000 most common values (with the default 100,
-- "game" in the US at a million channels was estimated at 1,170 rows of
-- its 10,114, and the nested loop of probes took 0.6 s instead of 33 ms).
--
-- Upsert keeps it in the transaction of the channels it writes, as
-- channel_terms. Up fills it from the channels already there, platform by
-- platform in the index's order (the rows of one term and country lie
-- together in the heap).

-- +goose Up
CREATE TABLE channel_postings (
    platform            text NOT NULL,
    term                text NOT NULL,
    country             text NOT NULL,
    key                 text NOT NULL,
    followers           bigint NOT NULL,
    tf_tags             integer NOT NULL,
    tf_name             integer NOT NULL,
    tf_description      integer NOT NULL,
    tf_content          integer NOT NULL,
    len_tags            integer NOT NULL,
    len_name            integer NOT NULL,
    len_description     integer NOT NULL,
    len_content         integer NOT NULL,
    pos                 integer[],
    PRIMARY KEY (platform, term, country, key)
);
ALTER TABLE channel_postings ALTER COLUMN term SET STATISTICS 1000;

-- +goose StatementBegin
DO $$
DECLARE
    p text;
BEGIN
    FOR p IN SELECT DISTINCT platform FROM channels ORDER BY 1 LOOP
        INSERT INTO channel_postings
        SELECT c.platform, t.term, c.country, c.key, c.followers, t.tf0, t.tf1, t.tf2, t.tf3,
               cardinality(c.tags_terms), cardinality(c.name_terms), cardinality(c.description_terms), cardinality(c.content_terms), t.pos
        FROM channels c CROSS JOIN LATERAL (
            SELECT z.term,
                   least(count(*) FILTER (WHERE z.pos IS NULL AND z.f = 0), 65535)::integer AS tf0,
                   least(count(*) FILTER (WHERE z.pos IS NULL AND z.f = 1), 65535)::integer AS tf1,
                   least(count(*) FILTER (WHERE z.pos IS NULL AND z.f = 2), 65535)::integer AS tf2,
                   least(count(*) FILTER (WHERE z.pos IS NULL AND z.f = 3), 65535)::integer AS tf3,
                   array_agg((z.f << 20) | z.pos ORDER BY z.f, z.pos) FILTER (WHERE z.pos IS NOT NULL) AS pos
            FROM (
                SELECT 0 AS f, x AS term, NULL::integer AS pos FROM unnest(c.tags_terms) x
                UNION ALL SELECT 1, x, NULL FROM unnest(c.name_terms) x
                UNION ALL SELECT 2, x, NULL FROM unnest(c.description_terms) x
                UNION ALL SELECT 3, x, NULL FROM unnest(c.content_terms) x
                UNION ALL SELECT 0, u, o::integer FROM string_to_table(c.tags_seq, ' ') WITH ORDINALITY s(u, o) WHERE u <> '' AND u <> E'\x1f'
                UNION ALL SELECT 1, u, o::integer FROM string_to_table(c.name_seq, ' ') WITH ORDINALITY s(u, o) WHERE u <> '' AND u <> E'\x1f'
                UNION ALL SELECT 2, u, o::integer FROM string_to_table(c.description_seq, ' ') WITH ORDINALITY s(u, o) WHERE u <> '' AND u <> E'\x1f'
                UNION ALL SELECT 3, u, o::integer FROM string_to_table(c.content_seq, ' ') WITH ORDINALITY s(u, o) WHERE u <> '' AND u <> E'\x1f'
            ) z
            GROUP BY z.term
        ) t
        WHERE c.platform = p
        ORDER BY 1, 2, 3, 4;
    END LOOP;
END
$$;
-- +goose StatementEnd
ANALYZE channel_postings;

-- +goose Down
DROP TABLE channel_postings;
