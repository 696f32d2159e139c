package agent

import "testing"

// The reading classes of issue 26 items 1–2 (fixQ) read through the
// agent, first searches and follow-ups, with phrasings of my own: the
// tuning table (case24y's checks, every miss an error). The held-out
// table, written before the fixes, is leftQ_heldout_test.go; what
// condparse reads alone is tools/condparse/rule_leftQ_test.go.
var leftQTuning = []case24y{
	// class 1
	{platform: "youtube", loc: "zh", first: "不要推广游戏的美妆博主", want: []string{"category not_in [gaming]", "category eq beauty"}, not: []string{"广游戏"}, says: []string{"推广"}},
	{platform: "youtube", loc: "zh", first: "美国的科技博主", follow: "别接博彩广告的", want: []string{"not_contains 博彩", "country eq US"}, not: []string{"接博彩"}},
	{platform: "youtube", loc: "zh", first: "日本的美食博主", follow: "不要给保健品带货的", want: []string{"not_contains 保健品"}, not: []string{"带货"}},
	// class 2
	{platform: "youtube", loc: "zh", first: "女性向的游戏博主", want: []string{"category eq gaming"}, says: []string{"女性向", "受众"}, unsaid: []string{"无法按性别筛选"}, noTerm: []string{"向"}},
	{platform: "youtube", loc: "en", first: "tech channels in the US", follow: "aimed at women", want: []string{"country eq US"}, says: []string{"audience"}, unsaid: []string{"creators' gender"}, noTerm: []string{"women"}},
	// class 3
	{platform: "youtube", loc: "en", first: "strictly US beauty creators", want: []string{"country eq US"}, noTerm: []string{"strictly"}},
	{platform: "youtube", loc: "zh", first: "科技博主", follow: "严格只要德国的", want: []string{"country eq DE"}, noTerm: []string{"严格"}},
	// class 4
	{platform: "youtube", loc: "en", first: "European Portuguese beauty creators", want: []string{"language eq pt"}, not: []string{"country"}, noTerm: []string{"european"}},
	{platform: "youtube", loc: "en", first: "cooking creators in Spain", follow: "Castilian Spanish only", want: []string{"language eq es", "country eq ES"}, noTerm: []string{"castilian"}},
	// class 5
	{platform: "youtube", loc: "en", first: "pet creators in France", follow: "Belgium would work as well", want: []string{"country in [FR,BE]"}, noTerm: []string{"work"}},
	{platform: "youtube", loc: "en", first: "fitness creators in Canada", follow: "happy with Australia too", want: []string{"country in [CA,AU]"}, noTerm: []string{"happy"}},
	{platform: "youtube", loc: "zh", first: "德国的科技博主", follow: "也接受奥地利的", want: []string{"country in [DE,AT]"}, noTerm: []string{"接受"}},
	// class 6
	{platform: "youtube", loc: "zh", first: "专门拍钓鱼的博主", want: []string{"category eq outdoor"}, ranks: []string{"钓鱼"}, noTerm: []string{"拍"}},
	{platform: "youtube", loc: "en", first: "creators who mostly film camping", want: []string{"category eq outdoor"}, not: []string{"film"}},
}

func TestLeftQTuning(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range leftQTuning {
		for _, m := range run24y(t, a, tc) {
			t.Error(m)
		}
	}
}
