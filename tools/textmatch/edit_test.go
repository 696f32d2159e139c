package textmatch

import "testing"

func TestOneEdit(t *testing.T) {
	vowels := func(x, y byte) bool { return x == 'a' || y == 'a' }
	tests := []struct {
		a, b  string
		subst func(x, y byte) bool
		want  bool
	}{
		{"followers", "folowers", nil, true}, // deletion
		{"folowers", "followers", nil, true}, // insertion
		{"cheap", "cheep", nil, true},        // substitution
		{"cheap", "cheep", vowels, true},     // a substitution subst allows
		{"prompt", "promtp", nil, true},      // swap of neighbours
		{"prompt", "prompt", nil, false},     // no edit
		{"saying", "paying", vowels, false},  // a substitution subst refuses
		{"followers", "fol", nil, false},     // many edits
		{"instructions", "instrucitons", nil, true},
		{"fellows", "follows", nil, true},
		{"fallow", "follows", nil, false},
		{"views", "viewers", nil, false},
		{"ab", "ba", nil, true},
	}
	for _, tt := range tests {
		if got := OneEdit(tt.a, tt.b, tt.subst); got != tt.want {
			t.Errorf("OneEdit(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
