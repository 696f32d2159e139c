package agent

import "testing"

// The held-out phrasings of the reading classes of issue 26 items 1–2
// (fixQ), written before any fix and never tuned on: a count below the
// one measured after the fixes fails (go test ./agent -run LeftQHeldout
// -v logs it; AUDIT24Y_STRICT=1 makes every miss an error). The tuning
// tables are in leftQ_test.go and tools/condparse/rule_leftQ_test.go.
var leftQHeldOut = []case24y{
	// class 1: a promoting, selling or making verb before an exclusion's object
	{platform: "youtube", loc: "zh", first: "找德国的科技博主，不要推广赌博的", want: []string{"not_contains 赌博"}, not: []string{"广赌", "推广"}},
	{platform: "instagram", loc: "zh", first: "美妆博主，别给减肥药带货的", want: []string{"not_contains 减肥药"}, not: []string{"给减肥药", "带货"}},
	{platform: "youtube", loc: "zh", first: "健身博主 不接烟草广告的", want: []string{"not_contains 烟草"}, not: []string{"接烟草", "广告"}},
	{platform: "youtube", loc: "zh", first: "日本美食博主，不做赌场宣传的", want: []string{"not_contains 赌场"}, not: []string{"做赌场", "宣传"}},
	{platform: "tiktok", loc: "zh", first: "不要带货美妆的穿搭博主", want: []string{"category not_in [beauty]", "category eq fashion"}, not: []string{"货美妆", "带货"}},
	// class 2: an audience-orientation suffix
	{platform: "youtube", loc: "zh", first: "男生向的科技频道", want: []string{"category eq tech"}, says: []string{"受众"}, unsaid: []string{"无法按性别筛选"}, noTerm: []string{"向"}},
	{platform: "youtube", loc: "zh", first: "找一些女性向的美妆博主", want: []string{"category eq beauty"}, says: []string{"受众"}, unsaid: []string{"无法按性别筛选"}, noTerm: []string{"向"}},
	{platform: "youtube", loc: "en", first: "a fitness channel geared towards men", want: []string{"category eq fitness"}, says: []string{"audience"}, unsaid: []string{"creators' gender"}, noTerm: []string{"geared"}},
	{platform: "youtube", loc: "en", first: "cooking creators targeting a female audience", want: []string{"category eq food"}, says: []string{"audience"}, unsaid: []string{"creators' gender"}, noTerm: []string{"targeting"}},
	// class 3: intensifiers and strictness words
	{platform: "youtube", loc: "en", first: "exclusively Japanese gaming creators", want: []string{"category eq gaming"}, noTerm: []string{"exclusively"}},
	{platform: "youtube", loc: "zh", first: "一定要是韩国的美妆博主", want: []string{"country eq KR", "category eq beauty"}, noTerm: []string{"一定"}},
	{platform: "youtube", loc: "en", first: "travel creators, must be strictly in Italy", want: []string{"country eq IT"}, noTerm: []string{"strictly"}},
	{platform: "youtube", loc: "zh", first: "科技博主 严格限定美国", want: []string{"country eq US"}, noTerm: []string{"严格"}},
	// class 4: a language variant named by a region or a variety
	{platform: "youtube", loc: "en", first: "Latin American Spanish cooking channels", want: []string{"language eq es"}, noTerm: []string{"latin", "american"}},
	{platform: "youtube", loc: "en", first: "beauty creators who speak European Portuguese", want: []string{"language eq pt"}, noTerm: []string{"european"}},
	{platform: "youtube", loc: "zh", first: "讲魁北克法语的美食博主", want: []string{"language eq fr"}, noTerm: []string{"魁北克"}},
	{platform: "youtube", loc: "en", first: "gaming creators, Mexican Spanish", want: []string{"language eq es"}, noTerm: []string{"mexican"}},
	// class 5: a country said acceptable in addition
	{platform: "youtube", loc: "en", first: "pet creators in France, Belgium would work as well", want: []string{"country in [FR,BE]"}, noTerm: []string{"work"}},
	{platform: "instagram", loc: "en", first: "fashion influencers in Italy; Spain is also fine", want: []string{"country in [IT,ES]"}, noTerm: []string{"fine"}},
	{platform: "youtube", loc: "zh", first: "新加坡的美食博主，马来西亚的也行", want: []string{"country in [SG,MY]"}, noTerm: []string{"也行"}},
	{platform: "youtube", loc: "zh", first: "科技博主 美国", follow: "加拿大的也可以", want: []string{"country in [US,CA]"}, noTerm: []string{"也可以"}},
	{platform: "youtube", loc: "en", first: "gaming channels in Brazil", follow: "Portugal would be ok too", want: []string{"country in [BR,PT]"}, noTerm: []string{"ok"}},
	// class 6: a verb of filming or posting before the topic
	{platform: "youtube", loc: "zh", first: "专门拍钓鱼的博主", want: []string{"category eq outdoor"}, noTerm: []string{"拍"}},
	{platform: "tiktok", loc: "zh", first: "平时更新猫咪日常的博主", noTerm: []string{"更新"}},
	{platform: "youtube", loc: "en", first: "creators who mostly shoot street food", ranks: []string{"street food"}, noTerm: []string{"shoot"}},
	{platform: "youtube", loc: "zh", first: "经常发健身打卡视频的博主", want: []string{"category eq fitness"}, noTerm: []string{"经常", "发健身"}},
}

// TestLeftQHeldout measures the held-out table; its floor is the count
// the fixes reached.
func TestLeftQHeldout(t *testing.T) {
	measure24y(t, "leftQ held-out", 25, leftQHeldOut)
}
