package urlresolve

import (
	"strings"

	"searchagent/tools/catalog"
)

const instagramBase = "https://www.instagram.com"

// instagramContentTails are the sub-pages of a post that still name it
// (/p/<code>/embed/captioned, /reel/<code>/liked_by).
var instagramContentTails = []string{"embed", "captioned", "media", "liked_by", "comments", "c"}

// instagramPages are first path segments of channel-less Instagram pages;
// Instagram reserves them, so they are never user names.
var instagramPages = map[string]bool{
	"direct": true, "accounts": true, "about": true, "developer": true, "legal": true, "web": true,
	"emails": true, "challenge": true, "session": true, "oauth": true, "privacy": true, "terms": true,
	"api": true, "graphql": true, "static": true, "topics": true, "your_activity": true, "nametag": true,
	"lite": true, "download": true, "create": true, "ar": true, "press": true, "help": true, "data": true,
	"fragment": true, "qp": true, "invites": true, "directory": true, "settings": true, "notifications": true,
	"threads": true, "ads": true, "business": true, "creators": true, "blog": true, "login": true,
}

// parseInstagram handles instagram.com and instagr.am links.
//
// Story links (/stories/<user>/<id>) name the user who posted them, so they
// resolve to that profile: a story expires within a day, the profile does
// not. Story highlights (/stories/highlights/…) and shared story links
// (/s/…) carry no user name and are unsupported.
func parseInstagram(l *link) (Parsed, error) {
	if l.kind == hostOther {
		return l.unsupported(ReasonUnsupportedPage)
	}
	if len(l.segs) == 0 {
		return l.fail(ReasonIncomplete, "the Instagram home page names no profile")
	}
	first := l.segs[0]
	lower := strings.ToLower(first)
	switch lower {
	case "p", "reel", "reels", "tv":
		code := l.seg(1)
		if code == "" {
			if lower == "reels" || lower == "tv" {
				return l.unsupported(ReasonUnsupportedPage) // the Reels / IGTV feed
			}
			return l.fail(ReasonIncomplete, "no post code")
		}
		if lower == "reels" && strings.EqualFold(code, "audio") {
			return l.unsupported(ReasonUnsupportedMusic) // /reels/audio/<id>: the reels using one sound
		}
		if !instagramTail(l, 2) {
			return l.fail(ReasonMalformed, "unexpected path after the post code")
		}
		return instagramContent(l, lower, code, "")
	case "explore":
		switch strings.ToLower(l.seg(1)) {
		case "tags":
			return l.unsupported(ReasonUnsupportedHashtag)
		case "locations":
			return l.unsupported(ReasonUnsupportedLocation)
		case "search":
			return l.unsupported(ReasonUnsupportedSearch)
		}
		return l.unsupported(ReasonUnsupportedExplore)
	case "stories":
		user := l.seg(1)
		if user == "" || strings.EqualFold(user, "highlights") {
			return l.unsupported(ReasonUnsupportedStory)
		}
		if !isInstagramUser(user) {
			return l.fail(ReasonBadHandle, "an Instagram user name has 1-30 of A-Z a-z 0-9 . _")
		}
		if len(l.segs) > 3 {
			return l.fail(ReasonMalformed, "unexpected path after the story")
		}
		user = strings.ToLower(user)
		return l.channel(catalog.RefHandle, user, instagramBase+"/"+user)
	case "s":
		return l.unsupported(ReasonUnsupportedStory)
	case "audio", "music":
		return l.unsupported(ReasonUnsupportedMusic)
	case "_u", "_n": // app links: instagram.com/_u/<user>
		if user := l.seg(1); isInstagramUser(user) {
			user = strings.ToLower(user)
			return l.channel(catalog.RefHandle, user, instagramBase+"/"+user)
		}
		return l.fail(ReasonIncomplete, "app link without a user name")
	}
	if instagramPages[lower] {
		return l.unsupported(ReasonUnsupportedPage)
	}
	if !isInstagramUser(first) {
		return l.fail(ReasonBadHandle, "an Instagram user name has 1-30 of A-Z a-z 0-9 . _")
	}
	switch {
	case len(l.segs) >= 3 && oneOf(l.segs[1], "p", "reel", "tv"):
		if !instagramTail(l, 3) {
			return l.fail(ReasonMalformed, "unexpected path after the post code")
		}
		return instagramContent(l, strings.ToLower(l.segs[1]), l.segs[2], lower)
	case len(l.segs) == 2 && oneOf(l.segs[1], "p", "reel", "tv"):
		return l.fail(ReasonIncomplete, "no post code")
	}
	// The profile, one of its tabs (/reels, /tagged, /guides, /followers…)
	// or any other sub-page of it: all name the profile.
	return l.channel(catalog.RefHandle, lower, instagramBase+"/"+lower)
}

// instagramTail reports whether the path segments from i on are a post's
// sub-page (none, or instagramContentTails).
func instagramTail(l *link, i int) bool {
	for _, s := range l.segs[min(i, len(l.segs)):] {
		if !oneOf(s, instagramContentTails...) {
			return false
		}
	}
	return true
}

// instagramContent is a post (/p/), reel (/reel/, /reels/) or IGTV (/tv/)
// link, optionally under its author's profile (/<user>/p/<code>).
func instagramContent(l *link, kind, code, user string) (Parsed, error) {
	if !isInstagramCode(code) {
		return l.fail(ReasonBadID, "a post code is 5-64 of A-Z a-z 0-9 _ -")
	}
	typ, path := ContentPost, "p"
	switch kind {
	case "reel", "reels":
		typ, path = ContentReel, "reel"
	case "tv":
		typ, path = ContentTV, "tv"
	}
	canonical := instagramBase + "/" + path + "/" + code
	if user != "" {
		canonical = instagramBase + "/" + user + "/" + path + "/" + code
	}
	return l.content(typ, code, user, canonical)
}
