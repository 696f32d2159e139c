package agent

import (
	"fmt"
	"strings"
	"testing"

	"searchagent/api"
)

// noQuestionNoPending checks the turn asked nothing and left no condition
// pending.
func noQuestionNoPending(snap api.Snapshot) []string {
	var bad []string
	if snap.Context.PendingQuestion != nil {
		bad = append(bad, fmt.Sprintf("question %q asked", snap.Context.PendingQuestion.Text))
	}
	for _, c := range snap.Context.Conditions {
		if c.Status == "pending" {
			bad = append(bad, fmt.Sprintf("condition %s %s pending", c.Field, c.Op))
		}
	}
	return bad
}

// askedSwitch checks one question is open (the page's platform is the
// one the writer does not want).
func askedSwitch(snap api.Snapshot) []string {
	if snap.Context.PendingQuestion == nil && snap.State.Session != "clarifying" {
		return []string{"no question asked"}
	}
	return nil
}

// notUnread checks the notice does not say the follow-up was unread.
func notUnread(snap api.Snapshot) []string {
	n := strings.ToLower(snap.Context.Notice)
	for _, w := range []string{"could not read", "没能读懂", "无法理解", "没有读懂", "没看懂"} {
		if strings.Contains(n, w) {
			return []string{fmt.Sprintf("notice %q says unread", snap.Context.Notice)}
		}
	}
	return nil
}

// hasResults checks the search found something (a sort or a question
// answered by the results never empties them).
func hasResults(snap api.Snapshot) []string {
	if snap.Results == nil || snap.Results.Total == 0 {
		return []string{"no results"}
	}
	return nil
}

// TestFixF3Heldout is issue 26's reading classes F1–F4 as fixF3 was
// given them (platforms not wanted, a sort said alone, a condition asked
// as a question, a self-answered list) in phrasings of my own, written
// before any change and never tuned on. Base (before the fixes): 7 of
// 21; after F1–F4: 20 (left: "粉丝超过2万吗" reads 超过 as ≥, the
// product's reading of 超过 everywhere, where the table wanted >). Note
// the "Vlogs? no" case passes for a weak reason: vlogs are excluded as
// a keyword, not as the lifestyle category the check looks for.
func TestFixF3Heldout(t *testing.T) {
	measureFixT(t, "fixF3 held-out", 20, heldoutFixF3())
}

// heldoutFixF3 is the held-out table (see TestFixF3Heldout).
func heldoutFixF3() []caseFixT {
	return []caseFixT{
		// F1: platforms not wanted, the page's platform agrees
		{"youtube", "en", "travel vloggers in Japan", "skip Instagram and TikTok, YouTube only",
			all(noQuestionNoPending, notUnread, onPlatform("youtube"), noTerm("instagram", "tiktok"), noticeAny("youtube"), countryIn("JP"))},
		{"instagram", "zh", "法国的时尚博主", "别给我推油管和推特的",
			all(noQuestionNoPending, notUnread, onPlatform("instagram"), noTerm("油管", "推特"), noticeAny("instagram"), countryIn("FR"))},
		{"tiktok", "en", "dance creators in Korea", "nothing from YouTube thanks",
			all(noQuestionNoPending, notUnread, onPlatform("tiktok"), noTerm("youtube"), noticeAny("tiktok"), countryIn("KR"))},
		{"youtube", "zh", "德国的汽车博主", "不要ins",
			all(noQuestionNoPending, notUnread, onPlatform("youtube"), noTerm("ins"), noticeAny("youtube"), countryIn("DE"))},
		{"x", "en", "crypto accounts in the US", "no tiktok or insta",
			all(noQuestionNoPending, notUnread, onPlatform("x"), noTerm("tiktok", "insta"), countryIn("US"))},
		{"youtube", "en", "science channels, not on TikTok", "",
			all(noQuestionNoPending, onPlatform("youtube"), noTerm("tiktok"))},
		// F1: the page's platform is the one not wanted
		{"tiktok", "en", "comedy creators in the UK", "no TikTok please",
			all(askedSwitch, notUnread, noTerm("tiktok"))},
		{"youtube", "zh", "日本的游戏博主", "不要油管的",
			all(askedSwitch, notUnread, noTerm("油管"))},
		// F2: a sort said alone
		{"youtube", "en", "pet channels in Canada", "latest first",
			all(sortIs("recent"), hasResults, noTerm("latest"))},
		{"youtube", "en", "pet channels in Canada", "most recently active?",
			all(sortIs("recent"), hasResults, noTerm("recently", "active"))},
		{"instagram", "zh", "英国的美食博主", "按时间排",
			all(sortIs("recent"), hasResults, noTerm("时间"))},
		{"instagram", "zh", "英国的美食博主", "最近更新的放前面",
			all(sortIs("recent"), hasResults, noTerm("更新", "前面"))},
		{"tiktok", "en", "fitness creators in the US", "order by date",
			all(sortIs("recent"), hasResults, noTerm("date", "order"))},
		// F3: a condition asked as a question in a first search
		{"youtube", "en", "any gaming channels in Germany with more than 50k subs?", "",
			all(countryIn("DE"), wantApplied("followers", "followers gte 50000"), wantApplied("category", "category eq gaming"), noTerm("any"))},
		{"youtube", "zh", "有没有在韩国的美妆博主，粉丝超过2万吗？", "",
			all(countryIn("KR"), wantApplied("followers", "followers gt 20000"), noTerm("有没有", "吗"))},
		{"instagram", "en", "travel creators. are they based in Spain? do they have 20k+ followers?", "",
			all(countryIn("ES"), wantApplied("followers", "followers gte 20000"), noTerm("are they", "do they", "based"))},
		{"youtube", "zh", "科技博主，是不是都在美国？最近一个月有更新吗？", "",
			all(countryIn("US"), wantApplied("last_active", "last_active within_days 30"), noTerm("是不是", "有更新"))},
		// F4: a self-answered list
		{"youtube", "en", "food channels. Canada? yes. Vlogs? no. Under 100k? yes", "",
			all(countryIn("CA"), wantApplied("followers", "followers lte 100000"), excludedCat("vlog"))},
		{"instagram", "zh", "健身博主。日本？要。美妆？不要。", "",
			all(countryIn("JP"), excludedCat("beauty"), noTerm("要"))},
		{"youtube", "en", "music channels - English: yes, Spanish: no", "",
			all(wantApplied("language", "language eq en"), noTerm("yes", "no"))},
		{"tiktok", "zh", "宠物博主：美国？是。游戏？否。", "",
			all(countryIn("US"), excludedCat("gaming"))},
	}
}
