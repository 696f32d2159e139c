package condparse

import "testing"

// The reading classes of audit 25 mended on branch a25x, said in words of
// my own (check24x's specs). The held-out table is agent/audit25x_heldout_test.go.

// TestAudit25xNegatedBounds: a bound word turned around by a negation —
// "not exceed", "shouldn't surpass", "must not be over", "never going
// beyond", 不超出, 不能超出, 不可以超过 — is an upper bound (a negated
// upper bound a lower one), as "no more than" and 不超过 are; it is never
// an excluded keyword, and the field word before it belongs to it. A
// one-rune bound after 不 is no verb ("不过" is "but").
func TestAudit25xNegatedBounds(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"cooking channels in Peru, subscribers should not exceed 400k", []string{"followers nolo hi 400000..400000", "noterm exceed"}},
		{"tech youtubers in Norway with at least 20k subs that don't exceed 250k", []string{"followers lo 20000..20000 hi 250000..250000", "noterm exceed"}},
		{"beauty creators in Egypt, followers not exceeding 90k", []string{"followers nolo hi 90000..90000", "noterm exceed"}},
		{"travel accounts in Chile, no fewer than 10k followers and never surpassing 120k", []string{"followers lo 10000..10000 hi 120000..120000", "noterm surpass"}},
		{"pet creators in Austria whose follower count must not be over 60k", []string{"followers nolo hi 60000..60000"}},
		{"gaming streamers in Finland, 15k+ followers, not going beyond 300k", []string{"followers lo 15000..15000 hi 300000..300000", "noterm beyond"}},
		{"fashion creators, followers shouldn't go over 75k", []string{"followers nolo hi 75000..75000"}},
		{"food creators with followers that cannot be above 40k", []string{"followers nolo hi 40000..40000"}},
		{"finance channels, subs should never be under 30k", []string{"followers lo 30000..30000 nohi"}},
		{"找墨西哥的美食博主，粉丝不超出15万", []string{"followers nolo hi 150000..150000", "noterm 超出"}},
		{"订阅不能超出八十万的汽车频道", []string{"followers nolo hi 800000..800000", "noterm 能"}},
		{"粉丝不可以超过3万的母婴博主", []string{"followers nolo hi 30000..30000"}},
		{"韩国美妆博主，粉丝5000以上，别超出10万", []string{"followers lo 5000..5000 hi 100000..100000"}},
		// a lower bound said as a negated upper one, "lower than" and
		// "higher than" themselves
		{"skincare creators, engagement no lower than 2%", []string{"has hard engagement gte 200 applied"}},
		{"tech creators with an engagement rate not lower than 4%", []string{"has hard engagement gte 400 applied"}},
		{"gardening channels with subscribers lower than 70k", []string{"followers nolo hi 70000..70000"}},
		{"chess streamers with followers higher than 8k", []string{"followers lo 8000..8000 nohi"}},
		// a lower bound said with the verbs alone
		{"fitness creators exceeding 40k followers", []string{"followers lo 40000..40000 nohi"}},
		{"youtubers in Kenya beyond 100k subscribers", []string{"followers lo 100000..100000 nohi"}},
		// 不过 is "but": no bound turned around
		{"粉丝5万以上，不过3万也行", []string{"noterm 不过"}},
	} {
		check24x(t, readAt(t, tc.in, nil, nil), tc.checks)
	}
}

// TestAudit25xEuropeanSeparators: a dot or a space between groups of
// three digits is a thousands separator (50.000, 1.200.000, 30 000);
// a decimal stays one when a unit or a percent sign follows (1.5k,
// 2.5万, 4.5%, 2.500k).
func TestAudit25xEuropeanSeparators(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"Kochkanäle in Deutschland, mindestens 50.000 subscribers", []string{"followers lo 50000..50000 nohi"}},
		{"beauty creators in Spain with no more than 150.000 followers", []string{"followers nolo hi 150000..150000"}},
		{"channels between 10.000 and 250.000 subscribers", []string{"followers lo 10000..10000 hi 250000..250000"}},
		{"YouTube channels in Brazil up to 1.200.000 subscribers", []string{"followers nolo hi 1200000..1200000"}},
		{"travel creators in France, 30 000 to 80 000 followers", []string{"followers lo 30000..30000 hi 80000..80000"}},
		{"gaming channels in Poland over 25 000 subs", []string{"followers lo 25000..25000 nohi"}},
		{"creators with 200.000+ followers", []string{"followers lo 200000..200000 nohi"}},
		// decimals stay decimals
		{"creators with 1.5k+ followers", []string{"followers lo 1500..1500 nohi"}},
		{"粉丝2.5万以上的美妆博主", []string{"followers lo 25000..25000 nohi"}},
		{"creators over 2.500k followers", []string{"followers lo 2500..2500 nohi"}},
		{"fitness creators with over 1.2 million followers", []string{"followers lo 1200000..1200000 nohi"}},
	} {
		check24x(t, readAt(t, tc.in, nil, nil), tc.checks)
	}
	check24x(t, readAt(t, "dance creators, engagement above 4.5%", nil, nil), []string{"has hard engagement gte 450 applied"})
}

