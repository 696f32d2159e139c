package condparse

import (
	"slices"
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// missesE3 checks a reading against specs: those of misses34s plus
// "plat P" (a wanted platform condition holding P, any status),
// "notplat P" (a platform exclusion holding P), "noplat" (no platform
// condition at all), "country C" (a wanted country condition holding C,
// any status) and "nocountry C" (no country condition holding C).
func missesE3(t *testing.T, r Reading, specs []string) []string {
	t.Helper()
	var out, rest []string
	holds := func(c Condition, v string) bool {
		if strings.EqualFold(c.Value.Str, v) {
			return true
		}
		return slices.ContainsFunc(c.Value.Strs, func(s string) bool { return strings.EqualFold(s, v) })
	}
	for _, sp := range specs {
		word, arg, _ := strings.Cut(sp, " ")
		switch word {
		case "plat", "notplat", "country":
			f := condition.Platform
			if word == "country" {
				f = condition.Country
			}
			if !slices.ContainsFunc(r.Conditions, func(c Condition) bool {
				if c.Field != f || c.Kind == condition.KindKeyword || !holds(c, arg) {
					return false
				}
				neg := c.Op == condition.OpNotIn || c.Op == condition.OpNeq
				return neg == (word == "notplat")
			}) {
				out = append(out, "Read("+r.Input+"): no "+sp+"; got "+strings.Join(briefs(r.Result), " | "))
			}
		case "noplat":
			for _, c := range r.Conditions {
				if c.Field == condition.Platform {
					out = append(out, "Read("+r.Input+"): platform "+brief(c)+", want none")
				}
			}
		case "nocountry":
			for _, c := range r.Conditions {
				if c.Field == condition.Country && holds(c, arg) {
					out = append(out, "Read("+r.Input+"): country "+brief(c)+", want none with "+arg)
				}
			}
		default:
			rest = append(rest, sp)
		}
	}
	return append(out, misses34s(t, r, rest)...)
}

// TestFixE3HeldOut: phrasings of my own for the classes E1 (a misspelt
// platform name is the platform), E2 (a city the product can place gives
// its country; a city inside a name gives none; a city is never cut in
// two) and E3 (the advertiser's own product, glossed in brackets, is
// frame, never a required keyword), written before any rule was changed
// and never tuned on (5/19 before, 19/19 after). It logs its misses and
// fails only when fewer pass than measured after the fixes (the floor).
func TestFixE3HeldOut(t *testing.T) {
	const floor = 19
	measureHeldOut(t, floor, []heldCase{
		// E1
		{"cooking channels on Youtbue from Canada", []string{"plat youtube", "noterm youtbue", "country CA"}},
		{"skincare creators, no Tiktoc and no Instagran please", []string{"notplat tiktok", "notplat instagram", "noterm tiktoc", "noterm instagran"}},
		{"想找Instagrm上的健身博主", []string{"plat instagram", "noterm instagrm"}},
		{"Insatgram travel photographers in Italy", []string{"plat instagram", "noterm insatgram", "country IT"}},
		{"不要Youtbe的，只要TikTk上的美妆博主", []string{"notplat youtube", "plat tiktok", "noterm youtbe", "noterm tiktk"}},
		{"Twtter crypto accounts with 10k followers", []string{"plat x", "noterm twtter"}},
		{"youth football coaches in England", []string{"noplat"}},
		// E2
		{"苏黎世的钟表博主", []string{"country CH", "noterm 苏黎", "noterm 黎世"}},
		{"watch reviewers based in Geneva", []string{"country CH", "noterm geneva"}},
		{"food bloggers living in Abuja", []string{"country NG", "noterm abuja"}},
		{"surf creators from Porto", []string{"country PT", "noterm porto"}},
		{"日内瓦的旅行博主，粉丝一万以上", []string{"country CH", "noterm 内瓦"}},
		{"creators who covered the Berlin Film Festival", []string{"nocountry DE"}},
		{"Tokyo Game Show recap channels", []string{"nocountry JP"}},
		// E3
		{"我们做宠物保险（pet insurance），想找养猫博主", []string{"nohardterm"}},
		{"Our brand (a vegan protein powder) wants gym creators in Australia", []string{"nohardterm", "country AU"}},
		{"日本抹茶粉（matcha powder）品牌想找美食博主", []string{"nohardterm", "nocountry JP"}},
		{"we sell a meal-planning app (Plan2Eat) and need food TikTokers", []string{"nohardterm"}},
		{"我们的产品（一款记账App）想找理财博主", []string{"nohardterm"}},
	}, missesE3)
}
