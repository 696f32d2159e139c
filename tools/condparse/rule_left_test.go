package condparse

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"searchagent/tools/condition"
)

// The misread classes fresh audits left after audit 23 (issue 26, "the
// reading of free language"), with phrasings of my own in zh and en. The
// held-out table (leftHeldOut) was written before any rule was changed
// and is not tuned on: its count is logged, and a floor keeps a
// regression from passing silently. The tuning table (TestLeftClasses)
// is what the rules were fixed against.

// leftNow is the day the audits run as (serve --now 2026-12-06).
var leftNow = time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)

// leftCase is one phrasing and what its reading must and must not hold.
type leftCase struct {
	in string
	// want are substrings of a condition's brief that must be there
	// (`country eq "AU"`, `followers gte 10000`); not those that must
	// not be.
	want, not []string
	// noKw are words no keyword (filter, ranking term or exclusion) may
	// hold; noStart are runes or words no keyword may start with (a
	// fragment cut inside a word: "级数据库").
	noKw, noStart []string
	// role is a remainder role the reading must name ("" for none).
	role Residue
}

// problems lists what the reading of tc.in gets wrong, none when right.
func (tc leftCase) problems() []string {
	r, err := Read(tc.in, WithNow(leftNow))
	if err != nil {
		return []string{err.Error()}
	}
	var got []string
	for _, c := range r.Conditions {
		got = append(got, brief(c))
	}
	var out []string
	has := func(w string) bool {
		for _, g := range got {
			if strings.Contains(g, w) {
				return true
			}
		}
		return false
	}
	for _, w := range tc.want {
		if !has(w) {
			out = append(out, fmt.Sprintf("misses %s", w))
		}
	}
	for _, w := range tc.not {
		if has(w) {
			out = append(out, fmt.Sprintf("holds %s", w))
		}
	}
	for _, c := range r.Conditions {
		if c.Kind != condition.KindKeyword {
			continue
		}
		v := strings.ToLower(c.Value.Str)
		for _, w := range tc.noKw {
			if strings.Contains(v, strings.ToLower(w)) {
				out = append(out, fmt.Sprintf("keyword %s holds %q", brief(c), w))
			}
		}
		for _, w := range tc.noStart {
			if strings.HasPrefix(v, strings.ToLower(w)) {
				out = append(out, fmt.Sprintf("keyword %s starts inside a word (%q)", brief(c), w))
			}
		}
	}
	if tc.role != "" {
		named := false
		for _, sp := range r.Remainder {
			named = named || sp.Role == tc.role
		}
		if !named {
			out = append(out, fmt.Sprintf("names no %s remainder (%+v)", tc.role, r.Remainder))
		}
	}
	if len(out) > 0 {
		out = append(out, fmt.Sprintf("reading %q", got))
	}
	return out
}

