package agent

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Audit 24's mild notice class (testdata/audit24/RUNS.md, "Mild"), with
// phrasings of my own: a word the reading or the router used in a
// follow-up — a swap after a chat acknowledgement, a widening said in
// words, an inactive window that "can go", a chat receipt — is never named
// as not understood.

// noticeCase is one follow-up after a first search: the applied
// conditions it must hold and the words its notice may not call unread.
type noticeCase struct {
	platform, loc, first, text string
	want                       []string
}

// checkNoticeCase runs tc and reports a missing condition or a notice
// that names anything as not understood.
func checkNoticeCase(t *testing.T, a *Agent, tc noticeCase) {
	t.Helper()
	for _, f := range noticeFailures(t, a, tc) {
		t.Error(f)
	}
}

// noticeFailures runs tc and returns what it misses.
func noticeFailures(t *testing.T, a *Agent, tc noticeCase) []string {
	t.Helper()
	snap := followup(t, a, tc.platform, tc.loc, tc.first, tc.text)
	got := appliedConds(snap)
	var out []string
	for _, w := range tc.want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasSuffix(g, w) }) {
			out = append(out, fmt.Sprintf("%q after %q: conditions %q, want %q", tc.text, tc.first, got, w))
		}
	}
	if n := snap.Context.Notice; strings.Contains(n, "not understood") || strings.Contains(n, "未识别") {
		out = append(out, fmt.Sprintf("%q after %q: notice %q names a word as not understood", tc.text, tc.first, n))
	}
	return out
}

// TestAudit24ZNoticesHeldOut is the held-out table, written before any
// rule was changed and never tuned on. Its one known miss ("比利时的也行"
// replaced the held country) reads as meant since fixM (an acceptance
// after 的 adds the value).
func TestAudit24ZNoticesHeldOut(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []noticeCase{
		{"tiktok", "en", "travel creators in Peru", "great 🙌 switch Peru for Chile pls", []string{"country eq CL"}},
		{"youtube", "zh", "法国的时尚博主 粉丝3万左右", "放宽一些 比利时的也行", []string{"country in [FR,BE]"}},
		{"x", "en", "fitness creators in Spain, 10k+", "and anyone inactive since August can go", []string{"followers gte 10000"}},
		{"youtube", "zh", "日本的游戏主播", "收到🙏 改成韩国的", []string{"country eq KR"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			if f := noticeFailures(t, a, tc); len(f) > 0 {
				t.Error(strings.Join(f, "; "))
			}
		})
	}
}

// TestAudit24ZNoticesUsedWords: a follow-up's words the reading or the
// router used are never named as not understood — a swap after a chat's
// acknowledgement and emoji, a widening said in words, who stopped
// posting "can go", a chat receipt before an edit.
func TestAudit24ZNoticesUsedWords(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []noticeCase{
		{"instagram", "en", "baking creators in Italy, 20k–100k", "cool 👍 swap Italy for Spain, keep the rest", []string{"country eq ES"}},
		{"instagram", "en", "home decor creators in Denmark", "nice 🙏 replace Denmark with Norway and sort by engagement", []string{"country eq NO"}},
		{"youtube", "zh", "德国的汽车频道 粉丝5万左右", "再放宽一点 奥地利的也要", []string{"country in [DE,AT]"}},
		{"youtube", "zh", "英国的美食博主", "范围放宽一些，爱尔兰的也要", []string{"country in [GB,IE]"}},
		{"x", "en", "EV accounts in Norway, at least 5,000 followers", "also add Finland, and anyone who has not posted since September can go", []string{"country in [NO,FI]"}},
		{"tiktok", "en", "gaming creators in Brazil", "anyone who hasn't uploaded in 2 months should go", []string{"last_active within_days 60"}},
		{"instagram", "zh", "韩国的美妆博主", "嗯 收到 再加个条件 粉丝两万以上", []string{"followers gte 20000"}},
		{"tiktok", "zh", "泰国的美食博主", "好的收到👌 换成越南的", []string{"country eq VN"}},
	} {
		t.Run(tc.text, func(t *testing.T) { checkNoticeCase(t, a, tc) })
	}
}

// TestAudit24ZNoticesFresh is a second table of my own follow-ups,
// written after the fixes and run once without tuning.
func TestAudit24ZNoticesFresh(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []noticeCase{
		{"instagram", "en", "pet creators in Spain", "awesome 🙏 swap Spain for Portugal", []string{"country eq PT"}},
		{"youtube", "zh", "日本的旅行博主 粉丝10万以上", "收到 再放宽一些 韩国的也要", []string{"country in [JP,KR]"}},
		{"tiktok", "en", "dance creators in the Philippines", "ok and those who haven't posted since October are out", []string{"country eq PH"}},
	} {
		t.Run(tc.text, func(t *testing.T) { checkNoticeCase(t, a, tc) })
	}
}
