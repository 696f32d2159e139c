package memstore

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/catalog"
	"searchagent/tools/embed"
	"searchagent/tools/platform"
	"searchagent/tools/store"
	"searchagent/tools/store/fixture"

	"searchagent/tools/scope"
)

var ctx = context.Background()

const yt = platform.YouTube

func kw(text string, scope store.Scope) store.Keyword { return store.Keyword{Text: text, Scope: scope} }
func not(text string, scope store.Scope) store.Keyword {
	return store.Keyword{Text: text, Scope: scope, Excluded: true}
}

// searchAll runs q with the largest page and returns the hit names.
func searchAll(t *testing.T, s *Store, q store.SearchQuery) []string {
	t.Helper()
	q.Limit = store.MaxLimit
	page, err := s.Search(ctx, q)
	if err != nil {
		t.Fatalf("Search(%+v): %v", q, err)
	}
	if page.Total != len(page.Items) {
		t.Fatalf("Search(%+v): Total %d, %d items on the only page", q, page.Total, len(page.Items))
	}
	return names(page.Items)
}

func TestSearchScopes(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	tests := []struct {
		name string
		kw   store.Keyword
		want []string
	}{
		{"tag word with scope tags", kw("tuning", scope.Tags), []string{"youtube/garagejoe"}},
		{"tag word not in names", kw("tuning", scope.Name), nil},
		{"tag word also in description", kw("tuning", scope.Description), []string{"youtube/garagejoe"}},
		{"tag word not in content", kw("tuning", scope.Content), nil},
		{"default scope is tags", kw("tuning", ""), []string{"youtube/garagejoe"}},
		{"name word with scope name", kw("Joe", scope.Name), []string{"youtube/garagejoe"}},
		{"name word not in tags", kw("Joe", scope.Tags), nil},
		{"handle is a name", kw("carreviewdaily", scope.Name), []string{"youtube/carreviewdaily"}},
		{"title word with scope content", kw("turbo", scope.Content), []string{"youtube/garagejoe"}},
		{"title word not in description", kw("turbo", scope.Description), nil},
		{"title word with scope all", kw("turbo", scope.All), []string{"youtube/garagejoe"}},
		{"chinese inside a longer tag", kw("汽配", scope.Tags), []string{"youtube/garagejoe", "youtube/laowang"}},
		{"chinese inside a name", kw("汽配", scope.Name), []string{"youtube/laowang"}},
		{"chinese chars not adjacent", kw("汽配", scope.Description), nil},
		{"chinese second half of a tag", kw("评测", scope.Tags), []string{"youtube/laowang"}},
		{"chinese in titles", kw("评测", scope.Content), []string{"youtube/laowang"}},
		{"traditional matches simplified category", kw("汽車", scope.Tags), []string{"youtube/carreviewdaily", "youtube/garagejoe", "youtube/laowang"}},
		{"category id is a tag", kw("gaming", scope.Tags), []string{"youtube/progamer", "youtube/youxidashu"}},
		{"phrase in one tag", kw("swim vest", scope.Tags), []string{"youtube/swimsafekids"}},
		{"phrase words in two tags do not match", kw("vest swim", scope.Tags), nil},
		{"phrase in description with plural", kw("swim vest", scope.Description), []string{"youtube/swimsafekids"}},
		{"phrase case and plural folded", kw("Swim Vests", scope.Tags), []string{"youtube/swimsafekids"}},
		{"phrase with all", kw("makeup tutorial", scope.All), []string{"youtube/glowup"}},
		{"word in two tags", kw("review", scope.Tags), []string{"youtube/carreviewdaily", "youtube/techguy"}},
		{"word in titles", kw("review", scope.Content), []string{"youtube/garagejoe", "youtube/glowup", "youtube/techguy"}},
		{"unknown word", kw("zzzz", scope.All), nil},
		{"scope case-insensitive", kw("tuning", "TAGS"), []string{"youtube/garagejoe"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := searchAll(t, s, store.SearchQuery{Platform: yt, Keywords: []store.Keyword{tc.kw}})
			if diff := cmp.Diff(sorted(tc.want), sorted(got)); diff != "" {
				t.Errorf("Search(%q in %q) mismatch (-want +got):\n%s", tc.kw.Text, tc.kw.Scope, diff)
			}
		})
	}
}

