package condparse

import (
	"slices"
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// missesFixR checks a reading against specs: those of missesFixP plus
// "cat X" / "lang X" (an applied include of the category or language
// holding X), "notcat X" / "notlang X" (an applied not_in holding X),
// "nopos W" (no wanted keyword holding W, any status) and "noexcl W" (no
// excluded keyword that is exactly W).
func missesFixR(t *testing.T, r Reading, specs []string) []string {
	t.Helper()
	var out, rest []string
	holds := func(c Condition, v string) bool { return c.Value.Str == v || slices.Contains(c.Value.Strs, v) }
	for _, sp := range specs {
		word, arg, _ := strings.Cut(sp, " ")
		switch word {
		case "cat", "lang", "notcat", "notlang":
			field := condition.Category
			if strings.HasSuffix(word, "lang") {
				field = condition.Language
			}
			neg := strings.HasPrefix(word, "not")
			if !slices.ContainsFunc(r.Conditions, func(c Condition) bool {
				return c.Field == field && c.Kind != condition.KindKeyword && c.Status == condition.StatusApplied &&
					(c.Op == condition.OpNotIn || c.Op == condition.OpNeq) == neg && holds(c, arg)
			}) {
				out = append(out, "Read("+r.Input+"): no "+sp+"; got "+strings.Join(briefs(r.Result), " | "))
			}
		case "nopos", "noexcl":
			for _, c := range r.Conditions {
				if c.Kind != condition.KindKeyword {
					continue
				}
				v := strings.ToLower(c.Value.Str)
				if word == "nopos" && c.Op != condition.OpNotContains && strings.Contains(v, strings.ToLower(arg)) ||
					word == "noexcl" && c.Op == condition.OpNotContains && v == strings.ToLower(arg) {
					out = append(out, "Read("+r.Input+"): "+sp+" broken by "+brief(c))
				}
			}
		default:
			rest = append(rest, sp)
		}
	}
	return append(out, missesFixP(t, r, rest)...)
}

// TestFixRHeldOut: phrasings of my own for audit 37's first-search
// classes R1 (exclusions said as "no need for", 免了, 就算了, "skip
// anyone doing"), R2 (English number words in ranges and windows), R3
// (P.S. / 附 markers and a head fragment are frame), R4 (a language named
// by a demonym) and R5 (a category named by a job title), written before
// any rule was changed and never tuned on. It logs its misses and fails
// only when fewer pass than measured after the fixes (the floor below):
// 14/25 before, 25/25 after.
func TestFixRHeldOut(t *testing.T) {
	const floor = 25
	measureHeldOut(t, floor, []heldCase{
		// R1
		{"Looking for YouTube cooking channels in Italy, no need for vegan content", []string{"excl vegan", "nopos vegan", "nohardterm"}},
		{"travel vloggers in Spain on TikTok, skip anyone doing gaming", []string{"notcat gaming", "nocat gaming", "nohardterm"}},
		{"我想找日本的美食博主，搞笑类的就算了", []string{"notcat comedy", "nocat comedy", "nohardterm"}},
		{"找韩国的健身博主，不需要日语内容", []string{"notlang ja", "nohardterm"}},
		{"tech reviewers on YouTube, exclude channels focused on crypto", []string{"nopos crypto", "nohardterm"}},
		{"beauty creators in France, no need for anyone below fifty thousand followers", []string{"followers lo 50000..50000 nohi", "nohardterm"}},
		{"找英国的摄影博主，不需要婚礼摄影", []string{"excl 婚礼摄影", "noexcl 摄影", "noexcl 婚礼", "nohardterm"}},
		{"美妆的免了，找泰国的穿搭博主", []string{"notcat beauty", "cat fashion", "nohardterm"}},
		// R2
		{"fitness creators on Instagram between thirty thousand and two hundred thousand followers", []string{"followers lo 30000..30000 hi 200000..200000", "nohardterm", "noterm thousand"}},
		{"gaming YouTubers with up to a couple hundred thousand subs", []string{"followers nolo hi 200000..300000", "noterm hundred", "noterm couple"}},
		{"beauty creators with twenty-five k followers or more", []string{"followers lo 25000..25000 nohi", "noterm twenty"}},
		{"cooking channels that posted within the preceding forty-five days", []string{"active 45..45", "noterm preceding", "noterm forty"}},
		{"travel creators in Peru active in the past eight weeks", []string{"active 56..56", "noterm eight", "noterm weeks"}},
		// R3
		{"Pottery studio. Looking for Instagram ceramic artists in the UK. PS: must have posted in the last 10 days", []string{"nohardterm", "noterm pottery", "noterm studio", "active 10..10"}},
		{"Bike shop. TikTok cycling creators in the Netherlands", []string{"nohardterm", "noterm shop", "noterm bike shop"}},
		{"找日本的旅行博主，粉丝1万以上。附：最近两周有更新", []string{"nohardterm", "active 14..14", "noterm 附"}},
		{"宠物店开业，想找TikTok上的旅行博主", []string{"nohardterm", "nocat pets", "cat travel"}},
		// R4
		{"cooking creators in Mexico or Spain, Spanish only", []string{"lang es", "countries MX,ES", "nohardterm"}},
		{"travel vloggers in Germany, only in German", []string{"lang de", "countries DE", "nohardterm"}},
		{"找巴西的美妆博主，只要葡语的", []string{"lang pt", "countries BR", "nohardterm"}},
		{"French-speaking beauty creators in Canada", []string{"lang fr", "countries CA", "nohardterm"}},
		// R5
		{"math educators on YouTube in India", []string{"cat education", "nohardterm"}},
		{"language tutors on TikTok, 5k+ followers", []string{"cat education", "nohardterm"}},
		{"fitness coaches on Instagram in the US", []string{"cat fitness", "nohardterm"}},
		{"life coaches in the UK on YouTube", []string{"nocat fitness", "nohardterm"}},
	}, missesFixR)
}
