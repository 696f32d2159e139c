// Package storetest is the contract test suite every store.Store
// implementation runs (the in-memory store and the PostgreSQL store): the
// same queries over the same catalogs must give the same answers.
//
// Run checks hand-written expectations over a small fixture catalog
// (scopes, phrases, exclusion, filters, platform isolation, the pinned
// anchor, errors) and then compares the store under test, query by query,
// with the exact in-memory store over the fixture and over a generated
// demo catalog: items in order, totals, next offsets and scores.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"searchagent/tools/scope"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/platform"
	"searchagent/tools/store"
	"searchagent/tools/store/fixture"
	"searchagent/tools/store/memstore"
)

// Opener builds the store under test over cat, embedding with e. It may
// call t.Skip when its backend is not configured (saying so).
type Opener func(t *testing.T, name string, cat *catalog.Catalog, e embed.Embedder) store.Store

// DemoChannels is how many channels per platform the generated catalog of
// the differential test holds.
const DemoChannels = 400

// LargeChannels is how many YouTube channels the catalog of the
// large-set check holds: enough for similar sets of more than 1,000
// channels (a PostgreSQL store takes a pool of 1,000 from its index).
const LargeChannels = 1100

// ScoreTolerance is how far two stores' scores may differ, relative to
// the score when it is above 1 (float32 vectors, float64 sums in a
// different engine; the hybrid similarity score squares and scales the
// cosine, so its rounding grows with it).
const ScoreTolerance = 1e-5

// Run runs the suite against the stores open builds.
func Run(t *testing.T, open Opener) {
	ctx := context.Background()
	e, err := embed.NewHashing()
	if err != nil {
		t.Fatal(err)
	}
	fix, err := NewCatalog("fixture", fixture.Channels())
	if err != nil {
		t.Fatal(err)
	}
	s := open(t, "fixture", fix, e)
	t.Run("Expectations", func(t *testing.T) { expectations(ctx, t, s) })
	t.Run("SameAsMemoryFixture", func(t *testing.T) { differential(ctx, t, s, fix, e) })
	// Before the next open: a database-backed store may hold one catalog.
	t.Run("RandomFiltersAsMatchFixture", func(t *testing.T) { RandomFilters(ctx, t, s, fix, 1) })
	dcat, err := demo.Catalog(demo.WithCount(platform.YouTube, DemoChannels), demo.WithCount(platform.Instagram, DemoChannels/4),
		demo.WithCount(platform.TikTok, DemoChannels/4), demo.WithCount(platform.X, DemoChannels/4))
	if err != nil {
		t.Fatal(err)
	}
	ds := open(t, "demo", dcat, e)
	t.Run("SameAsMemoryDemo", func(t *testing.T) { differential(ctx, t, ds, dcat, e) })
	t.Run("ExclusionAcrossLanguagesDemo", func(t *testing.T) { exclusionAcrossLanguages(ctx, t, ds, dcat) })
	t.Run("RandomFiltersAsMatchDemo", func(t *testing.T) { RandomFilters(ctx, t, ds, dcat, 2) })
	lcat, err := demo.Catalog(demo.WithCount(platform.YouTube, LargeChannels), demo.WithCount(platform.Instagram, 0),
		demo.WithCount(platform.TikTok, 0), demo.WithCount(platform.X, 0))
	if err != nil {
		t.Fatal(err)
	}
	ls := open(t, "large", lcat, e)
	t.Run("LargeSimilarSets", func(t *testing.T) { largeSets(ctx, t, ls, lcat, e) })
}

