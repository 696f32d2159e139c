package agent

import "testing"

// TestAudit25xHeldout holds audit 25's reading classes mended on branch
// a25x (money beside follower words, upper bounds said with exceed or
// 超出, European thousands separators, numbers glued to their unit, a
// range beside a tier word, activity windows) in phrasings of my own.
// It was written before any change and never tuned on: its pass count
// is logged (go test ./agent -run Audit25xHeldout -v) and a count below
// the one measured after the fixes fails; AUDIT24Y_STRICT=1 makes every
// miss an error. 17/31 held before the changes, 29/31 after: the two
// misses want the 30-day window for posting regularly where the reading
// now bounds it by a quarter (regularly names no period).
func TestAudit25xHeldout(t *testing.T) {
	measure24y(t, "25x held-out", 29, []case24y{
		// 1: money in a brief is no purchase of followers
		{platform: "instagram", loc: "en", first: "Our new lip oil retails at $24 and we have a $6k budget for creators; find beauty creators in Canada with 15k-60k followers", want: []string{"country eq CA", "followers between {max:60000,min:15000}"}},
		{platform: "youtube", loc: "zh", first: "我们的新款降噪耳机售价899元，每位博主的合作费用3000元左右，找日本的科技博主，订阅5万以上", want: []string{"country eq JP", "followers gte 50000"}, not: []string{"899"}},
		{platform: "tiktok", loc: "en", first: "We'll ship every creator a free $150 blender. Food creators in the UK, 10k+ followers", want: []string{"country eq GB", "followers gte 10000"}},
		{platform: "instagram", loc: "zh", first: "给每位达人寄一套价值500元的护肤礼盒，找泰国的美妆博主，粉丝1万到8万", want: []string{"country eq TH", "followers between {max:80000,min:10000}"}},
		{platform: "youtube", loc: "en", first: "Paying $400 per video; gaming channels in Poland with at least 30k subscribers", want: []string{"country eq PL", "followers gte 30000"}},
		// 2: upper bounds said with exceed, surpass, go beyond, be over, 超出
		{platform: "youtube", loc: "en", first: "travel vloggers in Spain whose subscribers do not exceed 300k", want: []string{"followers lte 300000"}, not: []string{"not_contains"}},
		{platform: "youtube", loc: "en", first: "gaming youtubers in Sweden, at least 10k subs but not surpassing 200k", want: []string{"followers between {max:200000,min:10000}"}, not: []string{"not_contains"}},
		{platform: "instagram", loc: "en", first: "food creators in Mexico, 20k+ followers, not going beyond 150k", want: []string{"followers between {max:150000,min:20000}"}, not: []string{"not_contains"}},
		{platform: "tiktok", loc: "zh", first: "找日本的旅行博主，粉丝不要超出20万", want: []string{"followers lte 200000", "country eq JP"}, not: []string{"not_contains"}},
		{platform: "instagram", loc: "en", first: "pet accounts in Ireland, followers must not be over 80k", want: []string{"followers lte 80000"}, not: []string{"not_contains"}},
		{platform: "youtube", loc: "en", first: "fitness channels in Brazil, 5k minimum, shouldn't exceed 50k subscribers", want: []string{"followers between {max:50000,min:5000}"}, not: []string{"not_contains"}},
		// 3: a dot or a space between groups of three digits
		{platform: "youtube", loc: "en", first: "cooking channels in France with at least 50.000 subscribers", want: []string{"followers gte 50000"}},
		{platform: "instagram", loc: "en", first: "beauty creators in Italy between 10.000 and 100.000 followers", want: []string{"followers between {max:100000,min:10000}"}},
		{platform: "youtube", loc: "en", first: "tech channels in Germany, maximum 1.200.000 subscribers", want: []string{"followers lte 1200000"}},
		{platform: "instagram", loc: "en", first: "fitness creators in Poland with at least 20 000 followers", want: []string{"followers gte 20000"}},
		{platform: "tiktok", loc: "en", first: "dance creators in Korea, 1.5k+ followers, engagement above 3.5%", want: []string{"followers gte 1500", "engagement gte 350"}},
		// 4: a number glued to its unit or bound word
		{platform: "tiktok", loc: "en", first: "beauty tiktokers in Mexico 20kfollowers+ spanish", want: []string{"followers gte 20000", "country eq MX"}, not: []string{"all contains"}},
		{platform: "youtube", loc: "en", first: "gaming youtubers in Canada 100k+subscribers", want: []string{"followers gte 100000"}, not: []string{"all contains"}},
		{platform: "instagram", loc: "en", first: "travel creators in Greece with atleast 30k followers", want: []string{"followers gte 30000"}},
		{platform: "tiktok", loc: "zh", first: "日本的美食博主 3w粉+", want: []string{"followers gte 30000", "country eq JP"}},
		{platform: "youtube", loc: "en", first: "tech channels in India, 5ksubs minimum", want: []string{"followers gte 5000"}, not: []string{"all contains"}},
		// 5: a stated range beside a tier word applies
		{platform: "tiktok", loc: "zh", first: "找泰国的素人美妆博主，粉丝三千到一万五", want: []string{"followers between {max:15000,min:3000}"}},
		{platform: "instagram", loc: "en", first: "nano influencers in Ireland, 2k-8k followers, fashion", want: []string{"followers between {max:8000,min:2000}"}},
		{platform: "youtube", loc: "zh", first: "找美国的头部科技博主，订阅50万到200万", want: []string{"followers between {max:2000000,min:500000}"}},
		{platform: "instagram", loc: "zh", first: "找马来西亚的小博主，粉丝大几千到三万，母婴", want: []string{"followers between {max:30000,min:5000}"}},
		{platform: "instagram", loc: "en", first: "micro creators in Chile with a few thousand to 20k followers", want: []string{"followers between {max:20000,min:1000}"}},
		// 6: activity windows
		{platform: "x", loc: "zh", first: "找新加坡的美食推主，十天内发过推的", want: []string{"last_active within_days 10"}},
		{platform: "youtube", loc: "zh", first: "韩国的美妆博主，一个月内更新过视频的", want: []string{"last_active within_days 30"}},
		{platform: "instagram", loc: "en", first: "fitness creators in Brazil, 10k+ followers, posting regularly", want: []string{"last_active within_days 30", "followers gte 10000"}},
		{platform: "tiktok", loc: "en", first: "pet creators in Japan. Regular posting is a must (within the past 2 weeks).", want: []string{"last_active within_days 14"}},
		{platform: "youtube", loc: "en", first: "cooking channels in Spain that upload regularly, over 20k subs", want: []string{"last_active within_days 30"}},
	})
}

