package urlresolve

import (
	"net/url"
	"strings"

	"searchagent/tools/catalog"
)

const youTubeBase = "https://www.youtube.com"

// youTubeTabs are the sub-pages of a channel; a link to one still names
// the channel (/@handle/videos, /channel/UC…/about). After a handle, a
// channel id or a /c/ or /user/ name any further path names the channel
// too (YouTube adds tabs over time); the list bounds only the legacy
// youtube.com/<name>/<tab> form, where an unknown second segment is more
// likely a page than a tab.
var youTubeTabs = []string{
	"home", "videos", "shorts", "streams", "live", "featured", "about", "playlists", "community",
	"podcasts", "releases", "store", "search", "channels", "courses", "membership", "posts",
}

// youTubePages are first path segments of channel-less YouTube pages; they
// can never be a legacy vanity name.
var youTubePages = map[string]bool{
	"gaming": true, "premium": true, "account": true, "account_notifications": true, "t": true,
	"about": true, "howyoutubeworks": true, "kids": true, "creators": true, "ads": true, "jobs": true,
	"yt": true, "signin": true, "logout": true, "upload": true, "redirect": true, "attribution_link": true,
	"s": true, "api": true, "oembed": true, "podcasts": true, "movies": true, "originals": true,
	"store": true, "music": true, "new": true, "index": true, "supported_browsers": true, "playables": true,
	"reporthistory": true, "paid_memberships": true, "select_site": true, "youtubei": true,
	"live_chat": true, "source": true, "shopping": true, "learning": true, "fashion": true, "news": true,
	"sports": true, "library": true, "explore": true, "charts": true, "tv": true, "studio": true,
	"verify": true, "error": true, "dashboard": true, "analytics": true, "my_videos": true,
	"view_all_playlists": true, "profile": true, "timedtext": true, "get_video_info": true,
	"favicon.ico": true, "robots.txt": true, "sw.js": true, "manifest.webmanifest": true,
	"channel_switcher": true, "feeds": true, "comment": true, "courses": true, "course": true,
}

