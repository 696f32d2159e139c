package pgstore

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/scope"
	"searchagent/tools/store"
	"searchagent/tools/store/memstore"
)

// TestPoolBound: scoreBound is an upper bound of the score the re-ranker
// gives every channel of the platform (with its cosine, its learned
// vector and its coverage), for anchors of every platform; and a
// keyword-bounded similar set whose pool is smaller than the set ranks
// its first page as the memory store ranks the whole set (the pool in the
// bound's order holds every channel that can reach the page; in the
// cosine's order it did not).
func TestPoolBound(t *testing.T) {
	ctx := context.Background()
	cat := demoCatalog(t, 4000)
	s, e, dsn := ingested(t, cat.All(), cat.Label())
	m, err := cooc.Build(ctx, cat.All(), cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveLearned(ctx, m); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeriveFeatures(ctx, 0, nil); err != nil {
		t.Fatal(err)
	}

	checked := 0
	for _, p := range cat.Platforms() {
		chans := cat.Platform(p)
		for _, anchor := range []int{0, 7, 31} {
			a := chans[anchor]
			ap := store.NewProfile(a)
			if ap.Thin() {
				continue
			}
			av := anchorVector(m, a)
			b := &builder{}
			bound, ok := scoreBound(b, &ap, store.DefaultWeights, av != nil)
			if !ok {
				t.Fatal("the fitted weights make no bound")
			}
			rows, err := s.pool.Query(ctx, `SELECT c.key, `+bound+` FROM channels c WHERE c.platform = `+b.arg(string(p)), b.args...)
			if err != nil {
				t.Fatal(err)
			}
			hi := map[string]float64{}
			for rows.Next() {
				var key string
				var v float64
				if err := rows.Scan(&key, &v); err != nil {
					t.Fatal(err)
				}
				hi[key] = v
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			texts := make([]string, len(chans))
			for i, ch := range chans {
				texts[i] = embed.ChannelText(ch)
			}
			vecs, err := e.Embed(ctx, texts)
			if err != nil {
				t.Fatal(err)
			}
			for i, ch := range chans {
				if ch == a {
					continue
				}
				cp := store.NewProfile(ch)
				sig := store.Compare(&ap, &cp, float64(embed.Dot(vecs[anchor], vecs[i])))
				if cv, ok := m.ChannelVector(ch, nil); ok && av != nil {
					sig.Learned = float64(embed.Dot(av, cv))
				}
				score := sig.Score(store.DefaultWeights)
				if h, ok := hi[ch.Key()]; !ok || h < score-1e-9*max(1, score) {
					t.Errorf("anchor %s, %s: bound %v (read %v) below the score %v", a.Key(), ch.Key(), h, ok, score)
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("the bound was checked on %d channels", checked)
	}

	// A pool of 20 for sets of more, a page of 5: the page is the whole set's.
	ref, err := memstore.New(ctx, cat, e, memstore.WithLearned(m))
	if err != nil {
		t.Fatal(err)
	}
	small, err := Open(ctx, dsn, e, false, WithCandidatePool(20), WithSetCache(0), WithRankedSets(0))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(small.Close)
	compared := 0
	for _, p := range cat.Platforms() {
		for _, a := range cat.Platform(p)[:40] {
			if ap := store.NewProfile(a); len(a.Tags) == 0 || ap.Thin() {
				continue
			}
			for _, kw := range []store.Keyword{{Text: a.Tags[0], Scope: scope.Tags}, {Text: a.Category, Scope: scope.Tags}} {
				q := store.SimilarQuery{Platform: p, AnchorKey: a.Key(), Keywords: []store.Keyword{kw}, Limit: 10}
				want, err := ref.SimilarTo(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				if want.Total <= 60 {
					continue // the pool holds the whole set
				}
				got, err := small.SimilarTo(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("similar to %s with %q", a.Key(), kw.Text)
				if gk, wk := keys(got.Items), keys(want.Items); !slices.Equal(gk, wk) || got.Total != want.Total {
					t.Errorf("%s: page %v total %d, want the whole set's %v total %d", name, gk, got.Total, wk, want.Total)
				}
				compared++
			}
		}
	}
	if compared < 20 {
		t.Fatalf("compared %d sets larger than the pool: the case compares too little", compared)
	}
}
