package agent

import (
	"fmt"
	"strings"
	"testing"

	"searchagent/api"
)

// appliedHas checks some applied condition ("field op value") holds s.
func appliedHas(s string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		for _, c := range appliedConds(snap) {
			if strings.Contains(c, s) {
				return nil
			}
		}
		return []string{fmt.Sprintf("no applied condition holds %q", s)}
	}
}

// appliedLacks checks no applied condition holds any of ss.
func appliedLacks(ss ...string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		var bad []string
		for _, c := range appliedConds(snap) {
			for _, s := range ss {
				if strings.Contains(c, s) {
					bad = append(bad, fmt.Sprintf("applied %q holds %q", c, s))
				}
			}
		}
		return bad
	}
}

// noticeSaid checks the turn left a notice.
func noticeSaid(snap api.Snapshot) []string {
	if strings.TrimSpace(snap.Context.Notice) == "" {
		return []string{"no notice"}
	}
	return nil
}

// TestFixI3Heldout is the reading classes I1–I4 of issue 26 ("the box
// reads what people write": a sort reversed, a window or bound said
// short in a follow-up, "drop the last one", an exclusion's scope) in
// phrasings of my own, written before any change and never tuned on.
// Its pass count is logged (go test ./agent -run FixI3Heldout -v); a
// count below the one measured after the fixes fails. Base (before the
// fixes): 10 of 20; after I1–I3: 19, then 18 once ranking terms were
// left out of "the last condition" (audit 41 case 6 says a ranking term
// from the advertiser's sentence is no condition to drop). The misses:
// "no baking-only pages" keeps "pages" in the excluded term (a creator
// noun the lexicon lacks), and "…, posting about pasta" then "remove the
// last one" drops the follower floor, pasta being a ranking term.
func TestFixI3Heldout(t *testing.T) {
	measureFixT(t, "fixI3 held-out", 18, heldoutFixI3())
}

// heldoutFixI3 is the held-out table (see TestFixI3Heldout).
func heldoutFixI3() []caseFixT {
	return []caseFixT{
		// I1: a reversed sort is the sort (or a notice), never a term
		{"youtube", "en", "US gaming channels sorted by subscriber count", "now do it the other way",
			all(sortIs("followers"), noticeSaid, noKeyword("other way", "do it"))},
		{"youtube", "en", "cooking channels in Canada ranked by engagement", "flip that around please",
			all(noticeSaid, noKeyword("flip", "around"))},
		{"instagram", "zh", "日本的美妆博主，按粉丝数排", "顺序反过来看看",
			all(sortIs("followers"), noticeSaid, noKeyword("反过来", "顺序"))},
		{"tiktok", "zh", "美国的舞蹈博主 按粉丝从高到低", "倒过来",
			all(sortIs("followers"), noticeSaid, noKeyword("倒过来"))},
		{"youtube", "en", "tech reviewers in the UK, biggest first", "opposite order",
			all(sortIs("followers"), noticeSaid, noKeyword("opposite", "order"))},
		// I2: a short window or bound is the window / the bound
		{"youtube", "zh", "美国的科技博主", "只要最近两周发过视频的",
			all(appliedHas("last_active within_days 14"), noKeyword("两周", "最近"))},
		{"instagram", "zh", "法国的美食博主", "近五天的就可以",
			all(appliedHas("last_active within_days 5"), noKeyword("五天", "近五天"))},
		{"youtube", "en", "fitness channels in Australia", "just the past 2 weeks",
			all(appliedHas("last_active within_days 14"), noKeyword("past", "weeks"))},
		{"tiktok", "en", "beauty creators in Brazil", "100k tops",
			all(appliedHas("followers lte 100000"), noKeyword("tops", "100k"))},
		{"youtube", "en", "travel vloggers in Spain", "not over 40k subs",
			all(appliedHas("followers lte 40000"), noKeyword("over", "40k"))},
		{"instagram", "zh", "韩国的穿搭博主", "粉丝最多三万",
			all(appliedHas("followers lte 30000"), noKeyword("最多", "三万"))},
		{"youtube", "en", "pet channels in Germany", "precisely 20k subscribers, no more",
			all(appliedHas("followers"), noKeyword("precisely", "20k", "no more"))},
		// I3: "drop the last one" is the last condition said
		{"youtube", "zh", "美国的美妆博主，粉丝五万以上，不要带货的", "把最后一个条件删掉",
			all(appliedHas("followers gte 50000"), appliedLacks("带货"), appliedHas("country eq US"))},
		{"youtube", "en", "UK tech channels over 20k subscribers, no unboxing", "scrap the final condition",
			all(appliedHas("followers gte 20000"), appliedLacks("unboxing"), appliedHas("country eq GB"))},
		{"instagram", "en", "Italian food creators above 10k followers, posting about pasta", "remove the last one",
			all(appliedHas("followers gte 10000"), appliedLacks("pasta"), appliedHas("country eq IT"))},
		{"tiktok", "zh", "日本的游戏博主，粉丝一万以上，关于原神", "最后那条不要了",
			all(appliedHas("followers gte 10000"), appliedLacks("原神"), appliedHas("country eq JP"))},
		// I4: an exclusion's scope
		{"youtube", "en", "US creators with 50k+ subs, no gaming/esports channels", "",
			all(noKeyword("channels"), appliedHas("followers gte 50000"))},
		{"youtube", "en", "UK creators 20k+, no lifestyle (except fashion and beauty)", "",
			all(noKeyword("except"), appliedLacks("not_contains fashion", "not_contains beauty"))},
		{"instagram", "en", "food creators in Mexico, no baking-only pages", "",
			all(appliedLacks("not_in [food]", "category not_in food"), noKeyword("pages"))},
		{"youtube", "zh", "美国的博主，五万粉以上，不要母婴类频道", "",
			all(noKeyword("频道"), appliedHas("followers gte 50000"))},
	}
}
