package condparse

import (
	"slices"
	"testing"
)

// TestTyposReadAsMeant: a misspelt country, category or creator noun one
// edit from one spelling (same first letter, long enough) is read as that
// spelling and marked corrected; other words stay as typed.
func TestTyposReadAsMeant(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"fitness youtubrs in germny 50k+", []string{"category eq fitness applied", "platform eq youtube applied", "country eq DE applied", "followers gte 50000 applied"}},
		{"beaty creators in japan", []string{"category eq beauty applied", "country eq JP applied"}},
		{"travle vloggers in spain", []string{"category eq travel applied", "country eq ES applied"}},
		{"gaming creators in Brazill", []string{"category eq gaming applied", "country eq BR applied"}},
		{"trance music creators", []string{"category eq music applied"}},
		{"indie game devs", []string{"category eq gaming applied"}},                                 // devs names the creators (audit 16)
		{"food creators in Iceland", []string{"category eq food applied", "country eq IS applied"}}, // Iceland is a country since audit 16
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got := readHard(t, tt.text)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("Read(%q) = %q, want %q", tt.text, got, w)
				}
			}
			if len(got) != len(tt.want) {
				t.Errorf("Read(%q) = %q, want only %q", tt.text, got, tt.want)
			}
		})
	}
	rd, _ := Read("food creators in germny")
	if !slices.ContainsFunc(rd.Conditions, func(c Condition) bool { return slices.Contains(c.Issues, IssueCorrected) }) {
		t.Errorf("Read(%q): the corrected country is not marked", rd.Input)
	}
}

// TestOneEdit pins the edit distance the typo rule uses.
func TestOneEdit(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"germny", "germany", true},
		{"travle", "travel", true},
		{"beaty", "beauty", true},
		{"brazill", "brazil", true},
		{"franse", "france", true},
		{"france", "france", false},
		{"gemrny", "germany", false},
		{"fitnesss", "fitness", true},
		{"iceland", "ireland", false},
		{"sweeden", "sweden", true},
		{"germsny", "germany", true},
		{"germpny", "germany", false},
		{"fit", "fitness", false},
	}
	for _, tt := range tests {
		if got := oneEdit(tt.a, tt.b); got != tt.want {
			t.Errorf("oneEdit(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