// largeSets compares similar sets of more than 1,000 channels with the
// memory store: totals, next offsets and counts always; the items of the
// sorts by followers, views and recency, on the first page and on a page
// beyond the 1,000th channel. (The similarity order of a set beyond a
// store's candidate pool ranks the pool: its items are what the recall
// benchmark measures, not a contract.)
func largeSets(ctx context.Context, t *testing.T, s store.Store, cat *catalog.Catalog, e embed.Embedder) {
	ref, err := memstore.New(ctx, cat, e)
	if err != nil {
		t.Fatal(err)
	}
	chans := cat.Platform(yt)
	filters := []store.Filters{{}, {Followers: store.Range{Min: 1_500}}}
	large := 0
	for i := 0; i < len(chans); i += len(chans) / 4 {
		a := chans[i].Key()
		for _, f := range filters {
			for _, min := range []float64{0, store.NoMinScore} {
				for _, by := range append([]store.Sort{""}, store.Sorts()[1:]...) {
					for _, pg := range [][2]int{{0, 20}, {1000, 30}} {
						q := store.SimilarQuery{Platform: yt, AnchorKey: a, Filters: f, MinScore: min, Sort: by, Offset: pg[0], Limit: pg[1]}
						want, werr := ref.SimilarTo(ctx, q)
						got, gerr := s.SimilarTo(ctx, q)
						name := fmt.Sprintf("SimilarTo(%+v)", q)
						if werr != nil || gerr != nil {
							t.Fatalf("%s: reference error %v, store error %v", name, werr, gerr)
						}
						if want.Total > 1000 {
							large++
						}
						wantTotal, wantNext := similarTotals(t, name, q, want, got)
						if by == "" {
							if got.Total != wantTotal || got.NextOffset != wantNext || len(got.Items) != len(want.Items) {
								t.Errorf("%s: total %d next %d, %d items; want total %d next %d, %d items", name, got.Total, got.NextOffset, len(got.Items), wantTotal, wantNext, len(want.Items))
							}
						} else {
							comparePage(t, name, want.Items, got.Items, wantTotal, got.Total, wantNext, got.NextOffset)
						}
						n, err := s.Count(ctx, store.CountQuery{Platform: yt, AnchorKey: a, Filters: f, MinScore: min})
						if err != nil || n != want.Total {
							t.Errorf("Count(%s) = %d, %v; want %d", name, n, err, want.Total)
						}
					}
				}
			}
		}
	}
	if large == 0 {
		t.Errorf("no query had a similar set above 1,000 channels: the check compared nothing large")
	}
}

// NewCatalog builds a catalog that must have no conflicts.
func NewCatalog(label string, chans []*catalog.Channel) (*catalog.Catalog, error) {
	cat, conflicts, err := catalog.New(label, chans)
	if err != nil {
		return nil, err
	}
	if len(conflicts) > 0 {
		return nil, fmt.Errorf("catalog %s: conflicts %v", label, conflicts)
	}
	return cat, nil
}

const yt = platform.YouTube

func kw(text string, scope store.Scope) store.Keyword { return store.Keyword{Text: text, Scope: scope} }
func not(text string, scope store.Scope) store.Keyword {
	return store.Keyword{Text: text, Scope: scope, Excluded: true}
}

func names(hits []store.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = string(h.Channel.Platform) + "/" + h.Channel.Handle
	}
	return out
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	if s == nil {
		s = []string{}
	}
	return s
}

