package condparse

import (
	"slices"
	"strings"
	"testing"
)

// TestCreatorNounsLongestFirst: every Chinese creator noun comes after
// the longer nouns it ends ("歌手" after "说唱歌手"), so the noun a word
// ends with is the longest one, the same on every run.
func TestCreatorNounsLongestFirst(t *testing.T) {
	if len(creatorNounsZhLongestFirst) != len(creatorNounCategoriesZh) {
		t.Fatalf("%d nouns ordered, %d in the table", len(creatorNounsZhLongestFirst), len(creatorNounCategoriesZh))
	}
	pairs := 0
	for i, short := range creatorNounsZhLongestFirst {
		for _, long := range creatorNounsZhLongestFirst {
			if long != short && strings.HasSuffix(long, short) {
				pairs++
				if j := slices.Index(creatorNounsZhLongestFirst, long); j > i {
					t.Errorf("%q (at %d) comes before %q (at %d), which ends with it", short, i, long, j)
				}
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no noun ends another: the order says nothing")
	}
}
