package condparse

import (
	"strings"
	"testing"
)

// TestFixPPlaces: a country misspelt by one letter or rune, or by which
// letters are doubled, reads as that country (marked corrected), and a
// region that lies in one country reads as that country (audit 36, P3);
// real words near a country name stay words.
func TestFixPPlaces(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"skincare creators in the Phillipines", []string{"countries PH", "noterm phillipines"}},
		{"Carribean? no — food creators from Phillipines and Malasia", []string{"countries PH,MY"}},
		{"tech reviewers in Indonesa", []string{"countries ID", "noterm indonesa"}},
		{"surfers from Argentinia or Chile", []string{"countries AR,CL"}},
		{"找马来西压的科技博主", []string{"countries MY", "noterm 西压"}},
		{"泰国、菲律滨的美食博主", []string{"countries TH,PH", "noterm 菲律滨"}},
		{"想找澳大利压的露营博主", []string{"countries AU"}},
		{"gardening accounts in the Midwest", []string{"countries US", "noterm midwest"}},
		{"craft beer creators in New England", []string{"countries US"}},
		{"时尚博主，法兰西岛大区的", []string{"countries FR"}},
		{"fashion creators in Île-de-France", []string{"countries FR"}},
		{"food vloggers in Kanto", []string{"countries JP", "noterm kanto"}},
		{"珠三角的探店博主", []string{"countries CN"}},
		{"hikers in Bavaria", []string{"countries DE"}},
		// words, not places
		{"trance music producers", []string{"noterm france"}},
		{"葡萄酒博主", []string{"term 葡萄酒"}},
		{"新加的博主都要美妆类", []string{"noterm 新加坡"}},
		{"关东煮的美食博主", []string{"term 关东煮"}},
		// a country's tail is no other country one rune off (大利亚 / 叙利亚)
		{"想找澳大利亚或新西兰的母婴博主", []string{"has hard country in [AU,NZ] applied"}},
		{"找澳大利亚和新西兰的旅行博主", []string{"has hard country in [AU,NZ] applied"}},
		{"意大利和法国的美食博主", []string{"has hard country in [IT,FR] applied"}},
	} {
		r := readAt(t, tc.in, nil, nil)
		if m := missesFixP(t, r, tc.checks); len(m) > 0 {
			t.Error(strings.Join(m, "\n"))
		}
	}
	for _, in := range []string{"想找葡萄酒博主", "新加的博主都要美妆类", "trance music producers", "加拿达的博主"} {
		r := readAt(t, in, nil, nil)
		for _, c := range r.Conditions {
			if c.Field == "country" {
				t.Errorf("Read(%q): country %s from a word that is no place", in, brief(c))
			}
		}
	}
}

// TestFixPCountryRun: a run of countries written without separators
// before a hedge is a list the hedge governs whole, every country a
// preference, none hard-filtered alone (audit 36, P4); a run under an
// acceptance stays every country applied.
func TestFixPCountryRun(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"骑行博主，法国比利时荷兰优先", []string{"countries FR,BE,NL", "has soft country in [FR,BE,NL] reference"}},
		{"新加坡马来西亚为佳", []string{"countries SG,MY", "has soft country in [SG,MY] reference"}},
		{"英国爱尔兰澳洲更好，粉丝一万以上", []string{"countries GB,IE,AU"}},
		{"巴西阿根廷智利都可以的足球博主", []string{"has hard country in [BR,AR,CL] applied"}},
		{"韩国日本都行，美妆", []string{"has hard country in [KR,JP] applied"}},
		// a state after its country narrows it: no list
		{"找滑板博主，美国加州那边的最好", []string{"has hard country eq \"US\" applied"}},
		// another field before the run is not part of it
		{"美妆类日本韩国优先", []string{"has hard category eq \"beauty\" applied", "has soft country in [JP,KR] reference"}},
	} {
		r := readAt(t, tc.in, nil, nil)
		if m := missesFixP(t, r, tc.checks); len(m) > 0 {
			t.Error(strings.Join(m, "\n"))
		}
	}
}