func expectations(ctx context.Context, t *testing.T, s store.Store) {
	search := []struct {
		name string
		p    platform.Platform
		kws  []store.Keyword
		f    store.Filters
		want []string
	}{
		{"tag word with scope tags", yt, []store.Keyword{kw("tuning", scope.Tags)}, store.Filters{}, []string{"youtube/garagejoe"}},
		{"tag word not in names", yt, []store.Keyword{kw("tuning", scope.Name)}, store.Filters{}, nil},
		{"handle is a name", yt, []store.Keyword{kw("carreviewdaily", scope.Name)}, store.Filters{}, []string{"youtube/carreviewdaily"}},
		{"title word with scope content", yt, []store.Keyword{kw("turbo", scope.Content)}, store.Filters{}, []string{"youtube/garagejoe"}},
		{"chinese inside a longer tag", yt, []store.Keyword{kw("汽配", scope.Tags)}, store.Filters{}, []string{"youtube/garagejoe", "youtube/laowang"}},
		{"chinese chars not adjacent", yt, []store.Keyword{kw("汽配", scope.Description)}, store.Filters{}, nil},
		{"traditional matches simplified category", yt, []store.Keyword{kw("汽車", scope.Tags)}, store.Filters{}, []string{"youtube/carreviewdaily", "youtube/garagejoe", "youtube/laowang"}},
		{"category id is a tag", yt, []store.Keyword{kw("gaming", scope.Tags)}, store.Filters{}, []string{"youtube/progamer", "youtube/youxidashu"}},
		{"phrase in one tag", yt, []store.Keyword{kw("swim vest", scope.Tags)}, store.Filters{}, []string{"youtube/swimsafekids"}},
		{"phrase words in two tags do not match", yt, []store.Keyword{kw("vest swim", scope.Tags)}, store.Filters{}, nil},
		{"phrase case and plural folded", yt, []store.Keyword{kw("Swim Vests", scope.Tags)}, store.Filters{}, []string{"youtube/swimsafekids"}},
		{"unknown word", yt, []store.Keyword{kw("zzzz", scope.All)}, store.Filters{}, nil},
		{"wildcards are literal", yt, []store.Keyword{kw("car%", scope.All), kw("swim_vest", scope.All)}, store.Filters{}, nil},
		{"excluded tag removes only its tag matches", yt, []store.Keyword{kw("car", scope.Tags), not("review", scope.Tags)}, store.Filters{}, []string{"youtube/garagejoe"}},
		{"excluded in all scopes", yt, []store.Keyword{kw("car", scope.Tags), not("review", scope.All)}, store.Filters{}, nil},
		{"same word positive in content, excluded in tags", yt, []store.Keyword{kw("review", scope.Content), not("review", scope.Tags)}, store.Filters{}, []string{"youtube/garagejoe", "youtube/glowup"}},
		{"platform isolation", platform.Instagram, []store.Keyword{kw("car", scope.Tags)}, store.Filters{}, []string{"instagram/carfan", "instagram/garagejoe"}},
		{"country filter", yt, nil, store.Filters{Countries: []string{"美国"}, Followers: store.Range{Min: 500_000}}, []string{"youtube/garagejoe", "youtube/glowup", "youtube/progamer", "youtube/techguy"}},
		{"excluded category, unknown passes", yt, nil, store.Filters{ExcludeCategories: []string{"Gaming", "automotive", "beauty", "tech"}}, []string{"youtube/beewhisperer", "youtube/swimsafekids", "youtube/vestyle"}},
		{"active since drops unknown", yt, nil, store.Filters{ActiveSince: fixture.Day(11, 10)}, []string{"youtube/carreviewdaily", "youtube/glowup", "youtube/progamer"}},
		{"english topic meets chinese tags", yt, []store.Keyword{kw("makeup", scope.Tags)}, store.Filters{}, []string{"youtube/glowup", "youtube/xiaomei"}},
		{"chinese subtopic in a sentence meets an english tag", yt, []store.Keyword{kw("手机", scope.All)}, store.Filters{}, []string{"youtube/techguy"}},
		{"excluded chinese subtopic keeps out the english tag", yt, []store.Keyword{kw("gadgets", scope.Tags), not("手机", scope.All)}, store.Filters{}, nil},
		{"exact keyword does not widen", yt, []store.Keyword{{Text: "makeup", Scope: scope.Tags, Exact: true}}, store.Filters{}, []string{"youtube/glowup"}},
	}
	for _, tc := range search {
		t.Run("Search/"+tc.name, func(t *testing.T) {
			page, err := s.Search(ctx, store.SearchQuery{Platform: tc.p, Keywords: tc.kws, Filters: tc.f, Limit: store.MaxLimit})
			if err != nil {
				t.Fatalf("Search: %v", err)
			}
			if page.Total != len(page.Items) {
				t.Errorf("Search Total %d, %d items on the only page", page.Total, len(page.Items))
			}
			if diff := cmp.Diff(sorted(tc.want), sorted(names(page.Items))); diff != "" {
				t.Errorf("Search(%+v, %+v) mismatch (-want +got):\n%s", tc.kws, tc.f, diff)
			}
		})
	}

	t.Run("Search/soft keyword ranks, never filters", func(t *testing.T) {
		f := store.Filters{Categories: []string{"automotive"}}
		plain, err := s.Search(ctx, store.SearchQuery{Platform: yt, Filters: f, Limit: store.MaxLimit})
		if err != nil {
			t.Fatalf("Search: %v", err)
		}
		soft := store.Keyword{Text: "汽配", Scope: scope.Tags, Soft: true}
		page, err := s.Search(ctx, store.SearchQuery{Platform: yt, Keywords: []store.Keyword{soft}, Filters: f, Limit: store.MaxLimit})
		if err != nil {
			t.Fatalf("Search: %v", err)
		}
		if diff := cmp.Diff(sorted(names(plain.Items)), sorted(names(page.Items))); diff != "" || page.Total != plain.Total {
			t.Errorf("a soft keyword changed the set (total %d, want %d) (-want +got):\n%s", page.Total, plain.Total, diff)
		}
		if got := sorted(names(page.Items[:2])); !cmp.Equal(got, []string{"youtube/garagejoe", "youtube/laowang"}) || page.Items[1].Score <= 0 {
			t.Errorf("first two %v (scores %v, %v), want the channels tagged 汽配 ranked first", got, page.Items[0].Score, page.Items[1].Score)
		}
		phrase, err := s.Search(ctx, store.SearchQuery{Platform: yt, Keywords: []store.Keyword{{Text: "swim vest", Scope: scope.Tags, Soft: true}}, Limit: store.MaxLimit})
		if err != nil {
			t.Fatalf("Search: %v", err)
		}
		for _, h := range phrase.Items {
			// vestyle is tagged "vest" and "swim" apart: not the phrase.
			if want := h.Channel.Handle == "swimsafekids"; (h.Score > 0) != want {
				t.Errorf("soft \"swim vest\": %s scores %v; only the channel with the phrase may score", h.Channel.Handle, h.Score)
			}
		}
		if _, err := s.Search(ctx, store.SearchQuery{Platform: yt, Keywords: []store.Keyword{{Text: "汽配", Soft: true, Excluded: true}}}); !errors.Is(err, store.ErrBadQuery) {
			t.Errorf("a soft excluded keyword: err %v, want ErrBadQuery", err)
		}
	})

	t.Run("Search/an alias ranks after the own word and says so", func(t *testing.T) {
		q := store.SearchQuery{Platform: yt, Keywords: []store.Keyword{kw("makeup", scope.Tags)}, Limit: store.MaxLimit}
		page, err := s.Search(ctx, q)
		if err != nil {
			t.Fatalf("Search: %v", err)
		}
		if got := names(page.Items); !cmp.Equal(got, []string{"youtube/glowup", "youtube/xiaomei"}) || page.Items[1].Score <= 0 || page.Items[1].Score >= page.Items[0].Score {
			t.Fatalf("makeup in tags = %v, want glowup (tagged makeup) then xiaomei (tagged 美妆) with a lower, positive score", got)
		}
		if len(page.Expansions) != 1 || page.Expansions[0].Keyword != "makeup" || !slices.Contains(page.Expansions[0].Also, "美妆") {
			t.Errorf("Expansions = %+v, want makeup also matching 美妆", page.Expansions)
		}
		if rs := store.AliasReasons(page.Items[1].Channel, page.Expansions); len(rs) != 1 || rs[0].Code != store.ReasonAlias {
			t.Errorf("xiaomei's alias reasons = %+v, want one %s", rs, store.ReasonAlias)
		}
		if rs := store.AliasReasons(page.Items[0].Channel, page.Expansions); len(rs) != 0 {
			t.Errorf("glowup (its own word) has alias reasons %+v", rs)
		}
		n, err := s.Count(ctx, store.CountQuery{Platform: yt, Keywords: q.Keywords})
		if err != nil || n != 2 {
			t.Errorf("Count(makeup in tags) = %d, %v; want 2", n, err)
		}
		soft, err := s.Search(ctx, store.SearchQuery{Platform: yt, Keywords: []store.Keyword{{Text: "手机", Scope: scope.All, Soft: true}}, Filters: store.Filters{Categories: []string{"tech", "gaming"}}, Limit: store.MaxLimit})
		if err != nil {
			t.Fatalf("Search: %v", err)
		}
		if soft.Total != 3 || len(soft.Items) == 0 || soft.Items[0].Channel.Handle != "techguy" || soft.Items[0].Score <= 0 {
			t.Errorf("soft 手机 over tech and gaming = %v (total %d), want all 3 with techguy (tagged smartphone) first", names(soft.Items), soft.Total)
		}
	})

	const anchor = "youtube/@/garagejoe"
	res, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: anchor, Keywords: []store.Keyword{kw("汽配评测", scope.Tags)}, MinScore: store.NoMinScore})
	if err != nil {
		t.Fatalf("SimilarTo: %v", err)
	}
	if res.Anchor == nil || res.Anchor.Key() != anchor {
		t.Errorf("SimilarTo anchor = %v, want %s pinned", res.Anchor, anchor)
	}
	if diff := cmp.Diff([]string{"youtube/laowang"}, names(res.Items)); diff != "" {
		t.Errorf("SimilarTo(keyword the anchor fails) mismatch (-want +got):\n%s", diff)
	}
	all, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: anchor, MinScore: store.NoMinScore, Limit: store.MaxLimit})
	if err != nil {
		t.Fatalf("SimilarTo: %v", err)
	}
	if all.Total != 10 || slices.Contains(names(all.Items), "youtube/garagejoe") {
		t.Errorf("SimilarTo(no min) = %d items %v, want the 10 other YouTube channels, never the anchor", all.Total, names(all.Items))
	}
	if len(all.Items) > 0 && all.Items[0].Channel.Category != "automotive" {
		t.Errorf("SimilarTo top = %s, want an automotive channel", all.Items[0].Channel.Handle)
	}
	niche, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/beewhisperer"})
	if err != nil {
		t.Fatal(err)
	}
	if niche.Total != 0 || !store.LowRecall(niche.Total) || niche.MinScore != s.Describe().MinScore {
		t.Errorf("niche anchor: Total %d, min score %v; want 0 (low recall) at the store default %v", niche.Total, niche.MinScore, s.Describe().MinScore)
	}

	errs := []struct {
		name string
		run  func() error
		want error
	}{
		{"unknown anchor", func() error {
			_, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/nobody"})
			return err
		}, store.ErrNotFound},
		{"anchor on another platform", func() error {
			_, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: "instagram/@/garagejoe"})
			return err
		}, store.ErrPlatformMismatch},
		{"count with an unknown anchor", func() error {
			_, err := s.Count(ctx, store.CountQuery{Platform: yt, AnchorKey: "youtube/@/nobody"})
			return err
		}, store.ErrNotFound},
		{"bad sort", func() error {
			_, err := s.Search(ctx, store.SearchQuery{Platform: yt, Sort: store.SortSimilarity})
			return err
		}, store.ErrBadQuery},
		{"unknown key", func() error {
			_, err := s.ChannelByKey(ctx, "youtube/@/nobody")
			return err
		}, store.ErrNotFound},
		{"unknown content", func() error {
			_, err := s.ChannelByContent(ctx, yt, "nope")
			return err
		}, store.ErrNotFound},
	}
	for _, tc := range errs {
		if err := tc.run(); !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
	}
	if ch, err := s.ChannelByContent(ctx, yt, "vid-garage-1"); err != nil || ch.Handle != "garagejoe" {
		t.Errorf("ChannelByContent(vid-garage-1) = %v, %v; want garagejoe", ch, err)
	}
	if info := s.Describe(); info.Channels != 15 || info.PerPlatform[yt] != 11 || info.Model == "" || info.Dimensions < 1 {
		t.Errorf("Describe() = %+v, want 15 channels, 11 on YouTube, the model named", info)
	}
}

