package agent

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/tools/condition"
)

// case30w is one held-out or tuning case of audit 30's classes: the
// checks of case24y plus the ones these classes need.
type case30w struct {
	case24y
	// excluded are words some exclusion (not_in or not_contains, applied
	// or not) must hold.
	excluded []string
	// mention are words some inclusion (contains, applied or ranking)
	// must hold.
	mention []string
	// noRank are words no ranking term may hold.
	noRank []string
	// cats are categories an applied category eq/in must all hold.
	cats []string
	// noCond are substrings no condition of any status ("field op
	// value") may hold.
	noCond []string
}

// run30w sends a case through a new box and returns what it leaves wrong.
func run30w(t *testing.T, a *Agent, tc case30w) []string {
	t.Helper()
	b := newBox(t, a, tc.platform, tc.loc)
	snap := b.send("search.submit", api.Args{Text: tc.first})
	label := fmt.Sprintf("%q", tc.first)
	for _, f := range tc.before {
		snap = b.send(followupEvent(snap), api.Args{Text: f})
		label += fmt.Sprintf(" then %q", f)
	}
	if tc.follow != "" {
		snap = b.send(followupEvent(snap), api.Args{Text: tc.follow})
		label += fmt.Sprintf(" then %q", tc.follow)
	}
	bad := check24y(label, snap, tc.case24y)
	var all, excl, incl []string
	var catSet []string
	for _, c := range snap.Context.Conditions {
		raw, _ := json.Marshal(c.Value)
		v := strings.ReplaceAll(strings.Trim(string(raw), `"`), `"`, "")
		line := fmt.Sprintf("%s %s %s", c.Field, c.Op, v)
		all = append(all, line+" "+string(c.Status))
		switch c.Op {
		case condition.OpNotIn, condition.OpNotContains, condition.OpNeq, condition.OpAvoid:
			excl = append(excl, strings.ToLower(v))
		case condition.OpContains, condition.OpPrefer:
			incl = append(incl, strings.ToLower(v))
		}
		if c.Field == "category" && c.Status == condition.StatusApplied && (c.Op == condition.OpEq || c.Op == condition.OpIn) {
			catSet = append(catSet, v)
		}
	}
	has := func(list []string, w string) bool {
		return slices.ContainsFunc(list, func(g string) bool { return strings.Contains(g, strings.ToLower(w)) })
	}
	for _, w := range tc.excluded {
		if !has(excl, w) {
			bad = append(bad, fmt.Sprintf("%s: no exclusion holds %q (conditions %q)", label, w, all))
		}
	}
	for _, w := range tc.mention {
		if !has(incl, w) {
			bad = append(bad, fmt.Sprintf("%s: no inclusion holds %q (conditions %q)", label, w, all))
		}
	}
	for _, w := range tc.noRank {
		if has(lower(rankingTerms24y(snap)), w) {
			bad = append(bad, fmt.Sprintf("%s: a ranking term holds %q (%q)", label, w, rankingTerms24y(snap)))
		}
	}
	for _, w := range tc.cats {
		if !slices.ContainsFunc(catSet, func(g string) bool { return strings.Contains(g, w) }) {
			bad = append(bad, fmt.Sprintf("%s: applied categories %q, want %q among them", label, catSet, w))
		}
	}
	for _, w := range tc.noCond {
		if slices.ContainsFunc(all, func(g string) bool { return strings.Contains(g, w) }) {
			bad = append(bad, fmt.Sprintf("%s: conditions %q hold %q", label, all, w))
		}
	}
	return bad
}

// lower returns the words lower-cased.
func lower(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = strings.ToLower(w)
	}
	return out
}

// measure30w runs a table of case30w: each miss is logged (an error with
// AUDIT30W_STRICT=1), the pass count is logged, and a count below floor
// fails.
func measure30w(t *testing.T, name string, floor int, cases []case30w) {
	t.Helper()
	measureTable(t, "audit 30w", "AUDIT30W_STRICT", name, floor, cases, run30w, func(tc case30w) string { return tc.first + " | " + tc.follow })
}

