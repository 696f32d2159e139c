package condparse

import (
	"slices"
	"testing"

	"searchagent/tools/condition"
)

// TestReplacements: "replace X with Y", "swap X for Y", "change X to Y"
// remove X (IssueRemoved: it leaves the filter) and want Y; "switch to Y"
// alone just wants Y.
func TestReplacements(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"swap the US for canada", []string{"country not_in [US] applied hard", "country eq CA applied hard"}},
		{"replace the US with canada", []string{"country not_in [US] applied hard", "country eq CA applied hard"}},
		{"change youtube to tiktok", []string{"platform not_in [youtube] applied hard", "platform eq tiktok applied hard"}},
		{"replace beauty with fashion", []string{"category not_in [beauty] applied hard", "category eq fashion applied hard"}},
		{"switch to canada", []string{"country eq CA applied hard"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := readAll(t, tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("Read(%q) = %q, want %q", tt.text, got, tt.want)
			}
			rd, _ := Read(tt.text)
			for _, c := range rd.Conditions {
				if (c.Op == condition.OpNotIn) != slices.Contains(c.Issues, IssueRemoved) {
					t.Errorf("Read(%q): %s %s %v: a replaced value is removed, never only excluded", tt.text, c.Field, c.Op, c.Value)
				}
			}
		})
	}
}
