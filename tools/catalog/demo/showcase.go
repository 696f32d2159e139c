package demo

import (
	"math/rand/v2"
	"slices"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// showcaseSeed seeds the showcase channels, which are the same whatever
// WithSeed says, so that Showcase's URLs always resolve.
const showcaseSeed uint64 = 0x5EA5C0DE

// fixedSpec is one showcase channel, or a cluster of count channels with
// generated names.
type fixedSpec struct {
	profile
	count int // channels made from this spec; 0 means 1
	// titlePool gives each channel of a cluster one title drawn from it.
	titlePool []string
}

// Showcase clusters' vocabularies.
var (
	swimVestTags = []string{"swim vest", "救生衣", "life jacket", "PFD", "water safety", "buoyancy aid"}
	swimVestEN   = []string{
		"Life jacket float test: {n} PFDs in cold water",
		"Inflatable vs foam PFD: which one floats you better?",
		"Kids' life jackets: what the labels really mean",
		"Testing a $25 PFD against a $200 one",
		"Buoyancy aid fit guide for kayakers",
	}
	swimVestZH   = []string{"浮力背心实测：{n}款冷水漂浮对比", "充气式还是泡沫式漂浮背心？", "儿童漂浮背心怎么选"}
	swimVestDesc = "Independent life jacket and PFD reviews: we float-test every one before we recommend it."

	tractorTags = []string{"tractor restoration", "vintage tractor", "Farmall", "Ford 8N", "拖拉机", "barn find"}
	tractorEN   = []string{
		"Restoring a 1952 Ford 8N tractor, part {n}",
		"Seized tractor engine: will it run after 40 years?",
		"Farmall H rear axle rebuild",
		"Sandblasting and painting a vintage tractor hood",
		"Tractor restoration: magneto rebuild on the bench",
	}
	tractorZH   = []string{"拖拉机修复第{n}集：发动机拆解", "五十年的老拖拉机还能启动吗", "老拖拉机喷漆翻新全过程"}
	tractorDesc = "Bringing vintage farm tractors back to life, one seized bolt at a time."

	hollylandTags = []string{"wireless mic", "麦克风", "microphone", "creator gear"}
	hollylandEN   = []string{
		"Hollyland Lark M2 review: the best tiny wireless mic?",
		"Hollyland Lark Max vs Rode Wireless GO II",
		"How I record clean audio with a Hollyland mic",
		"Hollyland Lark M2 unboxing 🎙️",
		"Hollyland vs DJI Mic: quick audio test",
	}
	hollylandZH = []string{"Hollyland Lark M2 无线麦克风实测", "Hollyland 和罗德无线麦克风对比"}

	autoReviewTags   = []string{"car parts review", "auto parts", "汽配", "汽配评测"}
	autoReviewTitles = []string{
		"Honest auto parts review: cheap brake pads vs OEM",
		"Car parts review: are budget dash cams any good?",
		"Auto parts haul and review: {n} parts tested",
		"Aftermarket headlight review after {n} months",
		"Parts review: the best oil filter for the money",
	}
)

// fixedFor lists the showcase channels of p, in the order they are made.
func fixedFor(p platform.Platform) []fixedSpec {
	recent := [2]int{1, 12}
	switch p {
	case platform.YouTube:
		return []fixedSpec{
			// The mainstream anchor: plenty of similar tech channels.
			{profile: profile{name: "Gadget Grid", handle: "gadgetgrid", alias: "GadgetGridReviews", category: "tech", country: "US", lang: "en",
				followers: [2]int64{1240000, 1240000}, viewRatio: [2]float64{0.1, 0.14}, activeDays: [2]int{1, 3}, stableIDs: true}},
			// Name-only words.
			{profile: profile{name: "Torque Garage", handle: "torquegarage", alias: "TorqueGarageTV", category: "automotive", country: "US", lang: "en",
				followers: [2]int64{48000, 48000}, activeDays: recent, stableIDs: true}},
			{profile: profile{name: "Torque and Tread", handle: "torqueandtread", category: "automotive", country: "GB", lang: "en",
				followers: [2]int64{17500, 17500}, activeDays: [2]int{30, 50}, stableIDs: true}},
			{profile: profile{name: "老司机说车", handle: "laosijishuoche", tokens: []string{"laosiji", "shuoche"}, category: "automotive", country: "TW", lang: "zh",
				followers: [2]int64{210000, 210000}, activeDays: recent, stableIDs: true}},
			{profile: profile{name: "老司机聊改装", handle: "laosijigaizhuang", tokens: []string{"laosiji", "gaizhuang"}, category: "automotive", country: "HK", lang: "zh",
				followers: [2]int64{36000, 36000}, activeDays: [2]int{2, 20}, stableIDs: true}},
			// The seed's natural-language example: US auto-parts reviewers, 5k-20k, active.
			{profile: profile{category: "automotive", country: "US", lang: "en", followers: [2]int64{5200, 19500}, activeDays: [2]int{1, 12},
				tags: autoReviewTags, stableIDs: true}, count: 14, titlePool: autoReviewTitles},
			// The swim-vest cluster: few similar channels (low recall).
			{profile: profile{name: "Float Check", handle: "floatcheck", category: "outdoor", country: "US", lang: "en", followers: [2]int64{8400, 8400},
				activeDays: recent, tags: swimVestTags, titles: swimVestEN[:3], description: swimVestDesc, stableIDs: true}},
			{profile: profile{name: "Paddle Safe Reviews", handle: "paddlesafereviews", category: "outdoor", country: "US", lang: "en", followers: [2]int64{3100, 3100},
				activeDays: recent, tags: swimVestTags, titles: swimVestEN[2:], description: swimVestDesc, stableIDs: true}},
			{profile: profile{name: "Lake Day Gear", handle: "lakedaygear", category: "outdoor", country: "CA", lang: "en", followers: [2]int64{12000, 12000},
				activeDays: [2]int{20, 40}, tags: swimVestTags, titles: swimVestEN[1:4], description: "Buoyancy aids, PFDs and life jacket reviews for paddlers.", stableIDs: true}},
			{profile: profile{name: "水上安全测评室", handle: "shuishanganquan", tokens: []string{"shuishang", "anquan"}, category: "outdoor", country: "TW", lang: "zh",
				followers: [2]int64{5600, 5600}, activeDays: recent, tags: []string{"救生衣", "漂浮背心", "水上安全", "swim vest"}, titles: swimVestZH,
				description: "独立测评漂浮背心和水上安全装备，每一件都下水实测。", stableIDs: true}},
			{profile: profile{name: "Buoyancy Bench", handle: "buoyancybench", category: "outdoor", country: "GB", lang: "en", followers: [2]int64{2300, 2300},
				activeDays: [2]int{60, 90}, tags: swimVestTags, titles: swimVestEN[:2], description: swimVestDesc, stableIDs: true}},
			// The tractor-restoration cluster: content unlike anything else.
			{profile: profile{name: "Old Iron Revival", handle: "oldironrevival", category: "diy", country: "US", lang: "en", followers: [2]int64{23000, 23000},
				activeDays: recent, tags: tractorTags, titles: tractorEN[:3], description: tractorDesc, stableIDs: true}},
			{profile: profile{name: "Rusty Furrow Restorations", handle: "rustyfurrow", category: "diy", country: "GB", lang: "en", followers: [2]int64{9800, 9800},
				activeDays: recent, tags: tractorTags, titles: tractorEN[2:], description: tractorDesc, stableIDs: true}},
			{profile: profile{name: "Barn Find Tractors", handle: "barnfindtractors", category: "diy", country: "US", lang: "en", followers: [2]int64{15000, 15000},
				activeDays: [2]int{3, 30}, tags: tractorTags, titles: tractorEN[1:4], description: "Barn find tractors, restored on camera.", stableIDs: true}},
			{profile: profile{name: "拖拉机修复记", handle: "tuolajixiufu", tokens: []string{"tuolaji", "xiufu"}, category: "diy", country: "CN", lang: "zh",
				followers: [2]int64{7200, 7200}, activeDays: recent, tags: []string{"拖拉机", "老物件修复", "tractor restoration"}, titles: tractorZH,
				description: "把老拖拉机一颗螺丝一颗螺丝地修回来。", stableIDs: true}},
			// Hollyland in content titles only (few on YouTube).
			{profile: profile{category: "tech", country: "US", lang: "en", followers: [2]int64{20000, 90000}, activeDays: recent,
				tags: hollylandTags, stableIDs: true}, count: 2, titlePool: hollylandEN[:3]},
			{profile: profile{category: "tech", country: "GB", lang: "en", followers: [2]int64{12000, 40000}, activeDays: recent,
				tags: hollylandTags, stableIDs: true}, titlePool: hollylandEN[:3]},
			{profile: profile{category: "tech", country: "TW", lang: "zh", followers: [2]int64{15000, 60000}, activeDays: recent,
				tags: []string{"麦克风", "无线麦克风", "vlog器材"}, stableIDs: true}, titlePool: hollylandZH},
		}
	case platform.Instagram:
		return []fixedSpec{
			{profile: profile{name: "Glow with Maya", handle: "glowwithmaya", category: "beauty", country: "US", lang: "en",
				followers: [2]int64{860000, 860000}, viewRatio: [2]float64{0.12, 0.18}, activeDays: [2]int{0, 2}, stableIDs: true}},
			// The seed's mixed example: Hollyland mics, US, 10k+ followers, 3000+ average views.
			{profile: profile{category: "tech", country: "US", lang: "en", followers: [2]int64{15000, 150000}, viewRatio: [2]float64{0.2, 0.6},
				activeDays: [2]int{1, 20}, tags: hollylandTags, stableIDs: true}, count: 8, titlePool: hollylandEN},
			{profile: profile{category: "tech", country: "GB", lang: "en", followers: [2]int64{15000, 80000}, viewRatio: [2]float64{0.2, 0.5},
				activeDays: recent, tags: hollylandTags, stableIDs: true}, titlePool: hollylandEN},
			{profile: profile{category: "art", country: "US", lang: "en", followers: [2]int64{4000, 9000}, viewRatio: [2]float64{0.1, 0.3},
				activeDays: recent, tags: hollylandTags, stableIDs: true}, titlePool: hollylandEN},
			{profile: profile{name: "Float Check", handle: "floatcheck", category: "outdoor", country: "US", lang: "en", followers: [2]int64{5200, 5200},
				activeDays: recent, tags: swimVestTags, titles: swimVestEN[:2], description: swimVestDesc, stableIDs: true}},
			{profile: profile{name: "Lake Day Gear", handle: "lakeday.gear", category: "outdoor", country: "CA", lang: "en", followers: [2]int64{9100, 9100},
				activeDays: recent, tags: swimVestTags, titles: swimVestEN[3:], description: swimVestDesc, stableIDs: true}},
			{profile: profile{name: "水上安全测评室", handle: "shuishang.anquan", tokens: []string{"shuishang", "anquan"}, category: "outdoor", country: "TW", lang: "zh",
				followers: [2]int64{3300, 3300}, activeDays: recent, tags: []string{"救生衣", "漂浮背心", "水上安全"}, titles: swimVestZH[:2],
				description: "独立测评漂浮背心和水上安全装备，每一件都下水实测。", stableIDs: true}},
		}
	case platform.TikTok:
		return []fixedSpec{
			{profile: profile{name: "Dumpling Diaries", handle: "dumplingdiaries", category: "food", country: "US", lang: "en",
				followers: [2]int64{2100000, 2100000}, viewRatio: [2]float64{0.3, 0.5}, activeDays: [2]int{0, 1}, stableIDs: true}},
			{profile: profile{category: "tech", country: "US", lang: "en", followers: [2]int64{30000, 200000}, viewRatio: [2]float64{0.3, 0.9},
				activeDays: recent, tags: hollylandTags, stableIDs: true}, count: 2, titlePool: hollylandEN},
			{profile: profile{name: "Float Check", handle: "floatcheck", category: "outdoor", country: "US", lang: "en", followers: [2]int64{14000, 14000},
				activeDays: recent, tags: swimVestTags, titles: swimVestEN[1:3], description: swimVestDesc, stableIDs: true}},
			{profile: profile{name: "Paddle Safe", handle: "paddlesafe", category: "outdoor", country: "AU", lang: "en", followers: [2]int64{6100, 6100},
				activeDays: recent, tags: swimVestTags, titles: swimVestEN[3:], description: swimVestDesc, stableIDs: true}},
		}
	case platform.X:
		return []fixedSpec{
			{profile: profile{name: "Tech Brief Daily", handle: "techbriefdaily", category: "tech", country: "US", lang: "en",
				followers: [2]int64{310000, 310000}, activeDays: [2]int{0, 1}, stableIDs: true}},
		}
	}
	return nil
}

// fixed makes the channels of one showcase spec, stopping when the
// platform has limit channels.
func (g *gen) fixed(f fixedSpec, limit int) {
	for range max(f.count, 1) {
		if len(g.out) >= limit {
			return
		}
		pr := f.profile
		pr.tags = slices.Clone(f.tags)
		pr.titles = slices.Clone(f.titles)
		if len(f.titlePool) > 0 {
			pr.titles = append(pr.titles, f.titlePool[g.r.IntN(len(f.titlePool))])
		}
		g.make(pr)
	}
}

// Example is one input that shows a path of the product on the demo
// catalog (default options; the showcase channels are the same for every
// seed and reference time).
type Example struct {
	// Name is a stable id, e.g. "keyword-tags-only".
	Name string `json:"name"`
	// Kind is how the input is entered: keyword, url, natural, mixed.
	Kind string `json:"kind"`
	// Platform is the platform page the search runs on.
	Platform platform.Platform `json:"platform"`
	// Input is what to type or paste.
	Input string `json:"input"`
	// Scope is the keyword tag's match scope for keyword examples
	// (tags, name, description, content); empty otherwise.
	Scope string `json:"scope,omitempty"`
	// Expect is the outcome: results, low_recall, empty, exact (a URL
	// resolves to a channel), invalid (well-formed but unknown),
	// mismatch (another platform's URL), unsupported.
	Expect string `json:"expect"`
	// Note and NoteZH say what the example demonstrates.
	Note   string `json:"note"`
	NoteZH string `json:"note_zh"`
}

// Showcase lists the examples the demo catalog is built to show, for the
// README, the demo page and tests.
func Showcase() []Example {
	ids := showcaseContent()
	return []Example{
		{"keyword-tags-only", "keyword", platform.YouTube, "swim vest", "tags", "results",
			`"swim vest" appears only in tags (the water-safety cluster): hits with scope tags, none with name, description or content.`,
			"“swim vest” 只出现在标签里（水上安全小圈子）：按标签匹配有结果，按名称、简介、内容匹配没有。"},
		{"keyword-tags-only-zh", "keyword", platform.YouTube, "救生衣", "tags", "results",
			`"救生衣" appears only in tags.`, "“救生衣” 只出现在标签里。"},
		{"keyword-name-only", "keyword", platform.YouTube, "Torque", "name", "results",
			`"Torque" appears only in channel names (automotive).`, "“Torque” 只出现在频道名称里（汽车类）。"},
		{"keyword-name-only-zh", "keyword", platform.YouTube, "老司机", "name", "results",
			`"老司机" appears only in channel names.`, "“老司机” 只出现在频道名称里。"},
		{"keyword-description-only", "keyword", platform.YouTube, "every Sunday", "description", "results",
			`"every Sunday" appears only in descriptions.`, "“every Sunday” 只出现在频道简介里。"},
		{"keyword-description-only-zh", "keyword", platform.YouTube, "每周日更新", "description", "results",
			`"每周日更新" appears only in descriptions.`, "“每周日更新” 只出现在频道简介里。"},
		{"keyword-content-only", "keyword", platform.YouTube, "Hollyland", "content", "results",
			`"Hollyland" appears only in recent content titles (a few tech channels).`, "“Hollyland” 只出现在近期内容标题里（少数科技频道）。"},
		{"keyword-content-only-ig", "keyword", platform.Instagram, "Hollyland", "content", "results",
			`"Hollyland" in Instagram content titles.`, "Instagram 内容标题中的 “Hollyland”。"},
		{"keyword-ambiguous", "keyword", platform.YouTube, "apple", "content", "results",
			`"apple" hits tech channels (Apple Watch) and food channels (apple pie): a candidate for one clarifying question.`,
			"“apple” 同时命中科技（Apple Watch）和美食（apple pie）频道：适合一次澄清追问。"},
		{"url-anchor-many", "url", platform.YouTube, "https://www.youtube.com/@gadgetgrid", "", "exact",
			"A mainstream tech channel: the anchor is pinned and plenty of similar channels follow.",
			"主流科技频道：锚点置顶，相似频道充足。"},
		{"url-anchor-custom", "url", platform.YouTube, "https://www.youtube.com/c/GadgetGridReviews", "", "exact",
			"A legacy /c/ custom URL resolves to the same anchor.", "旧式 /c/ 自定义链接解析到同一锚点。"},
		{"url-anchor-id", "url", platform.YouTube, "https://www.youtube.com/channel/" + ids.gadgetGridID, "", "exact",
			"A /channel/UC… URL resolves to the same anchor.", "/channel/UC… 链接解析到同一锚点。"},
		{"url-video", "url", platform.YouTube, "https://www.youtube.com/watch?v=" + ids.gadgetGridVideo, "", "exact",
			"A video link resolves to the channel that published it.", "视频链接解析到发布它的频道。"},
		{"url-anchor-few-tractor", "url", platform.YouTube, "https://www.youtube.com/@oldironrevival", "", "low_recall",
			"A tractor-restoration channel with only a handful of similar channels: low_recall and its repair hint.",
			"拖拉机修复频道，相似频道极少：low_recall 与修正提示。"},
		{"url-anchor-few-swimvest", "url", platform.YouTube, "https://www.youtube.com/@floatcheck", "", "low_recall",
			"A life-jacket review channel in a cluster of five: low_recall.", "救生衣测评频道，同类仅五个：low_recall。"},
		{"url-anchor-keyword-low-recall", "mixed", platform.YouTube, "https://www.youtube.com/@gadgetgrid Hollyland", "", "low_recall",
			"Anchor plus keyword: the keyword narrows the similar set to a few channels.", "锚点加关键词：关键词把相似结果收窄到少数几个。"},
		{"url-instagram", "url", platform.Instagram, "https://www.instagram.com/glowwithmaya/", "", "exact",
			"A mainstream Instagram beauty anchor.", "Instagram 主流美妆锚点。"},
		{"url-instagram-post", "url", platform.Instagram, "https://www.instagram.com/p/" + ids.glowPost + "/", "", "exact",
			"An Instagram post link resolves to its channel.", "Instagram 帖子链接解析到所属频道。"},
		{"url-tiktok-video", "url", platform.TikTok, "https://www.tiktok.com/@dumplingdiaries/video/" + ids.dumplingVideo, "", "exact",
			"A TikTok video link resolves to its channel.", "TikTok 视频链接解析到所属频道。"},
		{"url-x-status", "url", platform.X, "https://x.com/techbriefdaily/status/" + ids.techBriefStatus, "", "exact",
			"An X post link resolves to its channel.", "X 帖子链接解析到所属频道。"},
		{"url-unknown", "url", platform.YouTube, "https://www.youtube.com/@nosuchchannel404", "", "invalid",
			"A well-formed link to a channel the catalog does not have: resource unavailable.", "格式正确但目录中没有的频道：资源失效。"},
		{"url-mismatch", "url", platform.YouTube, "https://www.instagram.com/glowwithmaya/", "", "mismatch",
			"An Instagram link on the YouTube page: platform mismatch.", "在 YouTube 页面粘贴 Instagram 链接：平台不匹配。"},
		{"url-unsupported", "url", platform.YouTube, "https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG", "", "unsupported",
			"A playlist link is a YouTube URL but not a channel or video.", "播放列表链接是 YouTube 链接，但不是频道或视频。"},
		{"natural-seed", "natural", platform.YouTube, "帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人", "", "results",
			"The spec's natural-language example: a dozen and more US auto-parts reviewers with 5k-20k followers, active in the last 30 days.",
			"规格中的自然语言示例：十几个美国汽配评测红人，粉丝 5k-20k，近 30 天活跃。"},
		{"mixed-seed", "mixed", platform.Instagram, "Hollyland 麦克风，美国，IG，粉丝 1w+，均播 3000+", "", "results",
			"The spec's mixed example: US Instagram creators with Hollyland mics in their posts, 10k+ followers, 3000+ average views.",
			"规格中的混合输入示例：美国 Instagram 上发过 Hollyland 麦克风内容、粉丝 1w+、均播 3000+ 的红人。"},
		{"filter-empty-combination", "natural", platform.Instagram, "找日本的汽车类 Instagram 博主", "", "empty",
			"Japan has Instagram channels and Instagram has automotive channels, but not both: empty_repair with relax-one-condition options.",
			"Instagram 有日本频道也有汽车频道，但两者交集为空：进入 empty_repair，并给出放宽单个条件的修正选项。"},
		{"filter-empty-range", "natural", platform.TikTok, "粉丝 1k 以下的 TikTok 美妆博主", "", "empty",
			"No demo channel has fewer than 1,000 followers: a follower range that empties the results.",
			"演示目录里没有粉丝少于 1000 的频道：粉丝区间导致无结果。"},
	}
}

// showcaseIDs are ids of showcase channels' content, for example links.
type showcaseIDs struct {
	gadgetGridID, gadgetGridVideo, glowPost, dumplingVideo, techBriefStatus string
}

// showcaseContent makes the first showcase channel of each platform to
// read its ids; they depend on neither the seed nor the reference time.
func showcaseContent() showcaseIDs {
	tb := compileTables()
	first := func(i int, p platform.Platform) *catalog.Channel {
		g := newGen(p, tb, DefaultNow(), rand.New(rand.NewPCG(showcaseSeed, uint64(i))), 1)
		g.fixed(fixedFor(p)[0], 1)
		return g.out[0]
	}
	yt := first(0, platform.YouTube)
	return showcaseIDs{
		gadgetGridID:    yt.ID,
		gadgetGridVideo: yt.ContentIDs[0],
		glowPost:        first(1, platform.Instagram).ContentIDs[0],
		dumplingVideo:   first(2, platform.TikTok).ContentIDs[0],
		techBriefStatus: first(3, platform.X).ContentIDs[0],
	}
}
