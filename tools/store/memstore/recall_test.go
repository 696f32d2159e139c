package memstore

import (
	"slices"
	"strings"
	"testing"

	"searchagent/tools/catalog/demo"
	"searchagent/tools/platform"
	"searchagent/tools/store"

	"searchagent/tools/scope"
)

// The tests below run on the default demo catalog (see largeCatalog) and
// check the store against what the demo's showcase promises.

func TestRecallQuality(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 20000-channel demo store")
	}
	s, cat := benchStore(t)
	rep, err := store.MeasureRecall(ctx, s, cat, 300, 20)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %s", cat.Label(), rep)
	if rep.Anchors < 250 {
		t.Fatalf("measured %d anchors, want ≥ 250", rep.Anchors)
	}
	if rep.Precision < 0.9 || rep.Precision < 5*rep.Baseline {
		t.Errorf("precision@20 = %.3f, baseline %.3f: want ≥ 0.9 and ≥ 5× the baseline", rep.Precision, rep.Baseline)
	}
	if rep.InCategory < 0.95 {
		t.Errorf("default similar set in category = %.3f, want ≥ 0.95", rep.InCategory)
	}
	// Ordinary channels are not low recall; only niche ones are.
	if rep.LowRecall*20 > rep.Anchors {
		t.Errorf("%d of %d sampled anchors are low recall at the default min score, want under 5%%", rep.LowRecall, rep.Anchors)
	}
}

// anchorKey turns a showcase URL example into a catalog key.
func anchorKey(t *testing.T, ex demo.Example) string {
	t.Helper()
	url, _, _ := strings.Cut(ex.Input, " ")
	_, handle, ok := strings.Cut(url, "/@")
	if !ok {
		_, handle, ok = strings.Cut(strings.TrimSuffix(url, "/"), ".com/")
	}
	if !ok {
		t.Fatalf("example %s: no handle in %q", ex.Name, ex.Input)
	}
	handle, _, _ = strings.Cut(handle, "/")
	return string(ex.Platform) + "/@/" + strings.ToLower(handle)
}

func TestDemoShowcaseRecall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 20000-channel demo store")
	}
	s, _ := benchStore(t)
	examples := map[string]demo.Example{}
	for _, ex := range demo.Showcase() {
		examples[ex.Name] = ex
	}
	tests := []struct {
		example string
		scope   store.Scope // keyword scope for mixed examples
		low     bool
	}{
		{example: "url-anchor-many", low: false},
		{example: "url-instagram", low: false},
		{example: "url-anchor-few-tractor", low: true},
		{example: "url-anchor-few-swimvest", low: true},
		{example: "url-anchor-keyword-low-recall", scope: scope.All, low: true},
	}
	for _, tc := range tests {
		t.Run(tc.example, func(t *testing.T) {
			ex, ok := examples[tc.example]
			if !ok {
				t.Fatalf("the demo showcase has no example %q (demo.Showcase must cover every seed path)", tc.example)
			}
			q := store.SimilarQuery{Platform: ex.Platform, AnchorKey: anchorKey(t, ex)}
			if _, kw, ok := strings.Cut(ex.Input, " "); ok {
				q.Keywords = []store.Keyword{{Text: kw, Scope: tc.scope}}
			}
			res, err := s.SimilarTo(ctx, q)
			if err != nil {
				t.Fatalf("SimilarTo(%s): %v", q.AnchorKey, err)
			}
			if got := store.LowRecall(res.Total); got != tc.low {
				t.Errorf("SimilarTo(%s, %v): Total %d, low recall %v, want %v", q.AnchorKey, q.Keywords, res.Total, got, tc.low)
			}
			if tc.low && q.Keywords == nil && res.Total == 0 {
				t.Errorf("SimilarTo(%s): no similar channel at all, want its cluster mates", q.AnchorKey)
			}
			if res.Anchor == nil || res.Anchor.Key() != q.AnchorKey && !slices.Contains(res.Anchor.Keys(), q.AnchorKey) {
				t.Errorf("SimilarTo(%s).Anchor = %v", q.AnchorKey, res.Anchor)
			}
			for _, h := range res.Items {
				if h.Channel == res.Anchor {
					t.Errorf("SimilarTo(%s) ranks the anchor among the items", q.AnchorKey)
				}
			}
		})
	}
}