func parseYouTube(l *link) (Parsed, error) {
	switch l.kind {
	case hostYouTuBe:
		id := l.seg(0)
		if id == "" {
			return l.fail(ReasonIncomplete, "youtu.be link without a video id")
		}
		if len(l.segs) > 1 {
			return l.fail(ReasonMalformed, "unexpected path after the video id")
		}
		return youTubeVideo(l, id)
	case hostNoCookie:
		if len(l.segs) == 0 {
			return l.fail(ReasonIncomplete, "no video id")
		}
		if oneOf(l.seg(0), "embed", "v") {
			return youTubeEmbedLike(l, strings.ToLower(l.seg(0)))
		}
		return l.unsupported(ReasonUnsupportedPage)
	case hostOther:
		return l.unsupported(ReasonUnsupportedPage)
	}
	if len(l.segs) == 0 {
		return l.fail(ReasonIncomplete, "the YouTube home page names no channel")
	}
	first := l.segs[0]
	if first[0] == '@' {
		h := first[1:]
		if !isYouTubeHandle(h) {
			return l.fail(ReasonBadHandle, "a YouTube handle has 3-30 letters, digits, _ - or .")
		}
		h = strings.ToLower(h)
		return l.channel(catalog.RefHandle, h, youTubeBase+"/@"+url.PathEscape(h))
	}
	lower := strings.ToLower(first)
	switch lower {
	case "channel":
		id := l.seg(1)
		if id == "" {
			return l.fail(ReasonIncomplete, "no channel id")
		}
		if !isChannelID(id) {
			return l.fail(ReasonBadID, `a channel id is "UC" and 22 characters`)
		}
		return l.channel(catalog.RefID, id, youTubeBase+"/channel/"+id)
	case "c", "user":
		name := l.seg(1)
		if name == "" {
			return l.fail(ReasonIncomplete, "no channel name")
		}
		if !isYouTubeName(name, 1, 100) {
			return l.fail(ReasonBadHandle, "a channel name has letters, digits, _ - or .")
		}
		name = strings.ToLower(name)
		kind := catalog.RefCustom
		if lower == "user" {
			kind = catalog.RefUser
		}
		return l.channel(kind, name, youTubeBase+"/"+lower+"/"+url.PathEscape(name))
	case "browse": // YouTube Music channel pages: music.youtube.com/browse/UC…
		if id := l.seg(1); isChannelID(id) && len(l.segs) == 2 {
			return l.channel(catalog.RefID, id, youTubeBase+"/channel/"+id)
		}
		return l.unsupported(ReasonUnsupportedPage)
	case "watch", "watch_popup":
		if v := l.param("v"); v != "" {
			if len(l.segs) > 1 {
				return l.fail(ReasonMalformed, "unexpected path after /watch")
			}
			return youTubeVideo(l, v)
		}
		if l.param("list") != "" {
			return l.unsupported(ReasonUnsupportedPlaylist)
		}
		return l.fail(ReasonIncomplete, "watch link without v=")
	case "shorts", "live", "embed", "v", "e":
		return youTubeEmbedLike(l, lower)
	case "playlist":
		return l.unsupported(ReasonUnsupportedPlaylist)
	case "results", "search":
		return l.unsupported(ReasonUnsupportedSearch)
	case "hashtag":
		return l.unsupported(ReasonUnsupportedHashtag)
	case "feed", "trending", "subscriptions":
		return l.unsupported(ReasonUnsupportedFeed)
	case "post":
		return l.unsupported(ReasonUnsupportedPost)
	case "clip":
		return l.unsupported(ReasonUnsupportedClip)
	}
	if youTubePages[lower] {
		return l.unsupported(ReasonUnsupportedPage)
	}
	// youtube.com/<name>: a legacy vanity URL, which YouTube serves as /c/<name>.
	if !isYouTubeName(first, 1, 100) {
		return l.fail(ReasonBadHandle, "not a YouTube page or channel name")
	}
	if err := youTubeTab(l, 1); err != nil {
		return Parsed{}, err
	}
	return l.channel(catalog.RefCustom, lower, youTubeBase+"/c/"+url.PathEscape(lower))
}

// youTubeEmbedLike handles /shorts/ID, /live/ID, /embed/ID, /v/ID, /e/ID.
func youTubeEmbedLike(l *link, kind string) (Parsed, error) {
	id := l.seg(1)
	if kind == "embed" && strings.EqualFold(id, "live_stream") {
		// /embed/live_stream?channel=UC…: a channel's current live stream.
		if ch := l.param("channel"); isChannelID(ch) && len(l.segs) == 2 {
			return l.channel(catalog.RefID, ch, youTubeBase+"/channel/"+ch)
		}
		return l.fail(ReasonIncomplete, "live_stream embed without a channel id")
	}
	if kind == "embed" && (strings.EqualFold(id, "videoseries") || id == "" && l.param("list") != "") {
		return l.unsupported(ReasonUnsupportedPlaylist)
	}
	if id == "" {
		if kind == "shorts" || kind == "live" {
			return l.unsupported(ReasonUnsupportedPage) // the Shorts feed, the live hub
		}
		return l.fail(ReasonIncomplete, "no video id")
	}
	if len(l.segs) > 2 {
		return l.fail(ReasonMalformed, "unexpected path after the video id")
	}
	return youTubeVideo(l, id)
}

func youTubeVideo(l *link, id string) (Parsed, error) {
	if !isVideoID(id) {
		return l.fail(ReasonBadID, "a video id is 11 characters of A-Z a-z 0-9 _ -")
	}
	return l.content(ContentVideo, id, "", youTubeBase+"/watch?v="+id)
}

// youTubeTab accepts at most one channel tab at segment i.
func youTubeTab(l *link, i int) error {
	switch {
	case len(l.segs) <= i:
		return nil
	case len(l.segs) == i+1 && oneOf(l.segs[i], youTubeTabs...):
		return nil
	}
	_, err := l.fail(ReasonMalformed, "unexpected path after the channel")
	return err
}
