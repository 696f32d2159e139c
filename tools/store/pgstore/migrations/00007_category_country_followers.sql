-- The category index also holds the country and the follower count
-- (issue 28).
--
-- A natural-language search names a category, and nearly always a country
-- and a follower range too. With (platform, category) alone every channel
-- of the category was read from the heap (rows are wide: about four to a
-- page) to test the country and followers there: the load mix's
-- "美国 汽配 粉丝 1w+" read 422 heap blocks to keep 30 of 477 rows,
-- "美国 美妆" 287 for 95. With the country and the follower count in the
-- index the bitmap holds only the rows that pass them: 105 and 165 blocks,
-- each keyword-scored search's execution 1.5-2.1 → 0.6-1.1 ms (EXPLAIN
-- (ANALYZE, BUFFERS), the demo catalog of 20,000). last_post_at as a fifth
-- column saved 5 more blocks and is left out. The new index's prefix
-- serves a category filter alone as the old one did.

-- +goose Up
CREATE INDEX channels_platform_category_country ON channels (platform, category, country, followers);
DROP INDEX channels_platform_category;

-- +goose Down
CREATE INDEX channels_platform_category ON channels (platform, category);
DROP INDEX channels_platform_category_country;
