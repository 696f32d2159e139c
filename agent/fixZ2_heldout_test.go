package agent

import (
	"fmt"
	"strings"
	"testing"

	"searchagent/api"
)

// questionAnswered checks no question is left open and no condition of
// field is pending (the open question was answered).
func questionAnswered(field string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		var bad []string
		if q := snap.Context.PendingQuestion; q != nil {
			bad = append(bad, fmt.Sprintf("question %q still open", q.Text))
		}
		for _, c := range snap.Context.Conditions {
			if c.Field == field && c.Status == "pending" {
				bad = append(bad, fmt.Sprintf("%s still pending", field))
			}
		}
		return bad
	}
}

// noticeNothingChanged checks the notice says the turn changed nothing.
func noticeNothingChanged(snap api.Snapshot) []string {
	n := strings.ToLower(snap.Context.Notice)
	for _, w := range []string{"nothing changed", "no change", "unchanged", "没有改变", "未改变", "没有变化", "没有改动", "条件没变", "条件未变"} {
		if strings.Contains(n, w) {
			return nil
		}
	}
	return []string{fmt.Sprintf("notice %q does not say nothing changed", snap.Context.Notice)}
}

// TestFixZ2Heldout is the follow-up classes Z1–Z6 of issue 26's
// leftovers (compound follow-ups, written Cantonese follow-ups, a
// condition removed by its field's everyday name, an assent answering
// an open question, a creator kind excluded by a category alias, 抖音 /
// Douyin as TikTok) in phrasings of my own, written before any change
// and never tuned on. Its pass count is logged (go test ./agent -run
// FixZ2Heldout -v); a count below the one measured after the fixes
// fails. Base (before the fixes): 7 of 22; after Z2/Z3 (a field let go
// of in everyday or Cantonese words, namedremoval.go): 12.
func TestFixZ2Heldout(t *testing.T) {
	measureFixT(t, "fixZ2 held-out", 12, heldoutFixZ2())
}

// heldoutFixZ2 is the held-out table (see TestFixZ2Heldout).
func heldoutFixZ2() []caseFixT {
	return []caseFixT{
		// Z1: every part of a compound follow-up applies
		{"instagram", "en", "fashion creators in Italy and Spain", "cool — among these keep the Spanish ones, and only those that also do beauty stuff",
			all(wantApplied("country", "country eq ES"), hasTopic([]string{"beauty"}, []string{"beauty"}), noKeyword("beauty stuff", "also do"))},
		{"youtube", "zh", "加拿大和澳大利亚的美食博主", "这些当中澳大利亚的留着，最好还做旅行的",
			all(wantApplied("country", "country eq AU"), hasTopic([]string{"旅行"}, []string{"travel"}), noKeyword("留着", "还做"))},
		{"tiktok", "en", "gaming creators in Brazil and Mexico", "keep the Mexican ones, drop anything under 50k",
			all(wantApplied("country", "country eq MX"), wantApplied("followers", "followers gte 50000"))},
		{"youtube", "zh", "德国和法国的科技博主", "法国的留下，粉丝低于两万的不要",
			all(wantApplied("country", "country eq FR"), wantApplied("followers", "followers gte 20000"))},
		// Z2: written Cantonese follow-ups read as their Mandarin counterparts
		{"youtube", "zh", "美国的美食博主", "連埋韓國一齊搵",
			wantApplied("country", "country in [US,KR]")},
		{"instagram", "zh", "英国的时尚博主", "唔該按粉絲數排下",
			all(sortIs("followers"), wantApplied("country", "country eq GB"))},
		{"youtube", "zh", "法国的旅行博主，最近30天有更新", "唔使理更新時間",
			all(wantApplied("last_active", ""), wantApplied("country", "country eq FR"))},
		{"tiktok", "zh", "日本的健身博主，粉丝一万以上", "唔使理邊個國家",
			all(wantApplied("country", ""), wantApplied("followers", "followers gte 10000"))},
		// Z3: a condition removed by its field's everyday name
		{"youtube", "en", "cooking channels in Italy active in the last 2 weeks", "drop the time window",
			all(wantApplied("last_active", ""), noKeyword("window"), wantApplied("country", "country eq IT"))},
		{"instagram", "en", "beauty creators in Korea with 10k-100k followers", "never mind the follower range",
			all(wantApplied("followers", ""), noKeyword("range"), noticeAny("follower"))},
		{"youtube", "zh", "日本的游戏频道，最近一个月更新过", "更新时间那个去掉吧",
			all(wantApplied("last_active", ""), noKeyword("更新时间"), wantApplied("country", "country eq JP"))},
		{"tiktok", "zh", "美国的宠物博主，粉丝五万以上", "粉丝多少无所谓",
			all(wantApplied("followers", ""), noKeyword("粉丝", "无所谓"), noticeAny("粉丝"))},
		// Z4: an assent answers the open question, or says nothing changed
		{"youtube", "en", "beauty creators on Instagram", "yes, the first one",
			all(questionAnswered("platform"), onPlatform("youtube"))},
		{"youtube", "zh", "在Instagram上找美妆博主", "对，第一个",
			all(questionAnswered("platform"), onPlatform("youtube"))},
		{"youtube", "en", "travel vloggers in Spain", "yep that one",
			all(noticeNothingChanged, wantApplied("country", "country eq ES"))},
		{"youtube", "zh", "日本的美食博主", "对就这个",
			all(noticeNothingChanged, wantApplied("country", "country eq JP"))},
		// Z5: a creator kind named by a category alias is excluded
		{"youtube", "en", "entertainment channels in the UK", "no vloggers",
			excludedCat("lifestyle", "vloggers")},
		{"youtube", "zh", "美国的科技博主", "不要游戏up主",
			excludedCat("gaming", "游戏up主")},
		{"youtube", "en", "channels in Canada with 100k+ subscribers", "skip the gamers",
			all(excludedCat("gaming", "gamers"), wantApplied("country", "country eq CA"))},
		// Z6: 抖音 / Douyin is TikTok
		{"tiktok", "zh", "美国的美食博主", "换成抖音上的",
			all(onPlatform("tiktok"), noKeyword("抖音"), noticeHas("抖音"))},
		{"tiktok", "en", "fitness creators in Japan", "what about Douyin",
			all(onPlatform("tiktok"), noKeyword("douyin"), noticeHas("Douyin"))},
		{"youtube", "zh", "日本的旅行博主", "抖音上有没有",
			platformAsked("tiktok", "抖音")},
	}
}
