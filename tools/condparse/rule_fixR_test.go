package condparse

import (
	"slices"
	"strings"
	"testing"
)

// TestFixR: the tuning table for audit 37's first-search classes R1
// (exclusions said as "no need for", 免了, 就算了, "exclude accounts
// focused on"), R2 (English number words in ranges and windows), R3
// (P.S. / 附 markers, a head fragment and the writer's own business are
// frame), R4 (a language named by a demonym, also beside its country) and
// R5 (a category named by a job title). Every case must hold.
//
// "removed F V" (a condition of field F holding V marked IssueRemoved:
// taken back, nothing excluded) is read here; the rest by missesFixR.
func TestFixR(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		// R1
		{"pet DNA test brand, need TikTok dog and cat creators in Germany, no need for vets or clinics", []string{"excl vet", "excl clinic", "nopos vet", "nopos clinic"}},
		{"Kindly exclude accounts focused on nightlife.", []string{"excl nightlife", "nopos nightlife"}},
		{"帮我找土耳其的Instagram咖啡博主，粉丝3万以上，不需要英文内容，美妆类的免了", []string{"notcat beauty", "nocat beauty", "notlang en", "noterm 免"}},
		{"No need for anyone under ten thousand subscribers. YouTube makers in Poland", []string{"followers lo 10000..10000 nohi"}},
		{"no need for channels with fewer than 5k subs, cooking creators", []string{"followers lo 5000..5000 nohi"}},
		{"健身博主，瑜伽的就算了", []string{"excl 瑜伽", "nopos 瑜伽"}},
		{"beauty creators in Korea, skip anyone doing mukbang", []string{"excl mukbang", "nopos mukbang"}},
		{"找香港的摄影博主，不需要人像", []string{"excl 人像", "noexcl 人"}},
		{"找穿搭博主，不需要英文的", []string{"notlang en"}},
		{"no need for gaming channels, tech reviewers in the US", []string{"notcat gaming", "nocat gaming"}},
		// R2
		{"food creators, a follower count between twenty thousand and one hundred fifty thousand, and at least one post within the preceding sixty days", []string{"followers lo 20000..20000 hi 150000..150000", "active 60..60", "noterm preceding", "noterm sixty"}},
		{"Instagram fitness creators in Australia, somewhere between twenty thousand and a couple hundred thousand followers", []string{"followers lo 20000..20000 hi 200000..300000", "noterm hundred", "noterm somewhere"}},
		{"YouTube makers from Poland. Uploaded in the past six weeks.", []string{"active 42..42"}},
		{"beauty creators around twenty-five k followers", []string{"noterm twenty"}},
		{"gaming creators with a couple hundred thousand followers", []string{"noterm couple", "noterm hundred"}},
		{"travel vloggers that posted within the preceding thirty days", []string{"active 30..30", "noterm preceding"}},
		// R3
		{"Hi! We want YouTube food reviewers in South Korea with 100k+ subscribers. Thanks so much! P.S. they need to have posted since Black Friday.", []string{"nohardterm", "noterm p.s", "active 9..11"}},
		{"beauty creators in Japan. PS: only ones active in the last two weeks", []string{"nohardterm", "noterm ps", "active 14..14"}},
		{"Telescope shop. X accounts that post astrophotography, at least 3k followers", []string{"nohardterm", "noterm telescope shop", "noterm shop"}},
		{"Sake brewery. Instagram food creators in Japan", []string{"nohardterm", "noterm brewery"}},
		{"书店咖啡馆开业，想找X上聊读书、文学的博主", []string{"nohardterm", "nocat food", "noterm 开业"}},
		{"找韩国的美妆博主，粉丝5万以上。附：最近一个月发过视频", []string{"nohardterm", "active 28..31", "noterm 附"}},
		// R4
		{"kombucha brand -> TikTok wellness creators in Brazil or Portugal, ~20k to 80k, Portuguese only", []string{"lang pt", "countries BR,PT"}},
		{"Spanish-speaking food creators in the US", []string{"lang es", "countries US"}},
		{"gaming streamers in Austria, only in German please", []string{"lang de"}},
		{"找葡萄牙的旅行博主，只要葡语的", []string{"lang pt", "countries PT"}},
		{"Italian only, cooking creators in Italy", []string{"lang it", "countries IT"}},
		{"food creators in Canada, no need for french anymore", []string{"countries CA", "removed language fr"}},
		// R5
		{"looking for YouTube educators who teach chemistry", []string{"cat education"}},
		{"piano teachers on Instagram in Japan", []string{"nocat education", "term piano"}},
		{"teachers on YouTube who explain chemistry", []string{"cat education"}},
		{"online tutors on TikTok in the UK", []string{"cat education"}},
		{"yoga coaches on TikTok in India", []string{"cat fitness"}},
		{"business coaches on LinkedIn style, YouTube, US", []string{"nocat fitness"}},
	} {
		r := readAt(t, tc.in, nil, nil)
		var rest []string
		for _, sp := range tc.checks {
			f, v, ok := strings.Cut(strings.TrimPrefix(sp, "removed "), " ")
			if !ok || !strings.HasPrefix(sp, "removed ") {
				rest = append(rest, sp)
				continue
			}
			if !slices.ContainsFunc(r.Conditions, func(c Condition) bool {
				return string(c.Field) == f && (c.Value.Str == v || slices.Contains(c.Value.Strs, v)) && slices.Contains(c.Issues, IssueRemoved)
			}) {
				t.Errorf("Read(%s): no %s; got %s", tc.in, sp, strings.Join(briefs(r.Result), " | "))
			}
		}
		for _, m := range missesFixR(t, r, rest) {
			t.Error(m)
		}
	}
}
