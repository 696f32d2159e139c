package router

import (
	"slices"
	"strings"
	"testing"
)

// TestCommandVocabularyShape checks what decide relies on: a command's
// plan steps are distinct, and its scope is one of commandScopes with
// its bit set.
func TestCommandVocabularyShape(t *testing.T) {
	for _, name := range CommandNames() {
		t.Run(name, func(t *testing.T) {
			info := commandVocabulary[name]
			var seen []string
			for _, s := range info.steps {
				if slices.Contains(seen, s) {
					t.Errorf("steps of %s = %v, want distinct steps", name, info.steps)
				}
				seen = append(seen, s)
			}
			i := slices.Index(commandScopes[:], info.scope)
			if i < 0 || info.scopeBit != scopeSet(1)<<i {
				t.Errorf("scope of %s = %q (bit %b), want one of %v with its bit", name, info.scope, info.scopeBit, commandScopes)
			}
		})
	}
}

// TestScopeNames checks the scope table against sorting and joining.
func TestScopeNames(t *testing.T) {
	for set := range scopeNames {
		var parts []string
		for i, sc := range commandScopes {
			if set&(1<<i) != 0 {
				parts = append(parts, sc)
			}
		}
		slices.Sort(parts)
		want := "input"
		if len(parts) > 0 {
			want = strings.Join(parts, "+")
		}
		if got := scopeNames[set]; got != want {
			t.Errorf("scopeNames[%b] = %q, want %q", set, got, want)
		}
	}
}
