package condparse

import (
	"testing"
)

// The classes of audit 24 (testdata/audit24/RUNS.md) this change mends,
// with phrasings of my own in zh and en; the audit's briefs are not tuned
// on and its held-out file is not read.

// TestCreatorsDescribedAfterPlatform: a platform said with its creator
// noun ("X accounts", "youtubers", "youtube channels") and then a
// preposition or a relative word describes the creators, so the words it
// leaves rank and never filter (audit 24, class H).
func TestCreatorsDescribedAfterPlatform(t *testing.T) {
	for _, tc := range []struct {
		in, term string
		want     []string
	}{
		{"X accounts in Ireland covering tennis, 1k to 8k followers", "tennis", []string{`hard country eq "IE" applied`, `hard followers between 1000..8000 applied`}},
		{"X accounts from Peru that talk about ceviche", "ceviche", []string{`hard country eq "PE" applied`}},
		{"x users in Norway posting about skiing, 3k+", "skiing", []string{`hard country eq "NO" applied`}},
		{"youtubers in Poland covering chess, over 5k subs", "chess", []string{`hard country eq "PL" applied`, `hard followers gte 5000 applied`}},
		{"tiktokers in Vietnam making pho videos", "pho", []string{`hard country eq "VN" applied`}},
		{"youtube channels in Peru with 5k+ subs about llamas", "llamas", []string{`hard country eq "PE" applied`}},
		{"instagrammers who post about vinyl records in Japan", "vinyl", []string{`hard country eq "JP" applied`}},
	} {
		r := readAt(t, tc.in, append(tc.want, `keyword keyword contains "`+tc.term), []string{tc.term})
		for _, c := range r.Conditions {
			if c.Kind == "keyword" && c.Status == "applied" {
				t.Errorf("Read(%q): %s filters, want every unmarked word to rank", tc.in, brief(c))
			}
		}
	}
	// a list item of its own is marked: it still filters
	readAt(t, "X accounts in Kenya, badminton, 2k+", []string{`keyword keyword contains "badminton" applied`}, nil)
}
