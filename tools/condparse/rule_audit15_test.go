package condparse

import (
	"slices"
	"strings"
	"testing"
)

// TestReadingRulesAudit15: the classes the fifteenth reading audit found,
// with phrasings of their own: a value put "instead of" or "rather than"
// another replaces it, "switch from X to Y"; x before a creator noun is
// the platform; a change of mind and "… is enough" are how the user
// talks; a city said with "-based" is a place, not a word to exclude; an
// excluded category alias leaves the word out, not the whole category; a
// clause closed by 的 after the creator noun describes the creators; the
// time changed by a verb is the activity window.
func TestReadingRulesAudit15(t *testing.T) {
	tests := []struct {
		in   string
		want []string // brief() prefixes of conditions that must be there
		not  []string // substrings no applied keyword may contain
	}{
		{in: "Portuguese rather than Spanish", want: []string{`hard language not_in [es] applied !removed`}},
		{in: "let's do Austria instead of Germany", want: []string{`hard country not_in [DE] applied !removed`, `hard country eq "AT" applied`}},
		{in: "switch from Japan to Korea", want: []string{`hard country not_in [JP] applied !removed`, `hard country eq "KR" applied`}},
		{in: "要日本的而不是韩国的", want: []string{`hard country not_in [KR] applied !removed`}},
		{in: "语言换一下，英语代替西班牙语", want: []string{`hard language not_in [es] applied !removed`}},
		{in: "x creators who post about football", want: []string{`hard platform eq "x" applied`}, not: []string{"x creators"}},
		{in: "X博主，讲篮球的", want: []string{`hard platform eq "x" applied`}},
		{in: "scratch that, only canadian creators", want: []string{`hard country eq "CA" applied`}, not: []string{"scratch"}},
		{in: "we changed our minds, nothing from the US", want: []string{`hard country not_in [US] applied`}, not: []string{"changed", "minds"}},
		{in: "hiking vloggers in Norway, 2k subs is plenty", want: []string{`hard followers gte 2000 applied`}, not: []string{"plenty"}},
		{in: "猫咪博主，三千粉就够了", want: []string{`hard followers gte 3000 applied`}, not: []string{"够"}},
		{in: "leave out anyone Dublin-based", not: []string{"dublin"}},
		{in: "不要都柏林的", not: []string{"都柏林"}},
		{in: "别推荐网红明星那种号", want: []string{`keyword keyword not_contains "明星" applied`}},

		{in: "频道，做咖啡测评的", not: []string{"咖啡测评"}},
		{in: "时间缩短到三周", want: []string{`hard last_active within_days 21 applied`}, not: []string{"时间"}},
		{in: "stretch the time window to 45 days", want: []string{`hard last_active within_days 45 applied`}, not: []string{"stretch"}},
		// counted posting frequencies: the period bounds activity, an
		// upper bound is named, never a keyword
		{in: "yoga teachers who post 4 times a week", want: []string{`hard last_active within_days 7 applied`}, not: []string{"times", "4"}},
		{in: "streamers going live at least 5x a week", want: []string{`hard last_active within_days 7 applied`}, not: []string{"going", "5x"}},
		{in: "每个月至少发三条视频的美食博主", want: []string{`hard last_active within_days 30 applied`, `hard category eq "food" applied`}, not: []string{"三条", "每个月"}},
		{in: "每周更新两次以上的旅行博主", want: []string{`hard last_active within_days 7 applied`}, not: []string{"两次"}},
		{in: "gaming streamers in Brazil who stream no more than twice a week", want: []string{`hard country eq "BR" applied`}, not: []string{"twice", "stream"}},
		{in: "expand the activity window to 3 months", want: []string{`hard last_active within_days 90 applied`}, not: []string{"expand"}},
	}
	for _, tt := range tests {
		r := parseChecked(t, tt.in, tt.want, tt.not)
		for _, c := range r.Conditions {
			if c.Field == "category" && c.Op == "not_in" && slices.Contains(c.Value.Strs, "lifestyle") && strings.Contains(tt.in, "明星") {
				t.Errorf("Parse(%q): excludes every lifestyle channel (%s)", tt.in, brief(c))
			}
		}
	}
}

// TestCountedFrequencyNamed: a counted posting frequency applies its
// period and names the count as not filtered; an upper bound
// is named as a measure the catalog lacks.
func TestCountedFrequencyNamed(t *testing.T) {
	r, err := Parse("vloggers in Spain who upload at least three videos a week")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range r.Conditions {
		if c.Field == "last_active" {
			found = true
			if !slices.ContainsFunc(r.Remainder, func(s Span) bool { return s.Role == ResidueFrequencyPeriod }) {
				t.Errorf("remainder %+v does not name the count", r.Remainder)
			}
		}
	}
	if !found {
		t.Errorf("no activity window in %+v", r.Conditions)
	}
	r, err = Parse("每月发布不超过两次的摄影博主")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(r.Remainder, func(s Span) bool { return s.Role == ResidueFrequency }) {
		t.Errorf("remainder %+v names no unsupported measure", r.Remainder)
	}
	for _, c := range r.Conditions {
		if c.Field == "last_active" || c.Kind == "keyword" && strings.Contains(c.Value.Str, "两次") {
			t.Errorf("an upper bound of a frequency applied %s", brief(c))
		}
	}
}
