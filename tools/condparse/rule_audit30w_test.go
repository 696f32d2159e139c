package condparse

import (
	"strings"
	"testing"
)

// TestAudit30wClasses: audit 30's severe reading classes (and two mild
// ones) in the audit's own lines and phrasings of my own (the held-out
// table is agent/audit30w_heldout_test.go): the writer's own office,
// organisation or home is context when another place is the creators'
// (ownPlaces); a zh brief's opening self-description before the ask ranks,
// never filters (askOpens, writerAim); soft refusals, negations without an
// apostrophe and "X以外…" exclude (apostropheless, outsideGoesOn); a
// country code typed after "only"/"now" is the country (selectedCode); a
// taught language is education plus a ranking term (taughtLanguages);
// every category item of a topic list joins the set
// (topicListCategories); a category said as an outlet names it whole.
// want are prefixes of brief lines that must be read; never substrings no
// line may hold; frame words no keyword may hold.
func TestAudit30wClasses(t *testing.T) {
	for _, tc := range []struct {
		in          string
		want, never []string
		frame       []string
	}{
		// S1: the writer's own place
		{in: "Hi! I work for the Japan National Tourism Organization's Sydney office. Could you please find Australian or New Zealand travel creators?", want: []string{`hard country in [AU,NZ]`, `hard category eq "travel"`}, never: []string{"JP"}},
		{in: "we represent a Canadian maple syrup brand and need food creators in France", want: []string{`hard country eq "FR"`}, never: []string{"CA"}},
		{in: "我们是意大利品牌的北京团队，想找英国的时尚博主", want: []string{`hard country eq "GB"`, `hard category eq "fashion"`}, never: []string{"IT", "CN"}},
		{in: "我是墨尔本一家咖啡店的老板，需要找新西兰的美食博主", want: []string{`hard country eq "NZ"`}, never: []string{"AU"}},
		// a place of the writer that is also the creators' stays; the
		// writer's only place stays; a market the writer enters stays
		{in: "我们是新加坡的连锁火锅店，想找新加坡和马来西亚的美食探店博主", want: []string{`hard country in [SG,MY]`}},
		{in: "We're a nonprofit running a campaign in Nigeria and Kenya / need fitness creators", want: []string{`hard country in [NG,KE]`}},
		{in: "We're a Korean skincare brand launching in Japan, need beauty creators in Japan", want: []string{`hard country eq "JP"`}, never: []string{"KR"}},
		// a self-description that names the creators is the ask
		{in: "I'm interested in creators in Japan, also in Korea", want: []string{`hard country in [JP,KR]`}},
		{in: "我是日本博主的粉丝，想找韩国的", want: []string{`hard country in [JP,KR]`}},
		// S2: the opening self-description before the ask ranks
		{in: "在线教育app招学员，求推荐：1. 印尼或菲律宾 2. 教英语的频道 3. 订阅五万以上", want: []string{`hard country in [ID,PH]`, `hard category eq "education"`}, never: []string{"contains \"在线教育app招学员\" applied", "language"}},
		{in: "瑜伽馆拉新，需要：泰国；健身博主；粉丝一万以上", want: []string{`hard country eq "TH"`, `hard category eq "fitness"`}, never: []string{"applied !", "contains \"瑜伽馆拉新\" applied"}},
		{in: "牙科诊所获客 找香港的美妆博主", want: []string{`hard country eq "HK"`}, never: []string{"contains \"牙科诊所获客\" applied"}},
		// a bare item with no ask after it is still a keyword typed
		{in: "Hollyland 麦克风，美国，IG", want: []string{`keyword keyword contains "Hollyland" applied`}},
		// S3: soft refusals, no apostrophe, outside X
		{in: "We'd prefer not to work with anyone mainly doing gaming or comedy. Travel creators in Australia.", want: []string{`hard category not_in [gaming,comedy] applied`, `hard category eq "travel"`}, never: []string{"category in"}, frame: []string{"we'd"}},
		{in: "beauty creators in Korea, would rather not have any skincare ads", want: []string{`keyword keyword not_contains "skincare`}},
		{in: "pet acounts in canada, dont want any breeders", want: []string{`keyword keyword not_contains "breeders"`}, frame: []string{"dont"}, never: []string{`contains "breeders" reference`}},
		{in: "travel vloggers in Peru, we dont need any drone channels", want: []string{`keyword keyword not_contains "drone`}, frame: []string{"dont"}},
		{in: "美食博主，不太想要吃播的", want: []string{`keyword keyword not_contains "吃播"`, `hard category eq "food"`}},
		{in: "想在X上找中国大陆以外讲中文的足球博主，粉丝2w+", want: []string{`hard country not_in [CN] applied`, `hard language eq "zh"`}, never: []string{`country eq "CN"`}},
		{in: "韩国以外做韩语教学的博主", want: []string{`hard country not_in [KR] applied`}, never: []string{`country eq "KR"`}},
		{in: "美国以外也可以看看", never: []string{"not_in"}},
		// S4: a code typed after only / now
		{in: "k now only DE and sort by engagement", want: []string{`hard country eq "DE"`}, never: []string{`contains "DE"`}},
		{in: "just BR now", want: []string{`hard country eq "BR"`}},
		{in: "only IT support channels", never: []string{"country"}},
		// S5: a taught language
		{in: "教英语的频道，订阅五万以上", want: []string{`hard category eq "education"`, `keyword keyword contains "教英语" reference`}, never: []string{"language"}},
		{in: "German lessons channels in Austria", want: []string{`hard category eq "education"`, `hard country eq "AT"`}, never: []string{"language", `"DE"`}},
		{in: "accounts that teach Korean, 10k+", want: []string{`hard category eq "education"`}, never: []string{"language"}},
		{in: "英语口语课的博主", want: []string{`hard category eq "education"`}, never: []string{"language"}},
		{in: "English speaking cooking channels", want: []string{`hard language eq "en"`, `hard category eq "food"`}},
		// S6: a topic list
		{in: "accounts that talk about health, nutrition or cooking", want: []string{`hard category in [food,fitness]`, `keyword keyword contains "nutrition" reference`}},
		{in: "creators who post about health and travel", want: []string{`hard category in [travel,fitness]`}},
		{in: "讲健康和美食的博主", want: []string{`hard category in [food,fitness]`}},
		{in: "health creators in Spain", never: []string{"category"}},
		// M1: a misspelt unit after "5k+" is the unit, never a term
		{in: "travel creators in Chile w/ 5k+ subscrbers", want: []string{`hard followers gte 5000`}, frame: []string{"subscrbers"}},
		// M5: an outlet kind names its category
		{in: "Public health accounts in India, not news outlets", want: []string{`hard category not_in [news] applied`}},
		{in: "别给我推动画片频道，找游戏博主", want: []string{`hard category not_in [animation] applied`, `hard category eq "gaming"`}},
	} {
		r := readAt(t, tc.in, tc.want, nil)
		noTerm(t, r, tc.frame...)
		for _, c := range r.Conditions {
			for _, n := range tc.never {
				if b := brief(c); strings.Contains(b, n) {
					t.Errorf("Read(%q): %s holds %q", tc.in, b, n)
				}
			}
		}
	}
}
