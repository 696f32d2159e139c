package agent

import (
	"fmt"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/tools/condition"
)

// anyTerm is every keyword the snapshot holds, as conditions (any status)
// and as the keyword box's tags, lower-cased.
func anyTerm(snap api.Snapshot) []string {
	var got []string
	for _, k := range keywordTexts(snap) {
		got = append(got, strings.ToLower(k))
	}
	for _, tg := range snap.Context.KeywordTags {
		got = append(got, strings.ToLower(tg.Text))
	}
	return got
}

// noTerm checks no keyword condition or tag holds one of words.
func noTerm(words ...string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		var bad []string
		for _, k := range anyTerm(snap) {
			for _, w := range words {
				if strings.Contains(k, strings.ToLower(w)) {
					bad = append(bad, fmt.Sprintf("term %q holds %q", k, w))
				}
			}
		}
		return bad
	}
}

// hardTerm checks an applied keyword condition requiring word (op
// contains), or an applied exclusion of it when excluded.
func hardTerm(word string, excluded bool) func(api.Snapshot) []string {
	op := condition.OpContains
	if excluded {
		op = condition.OpNotContains
	}
	return func(snap api.Snapshot) []string {
		for _, c := range snap.Context.Conditions {
			if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied && c.Op == op &&
				strings.EqualFold(fmt.Sprint(c.Value), word) {
				return nil
			}
		}
		return []string{fmt.Sprintf("no applied keyword %s %q", op, word)}
	}
}

// withdrawn checks the notice says something was taken back in the same
// message and names one of names (the field or its value).
func withdrawn(names ...string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		n := strings.ToLower(snap.Context.Notice)
		said := false
		for _, w := range []string{"taken back", "withdrawn", "撤回", "收回"} {
			said = said || strings.Contains(n, w)
		}
		named := false
		for _, w := range names {
			named = named || strings.Contains(n, strings.ToLower(w))
		}
		if said && named {
			return nil
		}
		return []string{fmt.Sprintf("notice %q does not name %v as withdrawn", snap.Context.Notice, names)}
	}
}

// noNothingToUndo checks the notice does not open with "nothing to undo"
// on a turn that made changes.
func noNothingToUndo(snap api.Snapshot) []string {
	n := strings.ToLower(snap.Context.Notice)
	for _, w := range []string{"nothing to undo", "no earlier change", "no change to undo", "没有可以撤回", "没有可撤回"} {
		if strings.Contains(n, w) {
			return []string{fmt.Sprintf("notice %q says nothing to undo", snap.Context.Notice)}
		}
	}
	return nil
}

// TestFixA3Heldout is issue 26's reading classes A1–A5 as fixA3 was
// given them (a pasted summary edited in place, English keyword labels,
// a condition withdrawn later in the same message, a pasted mail or
// chat header, a "same as before but" follow-up) in phrasings of my own,
// written before any change and never tuned on. Its pass count is
// logged (go test ./agent -run FixA3Heldout -v); a count below the one
// measured after the fixes fails. Base (before the fixes): 12 of 22;
// after A1–A5: 22.
func TestFixA3Heldout(t *testing.T) {
	measureFixT(t, "fixA3 held-out", 22, heldoutFixA3())
}