// c30 is a case30w of its base fields.
func c30(platform, loc, first, follow string) case30w {
	return case30w{case24y: case24y{platform: platform, loc: loc, first: first, follow: follow}}
}

// TestAudit30wHeldout is audit 30's severe classes (S1–S6) and two mild
// ones (M1, M5) in phrasings of my own, written before any change and
// never tuned on (issue 26): the writer's own organisation, office or
// home taken as the creators' country; a zh brief's opening
// self-description made a hard keyword; exclusions said softly, without
// an apostrophe or as "outside X" read as inclusions or lost; follow-up
// parts dropped (an exclusion taken back, a bare country code after
// "only", a soft bound removed); teaching a language read as the
// channels' language; a category of a topic list demoted. Its pass count
// is logged (go test ./agent -run Audit30wHeldout -v); a count below the
// one measured after the fixes fails. Base (before the fixes): 10 of 31;
// after: 31.
func TestAudit30wHeldout(t *testing.T) {
	measure30w(t, "held-out", 31, heldout30w())
}

// heldout30w is the held-out table (see TestAudit30wHeldout).
func heldout30w() []case30w {
	var cs []case30w
	add := func(c case30w, f func(*case30w)) { f(&c); cs = append(cs, c) }
	// S1: the writer's own place is context, never the creators' country
	add(c30("instagram", "en", "I'm with the Korea Tourism Organization's London branch - looking for UK or Irish food creators with 20k+ followers", ""), func(c *case30w) {
		c.want = []string{"country in [GB,IE]", "category eq food"}
		c.not = []string{"KR"}
	})
	add(c30("instagram", "en", "Our agency is based in Germany but we need beauty creators in Spain and Italy, 10k-100k", ""), func(c *case30w) {
		c.want = []string{"country in [ES,IT]"}
		c.not = []string{"DE"}
	})
	add(c30("youtube", "zh", "我们是一家法国香水品牌的上海办公室，想找日本和韩国的美妆博主，粉丝5万以上", ""), func(c *case30w) {
		c.want = []string{"country in [JP,KR]", "category eq beauty"}
		c.not = []string{"FR", "CN"}
	})
	add(c30("tiktok", "zh", "我在新加坡旅游局工作，需要找泰国或越南的旅行博主", ""), func(c *case30w) {
		c.want = []string{"country in [TH,VN]", "category eq travel"}
		c.not = []string{"SG"}
	})
	add(c30("instagram", "en", "As a Brazilian coffee brand we want lifestyle creators from Portugal", ""), func(c *case30w) {
		c.want = []string{"country eq PT"}
		c.not = []string{"BR"}
	})
	// S2: a zh brief's opening self-description is frame, never a hard keyword
	add(c30("youtube", "zh", "健身房连锁品牌拓展新店，求推荐：1. 马来西亚 2. 健身类博主 3. 粉丝一万以上", ""), func(c *case30w) {
		c.want = []string{"country eq MY", "category eq fitness"}
		c.not = []string{" contains "}
	})
	add(c30("instagram", "zh", "宠物医院开分店招客户，想找香港的宠物博主，粉丝3千以上", ""), func(c *case30w) {
		c.want = []string{"country eq HK", "category eq pets"}
		c.not = []string{" contains "}
	})
	add(c30("youtube", "zh", "少儿编程课程拉新，需要：美国、加拿大；亲子博主；粉丝两万以上", ""), func(c *case30w) {
		c.want = []string{"country in [US,CA]", "category eq family"}
		c.not = []string{" contains "}
	})
	// S3: soft negations, negations without an apostrophe, "outside X"
	add(c30("instagram", "en", "travel creators in Greece, we'd rather not have anyone doing food content", ""), func(c *case30w) {
		c.want = []string{"category eq travel", "country eq GR"}
		c.not = []string{"category in"}
	})
	add(c30("youtube", "en", "fashion creators in France, prefer not to work with beauty or makeup channels", ""), func(c *case30w) {
		c.want = []string{"category eq fashion"}
		c.not = []string{"category in"}
	})
	add(c30("youtube", "zh", "找英国的科技博主，不太想要做游戏的", ""), func(c *case30w) {
		c.want = []string{"category eq tech", "country eq GB"}
		c.not = []string{"category in"}
	})
	add(c30("youtube", "en", "cooking channels in Italy, we dont want mukbang", ""), func(c *case30w) {
		c.want = []string{"category eq food", "country eq IT"}
		c.excluded = []string{"mukbang"}
		c.noRank = []string{"dont", "mukbang"}
	})
	add(c30("youtube", "en", "outdoor creators in Canada with 5k+ subs", "pls dont include hunting channels"), func(c *case30w) {
		c.want = []string{"category eq outdoor"}
		c.excluded = []string{"hunting"}
		c.noRank = []string{"dont", "hunting"}
	})
	add(c30("youtube", "zh", "找日本以外讲日语的动漫博主", ""), func(c *case30w) {
		c.want = []string{"country not_in [JP]", "language eq ja"}
		c.not = []string{"country eq JP"}
	})
	add(c30("x", "zh", "想找除了美国之外的英语科技博主，粉丝一万以上", ""), func(c *case30w) {
		c.want = []string{"country not_in [US]", "language eq en"}
		c.not = []string{"country eq US"}
	})
	// S4: follow-up parts
	add(c30("youtube", "zh", "找韩国的美妆博主，不要医美相关的", "医美的还是可以要的，就只看医美内容吧"), func(c *case30w) {
		c.want = []string{"country eq KR"}
		c.mention = []string{"医美"}
		c.noCond = []string{"not_contains 医美"}
	})
	add(c30("youtube", "en", "gaming channels in Germany, no Minecraft", "actually Minecraft is fine, make it Minecraft only"), func(c *case30w) {
		c.want = []string{"country eq DE"}
		c.mention = []string{"minecraft"}
		c.noCond = []string{"not_contains Minecraft", "not_contains minecraft"}
	})
	add(c30("instagram", "en", "beauty creators in France, 10k+", "ok only ES now"), func(c *case30w) {
		c.want = []string{"country eq ES", "category eq beauty"}
		c.not = []string{"FR"}
		c.noRank = []string{"ES"}
	})
	add(c30("tiktok", "en", "food creators in Japan", "now only KR, sort by followers"), func(c *case30w) {
		c.want = []string{"country eq KR"}
		c.not = []string{"JP"}
		c.sort = "followers"
	})
	add(c30("youtube", "en", "tech youtubers in India, ideally 50k+ subs", "forget the subscriber floor and add Pakistan"), func(c *case30w) {
		c.want = []string{"country in [IN,PK]"}
		c.noCond = []string{"followers"}
	})
	add(c30("youtube", "zh", "巴西的足球博主，粉丝最好一万以上", "粉丝下限不要了，再加上阿根廷"), func(c *case30w) {
		c.want = []string{"country in [BR,AR]"}
		c.noCond = []string{"followers"}
	})
	// S5: teaching a language is education plus the language as a ranking term
	add(c30("tiktok", "zh", "找越南的教中文的博主", ""), func(c *case30w) {
		c.want = []string{"category eq education", "country eq VN"}
		c.not = []string{"language"}
		c.ranks = []string{"中文"}
	})
	add(c30("youtube", "en", "channels that teach Spanish, based in the US", ""), func(c *case30w) {
		c.want = []string{"category eq education", "country eq US"}
		c.not = []string{"language"}
		c.ranks = []string{"spanish"}
	})
	add(c30("youtube", "en", "Japanese lessons creators with 10k+ subs", ""), func(c *case30w) {
		c.want = []string{"category eq education"}
		c.not = []string{"language"}
		c.ranks = []string{"japanese"}
	})
	add(c30("youtube", "zh", "学韩语的频道，粉丝五万以上", ""), func(c *case30w) {
		c.want = []string{"category eq education", "followers gte 50000"}
		c.not = []string{"language"}
	})
	// S6: every category word of a topic list joins the category set
	add(c30("instagram", "en", "accounts in Spain posting about fitness, recipes or travel", ""), func(c *case30w) {
		c.cats = []string{"fitness", "food", "travel"}
	})
	add(c30("youtube", "en", "creators in Canada who cover health, cooking and gardening", ""), func(c *case30w) {
		c.cats = []string{"fitness", "food", "home"}
	})
	add(c30("tiktok", "zh", "找澳洲讲健康、做饭的博主", ""), func(c *case30w) {
		c.cats = []string{"fitness", "food"}
	})
	// M1, M5: typos and function words never rank; an unwanted kind said as
	// a word excludes its category
	add(c30("instagram", "en", "lookin for fashion creators in Italy w/ 10k+ folowers", ""), func(c *case30w) {
		c.want = []string{"followers gte 10000", "category eq fashion"}
		c.noRank = []string{"folowers", "lookin"}
	})
	add(c30("x", "en", "tech creators in Germany, not news sites", ""), func(c *case30w) {
		c.want = []string{"category eq tech", "category not_in [news]"}
	})
	add(c30("youtube", "zh", "找日本的游戏博主，别推动漫频道", ""), func(c *case30w) {
		c.want = []string{"category eq gaming", "category not_in [animation]"}
	})
	return cs
}

