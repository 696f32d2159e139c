// Package urlresolve recognises YouTube, Instagram, TikTok and X links and
// resolves them against the channel catalog into the URL micro-states of
// the business spec (seed 002, 3.5.3A): resolved_exact, resolved_mismatch,
// resolved_unsupported and resolved_invalid, each with a stable reason code
// and the spec's hint text (3.5.5) in Chinese and English.
//
// Parsing (Parse, FindURLs, LooksLikeURL) is pure: no I/O, no clock.
// Whether a well-formed link names a channel we know is a catalog lookup,
// done by Resolve through the small Lookup interface.
package urlresolve

import (
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// MaxInputLen is the longest input, in bytes after trimming, that Parse
// accepts; longer input fails with ReasonTooLong.
const MaxInputLen = 4096

// Kind says what a recognised link names.
type Kind string

// Kinds of recognised links.
const (
	// KindChannel names a channel: a handle, channel id, custom or user name.
	KindChannel Kind = "channel"
	// KindContent names a video or post; some content links (TikTok videos,
	// X statuses, Instagram /<user>/p/…) name their channel too.
	KindContent Kind = "content"
	// KindUnsupported is a recognised page this version cannot search from
	// (playlist, search results, hashtag, feed…); Parsed.Reason says which.
	KindUnsupported Kind = "unsupported"
)

// Content types of KindContent links.
const (
	ContentVideo     = "video"      // YouTube video (watch, youtu.be, shorts, live, embed), TikTok video
	ContentPhoto     = "photo"      // TikTok photo post
	ContentPost      = "post"       // Instagram /p/
	ContentReel      = "reel"       // Instagram /reel/
	ContentTV        = "tv"         // Instagram /tv/
	ContentStatus    = "status"     // X status
	ContentShortLink = "short_link" // TikTok vm./vt. and /t/ short links: the code stands for the content id
)

// Parsed is what a recognised link names. It is JSON-encodable.
type Parsed struct {
	// Platform is the platform the link belongs to.
	Platform platform.Platform `json:"platform"`
	// Kind is channel, content or unsupported.
	Kind Kind `json:"kind"`
	// RefKind and RefValue name the channel (catalog.RefHandle, RefID,
	// RefCustom or RefUser and the handle, id or name, lower-cased except
	// YouTube channel ids). Set for channel links and for content links that
	// carry their channel's handle.
	RefKind  string `json:"ref_kind,omitempty"`
	RefValue string `json:"ref_value,omitempty"`
	// Key is the canonical catalog key of the channel reference
	// (catalog.Key), when there is one.
	Key string `json:"key,omitempty"`
	// ContentType, ContentID and ContentKey (catalog.ContentKey) describe a
	// content link. For short links the id is the short code.
	ContentType string `json:"content_type,omitempty"`
	ContentID   string `json:"content_id,omitempty"`
	ContentKey  string `json:"content_key,omitempty"`
	// Reason is set for unsupported links (an unsupported_* code).
	Reason Reason `json:"reason,omitempty"`
	// URL is the canonical normalised URL: https, the platform's main host,
	// no tracking parameters, no trailing slash, lower-cased handles
	// (e.g. "https://www.youtube.com/@mrbeast"). Parse(URL) returns the same
	// Parsed.
	URL string `json:"url"`
}

// NamesChannel reports whether the link carries a channel reference.
func (p Parsed) NamesChannel() bool { return p.Key != "" }

// Parse recognises one link. raw may carry surrounding whitespace and
// punctuation (a URL pasted with a trailing "，" or ")"), may omit the
// scheme, and may use any of the platforms' mobile, music and short hosts;
// tracking parameters are ignored. Parse does no I/O.
//
// A recognised link returns a nil error, even when its type is unsupported
// (Kind == KindUnsupported). Anything else returns a zero Parsed and an
// *Error wrapping ErrInvalid whose Reason says why.
func Parse(raw string) (Parsed, error) {
	s := Trim(raw)
	if s == "" {
		return Parsed{}, newError(ReasonEmpty, "", "", "")
	}
	if len(s) > MaxInputLen {
		return Parsed{}, newError(ReasonTooLong, "", s, "input is longer than 4096 bytes")
	}
	if !utf8.ValidString(s) {
		return Parsed{}, newError(ReasonMalformed, "", s, "invalid UTF-8")
	}
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return Parsed{}, newError(ReasonMalformed, "", s, "space or control character inside the link")
		}
	}
	s = fixFullWidthScheme(s)
	rest, err := stripScheme(s)
	if err != nil {
		return Parsed{}, err
	}
	u, perr := url.Parse("https:" + rest)
	if perr != nil {
		return Parsed{}, newError(ReasonMalformed, "", s, "not a URL")
	}
	if u.User != nil {
		return Parsed{}, newError(ReasonMalformed, "", s, "user info before the host")
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if !strings.Contains(host, ".") {
		return Parsed{}, newError(ReasonMalformed, "", s, "no host name")
	}
	if port := u.Port(); port != "" && port != "443" && port != "80" {
		return Parsed{}, newError(ReasonMalformed, "", s, "unexpected port")
	}
	p, hk, ok := classifyHost(host)
	if !ok {
		return Parsed{}, newError(ReasonUnknownHost, "", s, "host "+clip(host, 40)+" is not YouTube, Instagram, TikTok or X")
	}
	path := u.Path
	if p == platform.X && strings.Trim(path, "/") == "" && strings.HasPrefix(u.Fragment, "!/") {
		path = u.Fragment[1:] // legacy twitter.com/#!/jack
	}
	l := &link{input: s, p: p, host: host, kind: hk, segs: splitPath(path), rawQuery: u.RawQuery}
	switch p {
	case platform.YouTube:
		return parseYouTube(l)
	case platform.Instagram:
		return parseInstagram(l)
	case platform.TikTok:
		return parseTikTok(l)
	default:
		return parseX(l)
	}
}