func TestSearchExclusion(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	allYT := []string{"youtube/beewhisperer", "youtube/carreviewdaily", "youtube/garagejoe", "youtube/glowup", "youtube/laowang",
		"youtube/progamer", "youtube/swimsafekids", "youtube/techguy", "youtube/vestyle", "youtube/xiaomei", "youtube/youxidashu"}
	without := func(drop ...string) []string {
		return slices.DeleteFunc(slices.Clone(allYT), func(n string) bool { return slices.Contains(drop, n) })
	}
	tests := []struct {
		name string
		kws  []store.Keyword
		want []string
	}{
		{"positive only", []store.Keyword{kw("car", scope.Tags)}, []string{"youtube/carreviewdaily", "youtube/garagejoe"}},
		{"excluded tag removes only its tag matches", []store.Keyword{kw("car", scope.Tags), not("review", scope.Tags)}, []string{"youtube/garagejoe"}},
		{"excluded in all scopes", []store.Keyword{kw("car", scope.Tags), not("review", scope.All)}, nil},
		{"two positive and one excluded", []store.Keyword{kw("car", scope.Tags), kw("brake pads", scope.Content), not("test drive", scope.Tags)}, []string{"youtube/garagejoe"}},
		{"two positive are AND", []store.Keyword{kw("car", scope.Tags), kw("brake pads", scope.Content)}, []string{"youtube/carreviewdaily", "youtube/garagejoe"}},
		{"two positive, disjoint", []store.Keyword{kw("car", scope.Tags), kw("makeup", scope.Tags)}, nil},
		{"excluded only", []store.Keyword{not("gaming", scope.Tags)}, without("youtube/progamer", "youtube/youxidashu")},
		{"same word positive in content, excluded in tags", []store.Keyword{kw("review", scope.Content), not("review", scope.Tags)}, []string{"youtube/garagejoe", "youtube/glowup"}},
		{"excluded unknown word excludes nothing", []store.Keyword{kw("car", scope.Tags), not("zzzz", scope.Tags)}, []string{"youtube/carreviewdaily", "youtube/garagejoe"}},
		{"excluded chinese phrase", []store.Keyword{not("汽配", scope.Tags)}, without("youtube/garagejoe", "youtube/laowang")},
		{"no keywords", nil, allYT},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := searchAll(t, s, store.SearchQuery{Platform: yt, Keywords: tc.kws})
			if diff := cmp.Diff(sorted(tc.want), sorted(got)); diff != "" {
				t.Errorf("Search(%+v) mismatch (-want +got):\n%s", tc.kws, diff)
			}
		})
	}
}

