package condparse

import (
	"slices"
	"strings"
	"testing"
)

// TestReadingRulesDec06 pins the rules of the 2026-12-06 audit with
// phrasings of their own (the audit's briefs are in
// testdata/marketers_lead_audit.yaml): a topic phrase joined to a
// condition by a preposition is a described request (its words rank), a
// trailing form noun is not the phrase's head, person nouns are creator
// nouns, "X为主" is a preference, a clause about a field's limit with no
// value is unread text, lakh/crore are counts, and a fraction of a month
// or week is that many days.
func TestReadingRulesDec06(t *testing.T) {
	tests := []struct {
		in   string
		want []string // brief() of conditions that must be there
		not  []string // substrings no applied keyword may contain
		rem  string   // a remainder span that must be there
	}{
		{in: "cooking vlogs from Mexico with 20k+ subscribers", want: []string{`hard category eq "food" applied`, `hard country eq "MX" applied`}, not: []string{"cooking", "vlogs"}},
		{in: "fishing videos in Canada", want: []string{`hard category eq "outdoor" applied`, `hard country eq "CA" applied`}, not: []string{"fishing"}},
		{in: "gaming photographers based in Korea", want: []string{`hard category eq "gaming" applied`, `hard country eq "KR" applied`}, not: []string{"photographers"}},
		{in: "pastry chefs in France over 10k followers", want: []string{`hard country eq "FR" applied`, `hard followers gte 10000 applied`}, not: []string{"pastry", "chefs"}},
		{in: "headphone unboxing, Japan, 5k+", want: []string{`hard country eq "JP" applied`}},
		{in: "英国的美食博主，烘焙为主，粉丝五万以下", want: []string{`hard category eq "food" applied`, `hard followers lte 50000 applied`}, not: []string{"为主"}},
		// "can go" is one word now (audit 24): the minimum is lifted
		// (Result.Unbounded, TestAudit24ZPostRemovals), no longer unread
		{in: "the subscriber minimum can go", not: []string{"subscriber", "minimum"}},
		{in: "订阅数下限去掉吧", not: []string{"订阅", "下限"}},
		{in: "engagement ring reviews"},
		{in: "tech channels in India with 5 lakh subscribers or more", want: []string{`hard followers gte 500000 applied`, `hard country eq "IN" applied`}},
		{in: "bollywood music channels, 2 crore+ subs", want: []string{`hard followers gte 20000000 applied`}},
		{in: "健身博主，最近2.5周有更新", want: []string{`hard last_active within_days 18 applied`}},
		{in: "travel creators who posted in the last 0.5 months", want: []string{`hard last_active within_days 15 applied`}},
		{in: "美妆博主，素人感强一点", want: []string{`soft preference prefer "authentic" reference`}, not: []string{"感强"}},
		// held-out run of 2026-12-06 (16/20): the classes it missed,
		// in phrasings of their own.
		{in: "韩国以外的韩语博主", want: []string{`hard country not_in [KR] applied`, `hard language eq "ko" applied`}},
		{in: "gaming channels in Brazil, nothing massive, under 50k", want: []string{`hard followers lte 50000 applied`}, not: []string{"massive"}},
		// the second audit of 2026-12-06: approximate pairs, orders of
		// magnitude, languages joined by a slash, an activity window moved.
		{in: "德国的汽车博主，粉丝三四万", want: []string{`hard followers between 30000..40000 applied`}},
		{in: "五六千粉丝的宠物账号", want: []string{`hard followers between 5000..6000 applied`}},
		{in: "千万级的游戏主播", want: []string{`hard followers between 10000000..100000000 applied`}},
		{in: "英国的美食博主，万粉级别", want: []string{`hard followers between 10000..100000 applied`}},
		{in: "french/english travel vloggers in Canada", want: []string{`hard language in [fr,en] applied`, `hard country eq "CA" applied`}},
		{in: "更新时间调到一个半月", want: []string{`hard last_active within_days 45 applied`}},
		{in: "fitness accounts in the US (mostly kettlebells), 5k-50k", want: []string{`hard category eq "fitness" applied`}, not: []string{"kettlebells"}},
		{in: "gaming streamers based outside Japan with 5k+", want: []string{`hard country not_in [JP] applied`, `hard category eq "gaming" applied`}},
		{in: "phone unboxers in Brazil", want: []string{`hard country eq "BR" applied`}, not: []string{"unboxers"}},
		{in: "德国的汽车博主，不要柏林的", want: []string{`hard country eq "DE" applied`}, rem: "柏林"},
		{in: "Canadian fitness creators but not Toronto", want: []string{`hard country eq "CA" applied`}, rem: "Toronto"},
		{in: "yo, fitness dudes in Chile w/ 10k+", want: []string{`hard country eq "CL" applied`}, not: []string{"yo"}},
		{in: "想找几位意大利的厨师博主，最近两周发过帖子", want: []string{`hard country eq "IT" applied`, `hard last_active within_days 14 applied`}, not: []string{"几位"}},
		{in: "钓鱼vlog博主，加拿大的", want: []string{`hard category eq "outdoor" applied`, `hard country eq "CA" applied`}},
		{in: "perhaps under 20k, fitness creators in Peru", want: []string{`hard followers lte 20000 applied`, `hard country eq "PE" applied`}, not: []string{"perhaps"}},
	}
	for _, tc := range tests {
		r := parseChecked(t, tc.in, tc.want, tc.not)
		if tc.rem != "" && !slices.ContainsFunc(r.Remainder, func(s Span) bool { return s.Text == tc.rem }) {
			t.Errorf("Parse(%q) remainder %v, want %q named", tc.in, r.Remainder, tc.rem)
		}
	}
}

// parseChecked parses in with opts and checks its invariants, that each
// of want is the prefix of a condition's brief, and that no applied
// keyword holds a word of not.
func parseChecked(t *testing.T, in string, want, not []string, opts ...Option) Result {
	t.Helper()
	r, err := Parse(in, opts...)
	if err != nil {
		t.Fatalf("Parse(%q): %v", in, err)
	}
	checkInvariants(t, in, r)
	checkConditions(t, "Parse", in, r.Conditions, want, not)
	return r
}

// checkConditions fails when a wanted brief() prefix is missing from cs or
// an applied keyword holds one of the refused words.
func checkConditions(t *testing.T, fn, in string, cs []Condition, want, not []string) {
	t.Helper()
	var got []string
	for _, c := range cs {
		got = append(got, brief(c))
		if c.Kind == "keyword" && c.Op == "contains" && c.Status == "applied" {
			for _, w := range not {
				if strings.Contains(strings.ToLower(c.Value.Str), w) {
					t.Errorf("%s(%q): %q filters as a keyword (%s)", fn, in, c.Value.Str, brief(c))
				}
			}
		}
	}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, w) }) {
			t.Errorf("%s(%q) misses %s; got %q", fn, in, w, got)
		}
	}
}

// TestSortSaidLowestFirst: a sort said lowest first is read with its key
// and marked ascending (the agent names it, no sort runs that way).
func TestSortSaidLowestFirst(t *testing.T) {
	for _, tc := range []struct {
		in  string
		asc bool
	}{
		{"按订阅数从低到高排", true}, {"order them by views, smallest first", true}, {"sort by engagement ascending", true},
		{"按订阅数从高到低排", false}, {"sort by views", false},
	} {
		rd, err := Read(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if rd.Sort == nil || rd.Sort.Ascending != tc.asc {
			t.Errorf("Read(%q).Sort = %+v, want ascending %v", tc.in, rd.Sort, tc.asc)
		}
	}
}
