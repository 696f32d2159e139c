package fields

import (
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/condition"
)

func TestFormatRatio(t *testing.T) {
	for _, tc := range []struct {
		bp   int64
		want string
	}{{0, "0%"}, {300, "3%"}, {250, "2.5%"}, {5, "0.05%"}, {1234, "12.34%"}, {10_000, "100%"}} {
		if got := FormatRatio(tc.bp); got != tc.want {
			t.Errorf("FormatRatio(%d) = %q, want %q", tc.bp, got, tc.want)
		}
	}
}

func TestParsePercent(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{{"3", 300, true}, {"3%", 300, true}, {" 2.5 % ", 250, true}, {"0.05", 5, true}, {"1.234", 123, true}, {"1.235", 124, true},
		{".5", 50, true}, {"", 0, false}, {"%", 0, false}, {"abc", 0, false}, {"1.2.3", 0, false}, {"-3", 0, false}} {
		got, ok := ParsePercent(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParsePercent(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// TestEngagementRate: interactions per post where the source gives them,
// else average views, over followers, in basis points; 0 without
// followers.
func TestEngagementRate(t *testing.T) {
	for _, tc := range []struct {
		name string
		ch   catalog.Channel
		want int64
	}{
		{"views over followers", catalog.Channel{Followers: 10_000, AvgViews: 300}, 300},
		{"interactions win over views", catalog.Channel{Followers: 10_000, AvgViews: 300, AvgEngagement: 550}, 550},
		{"truncates like SQL integer division", catalog.Channel{Followers: 3, AvgViews: 1}, 3333},
		{"no followers", catalog.Channel{AvgViews: 300}, 0},
	} {
		if got := EngagementRate(&tc.ch); got != tc.want {
			t.Errorf("%s: EngagementRate = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestLookup: a row is found by its name or a tools/condition synonym;
// fields that filter nothing have no row.
func TestLookup(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want condition.Field
		ok   bool
	}{{"followers", condition.Followers, true}, {"subscribers", condition.Followers, true}, {"engagement_rate", condition.Engagement, true},
		{"keyword", "", false}, {"nope", "", false}} {
		f, ok := Lookup(tc.in)
		if f.Name != tc.want || ok != tc.ok {
			t.Errorf("Lookup(%q) = %s, %v; want %s, %v", tc.in, f.Name, ok, tc.want, tc.ok)
		}
	}
	if got := Sorts(); len(got) < 3 {
		t.Errorf("Sorts() = %v, want followers, avg_views and engagement at least", got)
	}
}

// TestKindOps: each kind takes its operators.
func TestKindOps(t *testing.T) {
	for k, want := range map[Kind]int{Set: 3, Count: 3, Ratio: 3, Duration: 1, "bogus": 0} {
		if got := len(k.Ops()); got != want {
			t.Errorf("%s.Ops() = %v, want %d operators", k, k.Ops(), want)
		}
	}
}