// heldoutFixA3 is the held-out table (see TestFixA3Heldout).
func heldoutFixA3() []caseFixT {
	return []caseFixT{
		// A1: a pasted summary edited in place
		{"youtube", "en", "Applied: Japan · Gaming · Followers 50K–200K → make it Korea, keep the rest", "",
			all(countryIn("KR"), wantApplied("category", "category eq gaming"), wantApplied("followers", "followers between {max:200000,min:50000}"), noTerm("rest", "keep"))},
		{"youtube", "zh", "已生效：加拿大 / 旅行 / 粉丝 2万–10万 → 换成澳大利亚，其他不变", "",
			all(countryIn("AU"), wantApplied("category", "category eq travel"), noTerm("其他", "不变"))},
		{"instagram", "en", "food creators in Italy", "Country: Italy → Spain",
			all(countryIn("ES"), noTerm("spain", "country"))},
		{"youtube", "en", "tech channels with 5k-20k subscribers", "subscribers 5k-20k -> 30k-100k",
			wantApplied("followers", "followers between {max:100000,min:30000}")},
		{"tiktok", "zh", "已应用：美国 / 宠物 / 粉丝 1万–5万 → 去掉宠物", "",
			all(countryIn("US"), wantApplied("category", ""))},
		// A2: English keyword labels
		{"youtube", "en", "baking channels, must have: sourdough", "",
			all(hardTerm("sourdough", false), noTerm("must"))},
		{"youtube", "en", "outdoor creators in Canada. required: kayaking", "",
			all(hardTerm("kayaking", false), countryIn("CA"), noTerm("required"))},
		{"instagram", "en", "fashion creators, exclude: France, beauty", "",
			all(hasApplied("country not_in [FR]"), hasApplied("category not_in [beauty]"))},
		{"youtube", "en", "music channels that have to mention vinyl", "",
			all(hardTerm("vinyl", false), noTerm("have to", "mention"))},
		{"youtube", "en", "gardening creators, not: tomatoes", "",
			hardTerm("tomatoes", true)},
		// A3: a condition withdrawn later in the same message
		{"youtube", "zh", "日本的美食博主，近一周发过视频，算了，发布时间无所谓", "",
			all(wantApplied("last_active", ""), countryIn("JP"), noTerm("算了", "无所谓", "时间"), withdrawn("活跃", "7", "一周", "发布", "更新"))},
		{"youtube", "en", "cooking creators in Mexico, wait no, any country works", "",
			all(wantApplied("country", ""), wantApplied("category", "category eq food"), noTerm("works", "any"), withdrawn("mexico"))},
		{"tiktok", "zh", "穿搭博主，粉丝不少于3万，不对不对，粉丝多少都行", "",
			all(wantApplied("followers", ""), wantApplied("category", "category eq fashion"), noTerm("多少", "都行"), withdrawn("粉丝"))},
		{"youtube", "en", "gaming channels active in the last week, never mind, activity doesn't matter", "",
			all(wantApplied("last_active", ""), wantApplied("category", "category eq gaming"), noTerm("matter", "activity"), withdrawn("active", "activity", "week"))},
		{"instagram", "en", "pet creators with over 100k followers, scratch that, any size", "",
			all(wantApplied("followers", ""), wantApplied("category", "category eq pets"), noTerm("size", "any"), withdrawn("followers", "100"))},
		// A4: a pasted mail or chat header
		{"youtube", "en", "From: Harbor Lane Agency | Re: spring campaign\nWe need beauty creators in the UK", "",
			all(noTerm("harbor", "lane", "agency"), countryIn("GB"))},
		{"youtube", "zh", "发件人：蓝鲸互动\n需要日本的游戏博主", "",
			all(noTerm("蓝鲸"), countryIn("JP"))},
		{"instagram", "en", "Fwd: Subject: travel creators for Portugal launch\nlooking for travel creators in Portugal", "",
			all(noTerm("fwd", "launch"), countryIn("PT"))},
		// A5: same as before but …
		{"youtube", "en", "beauty creators in France", "same as before but with at least 20k followers",
			all(noNothingToUndo, countryIn("FR"), wantApplied("followers", "followers gte 20000"))},
		{"youtube", "zh", "德国的科技博主", "和上次一样，不过换成奥地利",
			all(noNothingToUndo, countryIn("AT"))},
		{"instagram", "en", "fitness creators in Brazil", "like last time but only Portuguese-speaking ones",
			all(noNothingToUndo, countryIn("BR"))},
		{"youtube", "zh", "英国的宠物博主", "还是刚才那样，但是粉丝10万以下",
			all(noNothingToUndo, countryIn("GB"), wantApplied("followers", "followers lte 100000"))},
	}
}