// Trim removes what surrounds a pasted link: whitespace (including
// ideographic space), invisible format characters (zero-width space, BOM,
// direction marks), brackets, quotes and sentence punctuation in ASCII and
// full width ("，", "。", "）", "】"…), and emoji.
func Trim(s string) string {
	return strings.TrimFunc(s, isTrimRune)
}

func isTrimRune(r rune) bool {
	if r < utf8.RuneSelf {
		switch r {
		case '(', ')', '[', ']', '{', '}', '<', '>', '"', '\'', '`', ',', '.', ';', ':', '!', '?', '*', '|', '\\', '^':
			return true
		}
		return r <= ' ' || r == 0x7f
	}
	return r == utf8.RuneError || unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) ||
		unicode.IsPunct(r) || unicode.IsSymbol(r)
}

// stripScheme returns s from its "//" on, or "//"+s when s has no scheme.
// A scheme other than http or https is ReasonBadScheme.
func stripScheme(s string) (string, error) {
	i := strings.IndexByte(s, ':')
	if i > 0 && isSchemeName(s[:i]) {
		after := s[i+1:]
		// "youtube.com:443/x" is a host with a port, not a scheme.
		if strings.HasPrefix(after, "//") || !strings.Contains(s[:i], ".") {
			switch strings.ToLower(s[:i]) {
			case "http", "https":
				if !strings.HasPrefix(after, "//") {
					return "", newError(ReasonMalformed, "", s, "scheme without //")
				}
				return after, nil
			}
			return "", newError(ReasonBadScheme, "", s, "only http and https links are accepted")
		}
	}
	if strings.HasPrefix(s, "//") {
		return s, nil
	}
	return "//" + s, nil
}

// fixFullWidthScheme turns "https：//" and "http：／／" (typed with a
// Chinese input method) into "https://".
func fixFullWidthScheme(s string) string {
	for _, scheme := range []string{"https", "http"} {
		if !hasPrefixFold(s, scheme) {
			continue
		}
		rest := s[len(scheme):]
		for _, sep := range []string{"：//", "：／／", ":／／"} {
			if strings.HasPrefix(rest, sep) {
				return s[:len(scheme)] + "://" + rest[len(sep):]
			}
		}
		return s
	}
	return s
}