func TestSearchRanking(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	// "review" in tags: techguy has the one-word tag "review", carreviewdaily
	// has it inside "car review": both match; scores are positive and
	// descending.
	page, err := s.Search(ctx, store.SearchQuery{Platform: yt, Keywords: []store.Keyword{kw("review", scope.All)}})
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range page.Items {
		if h.Score <= 0 {
			t.Errorf("hit %d %s has score %v, want > 0", i, h.Channel.Handle, h.Score)
		}
		if i > 0 && h.Score > page.Items[i-1].Score {
			t.Errorf("hits not in score order at %d: %v after %v", i, h.Score, page.Items[i-1].Score)
		}
	}
	// A name hit outranks a description-only hit (field weights).
	page, err = s.Search(ctx, store.SearchQuery{Platform: yt, Keywords: []store.Keyword{kw("汽配", scope.All)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(page.Items); len(got) == 0 || got[0] != "youtube/laowang" {
		t.Errorf("Search(汽配 in all) = %v, want youtube/laowang (tag and name) first", got)
	}
	tests := []struct {
		sort store.Sort
		want []string
	}{
		{"", []string{"progamer", "carreviewdaily", "glowup", "techguy", "garagejoe", "xiaomei", "laowang", "youxidashu", "vestyle", "swimsafekids", "beewhisperer"}},
		{store.SortFollowers, []string{"progamer", "carreviewdaily", "glowup", "techguy", "garagejoe", "xiaomei", "laowang", "youxidashu", "vestyle", "swimsafekids", "beewhisperer"}},
		{store.SortAvgViews, []string{"progamer", "carreviewdaily", "glowup", "techguy", "garagejoe", "xiaomei", "youxidashu", "laowang", "vestyle", "swimsafekids", "beewhisperer"}},
		{store.SortRecent, []string{"progamer", "carreviewdaily", "glowup", "techguy", "laowang", "garagejoe", "xiaomei", "youxidashu", "beewhisperer", "swimsafekids", "vestyle"}},
	}
	for _, tc := range tests {
		page, err := s.Search(ctx, store.SearchQuery{Platform: yt, Sort: tc.sort, Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, h := range page.Items {
			got = append(got, h.Channel.Handle)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Search(sort %q) order mismatch (-want +got):\n%s", tc.sort, diff)
		}
	}
}

func TestPlatformIsolation(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	tests := []struct {
		p    platform.Platform
		want []string
	}{
		{platform.YouTube, []string{"youtube/garagejoe"}},
		{platform.Instagram, []string{"instagram/garagejoe"}},
		{platform.TikTok, []string{"tiktok/carclips"}},
		{platform.X, nil},
	}
	for _, tc := range tests {
		got := searchAll(t, s, store.SearchQuery{Platform: tc.p, Keywords: []store.Keyword{kw("car parts", scope.Tags)}})
		if diff := cmp.Diff(sorted(tc.want), sorted(got)); diff != "" {
			t.Errorf("Search(car parts on %s) mismatch (-want +got):\n%s", tc.p, diff)
		}
		all := searchAll(t, s, store.SearchQuery{Platform: tc.p})
		for _, n := range all {
			if !strings.HasPrefix(n, string(tc.p)+"/") {
				t.Errorf("Search on %s returned %s", tc.p, n)
			}
		}
	}
	// Similar: the Instagram twin of the anchor, with the same text, never
	// shows up in a YouTube anchor search.
	res, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/garagejoe", MinScore: store.NoMinScore, Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != 10 {
		t.Errorf("SimilarTo(no min score).Total = %d, want 10 (the other YouTube channels)", res.Total)
	}
	for _, h := range res.Items {
		if h.Channel.Platform != yt {
			t.Errorf("SimilarTo on youtube returned %s/%s", h.Channel.Platform, h.Channel.Handle)
		}
	}
	ig, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: platform.Instagram, AnchorKey: "instagram/@/garagejoe", MinScore: store.NoMinScore})
	if err != nil {
		t.Fatal(err)
	}
	if got := sorted(names(ig.Items)); !slices.Equal(got, []string{"instagram/carfan", "instagram/glowig"}) {
		t.Errorf("SimilarTo on instagram = %v, want the two other Instagram channels", got)
	}
}

func TestPagination(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	for _, q := range []store.SearchQuery{
		{Platform: yt},
		{Platform: yt, Keywords: []store.Keyword{kw("review", scope.All)}},
		{Platform: yt, Sort: store.SortRecent},
	} {
		full := searchAll(t, s, q)
		var paged []string
		seen := map[string]bool{}
		q.Limit = 4
		for off := 0; off >= 0; {
			q.Offset = off
			page, err := s.Search(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if page.Total != len(full) {
				t.Errorf("page at %d: Total = %d, want %d", off, page.Total, len(full))
			}
			for _, n := range names(page.Items) {
				if seen[n] {
					t.Errorf("page at %d repeats %s", off, n)
				}
				seen[n] = true
				paged = append(paged, n)
			}
			if page.NextOffset != -1 && page.NextOffset != off+4 {
				t.Fatalf("page at %d: NextOffset = %d, want %d or -1", off, page.NextOffset, off+4)
			}
			off = page.NextOffset
		}
		if diff := cmp.Diff(full, paged); diff != "" {
			t.Errorf("pages concatenated differ from one page (-want +got):\n%s", diff)
		}
	}
	page, err := s.Search(ctx, store.SearchQuery{Platform: yt, Offset: 50})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Items) != 0 || page.Total != 11 || page.NextOffset != -1 {
		t.Errorf("Search(offset past the end) = %d items, Total %d, NextOffset %d; want 0, 11, -1", len(page.Items), page.Total, page.NextOffset)
	}
	// Similar pages too.
	var simPaged []string
	for off := 0; off >= 0; {
		res, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/garagejoe", MinScore: store.NoMinScore, Offset: off, Limit: 3})
		if err != nil {
			t.Fatal(err)
		}
		simPaged = append(simPaged, names(res.Items)...)
		off = res.NextOffset
	}
	res, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/garagejoe", MinScore: store.NoMinScore, Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(names(res.Items), simPaged); diff != "" {
		t.Errorf("similar pages concatenated differ from one page (-want +got):\n%s", diff)
	}
}

func TestFilters(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	tests := []struct {
		name string
		f    store.Filters
		want []string
	}{
		{"country", store.Filters{Countries: []string{"US"}}, []string{"garagejoe", "glowup", "progamer", "swimsafekids", "techguy"}},
		{"country names and codes", store.Filters{Countries: []string{"美国", "gb"}}, []string{"carreviewdaily", "garagejoe", "glowup", "progamer", "swimsafekids", "techguy"}},
		{"language", store.Filters{Languages: []string{"中文"}}, []string{"laowang", "xiaomei", "youxidashu"}},
		{"category by name", store.Filters{Categories: []string{"美妆"}}, []string{"glowup", "xiaomei"}},
		{"category unknown id", store.Filters{Categories: []string{"knitting"}}, nil},
		{"followers min inclusive", store.Filters{Followers: store.Range{Min: 500_000}}, []string{"carreviewdaily", "garagejoe", "glowup", "progamer", "techguy"}},
		{"followers max only", store.Filters{Followers: store.Range{Max: 50_000}}, []string{"beewhisperer", "swimsafekids", "vestyle"}},
		{"followers both sides", store.Filters{Followers: store.Range{Min: 50_000, Max: 100_000}}, []string{"laowang", "youxidashu"}},
		{"avg views", store.Filters{AvgViews: store.Range{Min: 100_000}}, []string{"carreviewdaily", "progamer"}},
		{"active since (unknown last post fails)", store.Filters{ActiveSince: fixture.Day(11, 1).Add(-12 * 3600e9)}, []string{"carreviewdaily", "glowup", "laowang", "progamer", "techguy"}},
		{"combined", store.Filters{Countries: []string{"US"}, Languages: []string{"en"}, ActiveSince: fixture.Day(11, 1).Add(-12 * 3600e9)}, []string{"glowup", "progamer", "techguy"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := searchAll(t, s, store.SearchQuery{Platform: yt, Filters: tc.f})
			for i := range got {
				got[i] = strings.TrimPrefix(got[i], "youtube/")
			}
			if diff := cmp.Diff(sorted(tc.want), sorted(got)); diff != "" {
				t.Errorf("Search(filters %+v) mismatch (-want +got):\n%s", tc.f, diff)
			}
		})
	}
}

func TestSimilarAnchorPinned(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	const anchor = "youtube/@/garagejoe"
	tests := []struct {
		name     string
		q        store.SimilarQuery
		want     []string // exact items in order, when set
		wantSet  []string // items as a set, when set
		mustNot  []string
		minTotal int
	}{
		{name: "default min score: nearest is automotive", q: store.SimilarQuery{}, mustNot: []string{"youtube/beewhisperer", "youtube/glowup", "youtube/progamer"}, minTotal: 1},
		{name: "keyword narrows the similar set, anchor fails it", q: store.SimilarQuery{Keywords: []store.Keyword{kw("汽配评测", scope.Tags)}, MinScore: store.NoMinScore}, want: []string{"youtube/laowang"}},
		{name: "excluded keyword", q: store.SimilarQuery{Keywords: []store.Keyword{not("car", scope.Tags)}, MinScore: store.NoMinScore}, mustNot: []string{"youtube/carreviewdaily"}, minTotal: 9},
		{name: "filter narrows, anchor fails it", q: store.SimilarQuery{Filters: store.Filters{Countries: []string{"CN"}}, MinScore: store.NoMinScore}, wantSet: []string{"youtube/laowang", "youtube/xiaomei"}},
		{name: "keyword and filter", q: store.SimilarQuery{Keywords: []store.Keyword{kw("review", scope.All)}, Filters: store.Filters{Followers: store.Range{Min: 1_000_000}}, MinScore: store.NoMinScore}, want: []string{"youtube/carreviewdaily"}},
		{name: "nothing passes", q: store.SimilarQuery{Keywords: []store.Keyword{kw("zzzz", scope.All)}, MinScore: store.NoMinScore}, want: []string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := tc.q
			q.Platform, q.AnchorKey, q.Limit = yt, anchor, 50
			res, err := s.SimilarTo(ctx, q)
			if err != nil {
				t.Fatalf("SimilarTo: %v", err)
			}
			if res.Anchor == nil || res.Anchor.Key() != anchor {
				t.Fatalf("SimilarTo.Anchor = %v, want %s", res.Anchor, anchor)
			}
			got := names(res.Items)
			if slices.Contains(got, "youtube/garagejoe") {
				t.Errorf("SimilarTo items %v contain the anchor", got)
			}
			if res.Total != len(got) {
				t.Errorf("SimilarTo.Total = %d, %d items on the only page", res.Total, len(got))
			}
			if tc.want != nil {
				if diff := cmp.Diff(tc.want, got, cmp.Comparer(func(a, b []string) bool { return slices.Equal(a, b) })); diff != "" {
					t.Errorf("SimilarTo items mismatch (-want +got):\n%s", diff)
				}
			}
			if tc.wantSet != nil {
				if diff := cmp.Diff(sorted(tc.wantSet), sorted(got)); diff != "" {
					t.Errorf("SimilarTo item set mismatch (-want +got):\n%s", diff)
				}
			}
			for _, n := range tc.mustNot {
				if slices.Contains(got, n) {
					t.Errorf("SimilarTo items %v contain %s", got, n)
				}
			}
			if res.Total < tc.minTotal {
				t.Errorf("SimilarTo.Total = %d, want ≥ %d (items %v)", res.Total, tc.minTotal, got)
			}
			for i, h := range res.Items {
				if h.Score < res.MinScore && q.MinScore != store.NoMinScore {
					t.Errorf("item %s has score %.3f under the min score %.3f", h.Channel.Handle, h.Score, res.MinScore)
				}
				if i > 0 && h.Score > res.Items[i-1].Score {
					t.Errorf("items not in similarity order at %d", i)
				}
			}
		})
	}
}

