package condparse

import "testing"

// TestFixLHeldOut: phrasings of my own for the classes L1 (a numbered,
// lettered or symbol-marked list brief read field by field), L2 (the
// writer's own description is frame), L3 (a creator noun that names a
// category gives it) and L4 (a Chinese "between A and B" keeps both
// ends), written before any rule was changed and never tuned on. It logs
// its misses and fails only when fewer pass than measured after the fixes
// (the floor below): 6/19 before, 18/19 after (the one left: "home cooks
// on TikTok in Italy", terse input whose subtopic stays a typed keyword).
func TestFixLHeldOut(t *testing.T) {
	const floor = 18
	measureHeldOut(t, floor, []heldCase{
		// L1
		{"1) 平台：Instagram 2) 国家：法国 3) 内容：咖啡、甜品 4) 粉丝 ≥ 5千", []string{"nohardterm", "has hard country eq \"FR\" applied", "followers lo 5000..5000 nohi"}},
		{"a) country: Japan b) topic: ramen, izakaya c) followers: 10k+", []string{"nohardterm", "has hard country eq \"JP\" applied", "term ramen"}},
		{"1. country — Mexico 2. niche — surfing", []string{"nohardterm", "has hard country eq \"MX\" applied", "term surfing"}},
		{"①国家 泰国 ②内容 潜水", []string{"nohardterm", "has hard country eq \"TH\" applied", "term 潜水"}},
		{"- platform: TikTok\n- country: Italy\n- topic: pasta, wine", []string{"nohardterm", "has hard country eq \"IT\" applied", "term pasta"}},
		{"• country: Norway • content: skiing", []string{"nohardterm", "has hard country eq \"NO\" applied", "term skiing"}},
		// L2
		{"Bike shop (family-owned, Leeds). Looking for cycling YouTubers in the UK.", []string{"nohardterm", "noterm shop", "noterm leeds", "has hard country eq \"GB\" applied"}},
		{"我们是一家面包烘焙工作室，想找台湾的美食博主", []string{"nohardterm", "noterm 工作室", "has hard country eq \"TW\" applied"}},
		{"Product manager here, forwarding a request: gaming creators in Poland", []string{"nohardterm", "noterm manager", "noterm forwarding", "has hard country eq \"PL\" applied"}},
		{"我们是首尔的一家韩餐厅，想找本地的探店博主", []string{"nohardterm", "noterm 餐厅", "has hard country eq \"KR\" applied"}},
		{"We're a yoga studio in Melbourne and want local wellness creators", []string{"nohardterm", "noterm studio", "has hard country eq \"AU\" applied"}},
		// L3
		{"looking for gamers on YouTube in Brazil", []string{"nohardterm", "has hard category eq \"gaming\" applied"}},
		{"home cooks on TikTok in Italy", []string{"nohardterm", "has hard category eq \"food\" applied"}},
		{"想找韩国的歌手，粉丝十万以上", []string{"nohardterm", "has hard category eq \"music\" applied"}},
		{"stand-up comedians in Ireland", []string{"nohardterm", "has hard category eq \"comedy\" applied"}},
		// L4
		{"美妆博主，粉丝在两万到八万之间", []string{"followers lo 20000..20000 hi 80000..80000"}},
		{"粉丝介于3千和1万之间的健身博主", []string{"followers lo 3000..3000 hi 10000..10000"}},
		{"订阅在五万与二十万之间的科技UP主", []string{"followers lo 50000..50000 hi 200000..200000"}},
		{"fitness creators with between 8k and 40k followers", []string{"followers lo 8000..8000 hi 40000..40000"}},
	}, misses34s)
}
