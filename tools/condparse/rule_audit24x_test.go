package condparse

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// check24x checks a reading against short specs:
//
//	noanchor                       no anchor condition
//	anchor @h                      an applied anchor handle @h
//	noterm w                       no keyword holds w (folded)
//	has <brief>                    a condition whose brief is exactly this
//	followers lo A..B hi C..D      the applied followers range's ends lie
//	                               in [A,B] and [C,D]; nolo / nohi say an
//	                               end is open
//	nofollowers                    no followers condition
//	active A..B                    an applied activity window of A..B days
//	noactive                       no activity window
//	sort KEY                       the sort said is by KEY
//	nosort                         no sort
func check24x(t *testing.T, r Reading, specs []string) {
	t.Helper()
	for _, f := range misses24x(t, r, specs) {
		t.Error(f)
	}
}

// misses24x returns what of specs r does not meet (see check24x).
func misses24x(t *testing.T, r Reading, specs []string) []string {
	t.Helper()
	var out []string
	fail := func(format string, args ...any) {
		out = append(out, fmt.Sprintf("Read(%q): %s\n  got %q sort %v", r.Input, fmt.Sprintf(format, args...), briefs(r.Result), r.Sort))
	}
	span := func(s string) (int64, int64) {
		a, b, _ := strings.Cut(s, "..")
		x, _ := strconv.ParseInt(a, 10, 64)
		y, _ := strconv.ParseInt(b, 10, 64)
		return x, y
	}
	find := func(f condition.Field) *Condition {
		for i := range r.Conditions {
			c := &r.Conditions[i]
			if c.Field == f && c.Kind != condition.KindKeyword && c.Op != condition.OpNotIn {
				return c
			}
		}
		return nil
	}
	for _, sp := range specs {
		word, rest, _ := strings.Cut(sp, " ")
		switch word {
		case "noanchor":
			for _, c := range r.Conditions {
				if c.Kind == condition.KindAnchor {
					fail("anchor %s, want none", brief(c))
				}
			}
		case "anchor":
			if !slices.ContainsFunc(r.Conditions, func(c Condition) bool {
				return c.Kind == condition.KindAnchor && strings.EqualFold(c.Value.Str, rest) && c.Status == condition.StatusApplied
			}) {
				fail("no applied anchor %s", rest)
			}
		case "noterm":
			for _, c := range r.Conditions {
				if c.Kind == condition.KindKeyword && strings.Contains(strings.ToLower(c.Value.Str), strings.ToLower(rest)) {
					fail("keyword %s holds %q", brief(c), rest)
				}
			}
		case "has":
			if !slices.ContainsFunc(r.Conditions, func(c Condition) bool { return brief(c) == rest }) {
				fail("no %s", rest)
			}
		case "nofollowers":
			if c := find(condition.Followers); c != nil {
				fail("followers %s, want none", brief(*c))
			}
		case "followers":
			c := find(condition.Followers)
			if c == nil {
				fail("no followers condition, want %s", rest)
				continue
			}
			lo, hi, hasLo, hasHi := int64(0), int64(0), false, false
			switch c.Op {
			case condition.OpBetween:
				lo, hi, hasLo, hasHi = c.Value.Range.Min, c.Value.Range.Max, true, true
			case condition.OpGte:
				lo, hasLo = c.Value.Int, true
			case condition.OpLte:
				hi, hasHi = c.Value.Int, true
			}
			f := strings.Fields(rest)
			for k := 0; k < len(f); k++ {
				switch f[k] {
				case "nolo":
					if hasLo {
						fail("followers %s has a lower end", brief(*c))
					}
				case "nohi":
					if hasHi {
						fail("followers %s has an upper end", brief(*c))
					}
				case "lo", "hi":
					a, b := span(f[k+1])
					v, ok := lo, hasLo
					if f[k] == "hi" {
						v, ok = hi, hasHi
					}
					if !ok || v < a || v > b {
						fail("followers %s: %s end not in %s", brief(*c), f[k], f[k+1])
					}
					k++
				}
			}
		case "noactive":
			if c := find(condition.LastActive); c != nil {
				fail("activity %s, want none", brief(*c))
			}
		case "active":
			a, b := span(rest)
			c := find(condition.LastActive)
			if c == nil || c.Value.Int < a || c.Value.Int > b || c.Status != condition.StatusApplied {
				fail("activity window not %s days", rest)
			}
		case "sort":
			if r.Sort == nil || r.Sort.By != rest {
				fail("sort %v, want by %s", r.Sort, rest)
			}
		case "nosort":
			if r.Sort != nil {
				fail("sort %v, want none", r.Sort)
			}
		default:
			t.Fatalf("check24x: unknown spec %q", sp)
		}
	}
	return out
}

