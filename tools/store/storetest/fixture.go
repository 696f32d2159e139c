package storetest

import (
	"time"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// day returns a date in 2026, for LastPostAt.
func day(month, d int) time.Time { return time.Date(2026, time.Month(month), d, 12, 0, 0, 0, time.UTC) }

// Fixture is a small hand-made catalog. Handles are unique per platform, so
// tests name channels by "<platform>/<handle>".
func Fixture() []*catalog.Channel {
	yt, ig, tt := platform.YouTube, platform.Instagram, platform.TikTok
	return []*catalog.Channel{
		{Platform: yt, Handle: "garagejoe", Name: "Garage Joe", Category: "automotive", Country: "US", Language: "en",
			Tags: []string{"car parts", "tuning", "汽配"}, Description: "Weekly car parts reviews and engine tuning.",
			RecentTitles: []string{"Best brake pads 2024", "Turbo kit review"}, Followers: 500_000, AvgViews: 50_000, LastPostAt: day(10, 1),
			ContentIDs: []string{"vid-garage-1"}},
		{Platform: yt, Handle: "laowang", Name: "老王汽配评测", Category: "automotive", Country: "CN", Language: "zh",
			Tags: []string{"汽配评测", "改装"}, Description: "每周汽车配件评测与改装经验分享",
			RecentTitles: []string{"刹车片怎么选", "轮胎评测：值得买吗"}, Followers: 80_000, AvgViews: 8_000, LastPostAt: day(11, 1)},
		{Platform: yt, Handle: "carreviewdaily", Name: "Car Review Daily", Category: "automotive", Country: "GB", Language: "en",
			Tags: []string{"car review", "cars", "test drive"}, Description: "Honest reviews of new cars and car parts.",
			RecentTitles: []string{"Test drive: the new hatchback", "Brake pads compared"}, Followers: 1_200_000, AvgViews: 200_000, LastPostAt: day(11, 20)},
		{Platform: yt, Handle: "swimsafekids", Name: "Swim Safe Kids", Category: "outdoor", Country: "US", Language: "en",
			Tags: []string{"swim vest", "water safety"}, Description: "Testing swim vests and life jackets for kids.",
			RecentTitles: []string{"Swim vest vs puddle jumper"}, Followers: 30_000, AvgViews: 4_000, LastPostAt: day(6, 1)},
		{Platform: yt, Handle: "vestyle", Name: "Vest Style", Category: "fashion", Country: "AU", Language: "en",
			Tags: []string{"vest", "swim", "outfits"}, Description: "Fashion vests and swim wear for summer.",
			RecentTitles: []string{"Best vest outfits"}, Followers: 45_000, AvgViews: 5_000},
		{Platform: yt, Handle: "glowup", Name: "Glow Up Beauty", Category: "beauty", Country: "US", Language: "en",
			Tags: []string{"makeup", "skincare", "makeup tutorial"}, Description: "Makeup tutorials and skincare routines.",
			RecentTitles: []string{"Everyday makeup in 5 minutes", "Drugstore foundation review"}, Followers: 900_000, AvgViews: 90_000, LastPostAt: day(11, 10)},
		{Platform: yt, Handle: "xiaomei", Name: "小美美妆", Category: "beauty", Country: "CN", Language: "zh",
			Tags: []string{"美妆", "护肤", "化妆教程"}, Description: "美妆教程和护肤心得，平价好物分享",
			RecentTitles: []string{"口红试色", "五分钟快速妆"}, Followers: 150_000, AvgViews: 20_000, LastPostAt: day(9, 15)},
		{Platform: yt, Handle: "progamer", Name: "Pro Gamer", Category: "gaming", Country: "US", Language: "en",
			Tags: []string{"fps", "esports", "gameplay"}, Description: "Competitive FPS gameplay and esports news.",
			RecentTitles: []string{"Ranked grind", "Top 10 plays"}, Followers: 2_000_000, AvgViews: 300_000, LastPostAt: day(11, 25)},
		{Platform: yt, Handle: "youxidashu", Name: "遊戲大叔", Category: "gaming", Country: "TW", Language: "zh",
			Tags: []string{"遊戲實況", "單機遊戲"}, Description: "單機遊戲實況解說",
			RecentTitles: []string{"通关实况"}, Followers: 60_000, AvgViews: 9_000, LastPostAt: day(8, 1)},
		{Platform: yt, Handle: "techguy", Name: "Tech Guy", Category: "tech", Country: "US", Language: "en",
			Tags: []string{"smartphone", "gadgets", "review"}, Description: "Smartphone reviews and gadget unboxings.",
			RecentTitles: []string{"Phone review", "Unboxing the new tablet"}, Followers: 700_000, AvgViews: 70_000, LastPostAt: day(11, 5)},
		{Platform: yt, Handle: "beewhisperer", Name: "Bee Whisperer", Category: "science", Country: "NZ", Language: "en",
			Tags: []string{"beekeeping", "honey", "apiary"}, Description: "Hive inspections, queen rearing and honey harvest.",
			RecentTitles: []string{"Splitting a hive", "Varroa mite treatment"}, Followers: 20_000, AvgViews: 3_000, LastPostAt: day(7, 1)},
		{Platform: ig, Handle: "garagejoe", Name: "Garage Joe", Category: "automotive", Country: "US", Language: "en",
			Tags: []string{"car parts", "tuning"}, Description: "Weekly car parts reviews and engine tuning.",
			RecentTitles: []string{"Turbo kit review"}, Followers: 90_000, LastPostAt: day(10, 1)},
		{Platform: ig, Handle: "carfan", Name: "Car Fan", Category: "automotive", Country: "DE", Language: "de",
			Tags: []string{"cars", "car review"}, Description: "Autos und car reviews.", Followers: 10_000},
		{Platform: ig, Handle: "glowig", Name: "Glow IG", Category: "beauty", Country: "US", Language: "en",
			Tags: []string{"makeup"}, Description: "Makeup looks.", Followers: 40_000},
		{Platform: tt, Handle: "carclips", Name: "Car Clips", Category: "automotive", Country: "US", Language: "en",
			Tags: []string{"car parts", "汽配"}, Description: "Short car parts clips.", Followers: 5_000},
	}
}
