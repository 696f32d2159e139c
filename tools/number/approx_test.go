package number

import "testing"

// TestApproxCounts: the approximate Chinese counts people type (audit 24,
// class C) read as ranges — ScanApprox's shapes through Find and
// ParseRange — and what only looks like one stays what it was.
func TestApproxCounts(t *testing.T) {
	for _, tc := range []struct {
		in     string
		lo, hi int64 // the range ParseRange gives (0: open)
	}{
		{"小几千", 1000, 4000},
		{"大几万", 50000, 100000},
		{"几万粉丝", 10000, 100000},
		{"小几十万", 100000, 400000},
		{"大几十万", 500000, 1000000},
		{"十几万", 100000, 200000},
		{"三十几万", 300000, 400000},
		{"十来万", 100000, 150000},
		{"四十来万", 400000, 600000},
		{"一百来万", 1000000, 1500000},
		{"十多万", 100000, 200000},
		{"五十多万", 500000, 600000},
		{"两万多", 20000, 30000},
		{"八千多", 8000, 9000},
		{"3万多", 30000, 40000},
		{"5k多", 5000, 6000},
		// a bound word keeps its side
		{"十来万以上", 100000, 0},
		{"不超过小几万", 0, 40000},
		// a range's lower end is its lower figure
		{"大几千到三万", 5000, 30000},
		{"小几万到十来万", 10000, 150000},
		{"half a mil", 500000, 0},
		{"a quarter mil", 250000, 0},
		{"under half a mill", 0, 500000},
		// no approximate count
		{"一万多少钱", 10000, 0},
		{"两百多", 200, 0},
	} {
		r, err := ParseRange(tc.in)
		if err != nil {
			t.Errorf("ParseRange(%q): %v", tc.in, err)
			continue
		}
		var lo, hi int64
		if r.Min != nil {
			lo = *r.Min
		}
		if r.Max != nil {
			hi = *r.Max
		}
		if lo != tc.lo || hi != tc.hi {
			t.Errorf("ParseRange(%q) = %v, want %d..%d", tc.in, r, tc.lo, tc.hi)
		}
	}
	// counts of other things: no approximate follower count
	for _, in := range []string{"十几天", "二十多岁", "十来个", "几十个", "三十多次", "大几率"} {
		if n, _, ok := ScanApprox(Fold(in), 0); ok {
			t.Errorf("ScanApprox(%q) = %+v, want none", in, n)
		}
	}
}