// TestAudit24xMentions: an @mention of a colleague in a pasted chat
// message — addressed ("@Name can you …", "@Name 收到"), put in copy
// ("cc @Name", 抄送), or a broadcast ("@here", "@all") — is dropped
// frame, never an anchor nor a ranking term; a channel handle the user
// wants more of still pins (audit 24, class A).
func TestAudit24xMentions(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"@Dana could you pull some beauty creators in Mexico, 10k-60k followers", []string{"noanchor", "noterm dana", "has hard country eq \"MX\" applied", "followers lo 10000..10000 hi 60000..60000"}},
		{"@Omar pls find YouTube tech channels in Egypt over 100k subs", []string{"noanchor", "noterm omar", "has hard country eq \"EG\" applied"}},
		{"@here anyone know travel vloggers in Portugal? 5k+ followers", []string{"noanchor", "noterm here", "has hard country eq \"PT\" applied"}},
		{"@all fitness creators in Poland, at least 20k followers", []string{"noanchor", "has hard country eq \"PL\" applied"}},
		{"need gaming streamers in Chile with 50k+ followers, cc @Raj @Mia", []string{"noanchor", "noterm raj", "noterm mia", "noterm cc"}},
		{"pet creators in Ireland, 10k to 40k. fyi @Noor thanks!", []string{"noanchor", "noterm noor", "noterm fyi"}},
		{"@Leo @Ana can you find food creators in Peru", []string{"noanchor", "noterm leo", "noterm ana", "has hard country eq \"PE\" applied"}},
		{"@阿强 收到 帮忙找下新加坡的美妆博主 粉丝2万以上", []string{"noanchor", "noterm 阿强", "noterm 收", "has hard country eq \"SG\" applied"}},
		{"意大利的旅行博主 粉丝5万以上 @小陈 辛苦了", []string{"noanchor", "noterm 小陈", "has hard country eq \"IT\" applied"}},
		{"抄送 @Lily：韩国的健身博主，粉丝一万以上", []string{"noanchor", "noterm lily", "noterm 抄送", "has hard country eq \"KR\" applied"}},
		// a channel the user means still pins
		{"channels like @markrober in the US", []string{"anchor @markrober"}},
		{"@mrwhosetheboss 类似的频道，英国", []string{"anchor @mrwhosetheboss", "has hard country eq \"GB\" applied"}},
		{"similar to @emmachamberlain, 1M+ followers", []string{"anchor @emmachamberlain"}},
		{"@veritasium", []string{"anchor @veritasium"}},
	} {
		check24x(t, readAt(t, tc.in, nil, nil), tc.checks)
	}
}

// TestAudit24xNumberShapes: the approximate counts people type — 小几万,
// 大几千, 几十万, 十几万, 十来万, 十多万, 一万多, "half a mil" — read as the
// ranges they say, alone, with a field word, a bound word or as a
// range's end; none leaves a fragment ("大几", "来万", "mil") as a term
// (audit 24, class C).
func TestAudit24xNumberShapes(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"德国的汽车博主，粉丝小几万就行", []string{"followers lo 10000..10000 hi 40000..40000", "noterm 小几", "noterm 就行"}},
		{"订阅小几十万的科技频道", []string{"followers lo 100000..100000 hi 400000..400000", "noterm 小几"}},
		{"粉丝大几千的母婴博主", []string{"followers lo 5000..5000 hi 10000..10000", "noterm 大几"}},
		{"粉丝大几千到三万的宠物博主", []string{"followers lo 5000..5000 hi 30000..30000", "noterm 大几"}},
		{"英国的足球博主 粉丝几十万", []string{"followers lo 100000..100000 hi 1000000..1000000"}},
		{"粉丝十几万的游戏主播", []string{"followers lo 100000..100000 hi 200000..200000"}},
		{"西班牙的美食博主 粉丝三十来万", []string{"followers lo 300000..300000 hi 450000..450000", "noterm 来万"}},
		{"粉丝十多万的旅行博主", []string{"followers lo 100000..100000 hi 200000..200000"}},
		{"粉丝八千多到两万", []string{"followers lo 8000..8000 hi 20000..20000"}},
		{"粉丝一万五到三万多", []string{"followers lo 15000..15000 hi 40000..40000"}},
		{"订阅1万多的数码频道", []string{"followers lo 10000..10000 hi 20000..20000"}},
		{"粉丝十来万以上的", []string{"followers lo 100000..100000 nohi"}},
		{"粉丝不超过小几万", []string{"followers nolo hi 40000..40000"}},
		{"小几万的就行，美国的健身博主", []string{"followers lo 10000..10000 hi 40000..40000"}},
		// not a count
		{"预算一万多，美国的健身博主", []string{"nofollowers"}},
		{"粉丝一万多少钱能买到", []string{"nofollowers"}},
		{"最近十几天有更新的", []string{"nofollowers"}},
		// English speech
		{"vegan food channels, keep it below half a mil", []string{"followers nolo hi 500000..500000", "noterm half", "noterm mil"}},
		{"travel creators with at least a quarter mil followers", []string{"followers lo 250000..250000 nohi", "noterm quarter"}},
		{"tech channels, 2 mil subs or more", []string{"followers lo 2000000..2000000 nohi"}},
		{"fashion creators under half a mill", []string{"followers nolo hi 500000..500000"}},
	} {
		check24x(t, readAt(t, tc.in, nil, nil), tc.checks)
	}
}

