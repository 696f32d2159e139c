package memstore

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
	"searchagent/tools/store/fixture"
)

func TestSearchAliases(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	exact := func(k store.Keyword) store.Keyword { k.Exact = true; return k }
	tests := []struct {
		name       string
		kw         store.Keyword
		want       []string
		expansions bool
	}{
		// glowup is tagged makeup; xiaomei is a beauty channel (美妆) without the word.
		{"english word reaches the category", kw("makeup", scope.Tags), []string{"youtube/glowup", "youtube/xiaomei"}, true},
		{"exact keeps the word", exact(kw("makeup", scope.Tags)), []string{"youtube/glowup"}, false},
		{"chinese word reaches english tags", kw("化妆", scope.Tags), []string{"youtube/glowup", "youtube/xiaomei"}, true},
		{"exact chinese word inside a longer tag", exact(kw("化妆", scope.Tags)), []string{"youtube/xiaomei"}, false},
		{"esports is gaming", kw("电竞", scope.Tags), []string{"youtube/progamer", "youtube/youxidashu"}, true},
		{"no aliases outside tag scope", kw("makeup", scope.Name), nil, false},
		{"a word of no topic is not widened", kw("tuning", scope.Tags), []string{"youtube/garagejoe"}, false},
		{"excluded alias removes the category", store.Keyword{Text: "化妆", Scope: scope.Tags, Excluded: true}, []string{
			"youtube/beewhisperer", "youtube/carreviewdaily", "youtube/garagejoe", "youtube/laowang", "youtube/progamer",
			"youtube/swimsafekids", "youtube/techguy", "youtube/vestyle", "youtube/youxidashu"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := store.SearchQuery{Platform: platform.YouTube, Keywords: []store.Keyword{tc.kw}, Limit: store.MaxLimit}
			got := searchAll(t, s, q)
			if diff := cmp.Diff(sorted(tc.want), sorted(got)); diff != "" {
				t.Errorf("Search(%+v) mismatch (-want +got):\n%s", tc.kw, diff)
			}
			page, err := s.Search(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if (len(page.Expansions) > 0) != tc.expansions {
				t.Errorf("Search(%+v).Expansions = %+v, want some: %v", tc.kw, page.Expansions, tc.expansions)
			}
		})
	}
}

func TestAliasRanksOwnWordFirst(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	page, err := s.Search(ctx, store.SearchQuery{Platform: platform.YouTube, Keywords: []store.Keyword{kw("makeup", scope.Tags)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Items) != 2 || page.Items[0].Channel.Handle != "glowup" {
		t.Fatalf("Search(makeup) = %v, want glowup (tagged makeup) before the alias-only match", page.Items)
	}
	if page.Items[1].Score >= page.Items[0].Score {
		t.Errorf("alias-only score %.3f ≥ own-word score %.3f", page.Items[1].Score, page.Items[0].Score)
	}
	want := []store.Expansion{{Keyword: "makeup", Scope: scope.Tags, Also: []string{"beauty", "cosmetics", "skincare", "美妆", "化妆", "护肤"}}}
	if diff := cmp.Diff(want, page.Expansions); diff != "" {
		t.Errorf("Expansions mismatch (-want +got):\n%s", diff)
	}
}

func TestSimilarListsExpansions(t *testing.T) {
	s, _ := newStore(t, fixture.Channels())
	res, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: platform.YouTube, AnchorKey: "youtube/@/glowup", Keywords: []store.Keyword{kw("美妆", scope.Tags)}, MinScore: store.NoMinScore})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Expansions) != 1 || res.Expansions[0].Keyword != "美妆" {
		t.Errorf("SimilarTo(keyword 美妆).Expansions = %+v, want the 美妆 expansion", res.Expansions)
	}
	for _, h := range res.Items {
		if h.Channel.Category != "beauty" {
			t.Errorf("SimilarTo(keyword 美妆) has %s (%s), want beauty channels only", h.Channel.Handle, h.Channel.Category)
		}
	}
}
