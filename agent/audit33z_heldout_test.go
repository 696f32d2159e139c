package agent

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"searchagent/api"
)

// case33z is one held-out or tuning case of audit 33's classes S3/S5
// (template briefs with field labels), S6 (a removal follow-up in
// Traditional Chinese or "forget the X"), M4 (a platform switch
// follow-up) and M3 (a category word inside a phrase): the checks of
// case32x plus three of its own.
type case33z struct {
	case32x
	// noInclCat are categories no category inclusion (eq/in, any
	// status) may hold: a category named under "Avoid:" is excluded.
	noInclCat []string
	// platform is the platform the search must end on, or, when a
	// question is asked instead, one of its options or the buttons
	// allowed now must name (the user can always do what they asked).
	platform string
}

// run33z sends a case through a new box and returns what it leaves wrong.
func run33z(t *testing.T, a *Agent, tc case33z) []string {
	t.Helper()
	bad := run32x(t, a, tc.case32x)
	if len(tc.noInclCat) == 0 && tc.platform == "" {
		return bad
	}
	b := newBox(t, a, tc.platform0(), tc.loc)
	snap := b.send("search.submit", api.Args{Text: tc.first})
	if tc.follow != "" {
		snap = b.send(followupEvent(snap), api.Args{Text: tc.follow})
	}
	label := fmt.Sprintf("%q then %q", tc.first, tc.follow)
	for _, c := range snap.Context.Conditions {
		if c.Field != "category" || (c.Op != "eq" && c.Op != "in") {
			continue
		}
		raw, _ := json.Marshal(c.Value)
		for _, w := range tc.noInclCat {
			if strings.Contains(string(raw), w) {
				bad = append(bad, fmt.Sprintf("%s: category %s %s (%s) includes %q", label, c.Op, raw, c.Status, w))
			}
		}
	}
	if tc.platform != "" && snap.Platform != tc.platform && !offersPlatform(snap, tc.platform) {
		bad = append(bad, fmt.Sprintf("%s: platform %q and nothing offered switches to %q (question %+v, actions %+v)", label, snap.Platform, tc.platform, snap.Context.PendingQuestion, snap.Actions))
	}
	return bad
}

// platform0 is the platform the case's session starts on.
func (tc case33z) platform0() string { return tc.case32x.platform }

// offersPlatform says whether the pending question's options or the
// allowed buttons carry a switch to platform p.
func offersPlatform(snap api.Snapshot, p string) bool {
	if q := snap.Context.PendingQuestion; q != nil {
		for _, o := range q.Options {
			raw, _ := json.Marshal(o)
			if strings.Contains(strings.ToLower(string(raw)), p) {
				return true
			}
		}
	}
	for _, a := range snap.Actions {
		raw, _ := json.Marshal(a)
		if strings.Contains(strings.ToLower(string(raw)), `"platform":"`+p+`"`) {
			return true
		}
	}
	return false
}

// c33z is a case33z of its base fields.
func c33z(platform, loc, first, follow string) case33z {
	return case33z{case32x: c32(platform, loc, first, follow)}
}

// measure33z runs a table of case33z like measure32x (AUDIT33Z_STRICT=1
// makes each miss an error).
func measure33z(t *testing.T, name string, floor int, cases []case33z) {
	t.Helper()
	measureTable(t, "audit 33z", "AUDIT33Z_STRICT", name, floor, cases, run33z, func(tc case33z) string { return tc.first + " | " + tc.follow })
}

// TestAudit33zHeldout is audit 33's classes S3/S5, S6, M4 and M3 in
// phrasings of my own, written before any change and never tuned on.
// Its pass count is logged (go test ./agent -run Audit33zHeldout -v); a
// count below the one measured after the fixes fails. Base (before the
// fixes): 6 of 20; after: 19 (the one left: "貓狗日常" reads 日常 as the
// lifestyle category, and a category read outright keeps the phrase's
// topic from naming one).
func TestAudit33zHeldout(t *testing.T) {
	measure33z(t, "held-out", 19, heldout33z())
}

