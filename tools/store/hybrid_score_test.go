package store

import (
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// TestHybridSignalsAndScore pins each signal of Compare and the score
// built from them (what orders the similar channels a user sees) on pairs
// worked out by hand: the weights are HandSetWeights (content 5, tags 6,
// category 2; audience 1.5, views 0.1, country 0.3, language 1, activity
// 0.05; niche and learned 0), topic² × fit. The fitted DefaultWeights go
// through the same formula (TestScoreWeighsEverySignal).
func TestHybridSignalsAndScore(t *testing.T) {
	day := 24 * time.Hour
	t0 := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	yt := platform.YouTube
	// The anchor is known by its labels alone (label share 1): 999
	// followers (log10(1+f) = 3), as many views as followers (rate 1).
	anchor := catalog.Channel{Platform: yt, Handle: "a", Name: "A", Category: "music", Tags: []string{"Music", "Lifestyle", "Vlog"},
		Country: "US", Language: "en", Followers: 999, AvgViews: 999, LastPostAt: t0}
	// The candidate shares two of four tags, the category (another case),
	// country and language; 9,999 followers (one decade more), views at
	// half its followers, posting 89 days before the anchor.
	near := catalog.Channel{Platform: yt, Handle: "n", Name: "N", Category: "MUSIC", Tags: []string{"lifestyle", "music", "dance"},
		Country: "US", Language: "en", Followers: 9999, AvgViews: 5000, LastPostAt: t0.Add(-89 * day)}
	with := func(c catalog.Channel, f func(*catalog.Channel)) catalog.Channel { f(&c); return c }
	// A described anchor: its labels are half of its content features
	// (TestLabelShare pins how the share is counted).
	described := catalog.Channel{Platform: yt, Handle: "g", Name: "Garage Joe", Category: "autos", Tags: []string{"tuning", "brakes"},
		Description: "brake pads and oil", RecentTitles: []string{"turbo swap"}, Followers: 999}
	nameOnly := catalog.Channel{Platform: yt, Handle: "m", Name: "M", Country: "US", Followers: 999, AvgViews: 999}
	oneThird := 1 - 1/AudienceSpan
	halfViews := 1 - math.Log10(2) // |log10(1) - log10(0.5)| apart

	type sig struct {
		Content, Tags, Category, Audience, Views, Country, Language, Activity, Ratio, Labels float64
		Shared                                                                               []string
	}
	cases := []struct {
		name      string
		a, c      catalog.Channel
		cosine    float64
		want      sig
		wantScore float64
	}{
		{"every signal", anchor, near, 0.7,
			sig{Content: 0.7, Tags: 0.5, Category: 1, Audience: oneThird, Views: halfViews, Country: 1, Language: 1, Activity: 1, Ratio: 9999.0 / 999, Labels: 1, Shared: []string{"lifestyle", "music"}},
			(5*0.7 + 6*0.5 + 2) * (5*0.7 + 6*0.5 + 2) * (1 + 1.5*oneThird + 0.1*halfViews + 0.3 + 1 + 0.05)},
		{"candidate posted 89 days after the anchor", anchor, with(near, func(c *catalog.Channel) { c.LastPostAt = t0.Add(89 * day) }), 0.7,
			sig{Content: 0.7, Tags: 0.5, Category: 1, Audience: oneThird, Views: halfViews, Country: 1, Language: 1, Activity: 1, Ratio: 9999.0 / 999, Labels: 1, Shared: []string{"lifestyle", "music"}},
			8.5 * 8.5 * (1 + 1.5*oneThird + 0.1*halfViews + 1.35)},
		{"exactly 90 days before: not active at the same time", anchor, with(near, func(c *catalog.Channel) { c.LastPostAt = t0.Add(-90 * day) }), 0.7,
			sig{Content: 0.7, Tags: 0.5, Category: 1, Audience: oneThird, Views: halfViews, Country: 1, Language: 1, Ratio: 9999.0 / 999, Labels: 1, Shared: []string{"lifestyle", "music"}},
			8.5 * 8.5 * (1 + 1.5*oneThird + 0.1*halfViews + 1.3)},
		{"exactly 90 days after: not active at the same time", anchor, with(near, func(c *catalog.Channel) { c.LastPostAt = t0.Add(90 * day) }), 0.7,
			sig{Content: 0.7, Tags: 0.5, Category: 1, Audience: oneThird, Views: halfViews, Country: 1, Language: 1, Ratio: 9999.0 / 999, Labels: 1, Shared: []string{"lifestyle", "music"}},
			8.5 * 8.5 * (1 + 1.5*oneThird + 0.1*halfViews + 1.3)},
		{"views rates on both sides of one view per follower", with(anchor, func(c *catalog.Channel) { c.AvgViews = 1998 }), near, 0.7,
			sig{Content: 0.7, Tags: 0.5, Category: 1, Audience: oneThird, Views: 1 - 2*math.Log10(2), Country: 1, Language: 1, Activity: 1, Ratio: 9999.0 / 999, Labels: 1, Shared: []string{"lifestyle", "music"}},
			8.5 * 8.5 * (1 + 1.5*oneThird + 0.1*(1-2*math.Log10(2)) + 1.35)},
		{"an anchor of unknown followers has no audience match", with(anchor, func(c *catalog.Channel) { c.Followers, c.AvgViews = 0, 0 }), near, 0.7,
			sig{Content: 0.7, Tags: 0.5, Category: 1, Country: 1, Language: 1, Activity: 1, Labels: 1, Shared: []string{"lifestyle", "music"}},
			8.5 * 8.5 * (1 + 1.35)},
		{"91 days before: not active at the same time", anchor, with(near, func(c *catalog.Channel) { c.LastPostAt = t0.Add(-91 * day) }), 0.7,
			sig{Content: 0.7, Tags: 0.5, Category: 1, Audience: oneThird, Views: halfViews, Country: 1, Language: 1, Ratio: 9999.0 / 999, Labels: 1, Shared: []string{"lifestyle", "music"}},
			8.5 * 8.5 * (1 + 1.5*oneThird + 0.1*halfViews + 1.3)},
		{"91 days after: not active at the same time", anchor, with(near, func(c *catalog.Channel) { c.LastPostAt = t0.Add(91 * day) }), 0.7,
			sig{Content: 0.7, Tags: 0.5, Category: 1, Audience: oneThird, Views: halfViews, Country: 1, Language: 1, Ratio: 9999.0 / 999, Labels: 1, Shared: []string{"lifestyle", "music"}},
			8.5 * 8.5 * (1 + 1.5*oneThird + 0.1*halfViews + 1.3)},
		{"unknown country, language, views and last post match nothing", with(anchor, func(c *catalog.Channel) {
			c.Country, c.Language, c.AvgViews, c.LastPostAt = "", "", 0, time.Time{}
		}), with(near, func(c *catalog.Channel) { c.Country, c.Language, c.LastPostAt = "", "", time.Time{} }), 0.7,
			sig{Content: 0.7, Tags: 0.5, Category: 1, Audience: oneThird, Ratio: 9999.0 / 999, Labels: 1, Shared: []string{"lifestyle", "music"}},
			8.5 * 8.5 * (1 + 1.5*oneThird)},
		{"the candidate's unknowns match nothing either", anchor, with(near, func(c *catalog.Channel) {
			c.Followers, c.AvgViews, c.LastPostAt, c.Category = 0, 0, time.Time{}, ""
		}), 0.7,
			sig{Content: 0.7, Tags: 0.5, Country: 1, Language: 1, Labels: 1, Shared: []string{"lifestyle", "music"}},
			6.5 * 6.5 * (1 + 0.3 + 1)},
		{"views without followers are no views rate", with(anchor, func(c *catalog.Channel) { c.Followers = 0 }), with(near, func(c *catalog.Channel) { c.Followers = 0 }), 0.7,
			sig{Content: 0.7, Tags: 0.5, Category: 1, Country: 1, Language: 1, Activity: 1, Labels: 1, Shared: []string{"lifestyle", "music"}},
			8.5 * 8.5 * (1 + 1.35)},
		{"three decades apart: no audience match; no tag shared", anchor, with(near, func(c *catalog.Channel) {
			c.Followers, c.AvgViews, c.Tags = 999_999, 999_999, []string{"jazz"}
		}), 0.2,
			sig{Content: 0.2, Category: 1, Views: 1, Country: 1, Language: 1, Activity: 1, Ratio: 1001, Labels: 1},
			3 * 3 * (1 + 0.1 + 1.35)},
		{"a thin candidate's cosine does not count", anchor, with(near, func(c *catalog.Channel) {
			c.Category, c.Tags = "", nil
		}), 0.9,
			sig{Audience: oneThird, Views: halfViews, Country: 1, Language: 1, Activity: 1, Ratio: 9999.0 / 999, Labels: 1},
			0},
		{"a negative cosine alone is no topic at all", with(anchor, func(c *catalog.Channel) { c.Category = "" }), with(near, func(c *catalog.Channel) { c.Tags = []string{"jazz"} }), -0.4,
			sig{Content: -0.4, Audience: oneThird, Views: halfViews, Country: 1, Language: 1, Activity: 1, Ratio: 9999.0 / 999, Labels: 1},
			0},
		{"a described anchor weighs tags by its label share", described, with(described, func(c *catalog.Channel) {
			c.Handle, c.Tags, c.Followers = "h", []string{"tuning"}, 9999
		}), 0.5,
			sig{Content: 0.5, Tags: 0.5, Category: 1, Audience: oneThird, Ratio: 9999.0 / 999, Labels: 0.5, Shared: []string{"tuning"}},
			(2.5 + 6*0.5*0.5 + 2) * (2.5 + 6*0.5*0.5 + 2) * (1 + 1.5*oneThird)},
		{"a thin anchor: topic 1, fit alone", nameOnly, with(nameOnly, func(c *catalog.Channel) { c.Handle, c.Followers, c.AvgViews = "o", 9999, 9999 }), 0.9,
			sig{Audience: oneThird, Views: 1, Country: 1, Ratio: 9999.0 / 999, Labels: 1},
			1 + 1.5*oneThird + 0.1 + 0.3},
	}
	// Infinities and NaN only equal themselves (a ratio over 0 followers
	// is +Inf, within any relative tolerance of +Inf).
	near2 := func(x, y float64) bool {
		if math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsNaN(x) || math.IsNaN(y) {
			return x == y
		}
		return math.Abs(x-y) <= 1e-3*max(1, math.Abs(y))
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, c := NewProfile(&tc.a), NewProfile(&tc.c)
			s := Compare(&a, &c, tc.cosine)
			got := sig{s.Content, s.Tags, s.Category, s.Audience, s.Views, s.Country, s.Language, s.Activity, s.Ratio, s.Labels, s.Shared}
			if diff := cmp.Diff(tc.want, got, cmp.Comparer(near2)); diff != "" {
				t.Errorf("Compare signals mismatch (-want +got):\n%s", diff)
			}
			if score := s.Score(HandSetWeights); !near2(score, tc.wantScore) {
				t.Errorf("Score = %.4f, want %.4f (signals %+v)", score, tc.wantScore, got)
			}
		})
	}
}

