package condparse

import (
	"strings"
	"testing"
)

// TestAudit34s: the tuning table for audit 34's classes S2 (a country
// list under one negation or preposition keeps every member), S4 (a
// spoken hedge before a unitless figure about creators is a followers
// band) and S5 ("no one who has posted about X" excludes X).
func TestAudit34s(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		// S2
		{"read-aloud channels, anywhere except the US, UK and India", []string{"has hard country not_in [US,GB,IN] applied", "nohardterm"}},
		{"travel vloggers not from France, Italy or Spain", []string{"has hard country not_in [FR,IT,ES] applied"}},
		{"no US, beauty creators in Canada or Mexico", []string{"has hard country not_in [US] applied", "has hard country in [CA,MX] applied"}},
		{"日本、韩国拍美食的博主", []string{"has hard country in [JP,KR] applied", "noterm 韩国"}},
		{"想找在澳洲、新西兰跑房车自驾的博主", []string{"has hard country in [AU,NZ] applied", "nohardterm", "noterm 新西兰"}},
		// S4
		{"any korean beauty girls on insta with like 50k?", []string{"followers lo 30000..45000 hi 55000..80000"}},
		{"creators like 10k followers", []string{"followers lo 5000..9000 hi 11000..15000"}},
		{"日本的美食博主，约莫3万左右的", []string{"followers lo 20000..28000 hi 32000..40000", "noterm 约莫"}},
		// S5
		{"surf creators, no one who's posted about tanning beds", []string{"excl tanning beds", "noterm posted", "noterm no one"}},
		{"surf creators, nobody who has ever posted about tanning beds", []string{"excl tanning beds", "noterm ever"}},
		{"beauty creators, nobody who has talked about vaping, 10k+", []string{"excl vaping", "noterm talked"}},
		{"tech channels, no one that's covered crypto", []string{"excl crypto", "noterm covered"}},
	} {
		if m := misses34s(t, readAt(t, tc.in, nil, nil), tc.checks); len(m) > 0 {
			t.Error(strings.Join(m, "\n"))
		}
	}
}