// differential compares s with the exact in-memory store over cat.
func differential(ctx context.Context, t *testing.T, s store.Store, cat *catalog.Catalog, e embed.Embedder) {
	ref, err := memstore.New(ctx, cat, e)
	if err != nil {
		t.Fatal(err)
	}
	// Keywords: the most common tags, a phrase, a Chinese word, excluded
	// ones, and every scope.
	var kwSets [][]store.Keyword
	kwSets = append(kwSets, nil)
	words := commonTags(cat, yt, 4)
	for i, w := range words {
		sc := scope.List()[i%len(scope.List())]
		kwSets = append(kwSets, []store.Keyword{kw(w, sc)}, []store.Keyword{kw(w, scope.All), not(words[(i+1)%len(words)], scope.Tags)})
	}
	kwSets = append(kwSets, []store.Keyword{kw("汽配", scope.All)}, []store.Keyword{kw("review", scope.All), kw("car", scope.Tags)})
	// Keywords that widen through the bilingual topic table
	// (store.Aliases), positive, excluded and soft, and soft keywords
	// without aliases (a phrase whose terms some rows have apart).
	aliasSets := [][]store.Keyword{
		{kw("耳机", scope.Tags)},
		{kw("headphones", scope.All)},
		{kw("汽车", scope.Tags)},
		{kw("美妆", scope.Tags), kw("review", scope.All)},
		{kw(words[0], scope.All), not("烘焙", scope.All)},
		{not("手机", scope.All), not("makeup", scope.Tags)},
		{{Text: "耳机", Scope: scope.All, Soft: true}},
		{kw(words[1], scope.Tags), {Text: "汽车", Scope: scope.Tags, Soft: true}, {Text: "auto parts", Scope: scope.All, Soft: true}},
		{{Text: "car review", Scope: scope.All, Soft: true}, {Text: "swim vest", Scope: scope.Tags, Soft: true}},
	}
	widened := 0
	for _, kws := range aliasSets {
		if slices.ContainsFunc(kws, func(k store.Keyword) bool { return len(store.Aliases(k)) > 0 }) {
			widened++
		}
	}
	if widened < 6 {
		t.Fatalf("only %d of the alias keyword sets widen: the table changed under the test", widened)
	}
	kwSets = append(kwSets, aliasSets...)
	filters := []store.Filters{{}, {Countries: []string{"US"}}, {Followers: store.Range{Min: 10_000, Max: 2_000_000}, ExcludeCategories: []string{"gaming"}}}
	sorts := append([]store.Sort{""}, store.Sorts()[1:]...)
	pages := [][2]int{{0, 20}, {5, 7}}
	for _, kws := range kwSets {
		for _, f := range filters {
			for _, by := range sorts {
				for pi, pg := range pages {
					if pi > 0 && by != "" {
						continue // deep pages once per query, in the default order
					}
					q := store.SearchQuery{Platform: yt, Keywords: kws, Filters: f, Sort: by, Offset: pg[0], Limit: pg[1]}
					want, werr := ref.Search(ctx, q)
					got, gerr := s.Search(ctx, q)
					name := fmt.Sprintf("Search(%+v)", q)
					if werr != nil || gerr != nil {
						t.Fatalf("%s: reference error %v, store error %v", name, werr, gerr)
					}
					comparePage(t, name, want.Items, got.Items, want.Total, got.Total, want.NextOffset, got.NextOffset)
					n, err := s.Count(ctx, store.CountQuery{Platform: yt, Keywords: kws, Filters: f})
					if err != nil || n != want.Total {
						t.Errorf("Count(%+v, %+v) = %d, %v; want %d", kws, f, n, err, want.Total)
					}
				}
			}
		}
	}
	chans := cat.Platform(yt)
	for i := 0; i < len(chans); i += max(1, len(chans)/6) {
		a := chans[i].Key()
		for _, kws := range append(kwSets[:3:3], aliasSets[:2]...) {
			for _, f := range filters {
				for _, min := range []float64{0, store.NoMinScore} {
					// Similarity order always, one other sort per anchor.
					for _, by := range []store.Sort{"", []store.Sort{store.SortFollowers, store.SortRecent, store.SortAvgViews, store.SortEngagement}[i%4]} {
						q := store.SimilarQuery{Platform: yt, AnchorKey: a, Keywords: kws, Filters: f, MinScore: min, Sort: by, Limit: 20}
						want, werr := ref.SimilarTo(ctx, q)
						got, gerr := s.SimilarTo(ctx, q)
						name := fmt.Sprintf("SimilarTo(%+v)", q)
						if werr != nil || gerr != nil {
							t.Fatalf("%s: reference error %v, store error %v", name, werr, gerr)
						}
						if got.Anchor == nil || got.Anchor.Key() != a || got.MinScore != want.MinScore {
							t.Errorf("%s: anchor %v, min score %v; want %s pinned, %v", name, got.Anchor, got.MinScore, a, want.MinScore)
						}
						wantTotal, wantNext := similarTotals(t, name, q, want, got)
						comparePage(t, name, want.Items, got.Items, wantTotal, got.Total, wantNext, got.NextOffset)
						n, err := s.Count(ctx, store.CountQuery{Platform: yt, AnchorKey: a, Keywords: kws, Filters: f, MinScore: min})
						if err != nil || n != want.Total {
							t.Errorf("Count(%s) = %d, %v; want %d", name, n, err, want.Total)
						}
					}
				}
			}
		}
	}
}

