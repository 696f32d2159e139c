package pgstore

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
)

// keywordBenchChannels is the size of the benchmark's YouTube catalog.
const keywordBenchChannels = 4000

// BenchmarkKeywordSearch measures one keyword Search (the first page of
// 20, with its total) per operation on a generated catalog of
// keywordBenchChannels YouTube channels: a plain tag keyword, the same
// word in every field in one country, a keyword that widens through the
// bilingual topic table (耳机 ≈ headphones), the same as a soft (ranking)
// keyword next to a filter, and an exclusion that widens (不要烘焙 ≈
// baking). A search the keyword postings answer runs again with the SQL
// over channels (_sql), which answered it before them. ns/op is
// wall-clock on whatever machine runs it; blocks/op (the shared buffers,
// hit or read, that EXPLAIN (ANALYZE, BUFFERS) counts for the statements
// of one Search) and hits (the search's total) do not depend on the
// machine's load:
//
//	TEST_VECTOR_DATABASE_URL=… go test -run '^$' -bench KeywordSearch ./tools/store/pgstore
func BenchmarkKeywordSearch(b *testing.B) {
	ctx := context.Background()
	s, base, rec := keywordBenchStore(ctx, b)
	defer s.Close()
	defer base.Close()
	cases := []struct {
		name string
		kws  []store.Keyword
		f    store.Filters
	}{
		{"plain", []store.Keyword{{Text: "review", Scope: scope.Tags}}, store.Filters{}},
		{"country", []store.Keyword{{Text: "review", Scope: scope.All}}, store.Filters{Countries: []string{"US"}}},
		{"widened", []store.Keyword{{Text: "耳机", Scope: scope.Tags}}, store.Filters{}},
		{"soft_widened", []store.Keyword{{Text: "耳机", Scope: scope.All, Soft: true}}, store.Filters{Categories: []string{"tech"}}},
		{"excluded_widened", []store.Keyword{{Text: "烘焙", Scope: scope.All, Excluded: true}}, store.Filters{Categories: []string{"food"}}},
	}
	for _, tc := range cases {
		q := store.SearchQuery{Platform: platform.YouTube, Keywords: tc.kws, Filters: tc.f, Limit: 20}
		fromPostings := postingShape(q, nil)
		// search runs q once for its hits and blocks, then in the loop.
		search := func(b *testing.B) {
			rec.start()
			page, err := s.Search(ctx, q)
			if err != nil {
				b.Fatal(err)
			}
			blocks := rec.blocks(ctx, b, base.Pool())
			for b.Loop() {
				if _, err := s.Search(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(page.Total), "hits")
			b.ReportMetric(float64(blocks), "blocks/op")
		}
		b.Run(tc.name, func(b *testing.B) {
			s.sqlKeyword = false
			search(b)
		})
		if !fromPostings {
			continue
		}
		// The same search with the SQL over channels, which answered it
		// before the postings.
		b.Run(tc.name+"_sql", func(b *testing.B) {
			s.sqlKeyword = true
			defer func() { s.sqlKeyword = false }()
			search(b)
		})
	}
}

// BenchmarkNaturalSearch measures the load mix's natural-language
// searches (a soft keyword, country, category, followers and a last-post
// bound 30 days before the turn's clock; its follow-up with an excluded
// keyword; a soft keyword over a whole country) on the catalog of BenchmarkKeywordSearch: _nosets without the
// ranked sets (the statement over the rows within the bound, as before
// the sets kept the search without it), _miss with a set formed per
// operation (the statement that also scores the rows outside the bound
// and returns them) and _kept with the clock a second later per
// operation (a bound never asked before, answered from the set):
//
//	TEST_VECTOR_DATABASE_URL=… go test -run '^$' -bench NaturalSearch ./tools/store/pgstore
func BenchmarkNaturalSearch(b *testing.B) {
	ctx := context.Background()
	s, base, rec := keywordBenchStore(ctx, b)
	defer s.Close()
	defer base.Close()
	review := store.Keyword{Text: "评测", Scope: scope.All, Soft: true}
	since := demo.DefaultNow().AddDate(0, 0, -30)
	cases := []struct {
		name string
		kws  []store.Keyword
		f    store.Filters
	}{
		{"natural", []store.Keyword{review}, store.Filters{Countries: []string{"US"}, Categories: []string{"automotive"}, Followers: store.Range{Min: 5000, Max: 20000}}},
		{"followup", []store.Keyword{review, {Text: "游戏", Scope: scope.All, Excluded: true}}, store.Filters{Countries: []string{"US"}, Categories: []string{"automotive"}, Followers: store.Range{Min: 10000}}},
		{"country", []store.Keyword{{Text: "review", Scope: scope.All, Soft: true}}, store.Filters{Countries: []string{"US"}}},
	}
	for _, tc := range cases {
		for _, mode := range []string{"nosets", "miss", "kept"} {
			b.Run(tc.name+"_"+mode, func(b *testing.B) {
				q := store.SearchQuery{Platform: platform.YouTube, Keywords: tc.kws, Filters: tc.f, Limit: 20}
				q.Filters.ActiveSince = since
				sets := DefaultRankedSets
				if mode == "nosets" {
					sets = 0
				}
				s.ranked = newRankCache(sets)
				defer func() { s.ranked = newRankCache(DefaultRankedSets) }()
				if mode == "kept" {
					if _, err := s.Search(ctx, q); err != nil {
						b.Fatal(err)
					}
				}
				search := func() store.Page {
					if mode == "miss" {
						s.ranked = newRankCache(sets)
					}
					q.Filters.ActiveSince = q.Filters.ActiveSince.Add(time.Second)
					page, err := s.Search(ctx, q)
					if err != nil {
						b.Fatal(err)
					}
					return page
				}
				rec.start()
				page := search()
				blocks := rec.blocks(ctx, b, base.Pool())
				for b.Loop() {
					search()
				}
				b.ReportMetric(float64(page.Total), "hits")
				b.ReportMetric(float64(blocks), "blocks/op")
			})
		}
	}
}

// keywordBenchStore is a store over the benchmark's catalog (ingested
// when the database holds another), its pool traced by rec, and base, a
// store of its own for EXPLAIN.
func keywordBenchStore(ctx context.Context, b *testing.B) (s, base *Store, rec *recorder) {
	dsn := pgdbtest.VectorDSN(b)
	cat, err := demo.Catalog(demo.WithNow(demo.DefaultNow()), demo.WithCount(platform.YouTube, keywordBenchChannels),
		demo.WithCount(platform.Instagram, 0), demo.WithCount(platform.TikTok, 0), demo.WithCount(platform.X, 0))
	if err != nil {
		b.Fatal(err)
	}
	emb, err := embed.NewHashing()
	if err != nil {
		b.Fatal(err)
	}
	base, err = Open(ctx, dsn, emb, true)
	if err != nil {
		b.Fatal(err)
	}
	rec = &recorder{}
	pool, err := pgdb.Open(ctx, dsn, pgdb.WithAfterConnect(RegisterTypes), func(c *pgxpool.Config) { c.ConnConfig.Tracer = rec })
	if err != nil {
		b.Fatal(err)
	}
	s, err = New(ctx, pool, emb)
	if err != nil {
		b.Fatal(err)
	}
	if info := s.Describe(); info.Catalog != cat.Label() || info.Channels != cat.Len() {
		if err := s.Truncate(ctx); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Upsert(ctx, cat.All(), 0, nil); err != nil {
			b.Fatal(err)
		}
		if err := s.Finish(ctx, cat.Label()); err != nil {
			b.Fatal(err)
		}
		if err := s.Refresh(ctx); err != nil {
			b.Fatal(err)
		}
	}
	return s, base, rec
}

// recorder is a pgx tracer that keeps the statements a pool sends after
// start, with their arguments (transaction control and settings left out).
type recorder struct {
	mu sync.Mutex
	on bool
	qs []recorded
}

type recorded struct {
	sql  string
	args []any
}

func (r *recorder) start() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.on, r.qs = true, nil
}

