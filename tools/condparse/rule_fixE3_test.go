package condparse

import "testing"

// TestFixE3: the tuning table of the classes E1 (a misspelt platform
// name is the platform, not a keyword; real words one edit away stay
// words), E2 (a placeable city gives its country; a city opening an
// event's or a collaboration's name gives none) and E3 (the advertiser's
// glossed product ranks at most, and a country glued to it is no
// condition).
func TestFixE3(t *testing.T) {
	cases := []heldCase{
		// E1
		{"want Youtub channels about cooking", []string{"plat youtube", "noterm youtub"}},
		{"beauty creators, not TikTock, not Instagarm", []string{"notplat tiktok", "notplat instagram", "noterm tiktock", "noterm instagarm"}},
		{"Insta gram fashion bloggers", []string{"plat instagram", "noterm gram"}},
		{"Tik tock dancers in Spain", []string{"plat tiktok", "noterm tock", "country ES"}},
		{"Twiter tech accounts", []string{"plat x", "noterm twiter"}},
		{"不要Youtbe，只要Instgram上的穿搭博主", []string{"notplat youtube", "plat instagram", "noterm youtbe", "noterm instgram"}},
		{"titter jokes", []string{"noplat"}},
		// E2
		{"苏黎世的美食博主", []string{"country CH", "noterm 苏黎世"}},
		{"Zürich fashion creators", []string{"country CH"}},
		{"travel vloggers in Geneva", []string{"country CH", "noterm geneva"}},
		{"日内瓦的手表博主", []string{"country CH", "noterm 内瓦"}},
		{"Lagos creators with 10k+ followers", []string{"country NG"}},
		{"里昂的美食博主", []string{"country FR"}},
		{"Paris Fashion Week content creators", []string{"nocountry FR"}},
		{"a Lagos x São Paulo fashion collab", []string{"nocountry NG", "nocountry BR"}},
		{"上海车展的汽车博主", []string{"nocountry CN"}},
		{"fashion creators in Paris", []string{"country FR"}},
		{"在上海的汽车博主", []string{"country CN"}},
		// E3
		{"房车保险（van life insurance）想在YouTube投放", []string{"nohardterm", "plat youtube"}},
		{"摩洛哥坚果油（argan oil）护肤品牌", []string{"nohardterm", "nocountry MA"}},
		{"our product (a budgeting app) needs finance YouTubers in the US", []string{"nohardterm", "country US"}},
	}
	for _, tc := range cases {
		if m := missesE3(t, readAt(t, tc.in, nil, nil), tc.checks); len(m) > 0 {
			for _, s := range m {
				t.Error(s)
			}
		}
	}
}
