package agent

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/api"
)

// countryIn checks the applied country condition holds exactly codes,
// in any order (one code: "country eq X"; more: "country in [...]").
func countryIn(codes ...string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		got := appliedField(snap, "country")
		if len(got) == 1 {
			v := strings.TrimPrefix(strings.TrimPrefix(got[0], "country eq "), "country in ")
			have := strings.Split(strings.Trim(v, "[]"), ",")
			slices.Sort(have)
			want := slices.Clone(codes)
			slices.Sort(want)
			if slices.Equal(have, want) {
				return nil
			}
		}
		return []string{fmt.Sprintf("country: got %v, want the set %v", got, codes)}
	}
}

// moreNoBound checks a request for more results turned the page or
// offered a widening with a notice, and never set a follower bound
// (followers stays at want, "" for none) or a keyword.
func moreNoBound(want string, words ...string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		bad := append(wantApplied("followers", want)(snap), noKeyword(words...)(snap)...)
		return append(bad, noticeSaid(snap)...)
	}
}

// TestFixZ3Heldout is the follow-up classes Z1–Z6 of issue 26's
// leftovers as fixZ3 was given them (a compound keep-only follow-up, a
// country added to the list held, a request for more results, an assent
// answering an open question, a creator kind named by a category alias
// excluded, 抖音 / Douyin as TikTok) in phrasings of my own, written
// before any change and never tuned on. Its pass count is logged (go
// test ./agent -run FixZ3Heldout -v); a count below the one measured
// after the fixes fails. Base (before the fixes): 13 of 23; after Z1–Z6:
// 22 (the miss: an also-do said as a relative clause of the kept noun,
// "keep only the French ones that also do cooking stuff", with no comma
// or "and only" before it, ranks as the words "do cooking stuff").
func TestFixZ3Heldout(t *testing.T) {
	measureFixT(t, "fixZ3 held-out", 22, heldoutFixZ3())
}

// heldoutFixZ3 is the held-out table (see TestFixZ3Heldout).
func heldoutFixZ3() []caseFixT {
	return []caseFixT{
		// Z1: every part of a compound follow-up applies
		{"instagram", "en", "travel creators in France and Germany", "nice, from those keep only the French ones that also do cooking stuff",
			all(countryIn("FR"), hasTopic([]string{"cook", "food"}, []string{"food"}), noKeyword("also do", "stuff"))},
		{"youtube", "zh", "日本和韩国的美妆博主", "这里面韩国的留下，最好也做穿搭的",
			all(countryIn("KR"), hasTopic([]string{"穿搭", "fashion"}, []string{"fashion"}), noKeyword("留下", "也做"))},
		{"tiktok", "en", "fitness creators in Italy and Spain", "keep the Italian ones and drop everyone below 30k",
			all(countryIn("IT"), wantApplied("followers", "followers gte 30000"))},
		// Z2: a country added to the list held, never replacing it
		{"youtube", "zh", "美国的科技博主", "再加上日本",
			countryIn("US", "JP")},
		{"instagram", "zh", "英国的美食博主", "连同法国的也一起找",
			countryIn("GB", "FR")},
		{"youtube", "en", "gaming channels in Germany", "add France too",
			countryIn("DE", "FR")},
		{"tiktok", "en", "dance creators in the US", "and Canada as well",
			countryIn("US", "CA")},
		{"youtube", "zh", "台湾的旅行博主", "加埋日本",
			countryIn("TW", "JP")},
		// Z3: more results is a page or a widening, never a follower bound
		{"youtube", "zh", "美国的美食博主", "再多找一些",
			moreNoBound("", "多找")},
		{"youtube", "en", "travel vloggers in Japan", "find me more",
			moreNoBound("", "find", "more")},
		{"instagram", "zh", "韩国的美妆博主", "搵多幾個",
			moreNoBound("", "搵")},
		{"tiktok", "en", "pet creators in the UK with over 10k followers", "any more of these?",
			moreNoBound("followers gte 10000", "any more")},
		// Z4: an assent answers the open question, or says nothing changed
		{"youtube", "en", "fitness creators on TikTok", "yeah, the second one",
			all(questionAnswered("platform"), noKeyword("second"))},
		{"youtube", "zh", "在TikTok上找健身博主", "好，第二个",
			all(questionAnswered("platform"), noKeyword("第二"))},
		{"instagram", "en", "food creators in Mexico", "yes that one please",
			all(noticeNothingChanged, countryIn("MX"))},
		{"tiktok", "zh", "美国的宠物博主", "对的，就那个",
			all(noticeNothingChanged, countryIn("US"))},
		// Z5: a creator kind named by a category alias is excluded
		{"youtube", "en", "food channels in Canada but no vloggers", "",
			excludedCat("lifestyle", "vloggers")},
		{"youtube", "zh", "英国的科技博主，不要游戏主播", "",
			excludedCat("gaming", "游戏主播")},
		{"youtube", "en", "channels in Australia with 50k+ subscribers", "leave out the gamers",
			all(excludedCat("gaming", "gamers"), countryIn("AU"))},
		{"youtube", "zh", "日本的博主", "不要美妆博主",
			excludedCat("beauty", "美妆博主")},
		// Z6: 抖音 / Douyin on a TikTok page is TikTok, said in a notice
		{"tiktok", "zh", "抖音上的美食博主", "",
			all(onPlatform("tiktok"), noKeyword("抖音"), noticeHas("抖音"))},
		{"tiktok", "en", "fitness creators in Korea", "how about Douyin?",
			all(onPlatform("tiktok"), noKeyword("douyin"), noticeHas("Douyin"))},
		{"tiktok", "zh", "日本的旅行博主", "抖音呢",
			all(onPlatform("tiktok"), noKeyword("抖音"), noticeHas("抖音"))},
	}
}