// TestAudit24xTimeShapes: windows said from a named day of the year
// (fixed, by weekday, Easter, the lunar festivals), 今年 with 一直
// between it and the posting, "the past couple of weeks", and posting
// said as going on in the platforms' own verbs ("still tweeting", 还在直播)
// bound activity; none leaves "since" or the day's name as a term (audit
// 24, class D). The reference day is 2026-12-06.
func TestAudit24xTimeShapes(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		// 2026: Thanksgiving 11-26, Black Friday 11-27, Cyber Monday 11-30
		{"beauty creators in the US who uploaded since Black Friday", []string{"active 10..10", "noterm since", "noterm friday"}},
		{"tech channels, active since Cyber Monday", []string{"active 7..7", "noterm cyber"}},
		{"posted since Christmas Eve, toy reviewers", []string{"active 348..348", "noterm christmas"}},
		{"garden channels that have posted since Easter", []string{"active 246..246", "noterm easter"}},
		{"dad creators posting since Father's Day", []string{"active 169..169", "noterm father"}},
		{"vloggers in Ireland who've uploaded since St. Patrick's Day", []string{"active 265..265", "noterm patrick"}},
		{"uploaded since New Year's Eve", []string{"active 341..341"}},
		{"黑色星期五以来有更新的美妆博主", []string{"active 10..10", "noterm 黑色"}},
		{"春节以来还在发视频的美食博主", []string{"active 293..293", "noterm 春节"}},
		{"七夕之后有更新的情感博主", []string{"active 110..110", "noterm 七夕"}},
		{"双12以来发过帖的", []string{"active 360..360"}},
		// a campaign named with no window stays frame
		{"beauty creators in the US for our Black Friday push", []string{"noactive", "noterm black"}},
		// 今年 with 一直 between
		{"今年一直在更新的日本旅行博主", []string{"active 340..340", "noterm 一直", "noterm 今年"}},
		{"今年始终有在发视频的", []string{"active 340..340", "noterm 始终"}},
		// a couple of
		{"cooking creators who posted in the past couple of weeks", []string{"active 14..14", "noterm couple"}},
		{"active in the last couple months", []string{"active 60..60"}},
		// posting said as going on
		{"football accounts in Spain still tweeting", []string{"active 30..30", "noterm still", "noterm tweeting"}},
		{"twitch-style gamers on YouTube that keep streaming", []string{"active 30..30", "noterm streaming"}},
		{"travel couples still vlogging", []string{"active 30..30", "noterm vlogging"}},
		{"还在直播的户外主播", []string{"active 30..30", "noterm 直播"}},
		{"还在发推的科技博主", []string{"active 30..30"}},
	} {
		check24x(t, readAt(t, tc.in, nil, nil), tc.checks)
	}
}

// TestAudit24xSuperlatives: a superlative of fame (最火的, 最热门, 最受欢迎,
// 最出名, 顶流, "the hottest", "best-known") sorts by followers as "the
// biggest" does; it is no keyword, and "the top few" it picks is frame
// (audit 24, class G).
func TestAudit24xSuperlatives(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"泰国最火的美妆博主有哪些", []string{"sort followers", "noterm 火", "has hard country eq \"TH\" applied"}},
		{"抖音上最热门的几个宠物达人", []string{"sort followers", "noterm 热门"}},
		{"法国最受欢迎的美食频道，粉丝10万以上", []string{"sort followers", "noterm 欢迎", "followers lo 100000..100000 nohi"}},
		{"最出名的几个日本旅行博主", []string{"sort followers", "noterm 出名"}},
		{"韩国美妆圈的顶流", []string{"sort followers", "noterm 顶流"}},
		{"粉丝最多的前几个英国足球博主", []string{"sort followers", "noterm 前几", "nofollowers"}},
		{"the hottest skincare creators in Japan right now", []string{"sort followers", "noterm hottest", "noterm right"}},
		{"who are the best-known DIY channels in Germany", []string{"sort followers", "noterm known"}},
		// a bound said with a superlative stays a bound
		{"粉丝最多5万的美妆博主", []string{"nosort", "followers nolo hi 50000..50000"}},
	} {
		check24x(t, readAt(t, tc.in, nil, nil), tc.checks)
	}
}
