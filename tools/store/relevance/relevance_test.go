package relevance

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/catalog/load"
	"searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/store"
	"searchagent/tools/store/memstore"
)

// realDir is /work/shared/data/real seen from this package's directory
// (tools/store/relevance): four levels up is /work.
const realDir = "../../../../shared/data/real"

func hashing(t *testing.T, opts ...embed.HashingOption) *embed.Hashing {
	t.Helper()
	h, err := embed.NewHashing(opts...)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func bySystem(t *testing.T, rep Report) map[string]Similar {
	t.Helper()
	m := map[string]Similar{}
	for _, s := range rep.Similar {
		m[s.System] = s
	}
	if len(m) != 3 {
		t.Fatalf("report has systems %v, want the store and two baselines", rep.Similar)
	}
	return m
}

// TestRealFiles holds the store to issue 32's targets on every published
// list with categories, as `searchagent relevance` measures them (the
// learned model on, the fitted weights): niche match at the list's
// ceiling and at least the best baseline's (a tie within the intervals:
// the ceiling is less than 0.03 above the tag baseline), a median follower
// ratio of at most 1.15, country agreement above both baselines with the
// intervals apart; the names-only TikTok list gets neighbours by audience,
// not hash collisions; and the topic words find their category.
func TestRealFiles(t *testing.T) {
	files := []string{"influencers-instagram-2022-12.csv", "influencers-tiktok-2022-12.csv", "influencers-youtube-2022-12.csv", "top-youtubers-with-links.csv"}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			path := filepath.Join(realDir, f)
			if _, err := os.Stat(path); err != nil {
				t.Skipf("real data not available (%v); it lives in /work/shared/data/real, outside the module", err)
			}
			res, err := load.LoadFiles(context.Background(), []string{path})
			if err != nil {
				t.Fatal(err)
			}
			cat, _, err := load.BuildCatalog(f, res)
			if err != nil {
				t.Fatal(err)
			}
			m, err := cooc.BuildCatalog(context.Background(), cat, true, cooc.Options{})
			if err != nil {
				t.Fatal(err)
			}
			st0, err := memstore.New(context.Background(), cat, hashing(t), memstore.WithLearned(m))
			if err != nil {
				t.Fatal(err)
			}
			rep, err := Run(context.Background(), st0, cat, Options{Resamples: 300})
			if err != nil {
				t.Fatal(err)
			}
			v1, v2 := hashing(t, embed.WithDimensions(256), embed.WithProbes(1), embed.WithSynonyms(false)), hashing(t)
			old, err := MeasureEmbedder(context.Background(), v1, cat, 0, 0, 20, embed.HashingSimilarThreshold)
			if err != nil {
				t.Fatal(err)
			}
			cur, err := MeasureEmbedder(context.Background(), v2, cat, 0, 0, 20, embed.HashingSimilarThreshold)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("name collisions: %s %d/%d, %s %d/%d", old.Model, old.Collisions, old.NamePairs, cur.Model, cur.Collisions, cur.NamePairs)
			if cur.NamePairs < 100_000 || cur.CollisionRate*4 > old.CollisionRate {
				t.Errorf("name collision rate %s %.5f vs %s %.5f over %d pairs: want a quarter or less", cur.Model, cur.CollisionRate, old.Model, old.CollisionRate, cur.NamePairs)
			}
			sys := bySystem(t, rep)
			st, byCat, byTag := sys[SystemStore], sys[SystemCategoryFollowers], sys[SystemTagOverlap]
			t.Logf("%s: store %+v", f, st)
			if st.FollowerRatio > MaxFollowerRatio {
				t.Errorf("median follower ratio %.3f, want ≤ %.2f", st.FollowerRatio, MaxFollowerRatio)
			}
			if strings.Contains(f, "tiktok") {
				// Names only: no category, tags or country to measure; the
				// anchors get neighbours by audience instead of collisions.
				if st.LowRecall > 0.1 {
					t.Errorf("low-recall rate %.3f on the names-only list, want ≤ 0.1", st.LowRecall)
				}
				return
			}
			if best := max(byCat.Niche, byTag.Niche); st.Niche < best || st.Niche < rep.NicheCeiling-0.01 {
				t.Errorf("niche@20 %.4f, want ≥ the best baseline's %.4f and within 0.01 of the ceiling %.4f", st.Niche, best, rep.NicheCeiling)
			}
			for _, b := range []Similar{byCat, byTag} {
				if c := Compare(st, b, MetricCountry); c.Verdict != VerdictStore {
					t.Errorf("country agreement %.3f %s vs %s %.3f %s: %s, want the store's, the intervals apart", st.Country, c.StoreCI, b.System, b.Country, c.OtherCI, c.Verdict)
				}
			}
			for _, tg := range Targets(rep) {
				t.Logf("target %s: %s (want %s, got %s)", tg.Name, tg.Status, tg.Want, tg.Got)
				if tg.Status == TargetMissed {
					t.Errorf("target %s missed: want %s, got %s", tg.Name, tg.Want, tg.Got)
				}
			}
			found := map[string]QueryResult{}
			for _, q := range rep.Queries {
				found[q.Text] = q
			}
			for _, w := range []string{"cooking", "makeup", "化妆", "funny", "esports"} {
				if q := found[w]; q.Hits == 0 || q.OnTopic < 0.5 {
					t.Errorf("keyword %q: %d hits, on-topic@10 %.2f; want hits mostly in %s", w, q.Hits, q.OnTopic, q.Category)
				}
			}
		})
	}
}