// TestFixPWindowCount: a count said within a window ("at least once in
// the last month", 最近两个月至少发过一条) bounds activity by the window,
// also beside a "posts regularly" preference; a frequency per period
// keeps its period ("at least weekly": 7 days) (audit 36, P2).
func TestFixPWindowCount(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"travel vloggers who upload consistently (at least once in the last month)", []string{"active 30..30", "nohardterm"}},
		{"gaming streamers, at least 3 videos in the past 2 weeks", []string{"active 14..14", "nohardterm"}},
		{"baking creators who posted twice within the last three weeks", []string{"active 21..21"}},
		{"podcasters posting at least weekly", []string{"active 7..7"}},
		{"最近一个月至少发过一条视频的穿搭博主", []string{"active 30..30", "nohardterm"}},
		{"过去三周内起码更新过两次的数码博主", []string{"active 21..21", "nohardterm"}},
		{"近半个月至少发了一条的宠物博主", []string{"active 15..15"}},
		{"每周至少更新一次的健身博主", []string{"active 7..7"}},
		// no count: the window rules read it as before
		{"food creators active in the last month", []string{"active 30..30"}},
	} {
		r := readAt(t, tc.in, nil, nil)
		if m := missesFixP(t, r, tc.checks); len(m) > 0 {
			t.Error(strings.Join(m, "\n"))
		}
	}
}

// TestFixPMailFrame: a pasted message's marker line, header fields and
// closing signature are frame, never keywords nor windows; the body is
// read as a brief and a Subject line's topic may rank (audit 36, P1).
// Without a header or a greeting, a thanks needs its comma to sign.
func TestFixPMailFrame(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"-----Original Message----- From: Leah Stone Sent: Friday, October 2, 2026 9:05 AM To: Brand Desk Subject: skate creators Hey, could we get skateboarding TikTokers in Australia, 5k to 50k? Thanks, Leah", []string{"nohardterm", "noterm leah", "noterm stone", "noterm friday", "noterm desk", "noactive", "countries AU", "followers lo 5000..5000 hi 50000..50000"}},
		{"Begin forwarded message: From: Ravi <ravi@shop.in> Date: 4 Nov 2026 Subject: chai Hi all, looking for tea reviewers in India, posted within 2 weeks. Regards, Ravi Kumar", []string{"nohardterm", "noterm ravi", "noterm kumar", "active 14..14", "countries IN"}},
		{"发件人：王芳 收件人：商务组 抄送：陈总 主题：露营合作 各位好，帮忙找日本的露营博主，最近一个月发过视频。辛苦了！王芳", []string{"nohardterm", "noterm 王芳", "noterm 商务组", "noterm 陈总", "active 30..30", "countries JP"}},
		{"帮忙找越南的美妆博主，粉丝一万以上，谢谢！阿杰", []string{"nohardterm", "noterm 阿杰", "countries VN"}},
		{"Hi! sneaker creators in Germany please. Cheers Max", []string{"nohardterm", "noterm max", "countries DE"}},
		// no message: words stay
		{"skincare creators, the best Korean ones", []string{"nohardterm"}},
		{"Subject: cooking; Country: Japan", []string{"countries JP", "nohardterm"}},
	} {
		r := readAt(t, tc.in, nil, nil)
		if m := missesFixP(t, r, tc.checks); len(m) > 0 {
			t.Error(strings.Join(m, "\n"))
		}
	}
}

// TestFixPOwnJob: a brief that opens with the writer's own shop keeps the
// topic that follows as ranking terms, and the writer's own job is frame,
// never the creators' category (audit 36, P5); a job named as the wanted
// creators stays what it is.
func TestFixPOwnJob(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"comic book store in Ohio looking for manga / anime reviewers on YouTube, 20k+", []string{"nohardterm", "term manga", "noterm store"}},
		{"vinyl record shop in Leeds seeking turntable / hi-fi creators in the UK", []string{"nohardterm", "term turntable", "countries GB"}},
		{"Pastry chef here, want travel vloggers in Japan", []string{"nohardterm", "nocat food", "noterm chef", "countries JP"}},
		{"Wedding florist, Austin based. Who are the home decor creators in the US?", []string{"nohardterm", "noterm florist", "countries US"}},
		{"I'm a personal trainer — looking for cooking creators in Canada", []string{"nohardterm", "nocat fitness", "noterm trainer", "countries CA"}},
		{"我是一名摄影师，想找做旅行vlog的博主", []string{"nohardterm", "nocat photography", "noterm 摄影师"}},
		{"本人是瑜伽老师，想找做素食的博主", []string{"nohardterm", "nocat fitness", "noterm 瑜伽老师"}},
		// the job is the ask
		{"fitness coach, 10k+ followers, Spain", []string{"has hard category eq \"fitness\" applied"}},
		{"find a makeup artist in Seoul, 5k+", []string{"has hard country eq \"KR\" applied"}},
	} {
		r := readAt(t, tc.in, nil, nil)
		if m := missesFixP(t, r, tc.checks); len(m) > 0 {
			t.Error(strings.Join(m, "\n"))
		}
	}
}