// similarTotals is the total and next offset a store's similar result
// must have: the memory store's, or with TotalAtLeast (a store that does
// not count a set past its candidate pool) its own total, which must be
// at least the page's end and at most the memory store's exact total,
// and a next page while the page is full. The memory store always counts.
func similarTotals(t *testing.T, name string, q store.SimilarQuery, want, got store.SimilarResult) (total, next int) {
	t.Helper()
	if want.TotalAtLeast {
		t.Errorf("%s: the memory store reported a lower bound (%d+); it counts every set", name, want.Total)
	}
	if !got.TotalAtLeast {
		return want.Total, want.NextOffset
	}
	if got.Total > want.Total || got.Total < q.Offset+len(got.Items) {
		t.Errorf("%s: total %d+ is no lower bound of the set (%d channels, page ends at %d)", name, got.Total, want.Total, q.Offset+len(got.Items))
	}
	next = -1
	if len(got.Items) == q.Limit {
		next = q.Offset + q.Limit
	}
	return got.Total, next
}

func comparePage(t *testing.T, name string, want, got []store.Hit, wantTotal, gotTotal, wantNext, gotNext int) {
	t.Helper()
	if wantTotal != gotTotal || wantNext != gotNext {
		t.Errorf("%s: total %d next %d, want total %d next %d", name, gotTotal, gotNext, wantTotal, wantNext)
	}
	if diff := cmp.Diff(names(want), names(got)); diff != "" {
		t.Errorf("%s: items mismatch (-memory +store):\n%s", name, diff)
		return
	}
	for i := range want {
		if math.Abs(want[i].Score-got[i].Score) > ScoreTolerance*max(1, math.Abs(want[i].Score)) {
			t.Errorf("%s: item %d %s score %v, want %v", name, i, names(got[i : i+1])[0], got[i].Score, want[i].Score)
		}
		if diff := cmp.Diff(want[i].Channel, got[i].Channel); diff != "" {
			t.Errorf("%s: item %d channel differs (-memory +store):\n%s", name, i, diff)
		}
	}
}

