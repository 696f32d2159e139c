package condparse

import (
	"strings"
	"testing"
	"time"
)

// TestCalendarWindows: an activity window said from a date counts the
// days from that date to the reference time, and the calendar periods said
// with "this"/今/本 are the period so far (reference: Monday 23 March 2026).
func TestCalendarWindows(t *testing.T) {
	now := time.Date(2026, 3, 23, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		in    string
		days  int64  // 0: no activity window
		since string // the date the label names
	}{
		{"beauty creators who have posted since February", 50, "2026-02-01"},
		{"tech reviewers in Japan uploading since the beginning of the year", 81, "2026-01-01"},
		{"any travel channels active since the start of the month?", 22, "2026-03-01"},
		{"gaming streamers, posted ever since last month", 50, "2026-02-01"},
		{"cooking channels with uploads since 10 march", 13, "2026-03-10"},
		{"fitness folks that posted since Nov 2025, 10k+", 142, "2025-11-01"},
		{"pet accounts, uploaded since december", 112, "2025-12-01"}, // last December
		{"car channels that posted year to date", 81, "2026-01-01"},
		{"must have posted this year", 81, "2026-01-01"},
		{"posted this month, 5k+ followers", 22, "2026-03-01"},
		{"去年以来一直在更新的韩国美食频道", 446, "2025-01-01"},
		{"上个月以来有更新的母婴博主", 50, "2026-02-01"},
		{"今年以来还在发视频的料理频道", 81, "2026-01-01"},
		{"从二月开始有更新的健身博主", 50, "2026-02-01"},
		{"3月10号以来发过视频的", 13, "2026-03-10"},
		{"自2025年12月以来一直在更新", 112, "2025-12-01"},
		{"本月有更新的德国频道", 22, "2026-03-01"},
		{"年初以来都有更新的博主", 81, "2026-01-01"},
		// lengths stay lengths
		{"近3月以来有更新的博主", 0, ""},
		{"三个月以来有更新的博主", 0, ""},
		{"posted in the last month", 30, ""},
		{"posted this week", 7, ""},
		// no activity word, no window; a date after now is no window
		{"january sale creators", 0, ""},
	}
	for _, tc := range tests {
		r, err := Parse(tc.in, WithNow(now))
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, tc.in, r)
		var days int64
		var label string
		for _, c := range r.Conditions {
			if c.Field == "last_active" && c.Status == "applied" {
				days, label = c.Value.Int, c.Label.EN
			}
			if c.Kind == "keyword" && c.Op == "contains" && c.Status == "applied" && tc.days > 0 {
				t.Errorf("Parse(%q): %q filters as a keyword", tc.in, c.Value.Str)
			}
		}
		if tc.days > 0 && days != tc.days {
			t.Errorf("Parse(%q): window %d days, want %d (%v)", tc.in, days, tc.days, r.Conditions)
		}
		if tc.since != "" && !strings.Contains(label, tc.since) {
			t.Errorf("Parse(%q): label %q, want it to name %s", tc.in, label, tc.since)
		}
		if tc.days == 0 && tc.since == "" && strings.Contains(label, "since") {
			t.Errorf("Parse(%q): a calendar window %q where none was said", tc.in, label)
		}
	}
	if _, err := Parse("x", WithNow(time.Time{})); err == nil {
		t.Error("WithNow(zero) = nil error")
	}
}
