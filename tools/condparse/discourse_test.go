package condparse

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// readAll lists every condition of a reading as "field op value status
// kind".
func readAll(t *testing.T, text string) []string {
	t.Helper()
	rd, err := Read(text)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range rd.Conditions {
		got = append(got, fmt.Sprintf("%s %s %s %s %s", c.Field, c.Op, strings.Trim(c.Value.String(), `"`), c.Status, c.Kind))
	}
	return got
}

// TestDiscourseMarkersAreFrame: words that chain the parts of a follow-up
// ("btw", "顺便", "then") are how the user talks: dropped and named,
// never a keyword (a terse "btw only english ones" filtered on "btw").
func TestDiscourseMarkersAreFrame(t *testing.T) {
	tests := []struct {
		text    string
		want    []string
		dropped string
	}{
		{"btw only english ones", []string{"language eq en applied hard"}, "btw"},
		{"by the way, only german speakers", []string{"language eq de applied hard"}, "by the way"},
		{"顺便只要英文的", []string{"language eq en applied hard"}, "顺便"},
		{"顺带把粉丝少于五千的去掉", []string{"followers gte 5000 applied hard"}, "顺带"},
		{"exclude anything from china, then sort by views", []string{"country not_in [CN] applied hard"}, "then"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := readAll(t, tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("Read(%q) = %q, want %q", tt.text, got, tt.want)
			}
			rd, _ := Read(tt.text)
			if !slices.ContainsFunc(rd.Dropped, func(s Span) bool { return strings.Contains(s.Text, tt.dropped) }) {
				t.Errorf("Read(%q).Dropped = %+v, want %q named", tt.text, rd.Dropped, tt.dropped)
			}
		})
	}
}

// TestLeavingOutInactiveChannels: an exclusion of who stopped posting,
// said with a verb and a negated activity ("drop anyone who hasn't posted
// in 3 months"), is the activity window; the verb and the negation are
// part of it, never ranking terms.
func TestLeavingOutInactiveChannels(t *testing.T) {
	tests := []struct {
		text string
		days int64
	}{
		{"remove the ones inactive for over 60 days", 60},
		{"get rid of channels that haven't uploaded in 2 months", 60},
		{"could you also drop anyone who hasn't posted in 3 months", 90},
		{"channels that haven't posted in 3 weeks", 21},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			rd, err := Read(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprintf("last_active within_days %d applied hard", tt.days)
			if got := readAll(t, tt.text); !slices.Equal(got, []string{want}) {
				t.Errorf("Read(%q) = %q, want only %q", tt.text, got, want)
			}
			if slices.ContainsFunc(rd.Conditions, func(c Condition) bool { return c.Field == condition.Keyword }) {
				t.Errorf("Read(%q) keeps a keyword", tt.text)
			}
		})
	}
}