// TestAudit30wHeldoutLate is a second held-out table, written after the
// changes and run once, never tuned on: its pass count is logged, and a
// count below its one run (8 of 10) fails. The two misses, left as run:
// "I manage partnerships at a … company's Dubai office" opens a self-
// description with a verb ownPlaces does not know (Dubai stays a country;
// Qatar is not read either), and 男博主 is a gender the catalog does not
// record, so the first search excluded nothing for the follow-up to take
// back.
func TestAudit30wHeldoutLate(t *testing.T) {
	measure30w(t, "late held-out", 8, heldoutLate30w())
}

// heldoutLate30w is the late held-out table (see TestAudit30wHeldoutLate).
func heldoutLate30w() []case30w {
	var cs []case30w
	add := func(c case30w, f func(*case30w)) { f(&c); cs = append(cs, c) }
	add(c30("youtube", "en", "Hello, I manage partnerships at a Swedish furniture company's Dubai office. We need home decor creators in Saudi Arabia or Qatar.", ""), func(c *case30w) {
		c.want = []string{"country in [SA,QA]", "category eq home"}
		c.not = []string{"SE", "AE"}
	})
	add(c30("tiktok", "zh", "我们是一家德国汽车品牌在上海的公关团队，需要找泰国的汽车博主", ""), func(c *case30w) {
		c.want = []string{"country eq TH", "category eq automotive"}
		c.not = []string{"DE", "CN"}
	})
	add(c30("youtube", "zh", "英语培训机构招生，求推荐：越南的教育博主，粉丝一万以上", ""), func(c *case30w) {
		c.want = []string{"country eq VN", "category eq education"}
		c.not = []string{" contains "}
	})
	add(c30("instagram", "en", "fitness creators in Poland, we would rather not have supplement sellers", ""), func(c *case30w) {
		c.want = []string{"category eq fitness", "country eq PL"}
		c.excluded = []string{"supplement"}
	})
	add(c30("youtube", "en", "tech channels in India, i dont want gaming", ""), func(c *case30w) {
		c.want = []string{"category eq tech", "category not_in [gaming]"}
		c.noRank = []string{"dont"}
	})
	add(c30("x", "zh", "找美国以外说英语的财经博主", ""), func(c *case30w) {
		c.want = []string{"country not_in [US]", "language eq en", "category eq finance"}
	})
	add(c30("tiktok", "en", "beauty creators in Vietnam", "just TH now"), func(c *case30w) {
		c.want = []string{"country eq TH", "category eq beauty"}
		c.not = []string{"VN"}
	})
	add(c30("youtube", "zh", "英国的美妆博主，不要男博主相关的", "男博主也可以要的，只要男博主吧"), func(c *case30w) {
		c.mention = []string{"男博主"}
		c.noCond = []string{"not_contains 男博主"}
	})
	add(c30("youtube", "en", "teaching French channels in Belgium", ""), func(c *case30w) {
		c.want = []string{"category eq education", "country eq BE"}
		c.not = []string{"language"}
	})
	add(c30("instagram", "en", "accounts in Mexico about fashion, health and music", ""), func(c *case30w) {
		c.cats = []string{"fashion", "fitness", "music"}
	})
	return cs
}