func TestDemoShowcaseKeywordScopes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 20000-channel demo store")
	}
	s, _ := benchStore(t)
	n := 0
	for _, ex := range demo.Showcase() {
		if ex.Kind != "keyword" || !strings.Contains(ex.Name, "-only") {
			continue
		}
		n++
		t.Run(ex.Name, func(t *testing.T) {
			for _, sc := range []store.Scope{scope.Tags, scope.Name, scope.Description, scope.Content, scope.All} {
				got, err := s.Count(ctx, store.CountQuery{Platform: ex.Platform, Keywords: []store.Keyword{{Text: ex.Input, Scope: sc}}})
				if err != nil {
					t.Fatal(err)
				}
				want := sc == store.Scope(ex.Scope) || sc == scope.All
				if (got > 0) != want {
					t.Errorf("Count(%q in %s on %s) = %d, want hits only in %s and all", ex.Input, sc, ex.Platform, got, ex.Scope)
				}
			}
		})
	}
	if n == 0 {
		t.Fatal("the demo showcase has no scope-only keyword examples (demo.Showcase must provide them)")
	}
}

func TestDemoSpecExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 20000-channel demo store")
	}
	s, _ := benchStore(t)
	now := demo.DefaultNow()
	tests := []struct {
		name    string
		q       store.CountQuery
		atLeast int
		exactly int // -1: only atLeast
	}{
		{"natural seed: US auto-parts reviewers 5k-20k active", store.CountQuery{Platform: platform.YouTube,
			Keywords: []store.Keyword{{Text: "汽配评测"}},
			Filters:  store.Filters{Countries: []string{"美国"}, Followers: store.Range{Min: 5000, Max: 20000}, ActiveSince: now.AddDate(0, 0, -30)}}, 14, -1},
		{"mixed seed: Hollyland, US, IG, 1w+, 3000+ views", store.CountQuery{Platform: platform.Instagram,
			Keywords: []store.Keyword{{Text: "Hollyland", Scope: scope.All}, {Text: "麦克风", Scope: scope.All}},
			Filters:  store.Filters{Countries: []string{"US"}, Followers: store.Range{Min: 10_000}, AvgViews: store.Range{Min: 3000}}}, 8, 8},
		{"empty combination: Japanese automotive on Instagram", store.CountQuery{Platform: platform.Instagram,
			Filters: store.Filters{Countries: []string{"JP"}, Categories: []string{"汽车"}}}, 0, 0},
		{"relaxed: Japanese on Instagram", store.CountQuery{Platform: platform.Instagram,
			Filters: store.Filters{Countries: []string{"JP"}}}, 1, -1},
		{"relaxed: automotive on Instagram", store.CountQuery{Platform: platform.Instagram,
			Filters: store.Filters{Categories: []string{"automotive"}}}, 1, -1},
		{"empty range: TikTok beauty under 1k", store.CountQuery{Platform: platform.TikTok,
			Filters: store.Filters{Categories: []string{"beauty"}, Followers: store.Range{Max: 999}}}, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Count(ctx, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if got < tc.atLeast || tc.exactly >= 0 && got != tc.exactly {
				t.Errorf("Count = %d, want ≥ %d (exactly %d unless -1)", got, tc.atLeast, tc.exactly)
			}
		})
	}
}

// BenchmarkRecall reports the similar-recall quality on the demo catalog
// as metrics: precision@20, its random baseline, the lift, the mean size
// of the default similar set and the share of low-recall anchors.
func BenchmarkRecall(b *testing.B) {
	s, cat := benchStore(b)
	var rep store.RecallReport
	for b.Loop() {
		var err error
		if rep, err = store.MeasureRecall(ctx, s, cat, 300, 20); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(rep.Precision, "precision@20")
	b.ReportMetric(rep.Baseline, "baseline")
	b.ReportMetric(rep.Lift(), "lift")
	b.ReportMetric(rep.MeanTotal, "similar-set")
	b.ReportMetric(float64(rep.LowRecall)/float64(max(rep.Anchors, 1)), "low-recall-share")
}
