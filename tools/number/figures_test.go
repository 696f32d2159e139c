package number

import "testing"

func TestScanFigures(t *testing.T) {
	tests := []struct {
		in     string
		lo, hi int64
		end    int // runes read; 0: no count
	}{
		{"six figures", 100_000, 999_999, 11},
		{"a six-figure following", 0, 0, 0}, // the scan starts at the number
		{"six-figure following", 100_000, 999_999, 10},
		{"5 figures of subs", 10_000, 99_999, 9},
		{"7-figure", 1_000_000, 9_999_999, 8},
		{"low six figures", 100_000, 299_999, 15},
		{"mid-six figures", 300_000, 699_999, 15},
		{"high five figures", 70_000, 99_999, 17},
		{"七位数粉丝", 1_000_000, 9_999_999, 3},
		{"六位数", 100_000, 999_999, 3},
		{"5位数", 10_000, 99_999, 3},
		{"两位数", 0, 0, 0},
		{"two figures", 0, 0, 0},
		{"six figurines", 0, 0, 0},
		{"sixty figures", 0, 0, 0},
		{"low budget", 0, 0, 0},
	}
	for _, tt := range tests {
		n, e, ok := ScanFigures(Fold(tt.in), 0)
		if tt.end == 0 {
			if ok {
				t.Errorf("ScanFigures(%q) = %+v, want no count", tt.in, n)
			}
			continue
		}
		if !ok || n.ApproxLo != tt.lo || n.Value != tt.hi || e != tt.end {
			t.Errorf("ScanFigures(%q) = %+v end %d ok %v, want %d..%d end %d", tt.in, n, e, ok, tt.lo, tt.hi, tt.end)
		}
	}
}

func TestScanSpelled(t *testing.T) {
	tests := []struct {
		in  string
		v   int64
		end int
	}{
		{"ten to fifty thousand", 10, 3},
		{"twenty-five to 80k", 25, 11},
		{"twenty five to 80k", 25, 11},
		{"two hundred to 900k", 200, 11},
		{"fifteen", 15, 7},
		{"tens of thousands", 0, 0},
		{"often", 0, 0},
		{"a", 0, 0},
	}
	for _, tt := range tests {
		n, e, ok := ScanSpelled(Fold(tt.in), 0)
		if tt.end == 0 {
			if ok {
				t.Errorf("ScanSpelled(%q) = %+v, want none", tt.in, n)
			}
			continue
		}
		if !ok || n.Value != tt.v || n.IntRaw != tt.v || n.Unit || e != tt.end {
			t.Errorf("ScanSpelled(%q) = %+v end %d ok %v, want %d end %d", tt.in, n, e, ok, tt.v, tt.end)
		}
	}
}
