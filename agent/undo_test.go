package agent

import (
	"fmt"
	"strings"
	"testing"
)

// TestUndoAndCorrectionFollowUps: the follow-up classes of audit 21 the
// lead fixed, with my own phrasings: a condition undone by name (撤销,
// undo, take off), a bound named by its figure ("the 50k cap"), a
// correction inside one message (the part taken back is not applied and
// is named), and a window moved by a widening verb ("widen it to the last
// month").
func TestUndoAndCorrectionFollowUps(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		platform, loc, first, text string
		want, not                  []string
		named                      string
	}{
		// undo by the condition's name
		{"youtube", "zh", "英国的科技频道，英语，最近两周有更新", "把更新时间那个条件撤掉", []string{"country eq GB", "language eq en"}, []string{"last_active"}, ""},
		{"youtube", "zh", "英国的科技频道，英语，粉丝一万以上", "语言那个撤销吧", []string{"country eq GB", "followers gte 10000"}, []string{"language"}, ""},
		{"instagram", "en", "fitness creators in Spain, spanish, 10k-80k", "undo the spanish language bit", []string{"country eq ES"}, []string{"language"}, ""},
		// a bound named by its figure
		{"youtube", "en", "home cooking channels in Canada, under 50k", "take off the 50k cap", []string{"country eq CA"}, []string{"followers"}, ""},
		{"youtube", "en", "home cooking channels in Canada, 5k-50k", "lose the 50k cap please", []string{"followers gte 5000"}, []string{"followers between", "followers lte"}, ""},
		// a correction in one message: the part taken back is named
		{"youtube", "en", "tech reviewers in the US, 10k+", "switch to canada, sorry I meant australia", []string{"country eq AU"}, []string{"country eq CA", "country in"}, "switch to canada"},
		{"youtube", "zh", "美国的科技博主，粉丝一万以上", "粉丝改成五万，说错了，改成两万", []string{"followers gte 20000"}, []string{"followers gte 50000"}, "粉丝改成五万"},
		// a correction that names only the value replaces it in the clause
		// it corrects; earlier clauses stay
		{"x", "zh", "台湾的影视解说账号，粉丝三万以上", "国家换成日本，呃说错了，是新加坡；活跃时间收紧到近两周", []string{"country eq SG", "last_active within_days 14"}, []string{"country in", "country eq JP"}, "国家换成日本"},
		{"youtube", "en", "business youtubers in Spain and Mexico, spanish, 40k+", "drop Mexico and swap in Peru... no, make it Chile", []string{"country in [ES,CL]"}, []string{"PE", "MX"}, "swap in Peru"},
		{"x", "en", "finance commentators in Japan or Korea, over 20k followers", "narrow activity to the past 5 days — sorry, 3 weeks — and most engaging on top", []string{"last_active within_days 21"}, []string{"within_days 5"}, "narrow activity"},
		// a field let go in words, beside another edit; a held value
		// dropped while another is added stays out
		{"instagram", "zh", "法国的时尚博主，法语，粉丝五万以上", "语言那个不用管了，国家改成意大利", []string{"country eq IT"}, []string{"language"}, ""},
		{"instagram", "en", "fashion influencers from Brazil, portuguese, 50k to 300k", "no need for the language filter anymore", []string{"country eq BR"}, []string{"language"}, ""},
		{"youtube", "en", "education channels, Mexico, Spain or Argentina, 20k+", "Drop Spain, add Colombia", []string{"country in [MX,AR,CO]"}, []string{"ES"}, ""},
		// a window moved by a widening verb, with another edit after it
		{"x", "en", "finance accounts in Kenya, 5k+, posted this week", "extend it to the past two months and add South Africa", []string{"last_active within_days 60", "country in [KE,ZA]"}, nil, ""},
		{"x", "zh", "肯尼亚的财经博主，粉丝五千以上，这周有发帖", "时间延长到最近三个月", []string{"last_active within_days 90"}, nil, ""},
	} {
		t.Run(tc.text, func(t *testing.T) {
			snap := followup(t, a, tc.platform, tc.loc, tc.first, tc.text)
			checkConds(t, fmt.Sprintf("%q", tc.text), appliedConds(snap), tc.want, tc.not)
			if !strings.Contains(snap.Context.Notice, tc.named) {
				t.Errorf("%q: notice %q does not name %q", tc.text, snap.Context.Notice, tc.named)
			}
		})
	}
}

// TestCorrectedTail: where a message takes itself back.
func TestCorrectedTail(t *testing.T) {
	for _, tc := range []struct{ in, tail, withdrawn string }{
		{"粉丝改成十万以上，哦不对，还是五万", "粉丝改成五万", "粉丝改成十万以上"},
		{"make it UK, no wait, Ireland", "make it Ireland", "make it UK"},
		{"撤销刚才那个", "撤销刚才那个", ""},
		{"不对的那些去掉", "不对的那些去掉", ""},
		{"only english, sorry I meant spanish", "only spanish", "only english"},
		{"US only, actually no gaming ones", "US only, actually no gaming ones", ""},
		{"US only — actually, no, make it Canada", "make it Canada", "US only"},
		{"国家改成日本，呃说错了，是新加坡", "国家改成新加坡", "国家改成日本"},
		{"drop Peru and swap in Chile... no, make it Bolivia", "drop Peru and swap in Bolivia", "swap in Chile"},
		{"cap it at 30k — sorry, 40k — and newest first", "cap it at 40k and newest first", "cap it at 30k"},
		{"不是美国的就行", "不是美国的就行", ""},
		{"不对的那几个去掉，只要英语", "不对的那几个去掉，只要英语", ""},
		// "I mean" often goes on rather than takes back
		{"uk creators, I mean the ones with big audiences", "uk creators, I mean the ones with big audiences", ""},
	} {
		tail, w := correctedTail(tc.in)
		if tail != tc.tail || w != tc.withdrawn {
			t.Errorf("correctedTail(%q) = %q, %q; want %q, %q", tc.in, tail, w, tc.tail, tc.withdrawn)
		}
	}
}
