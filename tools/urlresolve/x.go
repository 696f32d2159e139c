package urlresolve

import (
	"strings"

	"searchagent/tools/catalog"
)

const xBase = "https://x.com"

// xPages are reserved first path segments: X pages, never handles.
var xPages = map[string]bool{
	"home": true, "explore": true, "settings": true, "notifications": true, "messages": true,
	"compose": true, "login": true, "logout": true, "signup": true, "tos": true, "privacy": true,
	"about": true, "jobs": true, "intent": true, "share": true, "account": true, "bookmarks": true,
	"communities": true, "premium": true, "topics": true, "download": true, "who_to_follow": true,
	"search-advanced": true, "rules": true, "verified-choose": true, "jobs_search": true, "oauth": true,
	"sessions": true, "signin": true, "help": true, "en": true, "tweet": true, "flow": true,
}

// parseX handles x.com, twitter.com (www., mobile., m.) and t.co links.
func parseX(l *link) (Parsed, error) {
	switch l.kind {
	case hostTCo:
		code := l.seg(0)
		if code == "" {
			return l.fail(ReasonIncomplete, "t.co link without a code")
		}
		if len(code) > 32 || !allBytes(code, func(c byte) bool { return isASCIILetter(c) || isASCIIDigit(c) }) || len(l.segs) > 1 {
			return l.fail(ReasonBadID, "a t.co code is letters and digits")
		}
		return l.unsupported(ReasonUnsupportedShortLink)
	case hostOther:
		return l.unsupported(ReasonUnsupportedPage)
	}
	if len(l.segs) == 0 {
		return l.fail(ReasonIncomplete, "the X home page names no account")
	}
	first := l.segs[0]
	lower := strings.ToLower(first)
	switch lower {
	case "i":
		switch strings.ToLower(l.seg(1)) {
		case "lists":
			return l.unsupported(ReasonUnsupportedList)
		case "web": // /i/web/status/<id>
			if strings.EqualFold(l.seg(2), "status") {
				return xStatus(l, l.seg(3), 4, "")
			}
		case "status": // /i/status/<id>
			return xStatus(l, l.seg(2), 3, "")
		}
		return l.unsupported(ReasonUnsupportedPage)
	case "hashtag":
		return l.unsupported(ReasonUnsupportedHashtag)
	case "search":
		return l.unsupported(ReasonUnsupportedSearch)
	}
	if lower == "intent" && oneOf(l.seg(1), "user", "follow") && len(l.segs) == 2 {
		// /intent/user?screen_name=jack, /intent/follow?screen_name=jack
		if h := strings.TrimPrefix(l.param("screen_name"), "@"); isXHandle(h) {
			h = strings.ToLower(h)
			return l.channel(catalog.RefHandle, h, xBase+"/"+h)
		}
	}
	if xPages[lower] {
		return l.unsupported(ReasonUnsupportedPage)
	}
	h := strings.TrimPrefix(first, "@")
	if !isXHandle(h) {
		return l.fail(ReasonBadHandle, "an X handle has 1-15 of A-Z a-z 0-9 _")
	}
	h = strings.ToLower(h)
	switch {
	case oneOf(l.seg(1), "status", "statuses"):
		// /<handle>/status/<id> and its sub-pages (/photo/1, /video/1,
		// /analytics, /retweets, /quotes, /likes, /history).
		return xStatus(l, l.seg(2), 5, h)
	case oneOf(l.seg(1), "lists") && len(l.segs) > 2:
		return l.unsupported(ReasonUnsupportedList) // the legacy /<owner>/lists/<name>
	}
	// The profile, one of its tabs (/with_replies, /media, /likes,
	// /followers, /lists…) or any other sub-page of it.
	return l.channel(catalog.RefHandle, h, xBase+"/"+h)
}

// xStatus is a status link; at most n path segments are allowed.
func xStatus(l *link, id string, n int, handle string) (Parsed, error) {
	if id == "" {
		return l.fail(ReasonIncomplete, "no status id")
	}
	if !isNumericID(id) {
		return l.fail(ReasonBadID, "a status id is digits")
	}
	if len(l.segs) > n {
		return l.fail(ReasonMalformed, "unexpected path after the status")
	}
	if handle == "" {
		return l.content(ContentStatus, id, "", xBase+"/i/web/status/"+id)
	}
	return l.content(ContentStatus, id, handle, xBase+"/"+handle+"/status/"+id)
}
