package store

import (
	"math"
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

func TestLabelShare(t *testing.T) {
	cases := []struct {
		name string
		ch   catalog.Channel
		want float64
	}{
		{"published list row", catalog.Channel{Name: "Leo Messi", Category: "sports", Tags: []string{"Sports with a ball", "Family"}}, 1},
		{"names only", catalog.Channel{Name: "MrBeast"}, 1},
		{"described", catalog.Channel{Name: "Garage Joe", Tags: []string{"tuning"}, Description: "brake pads and oil", RecentTitles: []string{"turbo swap"}}, 1.0 / 6},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := NewProfile(&tc.ch)
			if got := p.LabelShare(); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("LabelShare(%+v) = %.3f, want %.3f", tc.ch, got, tc.want)
			}
			if got := Compare(&p, &p, 1).Labels; got != p.LabelShare() {
				t.Errorf("Compare().Labels = %.3f, want the anchor's share %.3f", got, p.LabelShare())
			}
		})
	}
}

// TestTagWeightFollowsLabels: tag overlap decides between two candidates
// of equal cosine for an anchor known by its labels alone, but not against
// a better cosine for an anchor whose labels are a small part of its text.
func TestTagWeightFollowsLabels(t *testing.T) {
	tags := func(ts ...string) *Profile {
		p := NewProfile(&catalog.Channel{Platform: platform.YouTube, Handle: ts[0], Name: "N", Category: "food", Tags: ts})
		return &p
	}
	labelsOnly := tags("recipes", "baking", "street food")
	described := NewProfile(&catalog.Channel{Platform: platform.YouTube, Handle: "d", Name: "N", Category: "food", Tags: []string{"recipes", "baking", "street food"},
		Description: "Weeknight dinners from a tiny Madrid kitchen, market tours every Saturday", RecentTitles: []string{"Tortilla for two", "Boqueria at dawn", "Paella without a paella pan"}})
	sharesTags, otherTags := tags("recipes", "baking", "street food"), tags("vegan", "meal prep", "snacks")
	for _, tc := range []struct {
		name   string
		anchor *Profile
		// cosines of the candidate sharing every tag and of the one sharing none
		shares, other float64
		wantShares    bool
	}{
		{"labels only, equal cosine", labelsOnly, 0.6, 0.6, true},
		{"labels only, lower cosine", labelsOnly, 0.4, 0.8, true},
		{"described, lower cosine", &described, 0.4, 0.8, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The hand-set weights, which weigh content: the fitted ones
			// hardly do (content 0.04; the similar set is already gated
			// by the cosine).
			s := Compare(tc.anchor, sharesTags, tc.shares).Score(HandSetWeights)
			o := Compare(tc.anchor, otherTags, tc.other).Score(HandSetWeights)
			if got := s > o; got != tc.wantShares {
				t.Errorf("label share %.2f: score sharing tags %.3f, sharing none %.3f; want the tag-sharing one first: %v", tc.anchor.LabelShare(), s, o, tc.wantShares)
			}
		})
	}
}

// TestSameNicheAcrossColumnOrder: the published lists take a channel's
// category from its first category column, so the same niche written in
// the other order has another category; it still outranks a channel that
// shares one of the two tags and the category.
func TestSameNicheAcrossColumnOrder(t *testing.T) {
	ch := func(handle, category string, tags ...string) *Profile {
		p := NewProfile(&catalog.Channel{Platform: platform.Instagram, Handle: handle, Name: handle, Category: category, Tags: tags, Country: "US", Followers: 1_000_000})
		return &p
	}
	anchor := ch("a", "art", "Art/Artists", "Music")
	flipped := ch("f", "music", "Music", "Art/Artists")
	partial := ch("p", "art", "Art/Artists")
	sig := Compare(anchor, flipped, 0.6)
	if sig.Tags != 1 || sig.Category != 0 {
		t.Errorf("Compare(flipped) = %+v, want tag overlap 1 and another category", sig)
	}
	if f, p := sig.Score(DefaultWeights), Compare(anchor, partial, 0.6).Score(DefaultWeights); f <= p {
		t.Errorf("same niche in the other column order %.3f ≤ one shared tag and the category %.3f", f, p)
	}
}

// TestInBand: a thin anchor's signal neighbours have follower counts at
// most SignalBand apart (log10 of 1 + followers) and, when the anchor's
// country is known, the same country.
func TestInBand(t *testing.T) {
	ch := func(followers int64, country string) *catalog.Channel {
		return &catalog.Channel{Platform: platform.TikTok, Handle: "h", Name: "H", Followers: followers, Country: country}
	}
	tests := []struct {
		name string
		a, c *catalog.Channel
		want bool
	}{
		{"exactly SignalBand apart", ch(0, ""), ch(2, ""), true},
		{"just over SignalBand apart", ch(0, ""), ch(3, ""), false},
		{"the same country", ch(1000, "US"), ch(1500, "US"), true},
		{"another country", ch(1000, "US"), ch(1500, "GB"), false},
		{"the anchor's country unknown", ch(1000, ""), ch(1500, "GB"), true},
		{"the candidate's country unknown", ch(1000, "US"), ch(1500, ""), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, c := NewProfile(tc.a), NewProfile(tc.c)
			if got := InBand(&a, &c); got != tc.want {
				t.Errorf("InBand(%d %q, %d %q) = %v, want %v", tc.a.Followers, tc.a.Country, tc.c.Followers, tc.c.Country, got, tc.want)
			}
		})
	}
}
