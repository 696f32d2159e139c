-- A keyword's terms and a channel's platform and country found in one
-- index (issue 28, a million channels).
--
-- A search with a keyword and one country built two bitmaps and ANDed
-- them: the keyword's, from the per-field term indexes, and the
-- platform's and country's, from channels_platform_country — 112,126 rows
-- for YouTube in the US at a million channels, 39-42 ms of a 70-100 ms
-- count of "game review" there (5,700 rows), whatever the keyword's size.
--
-- This index holds each channel's distinct terms (all_terms, every
-- field's) with two more elements: chr(31) || platform, and chr(31) ||
-- platform || chr(31) || country (the unit separator: no term holds it).
-- pgstore's condition for a required keyword names the keyword's terms
-- with the place's element (impliedTerms), which then stands for the
-- platform and country conditions, and GIN's scan of several entries
-- starts from the rarest and only seeks the common ones (the place) at
-- the items it has: the count above read 142 index buffers in 7 ms instead
-- of 331 in 56 ms. Without a country the same index finds a keyword's
-- channels of the platform in one scan, where the four fields' indexes
-- were ORed and the platform's rows ANDed.
--
-- It replaces channels_all_terms (all_terms alone), which no query read
-- (the document frequencies come from channel_terms), and the four
-- fields' term indexes: every required keyword now comes with the new
-- index's condition, and with them beside it the planner ANDed their
-- bitmaps too (20 ms more for "game review", to remove no row). A
-- keyword's field conditions are checked on the rows the index finds; an
-- excluded keyword's never used an index. 555 MB less to keep at a
-- million channels (all_terms 252, content 123, tags 64, description 63,
-- name 53) for 227 MB.

-- +goose Up
DROP INDEX IF EXISTS channels_all_terms;
DROP INDEX IF EXISTS channels_tags_terms;
DROP INDEX IF EXISTS channels_name_terms;
DROP INDEX IF EXISTS channels_description_terms;
DROP INDEX IF EXISTS channels_content_terms;
CREATE INDEX channels_terms_place ON channels USING gin ((all_terms || ARRAY[chr(31) || platform, chr(31) || platform || chr(31) || country]));
ANALYZE channels;

-- +goose Down
DROP INDEX channels_terms_place;
CREATE INDEX channels_tags_terms ON channels USING gin (tags_terms);
CREATE INDEX channels_name_terms ON channels USING gin (name_terms);
CREATE INDEX channels_description_terms ON channels USING gin (description_terms);
CREATE INDEX channels_content_terms ON channels USING gin (content_terms);
CREATE INDEX channels_all_terms ON channels USING gin (all_terms);
