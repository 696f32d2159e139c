package agent

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/tools/condition"
)

// caseFixF is one case of audit 35's classes F1 (a follow-up naming the
// new value and dropping the old one keeps only the new one), F2 (a
// follow-up that is only a value applies it to the condition it fits),
// F3 (an explicit cue marks a hard keyword) and F4 (an ascending order
// is applied or named as unavailable, never answered with the held
// descending sort): a search, an optional follow-up and the checks on
// the final snapshot (before is the snapshot after the search).
type caseFixF struct {
	platform, loc, first, follow string
	check                        func(before, snap api.Snapshot) []string
}

// runFixF sends a case through a new box and returns what it leaves wrong.
func runFixF(t *testing.T, a *Agent, tc caseFixF) []string {
	t.Helper()
	b := newBox(t, a, tc.platform, tc.loc)
	before := b.send("search.submit", api.Args{Text: tc.first})
	snap := before
	if tc.follow != "" {
		snap = b.send(followupEvent(before), api.Args{Text: tc.follow})
	}
	var bad []string
	for _, m := range tc.check(before, snap) {
		bad = append(bad, fmt.Sprintf("%q then %q: %s (applied %v, notice %q)", tc.first, tc.follow, m, appliedConds(snap), snap.Context.Notice))
	}
	return bad
}

// measureFixF runs a table of caseFixF (FIXF_STRICT=1 makes each miss
// an error).
func measureFixF(t *testing.T, name string, floor int, cases []caseFixF) {
	t.Helper()
	measureTable(t, "fixF", "FIXF_STRICT", name, floor, cases, runFixF, func(tc caseFixF) string { return tc.first + " | " + tc.follow })
}

// countriesOnly checks that the applied country includes are exactly
// want (in any order) and no keyword names a country code's text.
func countriesOnly(want ...string) func(before, snap api.Snapshot) []string {
	return func(_, snap api.Snapshot) []string {
		var got []string
		for _, c := range snap.Context.Conditions {
			if c.Field != "country" || c.Status != condition.StatusApplied || (c.Op != "eq" && c.Op != "in") {
				continue
			}
			switch v := c.Value.(type) {
			case string:
				got = append(got, v)
			case []any:
				for _, x := range v {
					got = append(got, fmt.Sprint(x))
				}
			case []string:
				got = append(got, v...)
			default:
				got = append(got, fmt.Sprint(v))
			}
		}
		slices.Sort(got)
		w := slices.Clone(want)
		slices.Sort(w)
		if !slices.Equal(got, w) {
			return []string{fmt.Sprintf("countries %v, want %v", got, w)}
		}
		return nil
	}
}

// fieldIs checks field's applied conditions are exactly want and that
// no hard keyword was left by the follow-up.
func fieldIs(field, want string) func(before, snap api.Snapshot) []string {
	return func(_, snap api.Snapshot) []string {
		bad := wantApplied(field, want)(snap)
		for _, c := range snap.Context.Conditions {
			if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied {
				bad = append(bad, fmt.Sprintf("hard keyword %v", c.Value))
			}
		}
		return bad
	}
}

// hardKeyword checks an applied keyword holds word (case-insensitive);
// with word "" it checks no keyword is applied.
func hardKeyword(word string) func(before, snap api.Snapshot) []string {
	return func(_, snap api.Snapshot) []string {
		var hard []string
		for _, c := range snap.Context.Conditions {
			if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied {
				hard = append(hard, strings.ToLower(fmt.Sprint(c.Value)))
			}
		}
		if word == "" {
			if len(hard) > 0 {
				return []string{fmt.Sprintf("hard keywords %v, want none", hard)}
			}
			return nil
		}
		for _, h := range hard {
			if strings.Contains(h, strings.ToLower(word)) {
				return nil
			}
		}
		return []string{fmt.Sprintf("no hard keyword %q (hard %v, keywords %v)", word, hard, keywordTexts(snap))}
	}
}

// noSilentSort checks an ascending order asked for is not answered with
// a descending sort: the sort stays as it was and the notice says so.
func noSilentSort(before, snap api.Snapshot) []string {
	var bad []string
	if snap.Context.Sort != before.Context.Sort {
		bad = append(bad, fmt.Sprintf("sort %q, was %q", snap.Context.Sort, before.Context.Sort))
	}
	if snap.Context.Notice == "" {
		bad = append(bad, "no notice naming the order as unavailable")
	}
	return bad
}

// TestFixFHeldout is audit 35's classes F1-F4 in phrasings of my own,
// written before any change and never tuned on. Its pass count is
// logged (go test ./agent -run FixFHeldout -v); a count below the one
// measured after the fixes fails. Base (before the fixes): 8 of 18;
// after: 18.
func TestFixFHeldout(t *testing.T) {
	measureFixF(t, "held-out", 18, heldoutFixF())
}

// heldoutFixF is the held-out table (see TestFixFHeldout).
func heldoutFixF() []caseFixF {
	return []caseFixF{
		// F1: the named value replaces the dropped one
		{"youtube", "en", "cooking channels in Italy or Spain, 10k+ subs", "forget Italy, just Spain", countriesOnly("ES")},
		{"instagram", "zh", "找法国和德国的时尚博主，粉丝一万以上", "德国的就算了，只要法国", countriesOnly("FR")},
		{"tiktok", "en", "fitness creators in Mexico", "switch to Chile, Mexico is out", countriesOnly("CL")},
		{"youtube", "zh", "找泰国的美食博主", "泰国的不要了，改成马来西亚", countriesOnly("MY")},
		{"instagram", "en", "travel creators in Greece and Turkey", "Greece isn't needed, Turkey only", countriesOnly("TR")},
		// F2: a bare value fits its condition
		{"tiktok", "zh", "美国的游戏博主，粉丝五千以上", "两万", fieldIs("followers", "followers gte 20000")},
		{"youtube", "en", "tech reviewers in Japan with 10k+ subscribers", "25k", fieldIs("followers", "followers gte 25000")},
		{"instagram", "zh", "英国的健身博主，最近三十天有更新", "45天", fieldIs("last_active", "last_active within_days 45")},
		{"youtube", "en", "gardening channels in Canada active in the last month", "past 3 weeks", fieldIs("last_active", "last_active within_days 21")},
		{"tiktok", "en", "beauty creators in Korea, at least 5k followers", "80k+", fieldIs("followers", "followers gte 80000")},
		// F3: an explicit cue marks a hard keyword; none without a cue
		{"youtube", "en", `vegan cooking channels in the UK, 10k+ subs, has to talk about "meal prep"`, "", hardKeyword("meal prep")},
		{"instagram", "zh", "找日本的旅行博主，粉丝一万以上，必须提到温泉", "", hardKeyword("温泉")},
		{"tiktok", "zh", "美国的户外博主，粉丝两万以上，关键词：露营", "", hardKeyword("露营")},
		{"youtube", "en", "need channels in australia with 20k+ subs about photography, must include the word 'drone'", "", hardKeyword("drone")},
		{"youtube", "en", "photography channels in Australia about drones, 20k+ subs", "", hardKeyword("")},
		// F4: the ascending order is named as unavailable, the sort kept
		{"youtube", "en", "tech channels in Germany with 10k+ subs", "fewest subscribers first", noSilentSort},
		{"instagram", "zh", "韩国的美妆博主，粉丝一万以上", "按粉丝从少到多排", noSilentSort},
		{"tiktok", "en", "gaming creators in Brazil", "least recently active first", noSilentSort},
	}
}
