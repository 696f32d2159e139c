package condparse

import (
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// TestAnsweredItems is class F4 (fixF3): an item asked and answered at
// once reads yes as the condition and no as its exclusion (a count's
// complement), never the other way, and the answers are no keywords.
// An ordinary question ("any in Canada?") is left to the other rules.
func TestAnsweredItems(t *testing.T) {
	tests := []struct{ text, want string }{
		{"US? yes. Gaming? no. Over 10k? yes", "country eq US []; category not_in [gaming] [excluded_after]; followers gte 10000 [field_assumed]"},
		{"英语？要。游戏类？不要", "language eq en []; category not_in [gaming] [excluded_after]"},
		{"beauty creators. Japan? nope", "category eq beauty []; country not_in [JP] [excluded_after]"},
		{"旅行博主，法国？需要。粉丝10万以上？不需要", "category eq travel []; country eq FR []; followers lte 100000 [narrows]"},
		{"pets: yes, gaming: no", "category eq pets []; category not_in [gaming] [excluded_after]"},
		{"美食博主：英国？是的。搞笑？否", "category eq food []; country eq GB []; category not_in [comedy] [excluded_after]"},
		{"any gaming channels in Canada? with 10k+", "category eq gaming []; country eq CA []; followers gte 10000 [field_assumed]"},
	}
	for _, tt := range tests {
		r, _ := Parse(tt.text)
		if g := condsLine(r); g != tt.want {
			t.Errorf("%q: got %q, want %q", tt.text, g, tt.want)
		}
		for _, k := range r.Conditions {
			if w := strings.ToLower(k.Value.String()); strings.Contains(w, "yes") || strings.Contains(w, "否") || w == `"要"` {
				t.Errorf("%q: an answer read as a value: %s", tt.text, w)
			}
		}
	}
}

// TestAloneRecentSort is class F2 (fixF3): a sort by recency said alone
// in few words ("how recent", "by date", 按时间排) is the sort by recent
// activity, and no word of it is a keyword; a date said as a topic in a
// longer text ("date night recipes") is no sort.
func TestAloneRecentSort(t *testing.T) {
	tests := []struct {
		text, sort string
	}{
		{"how recent", SortRecent},
		{"newest first", SortRecent},
		{"by date", SortRecent},
		{"最新的在前", SortRecent},
		{"most recently active?", SortRecent},
		{"order by date", SortRecent},
		{"按时间排", SortRecent},
		{"按发布时间排序", SortRecent},
		{"sorted by upload date", SortRecent},
		{"the latest ones", SortRecent},
		{"date night recipes", ""},
		{"cooking channels about time management", ""},
	}
	for _, tt := range tests {
		r, err := Read(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if r.Sort != nil {
			got = r.Sort.By
		}
		if got != tt.sort {
			t.Errorf("%q: sort %q, want %q", tt.text, got, tt.sort)
		}
		if tt.sort == "" {
			continue
		}
		for _, c := range r.Conditions {
			if c.Kind == condition.KindKeyword || c.Field == condition.LastActive {
				t.Errorf("%q: condition %s %s %s left beside the sort", tt.text, c.Field, c.Op, c.Value.String())
			}
		}
	}
}
