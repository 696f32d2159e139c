package pgstore_test

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/scope"
	"searchagent/tools/store"
	"searchagent/tools/store/memstore"
	"searchagent/tools/store/pgstore"
	"searchagent/tools/store/storetest"
)

// TestLearnedModel holds the learned similarity in PostgreSQL (issue 32):
// off until ingest saves a model; saved, it is in learned_models, Describe
// names it (also after a fresh Open, which loads it), and anchor search
// scores the learned-space cosine as the memory store does (a hit close
// in the learned space says so); a re-ingest without it turns it off.
func TestLearnedModel(t *testing.T) {
	ctx := context.Background()
	cat, h, s := loadDemo(t, 800)
	if st := s.Describe().Learned.State; st != pgstore.LearnedOff {
		t.Fatalf("before SaveLearned: %q", st)
	}
	if !strings.Contains(s.Settings(), "learned=off") {
		t.Errorf("Settings() = %q", s.Settings())
	}
	m, err := cooc.Build(ctx, cat.All(), cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveLearned(ctx, m); err != nil {
		t.Fatal(err)
	}
	if got := s.Describe().Learned; got.State != "on" || got.Model != m.Name() || got.Terms != m.Stats().Terms {
		t.Fatalf("after SaveLearned: %+v, want %s", got, m.Name())
	}
	again, err := pgstore.Open(ctx, pgdbtest.VectorDSN(t), h, false)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if got := again.Describe().Learned.Model; got != m.Name() {
		t.Fatalf("a fresh Open loads %q, want %q", got, m.Name())
	}

	anchor := cat.Platform(cat.Platforms()[0])[3]
	res, err := again.SimilarTo(ctx, store.SimilarQuery{Platform: anchor.Platform, AnchorKey: anchor.Key(), Limit: 20})
	if err != nil {
		t.Fatal(err)
	}
	av, _ := m.ChannelVector(anchor, nil)
	close := 0
	for _, hit := range res.Items {
		hv, _ := m.ChannelVector(hit.Channel, nil)
		want := float64(embed.Dot(av, hv)) >= store.LearnedReasonMin
		got := slices.ContainsFunc(hit.Reasons, func(r store.Reason) bool { return r.Code == store.ReasonLearned })
		if got != want {
			t.Errorf("%s: learned reason %v, want %v (cosine %.3f)", hit.Channel.Key(), got, want, embed.Dot(av, hv))
		}
		if got {
			close++
		}
	}
	if len(res.Items) == 0 || close == 0 {
		t.Errorf("%d hits, %d close in the learned space: want some", len(res.Items), close)
	}

	if err := again.Finish(ctx, cat.Label()); err != nil {
		t.Fatal(err)
	}
	if st := again.Describe().Learned.State; st != pgstore.LearnedOff {
		t.Errorf("a re-ingest without a model leaves %q, want off", st)
	}
}

// TestLearnedExpansionAsMemory holds issue 32's keyword expansion in
// PostgreSQL: a keyword whose own words and aliases find no channel of
// the platform is widened with the labels nearest to it in the learned
// model, exactly as the memory store widens it — the same results in the
// same order with the same scores, totals, counts, listed expansions and
// reasons, for tag and all scopes, positive and soft, with and without a
// filter, and under an anchor.
func TestLearnedExpansionAsMemory(t *testing.T) {
	ctx := context.Background()
	cat, h, s := loadDemo(t, 800)
	m, err := cooc.Build(ctx, cat.All(), cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveLearned(ctx, m); err != nil {
		t.Fatal(err)
	}
	ref, err := memstore.New(ctx, cat, h, memstore.WithLearned(m))
	if err != nil {
		t.Fatal(err)
	}
	// Everyday words (zh and en) the demo catalog may or may not carry, a
	// word it surely carries (no expansion) and nonsense (nothing near).
	words := []string{"cricket", "tennis", "guitar", "piano", "recipe", "vegan", "horror", "thrift", "网球", "吉他", "钢琴", "说唱", "basketball", "football", "makeup", "zzqqxx"}
	expanded := 0
	for _, p := range cat.Platforms() {
		for _, w := range words {
			sets := [][]store.Keyword{
				{{Text: w, Scope: scope.Tags}},
				{{Text: " " + w + " ", Scope: scope.All}},
				{{Text: w, Scope: scope.All, Soft: true}},
				{{Text: w, Scope: scope.Tags, Exact: true}},
				{{Text: w, Scope: scope.Tags, Excluded: true}},
			}
			for _, kws := range sets {
				for _, f := range []store.Filters{{}, {Countries: []string{"US"}}} {
					name := fmt.Sprintf("%s %+v %+v", p, kws, f)
					q := store.SearchQuery{Platform: p, Keywords: kws, Filters: f, Limit: 30}
					want, err := ref.Search(ctx, q)
					if err != nil {
						t.Fatal(err)
					}
					got, err := s.Search(ctx, q)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if slices.ContainsFunc(want.Expansions, store.Expansion.Learned) {
						expanded++
					}
					samePage(t, name, want, got)
					n, err := s.Count(ctx, store.CountQuery{Platform: p, Keywords: kws, Filters: f})
					if err != nil || n != want.Total {
						t.Errorf("%s: Count = %d, %v; want %d", name, n, err, want.Total)
					}
				}
			}
		}
		// Under an anchor the expansion narrows the similar set as a
		// keyword does.
		anchor := cat.Platform(p)[0]
		for _, w := range words[:8] {
			q := store.SimilarQuery{Platform: p, AnchorKey: anchor.Key(), Keywords: []store.Keyword{{Text: w, Scope: scope.Tags}}, Limit: 20}
			want, err := ref.SimilarTo(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.SimilarTo(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if got.Total != want.Total || !reflect.DeepEqual(got.Expansions, want.Expansions) {
				t.Errorf("similar to %s with %q: total %d expansions %+v, want %d %+v", anchor.Key(), w, got.Total, got.Expansions, want.Total, want.Expansions)
			}
		}
	}
	if expanded < 10 {
		t.Errorf("only %d searches were widened by the learned model: the words no longer test the expansion", expanded)
	}
	t.Logf("%d searches widened by the learned model", expanded)
}

// samePage fails when two stores' pages differ: keys in order, scores
// (within storetest.ScoreTolerance), totals, expansions and reason codes.
func samePage(t *testing.T, name string, want, got store.Page) {
	t.Helper()
	if got.Total != want.Total || len(got.Items) != len(want.Items) {
		t.Errorf("%s: total %d, %d items; want %d, %d", name, got.Total, len(got.Items), want.Total, len(want.Items))
		return
	}
	if !reflect.DeepEqual(got.Expansions, want.Expansions) {
		t.Errorf("%s: expansions %+v, want %+v", name, got.Expansions, want.Expansions)
	}
	for i := range want.Items {
		w, g := want.Items[i], got.Items[i]
		if w.Channel.Key() != g.Channel.Key() {
			t.Errorf("%s: item %d is %s, want %s", name, i, g.Channel.Key(), w.Channel.Key())
			return
		}
		if d := math.Abs(w.Score - g.Score); d > storetest.ScoreTolerance*math.Max(1, math.Abs(w.Score)) {
			t.Errorf("%s: %s score %g, want %g", name, w.Channel.Key(), g.Score, w.Score)
		}
		if !reflect.DeepEqual(codes(g.Reasons), codes(w.Reasons)) {
			t.Errorf("%s: %s reasons %v, want %v", name, w.Channel.Key(), codes(g.Reasons), codes(w.Reasons))
		}
	}
}

func codes(rs []store.Reason) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Code
	}
	return out
}
