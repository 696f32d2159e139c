package pgstore

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
	"searchagent/tools/store/memstore"
)

// BenchmarkRecallAtScale measures HNSW recall@20 and latency against an
// exact search, for 200 YouTube anchors with a country filter and a
// keyword, at hnsw.ef_search ∈ {40, 100, 200, 400} with and without
// iterative scans. It ingests the generated demo catalog of
// RECALL_CHANNELS channels (default 20000) unless the database already
// holds it (`searchagent ingest --now 2026-03-23 --channels N` loads the
// same), and prints the table; RECALL_KEYWORD=off drops the keyword (a
// broad filter, where the planner picks the HNSW index); RECALL_ANCHORS
// sets the number of anchors, RECALL_FORCED_ONLY skips the planner's rows,
// RECALL_FORCED=off the forced HNSW rows,
// RECALL_EF and RECALL_ITERATIVE (comma-separated) choose the settings
// tried; with the keyword, the keyword search of the same queries is
// measured too (agreement@20 with the in-memory store, p50/p95);
// RECALL_NO_INGEST fails instead of replacing another catalog;
// RECALL_COMPARE=off skips the memory store (latency only, recall n/a);
// RECALL_FEATURES=off re-ranks without channel_features;
// RECALL_BOUNDED_POOL sets a keyword-bounded set's pool (DefaultBoundedPool);
// RECALL_VERBOSE prints each query's latency and total;
// RECALL_SIMILAR=off measures the keyword search alone (each search timed
// twice: first, and again once all have run); the heap of this process
// (the catalog and the memory store of the size measured) is collected
// before each timed call unless RECALL_NO_GC=1:
//
//	TEST_VECTOR_DATABASE_URL=… RECALL_CHANNELS=200000 go test -run '^$' -bench RecallAtScale -benchtime 1x -timeout 60m ./tools/store/pgstore
//
// Without TEST_VECTOR_DATABASE_URL it skips, saying so.
func BenchmarkRecallAtScale(b *testing.B) {
	dsn := pgdbtest.VectorDSN(b)
	ctx := context.Background()
	opts := []demo.Option{demo.WithNow(demo.DefaultNow())} // what `searchagent ingest --now 2026-03-23` loads
	if v := os.Getenv("RECALL_CHANNELS"); v != "" {
		var n int
		fmt.Sscan(v, &n)
		opts = append(opts, demo.WithTotal(n))
	}
	cat, err := demo.Catalog(opts...)
	if err != nil {
		b.Fatal(err)
	}
	emb, err := embed.NewHashing()
	if err != nil {
		b.Fatal(err)
	}
	base, err := Open(ctx, dsn, emb, true)
	if err != nil {
		b.Fatal(err)
	}
	defer base.Close()
	label := cat.Label()
	if info := base.Describe(); info.Catalog != label || info.Channels != cat.Len() {
		if os.Getenv("RECALL_NO_INGEST") != "" {
			b.Fatalf("RECALL_NO_INGEST: the database holds %q (%d channels), not %q (%d)", info.Catalog, info.Channels, label, cat.Len())
		}
		b.Logf("ingesting %d channels (was: %q, %d)", cat.Len(), info.Catalog, info.Channels)
		start := time.Now()
		if err := base.Truncate(ctx); err != nil {
			b.Fatal(err)
		}
		if _, err := base.Upsert(ctx, cat.All(), 0, nil); err != nil {
			b.Fatal(err)
		}
		if err := base.Finish(ctx, label); err != nil {
			b.Fatal(err)
		}
		if err := base.PrecomputeAliasStats(ctx); err != nil { // as `searchagent ingest`
			b.Fatal(err)
		}
		b.Logf("ingest + index: %v", time.Since(start).Round(time.Second))
	}
	// RECALL_COMPARE=off times the stores without the memory store's
	// answers (no recall column: a run that measured it with the same
	// binary says it): the million's memory store takes minutes to build.
	var mem *memstore.Store
	if os.Getenv("RECALL_COMPARE") != "off" {
		// With the catalog's learned model, as the PostgreSQL variants
		// re-rank (without it the two scored the learned signal apart).
		var opts []memstore.Option
		if lm := base.learnedModel(); lm != nil {
			opts = append(opts, memstore.WithLearned(lm))
		}
		if mem, err = memstore.New(ctx, cat, emb, opts...); err != nil {
			b.Fatal(err)
		}
	}
	anchors := 200
	if v := os.Getenv("RECALL_ANCHORS"); v != "" {
		fmt.Sscan(v, &anchors)
	}
	queries := recallQueries(cat, anchors, os.Getenv("RECALL_KEYWORD") != "off")
	if os.Getenv("RECALL_SIMILAR") == "off" {
		if os.Getenv("RECALL_KEYWORD") == "off" {
			b.Fatal("RECALL_SIMILAR=off and RECALL_KEYWORD=off: nothing to measure")
		}
		// The second pass runs on a store that keeps no ranked sets, so
		// it times the query again with its pages in the server's
		// buffers, not the set cache's answer.
		uncached, err := Open(ctx, dsn, emb, false, WithRankedSets(0))
		if err != nil {
			b.Fatal(err)
		}
		defer uncached.Close()
		fmt.Println(keywordAtScale(ctx, b, base, uncached, mem, queries))
		for i := 0; i < b.N; i++ {
		}
		return
	}
	// The exact answers: the in-memory store (exact cosine over the same
	// normalised vectors).
	exact := make([][]string, len(queries))
	for i, q := range queries {
		if mem == nil {
			break
		}
		res, err := mem.SimilarTo(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		exact[i] = keys(res.Items)
	}
	type row struct {
		name          string
		recall        float64
		vsPlan        float64 // recall@20 against the exact plan's answer (the same store without HNSW)
		p50, p95      time.Duration
		short, scored int
		hnswPlans     int
	}
	// planExact is the exact plan's answer per query (the first run): a
	// setting's agreement with it is the index's own recall, apart from
	// the candidate pool (the re-ranker ranks the DefaultCandidatePool
	// nearest, the in-memory store the whole filtered set).
	var planExact [][]string
	run := func(name string, s *Store) row {
		r := row{name: name}
		first := planExact == nil
		var lat []time.Duration
		for i, q := range queries {
			plan, err := s.explainSimilar(ctx, q)
			if err != nil {
				b.Fatal(err)
			}
			if strings.Contains(plan, "channels_embedding_hnsw") {
				r.hnswPlans++
			}
			if i == 0 {
				fmt.Printf("plan: %s, first query:\n%s\n", name, plan)
			}
			if os.Getenv("RECALL_NO_GC") == "" {
				runtime.GC() // as in keywordAtScale: the benchmark's heap is not the store's
			}
			start := time.Now()
			res, err := s.SimilarTo(ctx, q)
			lat = append(lat, time.Since(start))
			if err != nil {
				b.Fatal(err)
			}
			got := keys(res.Items)
			if os.Getenv("RECALL_VERBOSE") != "" {
				kw := ""
				if len(q.Keywords) > 0 {
					kw = q.Keywords[0].Text
				}
				fmt.Printf("query %s %d %q %v %v total %d\n", name, i, kw, q.Filters.Countries, lat[len(lat)-1].Round(time.Millisecond/10), res.Total)
			}
			if first {
				planExact = append(planExact, got)
			}
			if mem == nil && !first {
				r.vsPlan += overlap(got, planExact[i])
				r.scored++
				continue
			}
			if len(exact[i]) == 0 {
				continue
			}
			r.recall += overlap(got, exact[i])
			r.vsPlan += overlap(got, planExact[i])
			r.scored++
			if len(got) < len(exact[i]) {
				r.short++
			}
		}
		slices.Sort(lat)
		r.p50, r.p95 = lat[len(lat)/2], lat[len(lat)*95/100]
		if r.scored > 0 {
			r.recall /= float64(r.scored)
			r.vsPlan /= float64(r.scored)
		}
		fmt.Printf("row: %s recall@20 %s vs exact plan %.3f short %d/%d p50 %v p95 %v HNSW plans %d/%d\n", r.name, recallText(r.recall, mem != nil), r.vsPlan, r.short, r.scored, r.p50, r.p95, r.hnswPlans, len(queries))
		return r
	}
	var rows []row
	// Each variant re-ranks with the catalog's learned model, as the
	// service does, and with no document cache (every candidate cold);
	// RECALL_FEATURES=off derives every candidate from its document
	// instead of reading channel_features, =both runs each HNSW setting
	// both ways, alternately, twice.
	noFeatures := os.Getenv("RECALL_FEATURES") == "off"
	// RECALL_BOUNDED_POOL sets a keyword-bounded set's pool (WithBoundedPool).
	boundedPool := base.boundedPool
	if v := os.Getenv("RECALL_BOUNDED_POOL"); v != "" {
		fmt.Sscan(v, &boundedPool)
	}
	variant := func(ef int, it string, exact, force bool) *Store {
		return &Store{pool: base.pool, emb: base.emb, model: base.model, dims: base.dims, minScore: base.minScore,
			efSearch: ef, iterative: it, poolSize: base.poolSize, boundedPool: boundedPool, exact: exact, forceHNSW: force, info: base.Describe(), countryIdx: base.countryIdx,
			learned: base.learnedModel(), noFeatures: noFeatures}
	}
	rows = append(rows, run("exact (no HNSW: the planner's best exact plan)", variant(DefaultEfSearch, IterativeOff, true, false)))
	// The planner's choice (it may prefer the keyword's GIN index and an
	// exact sort for a selective filter), then the HNSW index forced.
	plans := []bool{false, true}
	if os.Getenv("RECALL_FORCED_ONLY") != "" {
		plans = []bool{true}
	}
	if os.Getenv("RECALL_FORCED") == "off" {
		plans = []bool{false}
	}
	iteratives, efs := []string{IterativeOff, IterativeRelaxed}, []int{40, 100, 200, 400}
	if v := os.Getenv("RECALL_ITERATIVE"); v != "" {
		iteratives = strings.Split(v, ",")
	}
	if v := os.Getenv("RECALL_EF"); v != "" {
		efs = nil
		for _, f := range strings.Split(v, ",") {
			var ef int
			fmt.Sscan(f, &ef)
			efs = append(efs, ef)
		}
	}
	for _, force := range plans {
		for _, it := range iteratives {
			for _, ef := range efs {
				plan := "planner's plan"
				if force {
					plan = "HNSW forced"
				}
				name := fmt.Sprintf("%s, ef_search=%d, iterative_scan=%s", plan, ef, it)
				if os.Getenv("RECALL_FEATURES") != "both" {
					rows = append(rows, run(name, variant(ef, it, false, force)))
					continue
				}
				// Twice each way, alternately: the first pass warms
				// the graph's pages for the rows after it.
				for pass := 1; pass <= 2; pass++ {
					rows = append(rows, run(fmt.Sprintf("%s, pass %d", name, pass), variant(ef, it, false, force)))
					v := variant(ef, it, false, force)
					v.noFeatures = true
					rows = append(rows, run(fmt.Sprintf("%s, pass %d, without channel_features", name, pass), v))
				}
			}
		}
	}
	var sb strings.Builder
	shape := "a country filter and a keyword"
	if os.Getenv("RECALL_KEYWORD") == "off" {
		shape = "a country filter (no keyword)"
	}
	fmt.Fprintf(&sb, "\n%d channels (%d YouTube), %d anchors with %s, recall@20 vs exact\n", cat.Len(), len(cat.Platform(platform.YouTube)), len(queries), shape)
	fmt.Fprintf(&sb, "| setting | plans using HNSW | recall@20 | vs the exact plan | short answers | p50 | p95 | p50 vs exact |\n|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&sb, "| %s | %d/%d | %s | %.3f | %d/%d | %v | %v | %.2f× |\n", r.name, r.hnswPlans, len(queries), recallText(r.recall, mem != nil), r.vsPlan, r.short, r.scored, r.p50.Round(time.Millisecond/10), r.p95.Round(time.Millisecond/10), float64(r.p50)/float64(rows[0].p50))
	}
	fmt.Println(sb.String()) // b.Log truncates long output
	if os.Getenv("RECALL_KEYWORD") != "off" {
		// The second pass runs on a store that keeps no ranked sets, so
		// it times the query again with its pages in the server's
		// buffers, not the set cache's answer.
		uncached, err := Open(ctx, dsn, emb, false, WithRankedSets(0))
		if err != nil {
			b.Fatal(err)
		}
		defer uncached.Close()
		fmt.Println(keywordAtScale(ctx, b, base, uncached, mem, queries))
	}
	for i := 0; i < b.N; i++ {
	}
}

// recallText is a recall@20 figure, "n/a" when the memory store's answers
// were not computed (RECALL_COMPARE=off).
func recallText(r float64, compared bool) string {
	if !compared {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", r)
}

// keywordAtScale is the keyword search of the same queries (each
// anchor's country as the filter, its first tag as the keyword), the
// first page of 20 with its total: agreement@20 with the in-memory
// store's answer (the exact BM25F ranking both stores must give) and the
// latency of Store.Search, as a table row.
func keywordAtScale(ctx context.Context, b *testing.B, s, uncached *Store, mem *memstore.Store, queries []store.SimilarQuery) string {
	var lat, again []time.Duration
	type timed struct {
		d     time.Duration
		q     string
		total int
	}
	var slow []timed
	var agree float64
	scored, totals := 0, 0
	for _, sq := range queries {
		q := store.SearchQuery{Platform: sq.Platform, Keywords: sq.Keywords, Filters: sq.Filters, Limit: 20}
		var want store.Page
		if mem != nil {
			var err error
			if want, err = mem.Search(ctx, q); err != nil {
				b.Fatal(err)
			}
		}
		// This process holds the million channels twice (the catalog and
		// the memory store): a collection of that heap started by the
		// store's own allocations would be timed as the store's. A
		// server holds neither, so the heap is collected before each
		// timed call (RECALL_NO_GC=1 keeps the old way).
		if os.Getenv("RECALL_NO_GC") == "" {
			runtime.GC()
		}
		start := time.Now()
		got, err := s.Search(ctx, q)
		lat = append(lat, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
		slow = append(slow, timed{lat[len(lat)-1], fmt.Sprintf("%q in %v", sq.Keywords[0].Text, sq.Filters.Countries), got.Total})
		if mem == nil {
			continue
		}
		if got.Total == want.Total {
			totals++
		}
		if len(want.Items) == 0 {
			continue
		}
		exact, hit := keys(want.Items), 0
		for _, k := range keys(got.Items) {
			if slices.Contains(exact, k) {
				hit++
			}
		}
		agree += float64(hit) / float64(len(exact))
		scored++
	}
	// The same searches again, each once, on a store without ranked sets
	// (uncached) and with their pages now in the server's buffers: the
	// first reads of a cold start apart from the query's own time.
	for _, sq := range queries {
		q := store.SearchQuery{Platform: sq.Platform, Keywords: sq.Keywords, Filters: sq.Filters, Limit: 20}
		if os.Getenv("RECALL_NO_GC") == "" {
			runtime.GC()
		}
		start := time.Now()
		if _, err := uncached.Search(ctx, q); err != nil {
			b.Fatal(err)
		}
		again = append(again, time.Since(start))
	}
	slices.Sort(lat)
	slices.Sort(again)
	if scored > 0 {
		agree /= float64(scored)
	}
	slices.SortFunc(slow, func(a, b timed) int { return int(b.d - a.d) })
	for _, t := range slow[:min(5, len(slow))] {
		fmt.Printf("slowest keyword search: %s: %d matches, %v\n", t.q, t.total, t.d.Round(time.Millisecond/10))
	}
	compared := fmt.Sprintf("recall@20 vs exact %.3f | totals equal %d/%d", agree, totals, len(queries))
	if mem == nil {
		compared = "not compared (RECALL_COMPARE=off)"
	}
	return fmt.Sprintf("keyword search, %d queries with a country filter: | %s | first p50 %v | first p95 %v | again p50 %v | again p95 %v |",
		len(queries), compared, lat[len(lat)/2].Round(time.Millisecond/10), lat[len(lat)*95/100].Round(time.Millisecond/10),
		again[len(again)/2].Round(time.Millisecond/10), again[len(again)*95/100].Round(time.Millisecond/10))
}

// explainSimilar is the plan (EXPLAIN, costs off) of the nearest
// neighbour query of q under s's settings; with generic, the generic plan
// of the statement prepared (as a prepared statement's plan may be after
// a few executions: it cannot see the bound values).
func (s *Store) explainSimilar(ctx context.Context, q store.SimilarQuery, generic ...bool) (string, error) {
	q, err := q.Canonical()
	if err != nil {
		return "", err
	}
	a, err := s.anchor(ctx, q.Platform, q.AnchorKey)
	if err != nil {
		return "", err
	}
	b := &builder{}
	// The statement similarSet runs: one exact pass for a set a keyword
	// bounds, else the nearest neighbours' query.
	sql, err := s.similarSQL(b, a.pk, q.Platform, q.Keywords, q.Filters, s.resolveMin(q.MinScore), q.Offset+q.Limit)
	if boundedByKeyword(q.Keywords) && !s.forceHNSW {
		b = &builder{}
		ap := store.NewProfile(a.ch)
		sql, err = s.exactSQL(b, a.pk, &ap, anchorVector(s.learnedModel(), a.ch) != nil, q.Platform, q.Keywords, q.Filters, s.resolveMin(q.MinScore), q.Offset+q.Limit)
	}
	if err != nil {
		return "", err
	}
	var lines []string
	err = s.inTx(ctx, s.hnswSettings(s.forceIndex(q.Platform, q.Filters)), func(tx pgx.Tx) error {
		explain := "EXPLAIN (COSTS OFF) " + sql
		if len(generic) > 0 && generic[0] {
			if _, err := tx.Exec(ctx, `PREPARE explain_similar AS `+sql); err != nil {
				return err
			}
			defer tx.Exec(ctx, `DEALLOCATE explain_similar`)
			if _, err := tx.Exec(ctx, `SET LOCAL plan_cache_mode = force_generic_plan`); err != nil {
				return err
			}
			ps := make([]string, len(b.args))
			for i := range ps {
				ps[i] = "$" + strconv.Itoa(i+1)
			}
			explain = "EXPLAIN (COSTS OFF) EXECUTE explain_similar(" + strings.Join(ps, ", ") + ")"
		}
		// The simple protocol writes the values into the text (EXPLAIN
		// EXECUTE takes no bound parameters).
		rows, err := tx.Query(ctx, explain, append([]any{pgx.QueryExecModeSimpleProtocol}, b.args...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var l string
			if err := rows.Scan(&l); err != nil {
				return err
			}
			lines = append(lines, l)
		}
		return rows.Err()
	})
	return strings.Join(lines, "\n"), err
}

// recallQueries picks n YouTube anchors at even intervals, each with its
// own country as the filter and, with keyword, its first tag as the
// keyword (all scope), so every query has at least a small filtered
// similar set.
func recallQueries(cat *catalog.Catalog, n int, keyword bool) []store.SimilarQuery {
	var pool []*catalog.Channel
	for _, ch := range cat.Platform(platform.YouTube) {
		if ch.Country != "" && len(ch.Tags) > 0 {
			pool = append(pool, ch)
		}
	}
	n = min(n, len(pool))
	out := make([]store.SimilarQuery, 0, n)
	for i := range n {
		a := pool[i*len(pool)/n]
		q := store.SimilarQuery{Platform: platform.YouTube, AnchorKey: a.Key(), Limit: 20, Filters: store.Filters{Countries: []string{a.Country}}}
		if keyword {
			q.Keywords = []store.Keyword{{Text: a.Tags[0], Scope: scope.All}}
		}
		out = append(out, q)
	}
	return out
}

// overlap is the share of want's keys that got holds (1 when want is
// empty).
func overlap(got, want []string) float64 {
	if len(want) == 0 {
		return 1
	}
	hit := 0
	for _, k := range got {
		if slices.Contains(want, k) {
			hit++
		}
	}
	return float64(hit) / float64(len(want))
}

func keys(hits []store.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.Channel.Key()
	}
	return out
}