// commonTags returns the n most common single tags on p (ties by text).
func commonTags(cat *catalog.Catalog, p platform.Platform, n int) []string {
	count := map[string]int{}
	for _, ch := range cat.Platform(p) {
		for _, tag := range ch.Tags {
			count[tag]++
		}
	}
	tags := make([]string, 0, len(count))
	for tag := range count {
		tags = append(tags, tag)
	}
	slices.SortFunc(tags, func(a, b string) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		if a < b {
			return -1
		}
		return 1
	})
	return tags[:min(n, len(tags))]
}

// exclusionAcrossLanguages holds issue 26 item 4 in a store: an excluded
// keyword said in one language removes the channels tagged with the other
// language's word for it ("烘焙" keeps out channels tagged "baking", and
// "baking" those tagged "烘焙"), on every page, and Count agrees.
func exclusionAcrossLanguages(ctx context.Context, t *testing.T, s store.Store, cat *catalog.Catalog) {
	pairs := [][2]string{{"烘焙", "baking"}, {"baking", "烘焙"}, {"耳机", "headphones"}, {"headphones", "耳机"}}
	checked := 0
	for _, p := range platform.All() {
		for _, pair := range pairs {
			said, other := pair[0], pair[1]
			if !slices.ContainsFunc(store.Aliases(not(said, scope.All)), func(a string) bool { return strings.EqualFold(a, other) }) {
				t.Fatalf("%q is no alias of %q in the topic table: the test pair is stale", other, said)
			}
			tagged := 0
			for _, c := range cat.Platform(p) {
				if slices.ContainsFunc(c.Tags, func(tg string) bool { return strings.EqualFold(tg, other) }) {
					tagged++
				}
			}
			if tagged == 0 {
				continue
			}
			checked++
			q := store.SearchQuery{Platform: p, Keywords: []store.Keyword{not(said, scope.All)}, Limit: store.MaxLimit}
			seen := 0
			for {
				page, err := s.Search(ctx, q)
				if err != nil {
					t.Fatalf("Search(%+v): %v", q, err)
				}
				for _, h := range page.Items {
					if slices.ContainsFunc(h.Channel.Tags, func(tg string) bool { return strings.EqualFold(tg, other) || strings.EqualFold(tg, said) }) {
						t.Errorf("%s: excluding %q keeps %s tagged %v", p, said, h.Channel.Key(), h.Channel.Tags)
					}
				}
				seen += len(page.Items)
				if page.NextOffset < 0 || len(page.Items) == 0 {
					if seen != page.Total {
						t.Errorf("%s: excluding %q listed %d of total %d", p, said, seen, page.Total)
					}
					n, err := s.Count(ctx, store.CountQuery{Platform: p, Keywords: q.Keywords})
					if err != nil || n != page.Total {
						t.Errorf("%s: Count excluding %q = %d, %v; Search total %d", p, said, n, err, page.Total)
					}
					if page.Total > len(cat.Platform(p))-tagged {
						t.Errorf("%s: excluding %q leaves %d of %d channels, %d are tagged %q", p, said, page.Total, len(cat.Platform(p)), tagged, other)
					}
					break
				}
				q.Offset = page.NextOffset
			}
		}
	}
	if checked < 2 {
		t.Fatalf("the catalog has channels tagged with only %d of the pairs %v: the test shows nothing", checked, pairs)
	}
}