// heldout33z is the held-out table (see TestAudit33zHeldout).
func heldout33z() []case33z {
	var cs []case33z
	add := func(c case33z, f func(*case33z)) { f(&c); cs = append(cs, c) }
	// S3/S5: template briefs with field labels
	add(c33z("instagram", "en", "Brand: Peakline Outdoor / Goal: hiking and camping creators / Region: Canada / Followers: 10k-80k / Must: English content / Nice to have: gear reviews / Avoid: gaming / Budget: TBC", ""), func(c *case33z) {
		c.want = []string{"country eq CA", "language eq en"}
		c.excluded = []string{"gaming"}
		c.noInclCat = []string{"gaming"}
		c.noTerm = []string{"peakline", "tbc", "brand", "goal", "budget"}
	})
	add(c33z("youtube", "zh", "客户：绿野户外\n目标：露营和徒步博主\n市场：日本\n粉丝：5万-30万\n必须：日语内容\n加分项：装备测评\n避免：游戏\n预算：待定", ""), func(c *case33z) {
		c.want = []string{"country eq JP", "language eq ja"}
		c.excluded = []string{"gaming"}
		c.noInclCat = []string{"gaming"}
		c.noTerm = []string{"绿野", "待定", "客户", "预算", "目标"}
	})
	add(c33z("instagram", "en", "Client: Brightmint Dental | Target: parenting and family creators | Country: US | Size: 50k+ followers | Exclude: comedy | Budget: N/A", ""), func(c *case33z) {
		c.want = []string{"country eq US"}
		c.cats = []string{"family"}
		c.excluded = []string{"comedy"}
		c.noInclCat = []string{"comedy"}
		c.noTerm = []string{"brightmint", "n/a", "client", "budget"}
	})
	add(c33z("youtube", "zh", "客戶：晨光咖啡 / 目標：美食頻道 / 市場：台灣 / 粉絲：1萬-10萬 / 排除：遊戲 / 預算：暫無", ""), func(c *case33z) {
		c.want = []string{"country eq TW"}
		c.cats = []string{"food"}
		c.excluded = []string{"gaming"}
		c.noInclCat = []string{"gaming"}
		c.noTerm = []string{"晨光", "暫無", "暂无", "客户", "预算"}
	})
	add(c33z("tiktok", "en", "Target: beauty creators\nMarket: France\nSize: 20k-200k\nMust: French speaking\nAvoid: fitness\nBudget: -", ""), func(c *case33z) {
		c.want = []string{"country eq FR", "language eq fr"}
		c.cats = []string{"beauty"}
		c.excluded = []string{"fitness"}
		c.noInclCat = []string{"fitness"}
		c.noTerm = []string{"target", "market", "budget"}
	})
	add(c33z("youtube", "en", "Client: Orbit Bank. Target: personal finance creators. Market: UK. Nice to have: crypto. Avoid: gaming, comedy. Timeline: TBD", ""), func(c *case33z) {
		c.want = []string{"country eq GB"}
		c.cats = []string{"finance"}
		c.excluded = []string{"gaming", "comedy"}
		c.noInclCat = []string{"gaming", "comedy"}
		c.noTerm = []string{"orbit", "tbd", "client", "timeline"}
	})
	add(c33z("instagram", "zh", "目标：健身博主；市场：巴西；粉丝：2万以上；排除：美食；预算：无", ""), func(c *case33z) {
		c.want = []string{"country eq BR"}
		c.cats = []string{"fitness"}
		c.excluded = []string{"food"}
		c.noInclCat = []string{"food"}
		c.noTerm = []string{"预算", "目标", "市场"}
	})
	// S6: removal follow-ups in Traditional Chinese, and "forget the X"
	add(c33z("instagram", "zh", "找日本的美妝網紅，粉絲5萬以上，日語", "不用管國家了"), func(c *case33z) {
		c.not = []string{"country"}
		c.want = []string{"language eq ja"}
		c.noTerm = []string{"不用管", "國家", "国家"}
	})
	add(c33z("youtube", "zh", "找韓國的遊戲博主，粉絲10萬以上，韓語內容", "語言拿掉吧"), func(c *case33z) {
		c.not = []string{"language"}
		c.want = []string{"country eq KR"}
		c.noTerm = []string{"拿掉", "語言", "语言"}
	})
	add(c33z("tiktok", "zh", "找美國的健身網紅，粉絲2萬到20萬", "取消粉絲的限制"), func(c *case33z) {
		c.not = []string{"followers"}
		c.want = []string{"country eq US"}
		c.noTerm = []string{"取消", "限制"}
	})
	add(c33z("instagram", "zh", "找泰國或越南的美食博主，粉絲1萬以上", "地區的條件忘掉吧"), func(c *case33z) {
		c.not = []string{"country"}
		c.cats = []string{"food"}
		c.noTerm = []string{"忘掉", "地區", "地区"}
	})
	add(c33z("youtube", "en", "tech reviewers in Germany, 20k+ subs, German", "forget about the language"), func(c *case33z) {
		c.not = []string{"language"}
		c.want = []string{"country eq DE"}
		c.noTerm = []string{"forget"}
	})
	add(c33z("tiktok", "en", "travel vloggers in Italy or Spain, 10k+ followers", "forget the countries"), func(c *case33z) {
		c.not = []string{"country"}
		c.noTerm = []string{"forget"}
	})
	// M4: a platform switch follow-up can be done
	add(c33z("youtube", "en", "gaming channels in Japan, 100k+ subs, Japanese", "do the same thing on TikTok"), func(c *case33z) {
		c.platform = "tiktok"
		c.noTerm = []string{"same thing"}
	})
	add(c33z("instagram", "zh", "找法国的美妆博主，粉丝5万以上", "一样的条件，去 YouTube 上找"), func(c *case33z) {
		c.platform = "youtube"
		c.noTerm = []string{"一样"}
	})
	add(c33z("tiktok", "en", "fitness creators in Brazil 10k-100k followers", "now try it on Instagram"), func(c *case33z) {
		c.platform = "instagram"
	})
	add(c33z("instagram", "zh", "找新加坡的旅遊網紅，粉絲3萬以上", "換成 TikTok 平台，其他條件照舊"), func(c *case33z) {
		c.platform = "tiktok"
	})
	// M3: a category word inside a phrase
	add(c33z("tiktok", "zh", "找日本做动漫手办开箱的 TikTok 博主，粉丝1万以上", ""), func(c *case33z) {
		c.cats = []string{"animation"}
		c.want = []string{"country eq JP"}
	})
	add(c33z("youtube", "en", "YouTube channels about anime merch in South Korea, 10k+ subs", ""), func(c *case33z) {
		c.cats = []string{"animation"}
	})
	add(c33z("instagram", "zh", "找香港分享貓狗日常的網紅，粉絲1萬以上", ""), func(c *case33z) {
		c.cats = []string{"pets"}
	})
	return cs
}
