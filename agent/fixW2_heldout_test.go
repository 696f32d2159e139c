package agent

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"searchagent/api"
)

// excludedCat checks the creator kind cat is excluded: an applied
// category not_in holding it, or applied categories without it; and no
// keyword holds any of nouns (the creator noun is the kind, never a term).
func excludedCat(cat string, nouns ...string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		bad := noKeyword(nouns...)(snap)
		ok := false
		for _, c := range snap.Context.Conditions {
			if c.Field != "category" || c.Status != "applied" {
				continue
			}
			raw, _ := json.Marshal(c.Value)
			has := strings.Contains(string(raw), `"`+cat+`"`)
			switch {
			case c.Op == "not_in" && has:
				ok = true
			case c.Op != "not_in" && has:
				return append(bad, fmt.Sprintf("category %s %s still holds %s", c.Op, raw, cat))
			case c.Op != "not_in":
				ok = true
			}
		}
		if !ok {
			bad = append(bad, fmt.Sprintf("no category condition excludes %s", cat))
		}
		return bad
	}
}

// sortIs checks the results' sort.
func sortIs(want string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		if snap.Context.Sort != want {
			return []string{fmt.Sprintf("sort %q, want %q", snap.Context.Sort, want)}
		}
		return nil
	}
}

// noticeAny checks the notice holds one of ws.
func noticeAny(ws ...string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		for _, w := range ws {
			if strings.Contains(strings.ToLower(snap.Context.Notice), strings.ToLower(w)) {
				return nil
			}
		}
		return []string{fmt.Sprintf("notice %q holds none of %q", snap.Context.Notice, ws)}
	}
}

// TestFixW2Heldout is the reading classes W1–W6 of issue 26's leftovers
// (a compound follow-up's parts, a creator noun excluded as its kind,
// written Cantonese follow-ups, questions about the results' figures, a
// platform the product does not serve, "more like the first ones" with
// no results) in phrasings of my own, written before any change and
// never tuned on. Its pass count is logged (go test ./agent -run
// FixW2Heldout -v); a count below the one measured after the fixes
// fails. Base (before the fixes): 6 of 20; after W2 (creator noun
// excluded as its kind) and W4 (figure questions in Chinese): 9; with
// W6 (more like a group of results: nothing to compare with): 11; with
// W5 (a platform not served is named, never a keyword): 14.
func TestFixW2Heldout(t *testing.T) {
	measureFixT(t, "fixW2 held-out", 14, heldoutFixW2())
}

// heldoutFixW2 is the held-out table (see TestFixW2Heldout).
func heldoutFixW2() []caseFixT {
	return []caseFixT{
		// W1: every part of a compound follow-up applies
		{"instagram", "en", "beauty creators in France and Belgium", "nice, from these keep the French ones and only the ones that also do fashion",
			all(wantApplied("country", "country eq FR"), hasTopic([]string{"fashion"}, []string{"fashion"}), noKeyword("also do", "ones"))},
		{"youtube", "zh", "日本和韩国的旅行博主", "这里面日本的保留，只要也拍美食的",
			all(wantApplied("country", "country eq JP"), hasTopic([]string{"美食"}, []string{"food"}), noKeyword("保留", "也拍"))},
		{"tiktok", "en", "tech creators in Germany or Austria", "ok — just the German ones, and only those who also review games",
			all(wantApplied("country", "country eq DE"), hasTopic([]string{"game", "gaming"}, []string{"gaming"}), noKeyword("review games", "those who"))},
		// W2: a creator noun excluded is its kind, never a keyword with its tail
		{"youtube", "en", "gaming and comedy channels in the US", "leave out the comedians",
			excludedCat("comedy", "comedians")},
		{"youtube", "en", "lifestyle channels in Canada", "no gamers please",
			all(excludedCat("gaming", "gamers"), noKeyword("please"))},
		{"youtube", "zh", "美国的生活方式博主", "别给我游戏主播",
			excludedCat("gaming", "游戏主播")},
		{"instagram", "zh", "英国的博主，粉丝一万以上", "美妆博主就不要了",
			excludedCat("beauty", "美妆博主")},
		{"youtube", "en", "fitness channels in Australia", "skip the doctors please",
			noKeyword("please")},
		// W3: written Cantonese follow-ups read as their Mandarin counterparts
		{"youtube", "zh", "美国的科技博主", "加埋英国",
			wantApplied("country", "country in [US,GB]")},
		{"youtube", "zh", "日本的美食博主，粉丝一万以上", "唔使理粉絲數",
			all(wantApplied("followers", ""), wantApplied("country", "country eq JP"))},
		{"instagram", "zh", "韩国的美妆博主", "幫我按粉絲數排一排",
			all(sortIs("followers"), wantApplied("country", "country eq KR"))},
		{"youtube", "zh", "德国的汽车频道", "連埋奧地利都要",
			wantApplied("country", "country in [DE,AT]")},
		// W4: a question about the results' figures is no term
		{"youtube", "zh", "法国的美食博主", "这批人平均有多少粉丝",
			all(noKeyword("平均", "多少"), wantApplied("country", "country eq FR"))},
		{"youtube", "en", "gardening channels in the UK", "what's the average subscriber count of these",
			all(noKeyword("average", "subscriber"), wantApplied("country", "country eq GB"))},
		{"tiktok", "zh", "巴西的健身博主", "粉丝中位数大概多少",
			all(noKeyword("中位数", "多少"), wantApplied("country", "country eq BR"))},
		// W5: a platform the product does not serve is said so, no keyword
		{"youtube", "en", "travel vloggers in Spain", "what about on Bilibili",
			all(noKeyword("bilibili"), noticeHas("Bilibili"), wantApplied("country", "country eq ES"))},
		{"youtube", "zh", "美国的美食博主", "换成快手上的",
			all(noKeyword("快手"), noticeHas("快手"), wantApplied("country", "country eq US"))},
		{"instagram", "en", "fitness creators in the UK", "show me LinkedIn ones instead",
			all(noKeyword("linkedin"), noticeHas("LinkedIn"), wantApplied("country", "country eq GB"))},
		// W6: "more like the first ones" with no results says so
		{"youtube", "en", "woodworking channels in Iceland with over 5M subscribers", "more like the first three",
			noticeAny("no results", "nothing to compare")},
		{"youtube", "zh", "冰岛的木工频道，订阅五百万以上", "找跟前两个类似的",
			noticeAny("没有结果", "没有可比较")},
	}
}
