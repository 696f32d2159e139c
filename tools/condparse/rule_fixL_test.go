package condparse

import (
	"strings"
	"testing"
)

// TestFixL pins the classes mended by fixL: L1 (a numbered, lettered,
// circled or bulleted list brief read as labelled rows; a topic row's
// items rank or give their category, never filter), L2 (the writer's own
// description, a relay frame or a role said with "here" is frame; a
// "local" brief points back at the writer's place), L3 (a creator noun
// that names a category gives it) and L4 (a Chinese between-range joined
// by 和/与/跟 keeps both ends). Each case fails when its rule breaks.
func TestFixL(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		// L1
		{"1) 平台：YouTube 2) 国家：英国、爱尔兰 3) 内容：烘焙、面包 4) 订阅 ≥ 2万 5) 最近两个月活跃", []string{"nohardterm", "has hard country in [GB,IE] applied", "has hard category eq \"food\" applied !subtopic", "term 面包", "followers lo 20000..20000 nohi"}},
		{"A) platform: IG B) country: NZ C) topic: fishing, kayaking", []string{"nohardterm", "has hard country eq \"NZ\" applied", "term kayaking", "noterm B"}},
		{"1. region - Texas 2. content - street food", []string{"nohardterm", "has hard country eq \"US\" applied", "term street food"}},
		{"①国家 日本 ②类型 料理", []string{"nohardterm", "has hard country eq \"JP\" applied"}},
		{"- platform: TikTok\n- topic: pottery, ceramics", []string{"nohardterm", "term pottery", "term ceramics"}},
		{"(a) country: Chile (b) niche: wine, cheese", []string{"nohardterm", "has hard country eq \"CL\" applied", "term cheese"}},
		{"Country: Canada\nTopic: fishing, kayaking", []string{"nohardterm", "term kayaking"}},
		// a lone number that ends a sentence is no marker
		{"top 3. country: Japan", []string{"has hard country eq \"JP\" applied"}},
		// L2
		{"Accounting firm (mid-size, Toronto). Looking for X accounts about bookkeeping in Canada, 5k~25k followers.", []string{"nohardterm", "noterm accounting", "noterm firm", "noterm toronto", "has hard country eq \"CA\" applied"}},
		{"陶艺工作室，想在TikTok上找台湾的手作博主，十万以下", []string{"nohardterm", "noterm 工作室", "has hard country eq \"TW\" applied"}},
		{"K12课外辅导机构想找教初中数学的UP主", []string{"nohardterm", "noterm 机构"}},
		{"Sales rep here, forwarding what the customer wrote: beach creators in Australia", []string{"nohardterm", "noterm sales", "noterm rep", "noterm forwarding", "noterm customer"}},
		{"my boss wants travel creators in Peru", []string{"nohardterm", "noterm boss"}},
		{"Eco laundry detergent brand — we want mom creators in Brazil", []string{"nohardterm", "term laundry detergent", "noterm brand"}},
		{"Hi 我们是新加坡一家e-bike rental，想找local的cycling YouTuber", []string{"has hard country eq \"SG\" applied", "noterm local"}},
		{"我们是大阪的一家拉面店，想找本地的美食博主", []string{"has hard country eq \"JP\" applied", "noterm 本地"}},
		{"We're a bakery in Lyon, looking for food creators in Spain", []string{"has hard country eq \"ES\" applied", "noterm bakery"}},
		{"给一个电动车品牌找推特上的科技博主", []string{"nohardterm", "noterm 给一个"}},
		// what the writer's business sells ranks; the rest of it is frame
		{"jewelry brand here, looking for minimal-style creators", []string{"nohardterm", "term jewelry", "noterm brand"}},
		{"Q1 plan for a cookware brand, need home-cooking creators", []string{"nohardterm", "term cookware", "noterm plan"}},
		{"coffee roaster here. yt channels about home espresso, based in the us", []string{"nohardterm", "has hard category eq \"food\" applied", "noterm roaster"}},
		{"We are a swimwear brand from Marseille. We search creators in France", []string{"nohardterm", "term swimwear", "noterm marseille"}},
		{"I run a Mexican restaurant in Houston and want food creators in Spain", []string{"nohardterm", "term mexican", "noterm restaurant"}},
		// a category named only in the frame gives way to the creators' subtopic
		{"宠物食品品牌，找日本的猫狗博主，订阅10万以上", []string{"nohardterm", "has hard category eq \"pets\" applied !subtopic", "term 宠物食品"}},
		// L3
		{"indie musicians on YouTube from Sweden", []string{"nohardterm", "has hard category eq \"music\" applied", "term indie"}},
		{"chefs on TikTok in Spain", []string{"has hard category eq \"food\" applied"}},
		{"comedians in Ireland with 10k+ followers", []string{"has hard category eq \"comedy\" applied"}},
		{"想找英国的乐手，粉丝一万以上", []string{"has hard category eq \"music\" applied"}},
		{"gaming streamers who are also musicians", []string{"has hard category eq \"gaming\" applied !added", "nocategory music"}},
		// L4
		{"粉丝在三万与十万之间的美食博主", []string{"followers lo 30000..30000 hi 100000..100000"}},
		{"粉丝在1万和5万之间", []string{"followers lo 10000..10000 hi 50000..50000"}},
		{"粉丝介于5千和2万之间", []string{"followers lo 5000..5000 hi 20000..20000"}},
		{"between 5k and 20k followers", []string{"followers lo 5000..5000 hi 20000..20000"}},
	} {
		r := readAt(t, tc.in, nil, nil)
		var checks []string
		for _, c := range tc.checks {
			if code, ok := strings.CutPrefix(c, "nocategory "); ok {
				for _, cd := range r.Conditions {
					if string(cd.Field) == "category" && !cd.Excluded && strings.Contains(cd.Value.Str, code) {
						t.Errorf("Read(%q): category %s read", tc.in, code)
					}
				}
				continue
			}
			checks = append(checks, c)
		}
		if m := misses34s(t, r, checks); len(m) > 0 {
			t.Error(strings.Join(m, "\n"))
		}
	}
}
