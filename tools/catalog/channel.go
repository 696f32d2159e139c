// Package catalog models creator channels and holds an indexed, read-only
// set of them: the channel catalog that URL resolution, keyword search and
// similar-channel recall run over.
//
// Sources of channels live in sub-packages: demo (the deterministic
// generated demo catalog) and load (external CSV/JSONL files and the real
// published layouts).
package catalog

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"searchagent/tools/platform"
)

// Channel is one creator channel on one platform.
type Channel struct {
	Platform platform.Platform `json:"platform"`
	// ID is the platform's own stable id where it has one (YouTube "UC…"
	// channel ids); empty otherwise.
	ID string `json:"id,omitempty"`
	// Handle is the @-name without the "@" (YouTube handle, Instagram,
	// TikTok and X user names). Matched case-insensitively.
	Handle string `json:"handle"`
	// Aliases are further names a channel URL may carry: YouTube legacy
	// "/c/<custom>" and "/user/<name>" names.
	Aliases     []string `json:"aliases,omitempty"`
	Name        string   `json:"name"`
	URL         string   `json:"url"`
	Description string   `json:"description,omitempty"`
	Tags        []string `json:"tags,omitempty"`
	// Category is a taxonomy category id (see package taxonomy).
	Category string `json:"category,omitempty"`
	// Country is an ISO 3166-1 alpha-2 code, empty when unknown.
	Country string `json:"country,omitempty"`
	// Language is an ISO 639-1 code, empty when unknown.
	Language  string `json:"language,omitempty"`
	Followers int64  `json:"followers"`
	AvgViews  int64  `json:"avg_views,omitempty"`
	// AvgEngagement is the average interactions (likes and comments) per
	// post where the source gives them (the published lists' "Eng.
	// (Avg.)"); 0 when unknown. The engagement rate is it, or else
	// AvgViews, over Followers (tools/fields).
	AvgEngagement int64 `json:"avg_engagement,omitempty"`
	// LastPostAt is when the channel last published; zero when unknown.
	LastPostAt   time.Time `json:"last_post_at,omitzero"`
	RecentTitles []string  `json:"recent_titles,omitempty"`
	// ContentIDs are ids of the channel's videos or posts, so that a
	// content link (watch?v=…, /p/…, /video/…, /status/…) resolves to it.
	ContentIDs []string `json:"content_ids,omitempty"`
	// Source says where the row came from: "demo" or "file:line".
	Source string `json:"source,omitempty"`
}

// Ref kinds: how a URL names a channel.
const (
	RefHandle = "@"       // /@handle, instagram.com/handle, x.com/handle
	RefID     = "channel" // youtube.com/channel/UC…
	RefCustom = "c"       // youtube.com/c/name
	RefUser   = "user"    // youtube.com/user/name
)

// Key is the canonical catalog key of a channel reference:
// "<platform>/<kind>/<value>", e.g. "youtube/@/mrbeast" or
// "youtube/channel/UCX6OQ3DkcsbYNE6H8uQQuVA". Values are lower-cased except
// YouTube channel ids, which are case-sensitive.
func Key(p platform.Platform, kind, value string) string {
	if kind != RefID {
		value = strings.ToLower(value)
	}
	return string(p) + "/" + kind + "/" + value
}

// ChannelURL is the canonical URL of a channel: its handle page, or for a
// YouTube channel without a handle its /channel/ id page.
func ChannelURL(p platform.Platform, id, handle string) string {
	switch p {
	case platform.YouTube:
		if handle != "" {
			return "https://www.youtube.com/@" + url.PathEscape(handle)
		}
		return "https://www.youtube.com/channel/" + id
	case platform.Instagram:
		return "https://www.instagram.com/" + handle + "/"
	case platform.TikTok:
		return "https://www.tiktok.com/@" + handle
	case platform.X:
		return "https://x.com/" + handle
	}
	return ""
}

// ContentKey is the catalog key of one piece of content (a video or post id).
func ContentKey(p platform.Platform, contentID string) string {
	return string(p) + "/content/" + contentID
}

// Key is the channel's primary canonical key: its id when it has one,
// otherwise its handle.
func (c *Channel) Key() string {
	if c.ID != "" {
		return Key(c.Platform, RefID, c.ID)
	}
	return Key(c.Platform, RefHandle, c.Handle)
}

// Keys lists every canonical key that names the channel.
func (c *Channel) Keys() []string {
	var keys []string
	if c.ID != "" {
		keys = append(keys, Key(c.Platform, RefID, c.ID))
	}
	if c.Handle != "" {
		keys = append(keys, Key(c.Platform, RefHandle, c.Handle))
	}
	for _, a := range c.Aliases {
		if a == "" {
			continue
		}
		keys = append(keys, Key(c.Platform, RefCustom, a), Key(c.Platform, RefUser, a))
	}
	return keys
}

// Validation errors of a channel row.
var (
	ErrNoPlatform  = errors.New("platform is missing or unknown")
	ErrNoHandle    = errors.New("handle and id are both empty")
	ErrNoName      = errors.New("name is empty")
	ErrBadCount    = errors.New("count is negative")
	ErrBadCountry  = errors.New("country is not an ISO 3166-1 alpha-2 code")
	ErrBadLanguage = errors.New("language is not an ISO 639-1 code")
)

// Validate reports the first thing wrong with c as a row of the catalog.
func (c *Channel) Validate() error {
	switch {
	case !c.Platform.Valid():
		return fmt.Errorf("%w: %q", ErrNoPlatform, c.Platform)
	case c.Handle == "" && c.ID == "":
		return ErrNoHandle
	case strings.TrimSpace(c.Name) == "":
		return ErrNoName
	case c.Followers < 0 || c.AvgViews < 0 || c.AvgEngagement < 0:
		return ErrBadCount
	case c.Country != "" && !isUpperAlpha(c.Country, 2):
		return fmt.Errorf("%w: %q", ErrBadCountry, c.Country)
	case c.Language != "" && !isLowerAlpha(c.Language, 2):
		return fmt.Errorf("%w: %q", ErrBadLanguage, c.Language)
	}
	return nil
}

func isUpperAlpha(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

func isLowerAlpha(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}
