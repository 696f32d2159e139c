package urlresolve

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"searchagent/tools/platform"
)

// Reason is a stable, machine-readable code saying why a link parsed or
// resolved the way it did. The values are part of the API: clients, traces
// and eval suites branch on them.
type Reason string

// Reasons Parse fails with (the link is not usable: resolved_invalid).
const (
	ReasonEmpty       Reason = "empty"        // nothing but whitespace and punctuation
	ReasonTooLong     Reason = "too_long"     // longer than MaxInputLen bytes
	ReasonBadScheme   Reason = "bad_scheme"   // javascript:, data:, file:, ftp:, any non-http(s) scheme
	ReasonMalformed   Reason = "malformed"    // not a URL: bad encoding, spaces, control chars, user info, odd port
	ReasonUnknownHost Reason = "unknown_host" // a URL, but not of YouTube, Instagram, TikTok or X
	ReasonIncomplete  Reason = "incomplete"   // a platform's home page or a link cut short (no handle, no id)
	ReasonBadHandle   Reason = "bad_handle"   // a handle or user name that breaks the platform's syntax
	ReasonBadID       Reason = "bad_id"       // a channel, video or post id that breaks the platform's syntax
)

// Reasons for recognised links of a type this version cannot search from
// (resolved_unsupported). Parse returns them in Parsed.Reason.
const (
	ReasonUnsupportedPlaylist   Reason = "unsupported_playlist"   // YouTube playlists, watch?list= without a video, TikTok /@user/playlist/…
	ReasonUnsupportedSearch     Reason = "unsupported_search"     // search result pages
	ReasonUnsupportedHashtag    Reason = "unsupported_hashtag"    // hashtag and tag pages
	ReasonUnsupportedFeed       Reason = "unsupported_feed"       // YouTube /feed/… (trending, subscriptions…)
	ReasonUnsupportedPost       Reason = "unsupported_post"       // YouTube community posts
	ReasonUnsupportedClip       Reason = "unsupported_clip"       // YouTube clips
	ReasonUnsupportedExplore    Reason = "unsupported_explore"    // Instagram /explore/
	ReasonUnsupportedLocation   Reason = "unsupported_location"   // Instagram /explore/locations/…
	ReasonUnsupportedStory      Reason = "unsupported_story"      // Instagram story highlights and shared story links
	ReasonUnsupportedMusic      Reason = "unsupported_music"      // TikTok /music/…, Instagram audio pages
	ReasonUnsupportedDiscover   Reason = "unsupported_discover"   // TikTok /discover/…
	ReasonUnsupportedCollection Reason = "unsupported_collection" // TikTok /@user/collection/…
	ReasonUnsupportedList       Reason = "unsupported_list"       // X lists (/i/lists/…, /<user>/lists/<name>)
	ReasonUnsupportedShortLink  Reason = "unsupported_short_link" // t.co: resolving it needs the network
	ReasonUnsupportedPage       Reason = "unsupported_page"       // any other channel-less page of a platform
)

// Reasons Resolve adds.
const (
	ReasonChannelFound       Reason = "channel_found"        // a channel link matched a catalog channel
	ReasonContentFound       Reason = "content_found"        // a video/post link matched a catalog channel's content
	ReasonContentHandleFound Reason = "content_handle_found" // content unknown, but the handle in the link matched
	ReasonPlatformMismatch   Reason = "platform_mismatch"    // a usable link of another platform
	ReasonChannelNotFound    Reason = "channel_not_found"    // a well-formed channel link that names no catalog channel
	ReasonContentNotFound    Reason = "content_not_found"    // a well-formed content link whose channel is unknown
)

// Unsupported reports whether r is one of the unsupported_* reasons.
func (r Reason) Unsupported() bool { return strings.HasPrefix(string(r), "unsupported_") }

// ErrInvalid is wrapped by every error Parse returns.
var ErrInvalid = errors.New("not a recognised channel or content link")

// Error is the error Parse returns. It wraps ErrInvalid.
type Error struct {
	// Reason is one of the parse failure reasons (empty, bad_scheme, …).
	Reason Reason
	// Platform is set when the host was recognised but the path was not
	// usable (e.g. a bad handle on instagram.com).
	Platform platform.Platform
	// Detail says, in English, what exactly was wrong; for logs and traces.
	Detail string
	// Input is the trimmed input, cut to a short prefix.
	Input string
}

// Error says the reason, the detail and the start of the input.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("urlresolve: ")
	b.WriteString(string(e.Reason))
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	if e.Input != "" {
		b.WriteString(": ")
		b.WriteString(strconv.Quote(e.Input))
	}
	return b.String()
}

// Unwrap returns ErrInvalid.
func (e *Error) Unwrap() error { return ErrInvalid }

// ReasonOf returns the reason code carried by an error from Parse, or ""
// when err carries none.
func ReasonOf(err error) Reason {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return ""
}

const maxErrorInput = 80

func newError(reason Reason, p platform.Platform, input, detail string) *Error {
	return &Error{Reason: reason, Platform: p, Detail: detail, Input: clip(input, maxErrorInput)}
}

// clip cuts s to at most n bytes without splitting a rune.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
