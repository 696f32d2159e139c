// Package platform names the creator platforms the search box serves and
// parses the many ways users and data files spell them.
package platform

import (
	"errors"
	"fmt"
	"strings"
)

// Platform is one creator platform. Its string form is the API value.
type Platform string

// The platforms of this version (spec 1: one search runs inside one platform).
const (
	YouTube   Platform = "youtube"
	Instagram Platform = "instagram"
	TikTok    Platform = "tiktok"
	X         Platform = "x"
)

// ErrUnknown is returned by Parse for a name that is no platform.
var ErrUnknown = errors.New("unknown platform")

// All lists the platforms in display order.
func All() []Platform { return []Platform{YouTube, Instagram, TikTok, X} }

var aliases = map[string]Platform{
	"youtube": YouTube, "yt": YouTube, "油管": YouTube, "youtube.com": YouTube, "youtu.be": YouTube,
	"instagram": Instagram, "ig": Instagram, "insta": Instagram, "ins": Instagram, "instagram.com": Instagram,
	"tiktok": TikTok, "tt": TikTok, "抖音国际版": TikTok, "tiktok.com": TikTok, "tik tok": TikTok,
	"抖音": TikTok, "douyin": TikTok,
	"x": X, "twitter": X, "推特": X, "x.com": X, "twitter.com": X,
}

// Unserved are the creator platforms users name that this version does
// not serve, each spelling (lower case) with its display name: a search
// naming one runs on the session's platform and says so, never a keyword.
var Unserved = map[string]string{
	"小红书": "小红书", "xiaohongshu": "Xiaohongshu", "rednote": "RedNote", "red note": "RedNote", "xhs": "Xiaohongshu",
	"b站": "B站", "哔哩哔哩": "哔哩哔哩", "bilibili": "Bilibili",
	"快手": "快手", "kuaishou": "Kuaishou",
	"twitch": "Twitch", "facebook": "Facebook", "脸书": "Facebook", "fb": "Facebook",
	"linkedin": "LinkedIn", "领英": "LinkedIn",
	"微博": "微博", "weibo": "Weibo", "新浪微博": "新浪微博",
	"snapchat": "Snapchat", "pinterest": "Pinterest", "视频号": "视频号", "知乎": "知乎",
}

// Parse returns the platform named by s: an API value or a common alias
// ("yt", "IG", "twitter", "油管"), case-insensitive.
func Parse(s string) (Platform, error) {
	if p, ok := aliases[strings.ToLower(strings.TrimSpace(s))]; ok {
		return p, nil
	}
	return "", fmt.Errorf("%w %q (want one of youtube, instagram, tiktok, x)", ErrUnknown, s)
}

// Valid reports whether p is one of All.
func (p Platform) Valid() bool {
	switch p {
	case YouTube, Instagram, TikTok, X:
		return true
	}
	return false
}

// Label is the user-facing name of p in the given locale ("zh" or "en");
// the brand names are the same in both.
func (p Platform) Label(locale string) string {
	switch p {
	case YouTube:
		return "YouTube"
	case Instagram:
		return "Instagram"
	case TikTok:
		return "TikTok"
	case X:
		return "X"
	}
	return string(p)
}