// leftHeldOut are the held-out phrasings, one block per class; written
// first, never tuned on.
var leftHeldOut = []leftCase{
	// 1. a lowercase country code closing a search is the country; the
	// pronoun stays a pronoun
	{in: "vegan recipe creators au", want: []string{`country eq "AU"`}},
	{in: "gaming streamers nz, 10k+", want: []string{`country eq "NZ"`, `followers gte 10000`}},
	{in: "skincare influencers based in sg", want: []string{`country eq "SG"`}},
	{in: "could you pull a few for us", not: []string{"country"}},
	{in: "pet channels that remind us of our brand", not: []string{"country"}},
	{in: "yoga teachers in the us or ca", want: []string{`country in [US,CA]`}},
	{in: "can you send us five fitness creators", not: []string{"country"}},
	// 2. the user's own relations are named, never excluded as a word
	{in: "skip creators who promoted our competitors", noKw: []string{"competitor"}, role: "relation"},
	{in: "不要给竞争对手做过推广的博主", noKw: []string{"竞争对手"}, role: "relation"},
	{in: "排除帮竞品带过货的达人，美国的", want: []string{`country eq "US"`}, noKw: []string{"竞品"}, role: "relation"},
	{in: "avoid anyone sponsored by a rival brand", noKw: []string{"rival"}, role: "relation"},
	// 3. a compound of known and unknown parts keeps whole units
	{in: "工业级3D打印的频道", noStart: []string{"级", "业"}},
	{in: "讲企业级网络安全的博主", noStart: []string{"级", "业"}},
	{in: "消费级无人机航拍博主", noStart: []string{"级", "费"}},
	{in: "医疗级护肤品测评", noStart: []string{"级", "疗"}},
	// 4. too much of something is a wish, never an exclusion of the word
	{in: "不要植入太多的博主，美食类", want: []string{`category eq "food"`}, noKw: []string{"植入"}},
	{in: "恰饭太多的就算了", noKw: []string{"恰饭"}},
	{in: "beauty creators in France, not too salesy", want: []string{`category eq "beauty"`, `country eq "FR"`}, noKw: []string{"salesy"}},
	{in: "avoid overly commercial channels, travel", want: []string{`category eq "travel"`}, noKw: []string{"commercial"}},
	{in: "别太多广告植入的", noKw: []string{"广告"}},
	// 5. a platform before a Chinese account noun is the platform
	{in: "ig号 穿搭博主 粉丝一万以上", want: []string{`platform eq "instagram"`}, noKw: []string{"ig"}},
	{in: "tiktok账号里做宠物的", want: []string{`platform eq "tiktok"`}, noKw: []string{"tiktok"}},
	{in: "推特上的加密货币博主", want: []string{`platform eq "x"`}, noKw: []string{"推特"}},
	{in: "油管频道 游戏 美国", want: []string{`platform eq "youtube"`}, noKw: []string{"油管"}},
	// 6. dash label rows; a label's value with an obvious category
	{in: "Niche – fintech; Country – US", want: []string{`category eq "finance"`, `country eq "US"`}},
	{in: "Market — Japan; Size — 20k-80k", want: []string{`country eq "JP"`, `followers between 20000..80000`}},
	{in: "Vertical - e-learning", want: []string{`category eq "education"`}},
	{in: "类目 - 在线教育；地区 - 英国", want: []string{`category eq "education"`, `country eq "GB"`}},
	// 8. Cantonese is a language, never the country China
	{in: "講粵語的香港美食頻道", want: []string{`language eq "zh"`}, not: []string{`country eq "CN"`}},
	{in: "cantonese-speaking travel vloggers", want: []string{`language eq "zh"`}, not: []string{`country eq "CN"`}},
	{in: "最好是粤语配音的动画频道", want: []string{`language eq "zh"`}, not: []string{`country eq "CN"`}},
}

// TestLeftHeldOut runs the held-out phrasings: the count is logged for
// the issue note.
func TestLeftHeldOut(t *testing.T) {
	ok := 0
	for _, tc := range leftHeldOut {
		if p := tc.problems(); len(p) > 0 {
			t.Logf("held out: Read(%q): %s", tc.in, strings.Join(p, "; "))
			continue
		}
		ok++
	}
	t.Logf("held-out phrasings of the left classes: %d of %d", ok, len(leftHeldOut))
	if ok < 31 {
		t.Errorf("held-out: %d of %d hold, below the 31 measured when it was written (a regression)", ok, len(leftHeldOut))
	}
}