// TestScoreWeighsEverySignal: each weight scales its own signal, topic
// weights inside the square, fit weights in the factor.
func TestScoreWeighsEverySignal(t *testing.T) {
	cases := []struct {
		name string
		w    Weights
		s    Signals
		want float64
	}{
		{"content", Weights{Content: 2}, Signals{Content: 0.5, Labels: 1}, 1},
		{"tags by label share", Weights{Tags: 2}, Signals{Tags: 0.5, Labels: 0.5}, 0.25},
		{"niche", Weights{Niche: 3}, Signals{Niche: 1, Labels: 0.2}, 9},
		{"category", Weights{Category: 2}, Signals{Category: 1}, 4},
		{"learned", Weights{Learned: 4}, Signals{Learned: 0.5}, 4},
		{"audience", Weights{Category: 1, Audience: 2}, Signals{Category: 1, Audience: 0.5}, 2},
		{"views", Weights{Category: 1, Views: 2}, Signals{Category: 1, Views: 0.5}, 2},
		{"country", Weights{Category: 1, Country: 2}, Signals{Category: 1, Country: 1}, 3},
		{"language", Weights{Category: 1, Language: 2}, Signals{Category: 1, Language: 1}, 3},
		{"activity", Weights{Category: 1, Activity: 2}, Signals{Category: 1, Activity: 1}, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.s.Score(tc.w); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("%+v.Score(%+v) = %.4f, want %.4f", tc.s, tc.w, got, tc.want)
			}
		})
	}
}

// TestNicheIsTheWholeTagSet: the niche signal is 1 for the same tag set in
// any order and case, 0 for a subset or superset and for no tags.
func TestNicheIsTheWholeTagSet(t *testing.T) {
	p := func(tags ...string) *Profile {
		pr := NewProfile(&catalog.Channel{Platform: platform.Instagram, Handle: "h", Name: "H", Tags: tags})
		return &pr
	}
	anchor := p("Music", "Art/Artists")
	cases := []struct {
		name string
		c    *Profile
		want float64
	}{
		{"same set, other order and case", p("art/artists", "music"), 1},
		{"subset", p("Music"), 0},
		{"superset", p("Music", "Art/Artists", "Lifestyle"), 0},
		{"no tags", p(), 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Compare(anchor, tc.c, 0).Niche; got != tc.want {
				t.Errorf("Compare(%v, %v).Niche = %v, want %v", anchor.Tags, tc.c.Tags, got, tc.want)
			}
		})
	}
	if got := Compare(p(), p(), 0).Niche; got != 0 {
		t.Errorf("two channels without tags: Niche = %v, want 0", got)
	}
}
