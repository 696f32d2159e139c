package store

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/catalog"
	"searchagent/tools/embed"
	"searchagent/tools/platform"
)

// TestReasonsEdges: the reasons shown under a similar channel appear
// exactly from their thresholds on (content at the minimum, an audience
// ratio of 2, views at 0.8 for a thin anchor) and say the anchor's
// language in the user's words.
func TestReasonsEdges(t *testing.T) {
	anchorCh := &catalog.Channel{Platform: platform.YouTube, Handle: "a", Language: "en", Followers: 1_000}
	candCh := &catalog.Channel{Platform: platform.YouTube, Handle: "c", Language: "en", Followers: 2_000}
	thin, full, c := NewProfile(anchorCh), NewProfile(anchorCh), NewProfile(candCh)
	thin.Coverage = embed.Coverage{}
	full.Coverage = embed.Coverage{Content: embed.MinContentFeatures}
	codes := func(a *Profile, s Signals, minContent float64) []string {
		var out []string
		for _, r := range s.Reasons(a, &c, minContent) {
			out = append(out, r.Code)
		}
		return out
	}
	cases := []struct {
		name       string
		a          *Profile
		s          Signals
		minContent float64
		want       []string
	}{
		{"content at the minimum", &full, Signals{Content: 0.4}, 0.4, []string{ReasonSimilarContent}},
		{"content under the minimum", &full, Signals{Content: 0.39}, 0.4, nil},
		{"no content with no minimum", &full, Signals{Content: 0}, 0, nil},
		{"audience ratio 2", &full, Signals{Ratio: 2}, 1, []string{ReasonSimilarAudience}},
		{"audience ratio over 2", &full, Signals{Ratio: 2.01}, 1, nil},
		{"audience unknown", &full, Signals{Ratio: 0}, 1, nil},
		{"views at 0.8, thin anchor", &thin, Signals{Views: 0.8}, 1, []string{ReasonSimilarViews}},
		{"views under 0.8, thin anchor", &thin, Signals{Views: 0.79}, 1, nil},
		{"views of a full anchor", &full, Signals{Views: 1}, 1, nil},
		{"language and activity", &full, Signals{Language: 1, Activity: 1}, 1, []string{ReasonSameLanguage, ReasonActive}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, codes(tc.a, tc.s, tc.minContent)); diff != "" {
				t.Errorf("reasons (-want +got):\n%s", diff)
			}
		})
	}
	got := Signals{Language: 1, Ratio: 2}.Reasons(&full, &c, 1)
	want := []Reason{
		{ReasonSimilarAudience, "粉丝量相近（2K 对 1K）", "similar audience (2K vs 1K followers)"},
		{ReasonSameLanguage, "同一语言：英语", "same language: English"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reason texts (-want +got):\n%s", diff)
	}
	if got := got[1].Text("zh-CN"); got != "同一语言：英语" {
		t.Errorf("Text(zh-CN) = %q", got)
	}
	if got := got[1].Text("en"); got != "same language: English" {
		t.Errorf("Text(en) = %q", got)
	}
	if full.Channel() != anchorCh {
		t.Error("Profile.Channel is not the channel it was built from")
	}
}

// TestFollowerCount: how a follower count reads in a reason.
func TestFollowerCount(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1_000: "1K", 1_550: "1.6K", 35_000: "35K", 999_999: "1000K", 1_000_000: "1M", 1_250_000: "1.2M"} {
		if got := count(n); got != want {
			t.Errorf("count(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestFieldTexts: what a keyword of each single-field scope matches in
// both stores; a category the taxonomy knows is also matched by its names.
func TestFieldTexts(t *testing.T) {
	ch := &catalog.Channel{Name: "Name", Handle: "handle", Aliases: []string{"alias"}, Tags: []string{"tag"},
		Category: "music", Description: "desc", RecentTitles: []string{"t1", "t2"}}
	unknown := &catalog.Channel{Category: "zz-unknown"}
	cases := []struct {
		ch   *catalog.Channel
		s    Scope
		want []string
	}{
		{ch, FieldScopes()[0], []string{"tag", "music", embed.CategoryText("music")}},
		{ch, FieldScopes()[1], []string{"Name", "handle", "alias"}},
		{ch, FieldScopes()[2], []string{"desc"}},
		{ch, FieldScopes()[3], []string{"t1", "t2"}},
		{unknown, FieldScopes()[0], []string{"zz-unknown"}},
		{&catalog.Channel{}, FieldScopes()[0], []string{}},
	}
	buf := []string{"stale"}
	for _, tc := range cases {
		buf = FieldTexts(tc.ch, tc.s, buf)
		if diff := cmp.Diff(tc.want, buf); diff != "" {
			t.Errorf("FieldTexts(%s) (-want +got):\n%s", tc.s, diff)
		}
	}
	if embed.CategoryText("music") == "music" {
		t.Error("the taxonomy has no names for music: the test checks nothing about them")
	}
}