// TraceQueryStart implements pgx.QueryTracer.
func (r *recorder) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	r.mu.Lock()
	defer r.mu.Unlock()
	up := strings.ToUpper(strings.TrimSpace(d.SQL))
	if r.on && (strings.HasPrefix(up, "SELECT") || strings.HasPrefix(up, "WITH")) && !strings.Contains(up, "SET_CONFIG") {
		r.qs = append(r.qs, recorded{d.SQL, d.Args})
	}
	return ctx
}

// TraceQueryEnd implements pgx.QueryTracer.
func (r *recorder) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// blocks stops recording and returns the shared buffers (hit + read) that
// EXPLAIN (ANALYZE, BUFFERS) counts for the recorded statements, run
// again over pool.
func (r *recorder) blocks(ctx context.Context, b *testing.B, pool *pgxpool.Pool) int64 {
	r.mu.Lock()
	qs := r.qs
	r.on, r.qs = false, nil
	r.mu.Unlock()
	var total int64
	for _, q := range qs {
		var raw []byte
		if err := pool.QueryRow(ctx, "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) "+q.sql, q.args...).Scan(&raw); err != nil {
			b.Fatalf("explain: %v", err)
		}
		var plans []struct {
			Plan struct {
				Hit  int64 `json:"Shared Hit Blocks"`
				Read int64 `json:"Shared Read Blocks"`
			}
		}
		if err := json.Unmarshal(raw, &plans); err != nil || len(plans) != 1 {
			b.Fatalf("explain output %s: %v", raw, err)
		}
		total += plans[0].Plan.Hit + plans[0].Plan.Read
	}
	return total
}
