package urlresolve

import (
	"strings"

	"searchagent/tools/catalog"
)

const tikTokBase = "https://www.tiktok.com"

// tikTokPages are first path segments of channel-less TikTok pages.
var tikTokPages = map[string]bool{
	"foryou": true, "following": true, "explore": true, "live": true, "friends": true, "upload": true,
	"messages": true, "setting": true, "settings": true, "place": true, "effect": true, "channel": true,
	"business": true, "legal": true, "about": true, "login": true, "signup": true, "creators": true,
	"coin": true, "feedback": true, "download": true, "inbox": true, "tiktokstudio": true, "shop": true,
	"topics": true, "trending": true, "feed": true, "notifications": true, "privacy": true, "safety": true,
	"community-guidelines": true, "forgot-password": true, "transparency": true, "passport": true,
	"creator-center": true, "live-studio": true, "playlist": true, "collection": true, "sticker": true,
	"question": true, "event": true, "node": true, "aweme": true,
}

// parseTikTok handles tiktok.com and its vm./vt. short links. Short links
// are content whose id is the short code: they resolve only when the
// catalog lists that code among a channel's content ids (following the
// redirect would need the network).
func parseTikTok(l *link) (Parsed, error) {
	switch l.kind {
	case hostTikTokVM, hostTikTokVT:
		host := "https://vm.tiktok.com/"
		if l.kind == hostTikTokVT {
			host = "https://vt.tiktok.com/"
		}
		return tikTokShort(l, l.seg(0), 1, host)
	case hostOther:
		return l.unsupported(ReasonUnsupportedPage)
	}
	if len(l.segs) == 0 {
		return l.fail(ReasonIncomplete, "the TikTok home page names no account")
	}
	first := l.segs[0]
	if first[0] == '@' {
		h := first[1:]
		if !isTikTokHandle(h) {
			if oneOf(l.seg(1), "video", "photo") && len(l.segs) == 3 {
				// /@/video/<id> and /@<secUid>/video/<id>: the video, without a handle.
				return tikTokVideoOnly(l, l.seg(2), 3)
			}
			return l.fail(ReasonBadHandle, "a TikTok user name has 2-24 of A-Z a-z 0-9 . _")
		}
		h = strings.ToLower(h)
		switch {
		case oneOf(l.seg(1), "collection"):
			return l.unsupported(ReasonUnsupportedCollection)
		case oneOf(l.seg(1), "playlist"):
			return l.unsupported(ReasonUnsupportedPlaylist)
		case oneOf(l.seg(1), "video", "photo"):
			id := l.seg(2)
			if id == "" {
				return l.fail(ReasonIncomplete, "no video id")
			}
			if !isNumericID(id) {
				return l.fail(ReasonBadID, "a TikTok video id is digits")
			}
			if len(l.segs) > 3 {
				return l.fail(ReasonMalformed, "unexpected path after the video id")
			}
			typ := strings.ToLower(l.segs[1])
			return l.content(typ, id, h, tikTokBase+"/@"+h+"/"+typ+"/"+id)
		}
		// The account, its /live page or any other sub-page of it.
		return l.channel(catalog.RefHandle, h, tikTokBase+"/@"+h)
	}
	lower := strings.ToLower(first)
	switch lower {
	case "t":
		return tikTokShort(l, l.seg(1), 2, tikTokBase+"/t/")
	case "v": // m.tiktok.com/v/<id>.html
		id := strings.TrimSuffix(l.seg(1), ".html")
		return tikTokVideoOnly(l, id, 2)
	case "embed": // /embed/v2/<id>, /embed/<id>, /embed/@<user> (a creator embed)
		if s := l.seg(1); strings.HasPrefix(s, "@") && isTikTokHandle(s[1:]) && len(l.segs) == 2 {
			h := strings.ToLower(s[1:])
			return l.channel(catalog.RefHandle, h, tikTokBase+"/@"+h)
		}
		if strings.EqualFold(l.seg(1), "v2") {
			return tikTokVideoOnly(l, l.seg(2), 3)
		}
		return tikTokVideoOnly(l, l.seg(1), 2)
	case "share": // /share/video/<id> (tiktokv.com and old app links); /share/user, /share/live…
		if strings.EqualFold(l.seg(1), "video") {
			return tikTokVideoOnly(l, l.seg(2), 3)
		}
		return l.unsupported(ReasonUnsupportedPage)
	case "tag":
		return l.unsupported(ReasonUnsupportedHashtag)
	case "discover":
		return l.unsupported(ReasonUnsupportedDiscover)
	case "music":
		return l.unsupported(ReasonUnsupportedMusic)
	case "search":
		return l.unsupported(ReasonUnsupportedSearch)
	}
	if tikTokPages[lower] {
		return l.unsupported(ReasonUnsupportedPage)
	}
	return l.fail(ReasonMalformed, "a TikTok account link is tiktok.com/@name")
}

// tikTokShort is a short link whose code is at path position n-1.
func tikTokShort(l *link, code string, n int, prefix string) (Parsed, error) {
	if code == "" {
		return l.fail(ReasonIncomplete, "short link without a code")
	}
	if !isShortCode(code) {
		return l.fail(ReasonBadID, "a short-link code is 5-16 letters and digits")
	}
	if len(l.segs) > n {
		return l.fail(ReasonMalformed, "unexpected path after the short-link code")
	}
	return l.content(ContentShortLink, code, "", prefix+code)
}

// tikTokVideoOnly is a video link without the account (embed, old mobile).
func tikTokVideoOnly(l *link, id string, n int) (Parsed, error) {
	if id == "" {
		return l.fail(ReasonIncomplete, "no video id")
	}
	if !isNumericID(id) {
		return l.fail(ReasonBadID, "a TikTok video id is digits")
	}
	if len(l.segs) > n {
		return l.fail(ReasonMalformed, "unexpected path after the video id")
	}
	return l.content(ContentVideo, id, "", tikTokBase+"/embed/v2/"+id)
}