// TestStatesReadAsTheirCountry: a state or province ("based in
// California", "得州的") reads as its country, labelled as not filtered by
// itself, as a city does; never a keyword.
func TestStatesReadAsTheirCountry(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"beauty influencers based in California", []string{"category eq beauty applied hard", "country eq US applied hard"}},
		{"得州的露营博主", []string{"country eq US applied hard", "category eq outdoor applied hard"}},
		{"苏格兰的户外博主", []string{"country eq GB applied hard", "category eq outdoor applied hard"}},
		{"NSW fitness creators", []string{"country eq AU applied hard", "category eq fitness applied hard"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := readAll(t, tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("Read(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
	rd, _ := Read("beauty creators in Texas")
	for _, c := range rd.Conditions {
		if c.Field == condition.Country && !strings.Contains(c.Label.EN, "state or province is not filtered") {
			t.Errorf("Read(%q): country label %q does not say the state is not filtered", rd.Input, c.Label.EN)
		}
	}
}

// TestTerseKeywordEdges: a keyword-only input keeps its topic and leaves
// the limiting and blurring words at its edges out ("only dog stuff" is
// dog): kept, they match no tag and empty the results.
func TestTerseKeywordEdges(t *testing.T) {
	tests := []struct{ text, want string }{
		{"only dog stuff", "dog"},
		{"just cat things", "cat"},
		{"just asmr", "asmr"},
		{"the office", "the office"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			want := []string{"keyword contains " + tt.want + " applied keyword"}
			if got := readAll(t, tt.text); !slices.Equal(got, want) {
				t.Errorf("Read(%q) = %q, want %q", tt.text, got, want)
			}
		})
	}
}

// TestFocusWordDescribes: a focus word before the topic ("mostly",
// "mainly", 主要) says what the creators mostly make, with the creator
// noun left out: a description whose topic ranks, as the same words do
// beside a creator noun, never a keyword-only input (issue 26 item 3: a
// follow-up "mostly lipstick swatches" reads as it does in a first
// search's sentence).
func TestFocusWordDescribes(t *testing.T) {
	tests := []struct{ text, want string }{
		{"mostly cat things", "keyword contains cat things reference keyword"},
		{"mainly street food", "keyword contains street food reference keyword"},
		{"who do product reviews", "keyword contains product reference keyword"}, // "reviews" is the format, as in a first search
		{"主要做口红试色的", "keyword contains 口红试色 reference keyword"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got := readAll(t, tt.text)
			if !slices.Contains(got, tt.want) || slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, "applied keyword") }) {
				t.Errorf("Read(%q) = %q, want %q and no keyword applied", tt.text, got, tt.want)
			}
		})
	}
}

// TestPriorityWordSorts: a priority word before a superlative measure
// ("prioritize the ones with the most engagement") is part of the sort,
// never a ranking term.
func TestPriorityWordSorts(t *testing.T) {
	for _, text := range []string{"prioritize the ones with the most engagement", "favor channels with the highest views"} {
		rd, err := Read(text)
		if err != nil {
			t.Fatal(err)
		}
		if rd.Sort == nil {
			t.Errorf("Read(%q): no sort", text)
		}
		if got := readAll(t, text); len(got) != 0 {
			t.Errorf("Read(%q) = %q, want no condition", text, got)
		}
	}
}

// TestTerseInputClosedByHedge: a terse input that ends in a hedge ("…
// would be best", "… ideally") is a wish about what comes before it, read
// as natural text as one that opens with a hedge is: the hedge is
// dropped and named, never part of a keyword; politeness abbreviations
// (thx) are frame words.
func TestTerseInputClosedByHedge(t *testing.T) {
	for _, tt := range []struct{ text, keyword string }{
		{"cats only would be ideal", "cats"},
		{"vegan recipes works best", "vegan recipes"},
		{"retro consoles thx", "retro consoles"},
	} {
		rd, err := Read(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		var kws []string
		for _, c := range rd.Conditions {
			if c.Kind == condition.KindKeyword {
				kws = append(kws, c.Value.Str)
			}
		}
		if !slices.Equal(kws, []string{tt.keyword}) || len(rd.Dropped) == 0 {
			t.Errorf("Read(%q): keywords %q, dropped %+v; want [%q] and the hedge dropped", tt.text, kws, rd.Dropped, tt.keyword)
		}
	}
}

// TestComparativeOfSize: "the bigger the better", 越大越好 rank by
// followers (bigger is size); "send me" is a request.
func TestComparativeOfSize(t *testing.T) {
	for _, text := range []string{"pet creators in Spain, the bigger the better", "send me 12 pet creators in Spain, the larger the better", "西班牙的宠物博主，越大越好"} {
		rd, err := Read(text)
		if err != nil {
			t.Fatal(err)
		}
		if rd.Sort == nil || rd.Sort.By != SortFollowers {
			t.Errorf("Read(%q): sort %+v, want followers", text, rd.Sort)
		}
		for _, c := range rd.Conditions {
			if c.Kind == condition.KindKeyword {
				t.Errorf("Read(%q): keyword %q", text, c.Value.Str)
			}
		}
	}
}
