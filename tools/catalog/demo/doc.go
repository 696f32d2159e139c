// Package demo generates the demo channel catalog: a deterministic,
// realistic-looking set of channels on YouTube, Instagram, TikTok and X
// (20,000 by default: 8,000 / 5,000 / 5,000 / 2,000), committed as code
// rather than as a data file.
//
// The same options always give the same channels, byte for byte: the
// generator uses math/rand/v2 PCG streams seeded from WithSeed (default
// DefaultSeed) and never iterates a map. Activity dates are relative to
// the reference time, WithNow (default DefaultNow, 2026-03-23 UTC; the
// server passes time.Now(), tests a fixed date).
//
// # What the channels look like
//
// Names are composed per taxonomy category from word lists in the
// channel's language ("Torque Garage", "Pixel Peep Reviews", "Mike's
// Kitchen", "老司机说车", "小鹿的日记"); handles are derived from the names
// (pinyin for Chinese), unique per platform and valid by each platform's
// rules. Countries and languages follow per-platform mixes (X strong in
// Japan, TikTok in Indonesia and Brazil, Chinese for CN/TW/HK and part of
// SG/MY/US, Spanish, Portuguese, French, German, Japanese, Korean,
// Indonesian and Arabic where the country speaks it). Descriptions are
// one or two sentences in the channel's language; 4-8 tags come from the
// category's pool in that language, some with a tag in the other one;
// 3-6 recent content titles; 2-4 content ids shaped as the platform's
// (YouTube 11-character video ids, Instagram shortcodes, TikTok and X
// 19-digit ids that encode the post time). Follower counts follow a
// Pareto law (minimum 1,000: most channels have 1k-50k, about 1% over a
// million, a few tens of millions), average views are a log-normal share
// of followers, about 72% of channels posted within 60 days and 10% have
// been silent for over six months. YouTube channels have "UC…" ids and
// about 15% a legacy /c/ alias. Source is "demo".
//
// # The showcase
//
// Fixed showcase channels, the same for every seed and reference time,
// make every path of the product visible; Showcase lists the inputs with
// what they demonstrate:
//
//   - keyword hits in exactly one match scope: "swim vest" and "救生衣"
//     only in tags, "Torque" and "老司机" only in names, "every Sunday" and
//     "每周日更新" only in descriptions, "Hollyland" only in content titles;
//   - anchors with plenty of similar channels (@gadgetgrid, a mainstream
//     US tech channel; glowwithmaya on Instagram) and anchors with only a
//     few (@oldironrevival, tractor restoration, 5 channels; @floatcheck,
//     life-jacket reviews, 5 on YouTube), whose vocabulary appears nowhere
//     else, so similar-channel recall lands on low_recall;
//   - the same anchor via /c/GadgetGridReviews, /channel/UC… and a
//     watch?v= link; content links on Instagram, TikTok and X;
//   - filters that empty a result set: Instagram has Japanese channels and
//     automotive channels but no Japanese automotive one, and no channel
//     has fewer than 1,000 followers;
//   - the specification's examples: "帮我找美国做汽配评测、最近活跃、粉丝
//     5k-20k 的 YouTube 红人" finds 14+ US automotive reviewers with
//     5k-20k followers active within 12 days, and "Hollyland 麦克风，美国，
//     IG，粉丝 1w+，均播 3000+" finds 8 US Instagram creators.
//
// The tests check each property by counting over the generated channels.
package demo