// TestAudit25xGluedCounts: a count glued to its field word or bound word
// (50kfollowers, 10ksubs, 5000fans, 100kplus, 3w粉+) and a comparator typed
// without its space (atleast, upto, nomorethan) read as the count they
// say, never a ranking term; a model name keeps its digits.
func TestAudit25xGluedCounts(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"skincare tiktokers in Peru 30kfollowers+", []string{"followers lo 30000..30000 nohi", "noterm followers"}},
		{"gaming youtubers, 10ksubs or more, English", []string{"followers lo 10000..10000 nohi", "noterm subs"}},
		{"cat accounts with 5000fans minimum", []string{"followers lo 5000..5000 nohi", "noterm fans"}},
		{"dance creators in Japan 100kplus", []string{"followers lo 100000..100000 nohi", "noterm plus"}},
		{"micro creators, 50kmax", []string{"followers nolo hi 50000..50000"}},
		{"food creators 20k+followers in Italy", []string{"followers lo 20000..20000 nohi"}},
		{"beauty creators in Chile atleast 40k followers", []string{"followers lo 40000..40000 nohi", "noterm atleast"}},
		{"travel vloggers upto 90k subscribers", []string{"followers nolo hi 90000..90000", "noterm upto"}},
		{"pet creators, followers atmost 25k", []string{"followers nolo hi 25000..25000", "noterm atmost"}},
		{"fitness coaches nomorethan 60k followers", []string{"followers nolo hi 60000..60000"}},
		{"韩国的美妆博主 2w粉+", []string{"followers lo 20000..20000 nohi"}},
		// a model name is no count
		{"4k60fps action cameras", []string{"nofollowers"}},
		{"iphone 15pro reviews", []string{"nofollowers"}},
	} {
		check24x(t, readAt(t, tc.in, nil, nil), tc.checks)
	}
}

// TestAudit25xRangeBesideTier: a range said beside a tier word applies,
// the tier a reference at most; approximate ends read as ScanApprox
// reads them (几千 from 1000, 大几千 from 5000; "a few thousand" as 几千,
// "tens of thousands" as 几万). A sum of money said beside it (预算两万块,
// 500块 a creator) is no count that could clash with it.
func TestAudit25xRangeBesideTier(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"找印尼的素人美食博主，粉丝几千到三万都行", []string{"followers lo 1000..1000 hi 30000..30000"}},
		{"预算大概一万五千块，找泰国的素人宝妈博主，粉丝大几千到两万", []string{"followers lo 5000..5000 hi 20000..20000", "noterm 块"}},
		{"我们预算有限（3万块左右），想找腰部的健身博主，粉丝五万到三十万", []string{"followers lo 50000..50000 hi 300000..300000", "noterm 块"}},
		{"每位达人给800块，找小博主，粉丝两千到八千", []string{"followers lo 2000..2000 hi 8000..8000", "noterm 800"}},
		{"头部博主，订阅大几十万到三百万", []string{"followers lo 500000..500000 hi 3000000..3000000"}},
		{"micro influencers in Peru with a few thousand to 30k followers", []string{"followers lo 1000..1000 hi 30000..30000", "noterm thousand"}},
		{"nano creators in Wales, 1k-6k followers", []string{"followers lo 1000..1000 hi 6000..6000"}},
		{"macro creators in Japan, 300k to 900k followers", []string{"followers lo 300000..300000 hi 900000..900000"}},
		{"mid-tier tech youtubers with tens of thousands of subs", []string{"followers lo 10000..10000 hi 100000..100000", "noterm subs"}},
		{"small pet creators, a few thousand followers", []string{"followers lo 1000..1000 hi 10000..10000", "noterm thousand"}},
		// 一块 is "together", no money
		{"情侣一块出镜的博主 粉丝1万以上", []string{"followers lo 10000..10000 nohi"}},
	} {
		check24x(t, readAt(t, tc.in, nil, nil), tc.checks)
	}
}

// TestAudit25xActivityWindows: a window said outright replaces the
// default window of a bare activity word (no clash left pending); the
// words that require the activity ("is necessary", "a must", 是必须的)
// lead to the window after them and are no terms; posting regularly
// bounds activity by the default window beside the preference that
// ranks (a quarter: regularly names no period), softened by a hedge like
// any condition.
func TestAudit25xActivityWindows(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"找新加坡的美妆博主，一定要活跃，十天内发过视频的", []string{"active 10..10"}},
		{"日本的游戏推主，活跃就行，一个月内发过推", []string{"active 30..30"}},
		{"still active tech creators who posted in the last 3 weeks", []string{"active 21..21"}},
		{"travel creators, must be active, uploads within the past 45 days", []string{"active 45..45"}},
		{"Recent uploads are required (within 2 weeks).", []string{"active 14..14", "noterm required", "noterm recent"}},
		{"Posting is a must, within the last 20 days", []string{"active 20..20", "noterm must"}},
		{"Recent posting is mandatory.", []string{"active 30..30", "noterm mandatory"}},
		{"近期有更新是必须的（两周内）", []string{"active 14..14", "noterm 必须"}},
		{"fitness creators in Peru, 10k+, posts regularly", []string{"active 90..90", "followers lo 10000..10000 nohi"}},
		{"food creators with regular uploads", []string{"active 90..90"}},
		{"经常更新的宠物博主", []string{"active 90..90"}},
		{"经常发视频的美食博主", []string{"active 90..90", "noterm 经常"}},
		{"posting regularly, active in the last 10 days", []string{"active 10..10"}},
		// a hedge softens the window as it does the preference
		{"ideally posting regularly", []string{"has soft last_active within_days 90 reference"}},
	} {
		check24x(t, readAt(t, tc.in, nil, nil), tc.checks)
	}
}