func TestSimilarTopIsSameCategory(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	for _, key := range []string{"youtube/@/garagejoe", "youtube/@/laowang", "youtube/@/glowup", "youtube/@/xiaomei", "youtube/@/progamer"} {
		a, _ := s.ChannelByKey(ctx, key)
		res, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: key, MinScore: store.NoMinScore, Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		if top := res.Items[0].Channel; top.Category != a.Category {
			t.Errorf("SimilarTo(%s) top = %s (%s), want a %s channel", key, top.Handle, top.Category, a.Category)
		}
	}
}

func TestSimilarSorts(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	base := store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/garagejoe", MinScore: store.NoMinScore, Limit: 50}
	bySim, err := s.SimilarTo(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	for _, by := range []store.Sort{store.SortFollowers, store.SortAvgViews, store.SortRecent, store.SortRelevance} {
		q := base
		q.Sort = by
		res, err := s.SimilarTo(ctx, q)
		if err != nil {
			t.Fatalf("SimilarTo(sort %s): %v", by, err)
		}
		if res.Total != bySim.Total || !slices.Equal(sorted(names(res.Items)), sorted(names(bySim.Items))) {
			t.Errorf("SimilarTo(sort %s) changed the similar set", by)
		}
		for i := 1; i < len(res.Items); i++ {
			a, b := res.Items[i-1].Channel, res.Items[i].Channel
			var ok bool
			switch by {
			case store.SortFollowers:
				ok = a.Followers >= b.Followers
			case store.SortAvgViews:
				ok = a.AvgViews >= b.AvgViews
			case store.SortRecent:
				ok = !a.LastPostAt.Before(b.LastPostAt)
			default: // relevance means similarity for anchor search
				ok = res.Items[i-1].Score >= res.Items[i].Score
			}
			if !ok {
				t.Errorf("SimilarTo(sort %s): %s before %s out of order", by, a.Handle, b.Handle)
			}
		}
	}
}

func TestSimilarErrors(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	tests := []struct {
		name string
		q    store.SimilarQuery
		want []error
	}{
		{"unknown anchor", store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/nobody"}, []error{catalog.ErrNotFound, store.ErrNotFound}},
		{"anchor on another platform", store.SimilarQuery{Platform: yt, AnchorKey: "instagram/@/garagejoe"}, []error{store.ErrPlatformMismatch, store.ErrBadQuery}},
		{"empty anchor", store.SimilarQuery{Platform: yt}, []error{store.ErrBadQuery}},
		{"min score over 1", store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/garagejoe", MinScore: 1.5}, []error{store.ErrBadQuery}},
		{"min score NaN", store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/garagejoe", MinScore: math.NaN()}, []error{store.ErrBadQuery}},
		{"unknown sort", store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/garagejoe", Sort: "random"}, []error{store.ErrBadQuery}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.SimilarTo(ctx, tc.q)
			for _, want := range tc.want {
				if !errors.Is(err, want) {
					t.Errorf("SimilarTo(%+v) error = %v, want %v", tc.q, err, want)
				}
			}
			_, cerr := s.Count(ctx, store.CountQuery{Platform: tc.q.Platform, AnchorKey: tc.q.AnchorKey, MinScore: tc.q.MinScore})
			if tc.q.AnchorKey != "" && tc.name != "unknown sort" && !errors.Is(cerr, tc.want[0]) {
				t.Errorf("Count(%+v) error = %v, want %v", tc.q, cerr, tc.want[0])
			}
		})
	}
}

func TestLowRecallNicheAnchor(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	niche, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/beewhisperer"})
	if err != nil {
		t.Fatal(err)
	}
	mainstream, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/garagejoe"})
	if err != nil {
		t.Fatal(err)
	}
	if !store.LowRecall(niche.Total) || niche.Total != 0 {
		t.Errorf("niche anchor: Total = %d (%v), want 0 similar channels and low recall", niche.Total, names(niche.Items))
	}
	if niche.Anchor == nil || niche.Anchor.Handle != "beewhisperer" {
		t.Errorf("niche anchor not pinned: %v", niche.Anchor)
	}
	if mainstream.Total <= niche.Total {
		t.Errorf("mainstream anchor Total %d not above niche anchor Total %d", mainstream.Total, niche.Total)
	}
	if niche.MinScore != s.Describe().MinScore {
		t.Errorf("MinScore applied = %v, want the store default %v", niche.MinScore, s.Describe().MinScore)
	}
}

func TestCountEqualsTotal(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	kws := [][]store.Keyword{nil, {kw("car", scope.Tags)}, {kw("review", scope.All), not("car", scope.Tags)}, {not("汽配", scope.All)}}
	filters := []store.Filters{{}, {Countries: []string{"US"}}, {Followers: store.Range{Min: 100_000}}}
	for _, k := range kws {
		for _, f := range filters {
			page, err := s.Search(ctx, store.SearchQuery{Platform: yt, Keywords: k, Filters: f, Limit: 1})
			if err != nil {
				t.Fatal(err)
			}
			n, err := s.Count(ctx, store.CountQuery{Platform: yt, Keywords: k, Filters: f})
			if err != nil || n != page.Total {
				t.Errorf("Count(%+v, %+v) = %d, %v; Search Total %d", k, f, n, err, page.Total)
			}
			for _, min := range []float64{0, store.NoMinScore, 0.1} {
				res, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/garagejoe", Keywords: k, Filters: f, MinScore: min, Limit: 1})
				if err != nil {
					t.Fatal(err)
				}
				n, err := s.Count(ctx, store.CountQuery{Platform: yt, AnchorKey: "youtube/@/garagejoe", Keywords: k, Filters: f, MinScore: min})
				if err != nil || n != res.Total {
					t.Errorf("Count(anchor, %+v, %+v, min %v) = %d, %v; SimilarTo Total %d", k, f, min, n, err, res.Total)
				}
			}
		}
	}
}

func TestBadQueries(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	many := make([]store.Keyword, store.MaxKeywords+1)
	for i := range many {
		many[i] = kw("car", "")
	}
	tests := []struct {
		name string
		q    store.SearchQuery
	}{
		{"unknown platform", store.SearchQuery{Platform: "myspace"}},
		{"empty platform", store.SearchQuery{}},
		{"negative offset", store.SearchQuery{Platform: yt, Offset: -1}},
		{"offset over max", store.SearchQuery{Platform: yt, Offset: store.MaxOffset + 1}},
		{"negative limit", store.SearchQuery{Platform: yt, Limit: -5}},
		{"limit over max", store.SearchQuery{Platform: yt, Limit: store.MaxLimit + 1}},
		{"followers min over max", store.SearchQuery{Platform: yt, Filters: store.Filters{Followers: store.Range{Min: 10, Max: 5}}}},
		{"negative avg views", store.SearchQuery{Platform: yt, Filters: store.Filters{AvgViews: store.Range{Min: -1}}}},
		{"unknown country", store.SearchQuery{Platform: yt, Filters: store.Filters{Countries: []string{"Narnia"}}}},
		{"empty language", store.SearchQuery{Platform: yt, Filters: store.Filters{Languages: []string{" "}}}},
		{"unknown scope", store.SearchQuery{Platform: yt, Keywords: []store.Keyword{kw("car", "title")}}},
		{"empty keyword", store.SearchQuery{Platform: yt, Keywords: []store.Keyword{kw("  ", "")}}},
		{"punctuation keyword", store.SearchQuery{Platform: yt, Keywords: []store.Keyword{kw("!!! 🔥", "")}}},
		{"too many keywords", store.SearchQuery{Platform: yt, Keywords: many}},
		{"keyword too long", store.SearchQuery{Platform: yt, Keywords: []store.Keyword{kw(strings.Repeat("汽", store.MaxKeywordRunes+1), "")}}},
		{"similarity sort without anchor", store.SearchQuery{Platform: yt, Sort: store.SortSimilarity}},
		{"unknown sort", store.SearchQuery{Platform: yt, Sort: "random"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := s.Search(ctx, tc.q); !errors.Is(err, store.ErrBadQuery) {
				t.Errorf("Search(%+v) error = %v, want ErrBadQuery", tc.q, err)
			}
			if tc.q.Sort == "" && tc.q.Offset == 0 && tc.q.Limit == 0 {
				if _, err := s.Count(ctx, store.CountQuery{Platform: tc.q.Platform, Keywords: tc.q.Keywords, Filters: tc.q.Filters}); !errors.Is(err, store.ErrBadQuery) {
					t.Errorf("Count(%+v) error = %v, want ErrBadQuery", tc.q, err)
				}
			}
		})
	}
}

func TestHostileKeywords(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	for _, text := range []string{"'; DROP TABLE channels;--", "\xff\xfe car", "مرحبا", "a\x00b", "🔥car🔥", strings.Repeat("ab ", 33)} {
		if _, err := s.Search(ctx, store.SearchQuery{Platform: yt, Keywords: []store.Keyword{kw(text, scope.All)}}); err != nil {
			t.Errorf("Search(%q) error = %v, want a result", text, err)
		}
	}
}

func TestLookupsAndDescribe(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	ch, err := s.ChannelByKey(ctx, "youtube/@/garagejoe")
	if err != nil || ch.Name != "Garage Joe" {
		t.Errorf("ChannelByKey = %v, %v", ch, err)
	}
	if _, err := s.ChannelByKey(ctx, "youtube/@/nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ChannelByKey(unknown) error = %v, want ErrNotFound", err)
	}
	ch, err = s.ChannelByContent(ctx, yt, "vid-garage-1")
	if err != nil || ch.Handle != "garagejoe" {
		t.Errorf("ChannelByContent = %v, %v", ch, err)
	}
	if _, err := s.ChannelByContent(ctx, platform.Instagram, "vid-garage-1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ChannelByContent(other platform) error = %v, want ErrNotFound", err)
	}
	info := s.Describe()
	want := store.Info{Store: "memory", Model: "hashing-v2-512", Dimensions: 512, MinScore: embed.HashingSimilarThreshold, Channels: 15,
		PerPlatform: map[platform.Platform]int{yt: 11, platform.Instagram: 3, platform.TikTok: 1}, Catalog: "test",
		Learned: store.LearnedInfo{State: store.LearnedOff}}
	info.BuildTime = 0
	if diff := cmp.Diff(want, info); diff != "" {
		t.Errorf("Describe mismatch (-want +got):\n%s", diff)
	}
}

func TestNewOptions(t *testing.T) {
	cat, _, err := catalog.New("test", fixture.Channels())
	if err != nil {
		t.Fatal(err)
	}
	emb, _ := embed.NewHashing()
	s, err := New(ctx, cat, emb, WithMinScore(0.5), WithBatchSize(2))
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Describe().MinScore; got != 0.5 {
		t.Errorf("WithMinScore(0.5): MinScore = %v", got)
	}
	for _, o := range []Option{WithMinScore(2), WithMinScore(math.NaN()), WithBatchSize(0)} {
		if _, err := New(ctx, cat, emb, o); !errors.Is(err, ErrBadOption) {
			t.Errorf("New(bad option) error = %v, want ErrBadOption", err)
		}
	}
	if _, err := New(ctx, nil, emb); err == nil {
		t.Errorf("New(nil catalog) error = nil")
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := New(cancelled, cat, emb); !errors.Is(err, context.Canceled) {
		t.Errorf("New(cancelled) error = %v, want context.Canceled", err)
	}
	if _, err := New(ctx, cat, badEmbedder{}); !errors.Is(err, embed.ErrBadEmbedding) {
		t.Errorf("New(bad embedder) error = %v, want ErrBadEmbedding", err)
	}
}

// badEmbedder answers with no vectors at all.
type badEmbedder struct{}

func (badEmbedder) Embed(context.Context, []string) ([][]float32, error) { return nil, nil }
func (badEmbedder) Dimensions() int                                      { return 8 }
func (badEmbedder) Model() string                                        { return "bad" }

func FuzzSearch(f *testing.F) {
	s, _ := newStore(f, fixture.Channels())
	for _, seed := range []string{"car", "汽配评测", "swim vest", "\xff", "!!!", "a b c d e f", "遊戲"} {
		f.Add(seed, "all", false)
	}
	f.Fuzz(func(t *testing.T, text, scope string, excluded bool) {
		k := store.Keyword{Text: text, Scope: store.Scope(scope), Excluded: excluded}
		page, err := s.Search(ctx, store.SearchQuery{Platform: yt, Keywords: []store.Keyword{k}})
		if err != nil {
			if !errors.Is(err, store.ErrBadQuery) {
				t.Fatalf("Search(%q, %q) error = %v, want nil or ErrBadQuery", text, scope, err)
			}
			return
		}
		if len(page.Items) > page.Total {
			t.Fatalf("Search(%q): %d items, Total %d", text, len(page.Items), page.Total)
		}
		res, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: yt, AnchorKey: "youtube/@/laowang", Keywords: []store.Keyword{k}, MinScore: store.NoMinScore})
		if err != nil {
			t.Fatalf("SimilarTo with keyword %q: %v", text, err)
		}
		if res.Anchor == nil {
			t.Fatalf("SimilarTo with keyword %q lost the anchor", text)
		}
	})
}
