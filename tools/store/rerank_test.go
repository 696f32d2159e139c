package store

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

func TestHybridPrefersTopicOverFit(t *testing.T) {
	anchor := &catalog.Channel{Platform: platform.YouTube, Handle: "a", Name: "A", Category: "music", Tags: []string{"Music", "Lifestyle"}, Country: "US", Followers: 1_000_000}
	sameNiche := &catalog.Channel{Platform: platform.YouTube, Handle: "b", Name: "B", Category: "music", Tags: []string{"Lifestyle", "music"}, Country: "IN", Followers: 3_000_000}
	sameSize := &catalog.Channel{Platform: platform.YouTube, Handle: "c", Name: "C", Category: "sports", Tags: []string{"Sports"}, Country: "US", Followers: 1_000_000}
	partial := &catalog.Channel{Platform: platform.YouTube, Handle: "d", Name: "D", Category: "music", Tags: []string{"Music"}, Country: "US", Followers: 1_100_000}
	a, n, s, p := NewProfile(anchor), NewProfile(sameNiche), NewProfile(sameSize), NewProfile(partial)
	score := func(c *Profile) float64 { return Compare(&a, c, 0.5).Score(DefaultWeights) }
	if score(&n) <= score(&s) {
		t.Errorf("same niche elsewhere %.3f ≤ other topic of the same size and country %.3f", score(&n), score(&s))
	}
	if score(&p) <= score(&s) {
		t.Errorf("same category %.3f ≤ other topic of the same size and country %.3f", score(&p), score(&s))
	}
	sig := Compare(&a, &n, 0.5)
	if sig.Tags != 1 || sig.Category != 1 || sig.Country != 0 || sig.Ratio != 3 {
		t.Errorf("Compare(same niche) = %+v", sig)
	}
	var codes []string
	for _, r := range sig.Reasons(&a, &n, 0.4) {
		codes = append(codes, r.Code)
	}
	if diff := cmp.Diff([]string{ReasonSameNiche, ReasonSameCategory, ReasonSimilarContent}, codes); diff != "" {
		t.Errorf("Reasons mismatch (-want +got):\n%s", diff)
	}
	reasons := Compare(&a, &p, 0.1).Reasons(&a, &p, 0.4)
	want := []Reason{
		{ReasonSharedTags, "共同标签：music", "shared tags: music"},
		{ReasonSameCategory, "同类目：音乐", "same category: Music"},
		{ReasonSimilarAudience, "粉丝量相近（1.1M 对 1M）", "similar audience (1.1M vs 1M followers)"},
		{ReasonSameCountry, "同一国家：美国", "same country: United States"},
	}
	if diff := cmp.Diff(want, reasons); diff != "" {
		t.Errorf("Reasons mismatch (-want +got):\n%s", diff)
	}
}

func TestThinAnchor(t *testing.T) {
	named := &catalog.Channel{Platform: platform.TikTok, Handle: "mrbeast", Name: "MrBeast", Followers: 60_000_000, AvgViews: 29_000_000}
	other := &catalog.Channel{Platform: platform.TikTok, Handle: "kehlani", Name: "Kehlani", Followers: 5_000_000, AvgViews: 1_000_000}
	near := &catalog.Channel{Platform: platform.TikTok, Handle: "near", Name: "Near", Followers: 40_000_000, AvgViews: 20_000_000}
	a, o, n := NewProfile(named), NewProfile(other), NewProfile(near)
	if !a.Thin() || AnchorBasis(&a).Code != BasisSignals {
		t.Fatalf("a names-only channel: thin %v, basis %+v; want thin, signals", a.Thin(), AnchorBasis(&a))
	}
	if InBand(&a, &o) || !InBand(&a, &n) {
		t.Errorf("InBand(12× apart) = %v, InBand(1.5× apart) = %v; want false, true", InBand(&a, &o), InBand(&a, &n))
	}
	if sig := Compare(&a, &o, 0.78); sig.Content != 0 {
		t.Errorf("a thin anchor's cosine counts: %+v", sig)
	}
	if Compare(&a, &n, 0).Score(DefaultWeights) <= Compare(&a, &o, 0.78).Score(DefaultWeights) {
		t.Error("a hash collision outranks a channel of the same audience")
	}
	full := NewProfile(&catalog.Channel{Platform: platform.YouTube, Handle: "x", Name: "X", Category: "music"})
	if full.Thin() || AnchorBasis(&full).Code != BasisContent {
		t.Errorf("a channel with a category is thin: %+v", full.Coverage)
	}
}
