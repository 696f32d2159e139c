package condparse

import (
	"testing"

	"searchagent/tools/number"
)

// TestCueWordsAreNumbers: the parser's comparator words are tools/number's
// lists (shared with the router), each read whole as its bound class.
func TestCueWordsAreNumbers(t *testing.T) {
	for _, tc := range []struct {
		list []string
		cls  lexClass
	}{{number.MinBefore, clsPreGte}, {number.MaxBefore, clsPreLte}, {number.MinAfter, clsPostGte}, {number.MaxAfter, clsPostLte}} {
		for _, w := range tc.list {
			_, toks := lexTokens(w)
			if len(toks) != 1 || toks[0].has(tc.cls) == nil {
				t.Errorf("%q is not one token of its bound class %d (%d tokens)", w, tc.cls, len(toks))
			}
		}
	}
}