// leftTuning are the phrasings the rules were fixed against, one block
// per class.
var leftTuning = []leftCase{
	// 1. country codes typed as words
	{in: "diy home repair channels us", want: []string{`country eq "US"`}},
	{in: "cooking channels uk", want: []string{`country eq "GB"`}},
	{in: "beauty creators ca", want: []string{`country eq "CA"`, `category eq "beauty"`}},
	{in: "travel vloggers hk, 5k+", want: []string{`country eq "HK"`, `followers gte 5000`}},
	{in: "gaming creators in the us", want: []string{`country eq "US"`, `category eq "gaming"`}},
	{in: "food creators based in au", want: []string{`country eq "AU"`}},
	{in: "tech youtubers from ca or us", want: []string{`country in [CA,US]`}},
	{in: "fitness creators in the uk/ca", want: []string{`country in [GB,CA]`}},
	{in: "find some for us", not: []string{"country"}},
	{in: "help us find pet creators", not: []string{"country"}},
	{in: "send us 10 travel channels", not: []string{"country"}},
	{in: "channels like us", not: []string{"country"}},
	{in: "creators who talk to us", not: []string{"country"}},
	{in: "beauty creators in it", not: []string{"country"}},
	{in: "food channels for us please", not: []string{"country"}},
	{in: "channels from us that we like", not: []string{"country"}},
	{in: "creators from the us", want: []string{`country eq "US"`}},
	// 2. the user's own relations
	{in: "不要接过竞品的博主，美国美妆", want: []string{`country eq "US"`, `category eq "beauty"`}, noKw: []string{"竞品", "接过"}, role: ResidueRelation},
	{in: "nothing sponsored by competitors, beauty creators in the US", want: []string{`country eq "US"`}, noKw: []string{"competitor", "sponsored"}, role: ResidueRelation},
	{in: "no one who has worked with our rivals", noKw: []string{"rival", "worked"}, role: ResidueRelation},
	{in: "跟友商合作过的不要", noKw: []string{"友商", "合作"}, role: ResidueRelation},
	{in: "别找给友商拍过广告的博主", noKw: []string{"友商", "给", "广告"}, role: ResidueRelation},
	{in: "fitness creators, none sponsored by a competitor", noKw: []string{"competitor"}, role: ResidueRelation},
	{in: "ideally nobody who has done promos for our competitors", noKw: []string{"competitor", "promos"}, role: ResidueRelation},
	{in: "不要和竞争对手合作过的科技博主", want: []string{`category eq "tech"`}, noKw: []string{"竞争对手"}, role: ResidueRelation},
	// a brand named after the relation word is excluded; the word is frame
	{in: "排除掉和竞品小佩有过合作的博主", want: []string{`not_contains "小佩"`}, noKw: []string{"竞品"}},
	{in: "别找给耐克拍过广告的博主", want: []string{`not_contains "耐克"`}, noKw: []string{"给耐克"}},
	{in: "skip creators who promoted Nike", want: []string{`not_contains "Nike"`}, noKw: []string{"promoted"}},
	// the head noun after a partner clause is who is wanted
	{in: "不要和小米合作过的科技博主", want: []string{`not_contains "小米"`, `category eq "tech"`}},
	{in: "不要接过耐克广告的美妆博主", want: []string{`not_contains "耐克"`, `category eq "beauty"`}},
	// 3. a compound of known and unknown parts keeps whole units
	// the writer's goods beside the creators' own category are frame (audit 24): whole, never a fragment
	{in: "我们是做企业级数据库的，想找美国的科技博主", want: []string{`category eq "tech"`}, noStart: []string{"级"}},
	{in: "我们是做企业级数据库的，想找美国的博主", want: []string{`contains "企业级数据库" reference`}, noStart: []string{"级"}},
	{in: "我们是一家做企业级数据库的公司，想找美国的科技博主", want: []string{`country eq "US"`}, noKw: []string{"公司"}, noStart: []string{"级"}},
	{in: "讲领域驱动设计的程序员博主", want: []string{`contains "领域驱动设计" reference`}},
	{in: "讲平台经济的财经博主", want: []string{`contains "平台经济" reference`, `category eq "finance"`}},
	{in: "做视频剪辑软件教程的博主", noStart: []string{"剪辑"}},
	{in: "海外仓物流博主", noStart: []string{"仓"}},
	{in: "做类脑芯片科普的博主", noStart: []string{"脑"}},
	{in: "想找做企业级安全方案的博主", noStart: []string{"级", "业"}},
	// a frame noun after the word it ends, or before a function word,
	// stays frame
	{in: "穿搭类小众品牌", noKw: []string{"类"}},
	{in: "内容偏搞笑的博主", want: []string{`category eq "comedy"`}, noKw: []string{"内容"}},
	{in: "美妆方向的博主，美国", want: []string{`category eq "beauty"`}, noKw: []string{"方向"}},
	// 4. too much of something is a soft wish, never an exclusion of the word
	{in: "業配太多的不要", want: []string{`soft preference avoid "業配太多" reference`}, noKw: []string{"業配"}},
	{in: "广告太多的不要，美妆博主", want: []string{`category eq "beauty"`, `soft preference avoid "广告太多"`}, noKw: []string{"广告"}},
	{in: "广告不要太多", want: []string{`soft preference avoid "广告太多"`}, noKw: []string{"广告"}},
	{in: "not too many sponsored posts please", want: []string{`soft preference avoid "too many sponsored posts"`}, noKw: []string{"sponsored", "please"}},
	{in: "beauty creators, not too many ads", want: []string{`category eq "beauty"`, `soft preference avoid "too many ads"`}, noKw: []string{"ads"}},
	{in: "too much paid content is a no", want: []string{`soft preference avoid "too much paid content"`}, noKw: []string{"paid"}},
	{in: "别太商业化", want: []string{`soft preference avoid "商业化"`}, noKw: []string{"商业化"}},
	{in: "cooking channels in Italy, nothing overly promotional", want: []string{`soft preference avoid "promotional"`, `country eq "IT"`}, noKw: []string{"promotional"}},
	{in: "推广内容太多的也不要", noKw: []string{"推广"}},
	// a size said too big stays a size
	{in: "too many followers", not: []string{"preference"}},
	{in: "粉丝太多了", not: []string{"preference"}},
	{in: "露营博主 粉丝不要太多 一万到五万", want: []string{`followers between 10000..50000`}, not: []string{"preference"}},
	// 5. a platform before a Chinese account or platform noun is the platform
	{in: "X 帳號 科技博主", want: []string{`platform eq "x"`, `category eq "tech"`}, noKw: []string{"x", "帐", "帳"}},
	{in: "x帐号的科技博主，美国", want: []string{`platform eq "x"`}, noKw: []string{"x"}},
	{in: "X 平台的财经号", want: []string{`platform eq "x"`}, noKw: []string{"x"}},
	{in: "推特上面的科技博主", want: []string{`platform eq "x"`}, noKw: []string{"面"}},
	{in: "ig上面的穿搭博主", want: []string{`platform eq "instagram"`}, noKw: []string{"面"}},
	{in: "ins里面的美妆博主", want: []string{`platform eq "instagram"`}, noKw: []string{"面", "ins"}},
	{in: "推特用户 科技", want: []string{`platform eq "x"`}, noKw: []string{"用户"}},
	{in: "instagram账户 美妆", want: []string{`platform eq "instagram"`}, noKw: []string{"账户"}},
	{in: "油管上的游戏博主", want: []string{`platform eq "youtube"`}, noKw: []string{"油管"}},
	{in: "YouTube 频道 美妆", want: []string{`platform eq "youtube"`}, noKw: []string{"youtube", "频道"}},
	// a lone x stays a letter
	{in: "x-ray 科普", not: []string{"platform"}},
	{in: "3x 博主", not: []string{"platform"}},
	// 6. dash label rows read as colon rows; a vertical's word has its category
	{in: "Platform - TikTok; Region – UK; Followers — 10k to 50k",
		want: []string{`platform eq "tiktok"`, `country eq "GB"`, `followers between 10000..50000`}, noKw: []string{"followers", "region", "platform"}},
	{in: "Exclude - crypto; Region - US", want: []string{`not_contains "crypto"`, `country eq "US"`}},
	{in: "排除 - 减肥药；语言 - 英语", want: []string{`not_contains "减肥药"`, `language eq "en"`}, noKw: []string{"排除"}},
	{in: "Language - English - Followers - 50k+", want: []string{`language eq "en"`, `followers gte 50000`}, noKw: []string{"followers"}},
	{in: "Active – posted in last 30 days; Geo – Canada", want: []string{`last_active within_days 30`, `country eq "CA"`}},
	{in: "Vertical: edtech / exam prep", want: []string{`category eq "education"`, `contains "exam prep" reference`}},
	{in: "Vertical: fintech", want: []string{`category eq "finance"`, `contains "fintech" reference`}},
	{in: "Niche — martech; Market — UK", want: []string{`category eq "business"`, `country eq "GB"`}},
	{in: "类目：金融科技；地区：新加坡", want: []string{`category eq "finance"`, `country eq "SG"`}},
	{in: "Niche: proptech", want: []string{`contains "proptech" reference`}, not: []string{"category"}},
	// a dash between counts or words that are no label stays a dash
	{in: "Size - 10k - 50k", want: []string{`followers between 10000..50000`}},
	{in: "tech - gaming - 10k-50k", want: []string{`category in [tech,gaming]`, `followers between 10000..50000`}},
	// 7. an article left alone is no term
	{in: "the first, fourth ones look great — find similar", noKw: []string{"the"}},
	{in: "the first", noKw: []string{"the"}},
	{in: "the office", want: []string{`contains "the office"`}},
	// 8. a dialect is its language, named; never the province's country
	{in: "香港的旅遊頻道，訂閱10萬以上，最好是講廣東話的", want: []string{`soft language eq "zh" reference`, `country eq "HK"`}, not: []string{`country eq "CN"`}},
	{in: "讲广东话的美食博主", want: []string{`hard language eq "zh"`}, not: []string{`country eq "CN"`}},
	{in: "food creators in hk who speak cantonese", want: []string{`language eq "zh"`, `country eq "HK"`}, noKw: []string{"cantonese", "hk"}},
	{in: "speaks Cantonese", want: []string{`language eq "zh"`}},
	{in: "台语频道 搞笑", want: []string{`language eq "zh"`}},
	{in: "广东的美食博主", want: []string{`country eq "CN"`}},
}