func isSchemeName(s string) bool {
	if len(s) == 0 || len(s) > 32 || !isASCIILetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isASCIILetter(c) && !isASCIIDigit(c) && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// hostKind says which of a platform's hosts a link uses.
type hostKind int

const (
	hostMain      hostKind = iota // the site itself: bare, www., m., mobile., music.; youtubekids.com, tiktokv.com
	hostOther                     // another sub-domain (studio., help., ads.…): channel-less pages
	hostYouTuBe                   // youtu.be
	hostNoCookie                  // youtube-nocookie.com
	hostTikTokVM                  // vm.tiktok.com
	hostTikTokVT                  // vt.tiktok.com
	hostTCo                       // t.co
	hostInstagrAm                 // instagr.am
)

var platformDomains = []struct {
	domain string
	p      platform.Platform
}{
	{"youtube.com", platform.YouTube},
	{"instagram.com", platform.Instagram},
	{"tiktok.com", platform.TikTok},
	{"tiktokv.com", platform.TikTok}, // the app's share host (tiktokv.com/share/video/…)
	{"x.com", platform.X},
	{"twitter.com", platform.X},
}

func classifyHost(h string) (platform.Platform, hostKind, bool) {
	switch h {
	case "youtu.be", "www.youtu.be":
		return platform.YouTube, hostYouTuBe, true
	case "youtube-nocookie.com", "www.youtube-nocookie.com":
		return platform.YouTube, hostNoCookie, true
	case "youtubekids.com", "www.youtubekids.com", "m.youtubekids.com":
		return platform.YouTube, hostMain, true
	case "instagr.am", "www.instagr.am":
		return platform.Instagram, hostInstagrAm, true
	case "vm.tiktok.com":
		return platform.TikTok, hostTikTokVM, true
	case "vt.tiktok.com":
		return platform.TikTok, hostTikTokVT, true
	case "t.co":
		return platform.X, hostTCo, true
	}
	for _, d := range platformDomains {
		if h == d.domain {
			return d.p, hostMain, true
		}
		if len(h) > len(d.domain)+1 && strings.HasSuffix(h, d.domain) && h[len(h)-len(d.domain)-1] == '.' {
			switch h[:len(h)-len(d.domain)-1] {
			case "www", "m", "mobile", "music":
				return d.p, hostMain, true
			}
			return d.p, hostOther, true
		}
	}
	return "", 0, false
}

// splitPath returns the non-empty segments of a decoded path.
func splitPath(p string) []string {
	if p == "" || p == "/" {
		return nil
	}
	n := strings.Count(p, "/") + 1
	segs := make([]string, 0, n)
	for s := range strings.SplitSeq(p, "/") {
		if s != "" {
			segs = append(segs, s)
		}
	}
	return segs
}

// link is a URL whose host is known, ready for a platform's path rules.
type link struct {
	input    string
	p        platform.Platform
	host     string
	kind     hostKind
	segs     []string
	rawQuery string
}

// seg returns the i-th path segment or "".
func (l *link) seg(i int) string {
	if i < len(l.segs) {
		return l.segs[i]
	}
	return ""
}

// param returns the first non-empty value of the query parameter name
// (matched case-insensitively), without building a map.
func (l *link) param(name string) string {
	q := l.rawQuery
	for q != "" {
		var kv string
		kv, q, _ = strings.Cut(q, "&")
		k, v, _ := strings.Cut(kv, "=")
		// "&amp;v=…" is a link copied out of HTML source.
		for strings.HasPrefix(k, "amp;") {
			k = k[len("amp;"):]
		}
		if k == "" || !strings.EqualFold(k, name) && !strings.EqualFold(unescapeQuery(k), name) {
			continue
		}
		if v = unescapeQuery(v); v != "" {
			return v
		}
	}
	return ""
}

func unescapeQuery(s string) string {
	if !strings.ContainsAny(s, "%+") {
		return s
	}
	u, err := url.QueryUnescape(s)
	if err != nil {
		return ""
	}
	return u
}

func (l *link) fail(reason Reason, detail string) (Parsed, error) {
	return Parsed{}, newError(reason, l.p, l.input, detail)
}

// channel is a channel reference with its canonical URL.
func (l *link) channel(refKind, value, canonical string) (Parsed, error) {
	if refKind != catalog.RefID {
		value = strings.ToLower(value)
	}
	return Parsed{
		Platform: l.p,
		Kind:     KindChannel,
		RefKind:  refKind,
		RefValue: value,
		Key:      catalog.Key(l.p, refKind, value),
		URL:      canonical,
	}, nil
}

// content is a content link; handle is the channel handle it carries, if any.
func (l *link) content(contentType, id, handle, canonical string) (Parsed, error) {
	p := Parsed{
		Platform:    l.p,
		Kind:        KindContent,
		ContentType: contentType,
		ContentID:   id,
		ContentKey:  catalog.ContentKey(l.p, id),
		URL:         canonical,
	}
	if handle != "" {
		p.RefKind = catalog.RefHandle
		p.RefValue = strings.ToLower(handle)
		p.Key = catalog.Key(l.p, catalog.RefHandle, p.RefValue)
	}
	return p, nil
}

// keptParams are the only query parameters an unsupported link's canonical
// URL keeps: those that decide its type.
var keptParams = []string{"list", "search_query", "q"}

// unsupported is a recognised page of an unsupported type. Its canonical
// URL keeps the path and the parameters that decide the type.
func (l *link) unsupported(reason Reason) (Parsed, error) {
	var b strings.Builder
	b.WriteString("https://")
	if l.kind == hostMain {
		b.WriteString(mainHost(l.p))
	} else {
		b.WriteString(l.host)
	}
	for _, s := range l.segs {
		b.WriteByte('/')
		b.WriteString(url.PathEscape(s))
	}
	sep := byte('?')
	for _, k := range keptParams {
		if v := l.param(k); v != "" {
			b.WriteByte(sep)
			b.WriteString(k)
			b.WriteByte('=')
			b.WriteString(url.QueryEscape(v))
			sep = '&'
		}
	}
	u := b.String()
	// Trim would eat a trailing "." or ")": escape it so that the canonical
	// URL parses back to itself.
	if c := u[len(u)-1]; isTrimRune(rune(c)) {
		u = u[:len(u)-1] + "%" + strings.ToUpper(strconv.FormatUint(uint64(c), 16))
	}
	return Parsed{Platform: l.p, Kind: KindUnsupported, Reason: reason, URL: u}, nil
}

func mainHost(p platform.Platform) string {
	switch p {
	case platform.YouTube:
		return "www.youtube.com"
	case platform.Instagram:
		return "www.instagram.com"
	case platform.TikTok:
		return "www.tiktok.com"
	}
	return "x.com"
}

// oneOf reports whether s equals one of the lower-case words, ignoring case.
func oneOf(s string, words ...string) bool {
	for _, w := range words {
		if strings.EqualFold(s, w) {
			return true
		}
	}
	return false
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isASCIIDigit(c byte) bool  { return c >= '0' && c <= '9' }