// TestDemoCatalog runs the report on a sample of the demo catalog: the
// store ranks niches above the tag baseline and keeps categories pure, and
// every query finds channels.
func TestDemoCatalog(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 20000-channel demo store")
	}
	cat, err := demo.Catalog(demo.WithNow(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)))
	if err != nil {
		t.Fatal(err)
	}
	// No similar cache: the cosine-order run below changes the weights the
	// cached outcomes were scored with.
	s, err := memstore.New(context.Background(), cat, hashing(t), memstore.WithSimilarCache(0))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), s, cat, Options{MaxAnchors: 120})
	if err != nil {
		t.Fatal(err)
	}
	sys := bySystem(t, rep)
	st, byTag := sys[SystemStore], sys[SystemTagOverlap]
	t.Logf("demo: store %+v", st)
	if st.Anchors != 120 || st.Niche < byTag.Niche || st.Category < 0.95 || st.LowRecall > 0.05 {
		t.Errorf("store %+v, tag baseline niche %.3f: want 120 anchors, niche ≥ baseline, category ≥ 0.95, low recall ≤ 0.05", st, byTag.Niche)
	}
	if st.FollowerRatio >= byTag.FollowerRatio {
		t.Errorf("median follower ratio %.2f, want under the tag baseline's %.2f", st.FollowerRatio, byTag.FollowerRatio)
	}
	// No regression against the order before the hybrid score: the same
	// candidates ranked by embedding cosine alone.
	saved := store.DefaultWeights
	t.Cleanup(func() { store.DefaultWeights = saved })
	store.DefaultWeights = store.Weights{Content: 1}
	cosRep, err := Run(context.Background(), s, cat, Options{MaxAnchors: 120, Queries: []Query{}})
	store.DefaultWeights = saved
	if err != nil {
		t.Fatal(err)
	}
	cos := bySystem(t, cosRep)[SystemStore]
	t.Logf("demo: cosine order %+v", cos)
	// Worse means worse with the 95% intervals apart: on 120 anchors a
	// niche of 0.308 against 0.312 is a tie.
	for _, m := range Metrics {
		if c := Compare(st, cos, m); c.Verdict == VerdictBaseline {
			t.Errorf("%s: hybrid %.3f %s, cosine order %.3f %s: want no worse", m, c.Store, c.StoreCI, c.Other, c.OtherCI)
		}
	}
	// Bilingual folding (issue 11 item 6): channels of other languages
	// closest to an anchor are in its category more often with it.
	noSyn, err := MeasureEmbedder(context.Background(), hashing(t, embed.WithSynonyms(false)), cat, 60, 2, 20, embed.HashingSimilarThreshold)
	if err != nil {
		t.Fatal(err)
	}
	syn, err := MeasureEmbedder(context.Background(), hashing(t), cat, 60, 2, 20, embed.HashingSimilarThreshold)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("cross-language precision@20: %.3f without folding, %.3f with", noSyn.CrossLanguage, syn.CrossLanguage)
	if syn.CrossAnchors != 60 || syn.CrossLanguage < noSyn.CrossLanguage {
		t.Errorf("cross-language precision@20 %.3f with folding over %d anchors, %.3f without: want no loss", syn.CrossLanguage, syn.CrossAnchors, noSyn.CrossLanguage)
	}
	for _, k := range rep.Keyword {
		if k.Found != k.Queries || k.OnTopic < 0.9 {
			t.Errorf("keyword %s/%s: %d of %d queries found, on-topic@10 %.2f; want all, ≥ 0.9", k.Platform, k.Lang, k.Found, k.Queries, k.OnTopic)
		}
	}
}

func TestNicheKey(t *testing.T) {
	cases := []struct {
		ch   catalog.Channel
		want string
	}{
		{catalog.Channel{Category: "music", Tags: []string{"Music", "Lifestyle"}}, "lifestyle|music"},
		{catalog.Channel{Category: "music", Tags: []string{"lifestyle", "MUSIC "}}, "lifestyle|music"},
		{catalog.Channel{Category: "tech", Tags: []string{"phones", "laptops", "earbuds", "cameras"}}, "tech|phones"},
		{catalog.Channel{Category: "tech"}, "tech"},
		{catalog.Channel{}, ""},
	}
	for _, tc := range cases {
		if got := NicheKey(&tc.ch); got != tc.want {
			t.Errorf("NicheKey(%+v) = %q, want %q", tc.ch, got, tc.want)
		}
	}
	if !math.IsNaN(float64((&acc{}).done().Niche)) {
		t.Error("a system without anchors has a niche figure")
	}
}