// TestLeftClasses: the tuning phrasings read as meant.
func TestLeftClasses(t *testing.T) {
	for _, tc := range leftTuning {
		if p := tc.problems(); len(p) > 0 {
			t.Errorf("Read(%q): %s", tc.in, strings.Join(p, "; "))
		}
	}
}

// TestDialectLabel: a dialect's language condition names the dialect as
// not filtered, in zh and en.
func TestDialectLabel(t *testing.T) {
	for _, in := range []string{"讲粤语的美食博主", "cantonese-speaking food creators"} {
		r, err := Read(in)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range r.Conditions {
			if c.Field == condition.Language {
				found = true
				if !strings.Contains(c.Label.ZH, "粤语") || !strings.Contains(c.Label.EN, "Cantonese") {
					t.Errorf("Read(%q): language label %+v does not name Cantonese", in, c.Label)
				}
			}
		}
		if !found {
			t.Errorf("Read(%q): no language condition: %v", in, briefs(r.Result))
		}
	}
}

// leftHeldOut2 are a second held-out table, written after the rules and
// never run before its one count: several phrasings of leftHeldOut were
// read while the rules were written (see the issue note), so this is the
// untouched measure. Never tuned on.
var leftHeldOut2 = []leftCase{
	{in: "home decor influencers sg", want: []string{`country eq "SG"`}},
	{in: "vegan bakers based in ca, 5k+", want: []string{`country eq "CA"`, `followers gte 5000`}},
	{in: "pls find a few for us", not: []string{"country"}},
	{in: "pet groomers who follow us", not: []string{"country"}},
	{in: "tech reviewers in the uk or au", want: []string{`country in [GB,AU]`}},
	{in: "no creators who've partnered with competing brands", noKw: []string{"competing"}, role: ResidueRelation},
	{in: "要排除给我们友商做过广告的达人", noKw: []string{"友商"}, role: ResidueRelation},
	{in: "别找跟竞对合作的博主", noKw: []string{"竞对"}, role: ResidueRelation},
	{in: "做旗舰级手机评测的数码博主", noStart: []string{"级", "舰"}},
	{in: "我们是一家做企业级云存储的公司，找美国科技博主", want: []string{`country eq "US"`}, noKw: []string{"公司"}, noStart: []string{"级", "业"}},
	{in: "讲军工级材料的科普博主", noStart: []string{"级", "工"}},
	{in: "太多带货视频的不要", noKw: []string{"带货"}},
	{in: "not too many brand deals please, fitness creators", want: []string{`category eq "fitness"`}, noKw: []string{"deal"}},
	{in: "广告植入过多的就不考虑了", noKw: []string{"广告"}},
	{in: "推特号的科技博主 美国", want: []string{`platform eq "x"`}, noKw: []string{"推特"}},
	{in: "TikTok 账号 宠物", want: []string{`platform eq "tiktok"`}, noKw: []string{"tiktok"}},
	{in: "X账户 加密货币", want: []string{`platform eq "x"`}, noKw: []string{"x"}},
	{in: "Category – cooking; Followers – 20k+", want: []string{`category eq "food"`, `followers gte 20000`}},
	{in: "Niche - insurtech", want: []string{`category eq "finance"`}},
	{in: "Geo — Brazil | Lang — Portuguese", want: []string{`country eq "BR"`, `language eq "pt"`}},
	{in: "要讲闽南语的搞笑博主", want: []string{`language eq "zh"`}, not: []string{`country eq "CN"`}},
	{in: "Cantonese speakers, food, Hong Kong", want: []string{`language eq "zh"`, `country eq "HK"`}},
}

// TestLeftHeldOut2 runs the second held-out table: the count is logged
// for the issue note.
func TestLeftHeldOut2(t *testing.T) {
	ok := 0
	for _, tc := range leftHeldOut2 {
		if p := tc.problems(); len(p) > 0 {
			t.Logf("held out (2): Read(%q): %s", tc.in, strings.Join(p, "; "))
			continue
		}
		ok++
	}
	t.Logf("second held-out table of the left classes: %d of %d", ok, len(leftHeldOut2))
	if ok < 20 {
		t.Errorf("held-out: %d of %d hold, below the 20 measured when it was written (a regression)", ok, len(leftHeldOut2))
	}
}
