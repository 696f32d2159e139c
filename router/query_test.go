package router

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestQueryMatchesExplain: Query builds no trace, Explain does; their
// results must be identical for every routing case.
func TestQueryMatchesExplain(t *testing.T) {
	snap := defaultSnapshot(t)
	for _, c := range loadTestCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			q, err := snap.Query(c.Input)
			if err != nil {
				t.Fatalf("Query(%q) error = %v", c.Text, err)
			}
			e, _, err := snap.Explain(c.Input)
			if err != nil {
				t.Fatalf("Explain(%q) error = %v", c.Text, err)
			}
			qj, _ := json.Marshal(q)
			ej, _ := json.Marshal(e)
			if string(qj) != string(ej) {
				t.Errorf("Query(%q) = %s\nExplain result = %s", c.Text, qj, ej)
			}
		})
	}
}

// TestRequiredLiterals: literal sets of a few regexes.
func TestRequiredLiterals(t *testing.T) {
	tests := []struct {
		re   string
		want [][]string
	}{
		{`abc`, [][]string{{"abc"}}},
		{`(?:粉丝|订阅者?)\s*\d+`, [][]string{{"粉丝", "订阅"}, {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}}},
		{`a*b?`, nil},
		{`(?:x|y*)z`, [][]string{{"z"}}},
		{`(?i)abc`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.re, func(t *testing.T) {
			got := requiredLiterals(tc.re)
			for i := range got {
				slices.Sort(got[i])
			}
			for i := range tc.want {
				slices.Sort(tc.want[i])
			}
			slices.SortFunc(got, func(a, b []string) int { return strings.Compare(strings.Join(a, ","), strings.Join(b, ",")) })
			slices.SortFunc(tc.want, func(a, b []string) int { return strings.Compare(strings.Join(a, ","), strings.Join(b, ",")) })
			if len(got) != len(tc.want) {
				t.Fatalf("requiredLiterals(%q) = %q, want %q", tc.re, got, tc.want)
			}
			for i := range got {
				if !slices.Equal(got[i], tc.want[i]) {
					t.Errorf("requiredLiterals(%q) = %q, want %q", tc.re, got, tc.want)
				}
			}
		})
	}
}