// TestAudit25xHeldoutLate is a second held-out table, written after the
// changes (so that held-out cases stay a third of all) and run once,
// never tuned on: its pass count is logged, and a count below its one
// run fails (30/30).
func TestAudit25xHeldoutLate(t *testing.T) {
	measure24y(t, "25x late held-out", 30, []case24y{
		// 1
		{platform: "youtube", loc: "en", first: "We're a small coffee brand (beans retail at $18/bag) with a $4k creator budget. Coffee youtubers in Colombia, 5k-40k subs.", want: []string{"country eq CO", "followers between {max:40000,min:5000}"}},
		{platform: "instagram", loc: "en", first: "Each influencer gets a $75 voucher. Yoga creators in India with 10k to 60k followers, please.", want: []string{"country eq IN", "followers between {max:60000,min:10000}"}},
		{platform: "tiktok", loc: "zh", first: "我们的面膜单价59元，每位达人费用1500元，找越南的美妆达人，粉丝5万到50万", want: []string{"country eq VN", "followers between {max:500000,min:50000}"}},
		{platform: "youtube", loc: "en", first: "Retail price is $1,299. Camera channels in Japan, 100k-800k subscribers, uploads in the last 30 days", want: []string{"country eq JP", "followers between {max:800000,min:100000}", "last_active within_days 30"}},
		// 2
		{platform: "tiktok", loc: "en", first: "comedy creators in Nigeria whose followers don't surpass 500k", want: []string{"followers lte 500000"}, not: []string{"not_contains"}},
		{platform: "instagram", loc: "en", first: "interior design creators in Sweden, followers can't be above 120k", want: []string{"followers lte 120000"}, not: []string{"not_contains"}},
		{platform: "youtube", loc: "zh", first: "找印度的科技频道，订阅不要超出一百万", want: []string{"followers lte 1000000"}, not: []string{"not_contains"}},
		{platform: "instagram", loc: "en", first: "wedding photographers in Greece, minimum 3k followers and never exceeding 40k", want: []string{"followers between {max:40000,min:3000}"}, not: []string{"not_contains"}},
		// 3
		{platform: "youtube", loc: "en", first: "history channels in Italy with more than 75.000 subscribers", want: []string{"followers gte 75000"}},
		{platform: "instagram", loc: "en", first: "fashion creators in Belgium from 15.000 to 60.000 followers", want: []string{"followers between {max:60000,min:15000}"}},
		{platform: "tiktok", loc: "en", first: "cooking creators in France, under 300 000 followers", want: []string{"followers lte 300000"}},
		{platform: "youtube", loc: "en", first: "science channels with over 2.5 million subscribers", want: []string{"followers gte 2500000"}},
		// 4
		{platform: "instagram", loc: "en", first: "plant creators in the Netherlands 15kfollowers or more", want: []string{"followers gte 15000"}, not: []string{"all contains"}},
		{platform: "youtube", loc: "en", first: "chess youtubers with 50ksubs+", want: []string{"followers gte 50000"}, not: []string{"all contains"}},
		{platform: "tiktok", loc: "en", first: "skateboarding creators in the US atleast 25k followers", want: []string{"followers gte 25000"}, not: []string{"atleast"}},
		{platform: "instagram", loc: "zh", first: "意大利的旅行博主 1w粉+", want: []string{"followers gte 10000", "country eq IT"}},
		// 5
		{platform: "instagram", loc: "zh", first: "找菲律宾的素人穿搭博主，粉丝几千到一万五", want: []string{"followers between {max:15000,min:1000}"}},
		{platform: "youtube", loc: "zh", first: "预算大概五万块，想找腰部的汽车博主，订阅十万到六十万", want: []string{"followers between {max:600000,min:100000}"}},
		{platform: "tiktok", loc: "en", first: "nano creators in Kenya with a few thousand to 12k followers", want: []string{"followers between {max:12000,min:1000}"}},
		{platform: "instagram", loc: "en", first: "macro beauty influencers in Brazil, 400k to 2M followers", want: []string{"followers between {max:2000000,min:400000}"}},
		// 6
		{platform: "x", loc: "zh", first: "找德国的足球推主，一定要活跃，一周内发过推的", want: []string{"last_active within_days 7"}},
		{platform: "youtube", loc: "en", first: "Gardening channels in Canada. Recent uploads are a must (within 6 weeks).", want: []string{"last_active within_days 42"}, not: []string{"all contains"}},
		{platform: "tiktok", loc: "en", first: "skincare creators in Thailand who post regularly, 20k+ followers", want: []string{"followers gte 20000"}, not: []string{"all contains"}},
		{platform: "instagram", loc: "zh", first: "韩国的健身博主，活跃的，最近20天内有更新", want: []string{"last_active within_days 20"}},
		// (added after the first run of the rows above, run once)
		{platform: "youtube", loc: "zh", first: "产品零售价129美元，整体推广预算2万美金，找澳大利亚的户外频道，订阅3万到20万", want: []string{"country eq AU", "followers between {max:200000,min:30000}"}},
		{platform: "instagram", loc: "en", first: "pastry creators in Austria, followers should not go over 45.000", want: []string{"followers lte 45000"}, not: []string{"not_contains"}},
		{platform: "tiktok", loc: "zh", first: "马来西亚的母婴博主，粉丝别超出八万，最近一个月有发视频", want: []string{"followers lte 80000", "last_active within_days 30"}},
		{platform: "youtube", loc: "en", first: "F1 channels in the UK 200ksubs minimum", want: []string{"followers gte 200000"}, not: []string{"all contains"}},
		{platform: "instagram", loc: "zh", first: "找日本的素人手工博主，粉丝大几千到两万五", want: []string{"followers between {max:25000,min:5000}"}},
		{platform: "x", loc: "en", first: "crypto accounts in Singapore, still posting, tweeted in the last 5 days", want: []string{"last_active within_days 5"}},
	})
}
