package pgstore_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
	"searchagent/tools/store/pgstore"
)

// statsDrift lists where the kept statistics differ from a count over
// the channels table: rows of channel_terms, channel_stats and
// channel_postings (computed as migration 00010's backfill does) that the
// count does not give, and the other way round.
func statsDrift(ctx context.Context, t *testing.T, s *pgstore.Store) []string {
	t.Helper()
	const counted = `SELECT c.platform, u.term, count(*) AS df FROM channels c, unnest(c.all_terms) AS u(term) GROUP BY 1, 2`
	const lengths = `SELECT platform, count(*) AS n, sum(cardinality(tags_terms)) AS len_tags, sum(cardinality(name_terms)) AS len_name,
  sum(cardinality(description_terms)) AS len_description, sum(cardinality(content_terms)) AS len_content FROM channels GROUP BY platform`
	const kept = `SELECT platform, n, len_tags, len_name, len_description, len_content FROM channel_stats`
	// The postings as migration 00010's backfill computes them.
	const postings = `SELECT c.platform, t.term, c.country, c.key, c.followers, t.tf0, t.tf1, t.tf2, t.tf3,
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
) t`
	const keptPostings = `SELECT platform, term, country, key, followers, tf_tags, tf_name, tf_description, tf_content,
  len_tags, len_name, len_description, len_content, pos FROM channel_postings`
	var drift []string
	for _, q := range []struct{ name, sql string }{
		{"channel_terms kept, not counted", `(SELECT platform, term, df FROM channel_terms) EXCEPT (` + counted + `)`},
		{"channel_terms counted, not kept", `(` + counted + `) EXCEPT (SELECT platform, term, df FROM channel_terms)`},
		{"channel_stats kept, not counted", `(` + kept + `) EXCEPT (` + lengths + `)`},
		{"channel_stats counted, not kept", `(` + lengths + `) EXCEPT (` + kept + `)`},
		{"channel_postings kept, not computed", `(` + keptPostings + `) EXCEPT (` + postings + `)`},
		{"channel_postings computed, not kept", `(` + postings + `) EXCEPT (` + keptPostings + `)`},
	} {
		rows, err := s.Pool().Query(ctx, q.sql+` LIMIT 5`)
		if err != nil {
			t.Fatalf("%s: %v", q.name, err)
		}
		for rows.Next() {
			vals, err := rows.Values()
			if err != nil {
				t.Fatal(err)
			}
			drift = append(drift, fmt.Sprintf("%s: %v", q.name, vals))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			t.Fatalf("%s: %v", q.name, err)
		}
	}
	return drift
}

// TestStatisticsFollowUpserts: the document frequencies and field
// lengths a keyword search reads are kept by Upsert, in the transaction
// of each batch, and equal a count over the channels after an ingest and
// after an update that changes channels' words, removes terms (a term no
// channel has any more is gone) and names one channel twice in a batch.
func TestStatisticsFollowUpserts(t *testing.T) {
	ctx := context.Background()
	cat, _, s := loadDemo(t, 400, demo.WithNow(demo.DefaultNow()))
	if d := statsDrift(ctx, t, s); len(d) > 0 {
		t.Fatalf("after the ingest the kept statistics differ from a count:\n%v", d)
	}

	// Rewrite the words of every fifth channel; the first one is written
	// twice in one batch (the second version wins, as in the table).
	var changed []*catalog.Channel
	for i, ch := range cat.All() {
		if i%5 != 0 {
			continue
		}
		c := *ch
		c.Tags = []string{fmt.Sprintf("statsterm%d", i%3), "shared stats tag"}
		c.Name = fmt.Sprintf("Renamed %d", i)
		c.Description = ""
		// The postings carry the country and the follower count: the
		// old rows go with the old country.
		c.Followers++
		if i%10 == 0 {
			c.Country = "GB"
			if ch.Country == "GB" {
				c.Country = "US"
			}
		}
		changed = append(changed, &c)
	}
	twice := *changed[0]
	twice.Tags = []string{"second version"}
	changed = append(changed[:2], append([]*catalog.Channel{&twice}, changed[2:]...)...)
	st, err := s.Upsert(ctx, changed, 7, nil)
	if err != nil {
		t.Fatalf("Upsert: %v", err)
	}
	if st.Inserted != 0 || st.Updated != len(changed) {
		t.Fatalf("Upsert = %+v, want %d updated", st, len(changed))
	}
	if d := statsDrift(ctx, t, s); len(d) > 0 {
		t.Errorf("after an update the kept statistics differ from a count:\n%v", d)
	}
	var df int64
	if err := s.Pool().QueryRow(ctx, `SELECT coalesce(sum(df), 0) FROM channel_terms WHERE term = 'statsterm0'`).Scan(&df); err != nil || df == 0 {
		t.Errorf("df of a new term = %d, %v; want it kept", df, err)
	}

	// Write the original channels back: the new terms have no channel.
	if _, err := s.Upsert(ctx, cat.All(), 0, nil); err != nil {
		t.Fatalf("Upsert: %v", err)
	}
	if d := statsDrift(ctx, t, s); len(d) > 0 {
		t.Errorf("after writing the originals back the kept statistics differ from a count:\n%v", d)
	}
	var n int
	if err := s.Pool().QueryRow(ctx, `SELECT count(*) FROM channel_terms WHERE term LIKE 'statsterm%' OR df <= 0`).Scan(&n); err != nil || n != 0 {
		t.Errorf("terms no channel has, or with df ≤ 0: %d rows, %v; want none", n, err)
	}
}

// TestTermStatisticsKeepOnePlan: the statement that reads a keyword
// query's statistics is planned once per connection and then runs its
// generic plan, whatever the number of terms (it was planned again on
// every call: a bound text[] made the generic plan look dearer). Native
// PostgreSQL with prepared statements only: a DSN that runs unnamed
// statements (PGlite's) keeps no plan.
func TestTermStatisticsKeepOnePlan(t *testing.T) {
	ctx := context.Background()
	dsn := pgdbtest.VectorDSN(t)
	if strings.Contains(dsn, "default_query_exec_mode") {
		t.Skip("the vector DSN runs unnamed statements: no prepared plan to keep")
	}
	_, e, _ := loadDemo(t, 400, demo.WithNow(demo.DefaultNow()))
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	s, err := pgstore.Open(ctx, dsn+sep+"pool_max_conns=1", e, false, pgstore.WithRankedSets(0)) // each search asked again reads its statistics
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	queries := [][]store.Keyword{
		{{Text: "review", Scope: scope.Tags}},
		{{Text: "camping gear", Scope: scope.All}, {Text: "tent", Scope: scope.Tags}},
		{{Text: "swim vest", Scope: scope.Tags}, {Text: "kayak", Scope: scope.All}, {Text: "lake", Scope: scope.Description}},
	}
	const runs = 9
	for i := range runs {
		if _, err := s.Search(ctx, store.SearchQuery{Platform: platform.YouTube, Keywords: queries[i%len(queries)], Limit: 20}); err != nil {
			t.Fatal(err)
		}
	}
	var generic, custom int64
	err = s.Pool().QueryRow(ctx, `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE 'SELECT s.n, s.len_tags%'`).Scan(&generic, &custom)
	if err != nil {
		t.Fatal(err)
	}
	if custom > 5 || generic < runs-5 {
		t.Errorf("the statistics statement: %d generic and %d custom plans in %d searches, want at most 5 custom (PostgreSQL's trial), the rest generic", generic, custom, runs)
	}
}
