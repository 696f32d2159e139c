package load

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
	"searchagent/tools/taxonomy"

	"searchagent/tools/number"
)

// Errors of single values; row rejections wrap them.
var (
	// ErrBadCount is a count that is not a non-negative number.
	ErrBadCount = errors.New("invalid count")
	// ErrNegativeCount is a count below zero.
	ErrNegativeCount = errors.New("negative count")
	// ErrBadDate is a date that is neither RFC 3339 nor YYYY-MM-DD.
	ErrBadDate = errors.New("invalid date")
	// ErrBadHandle is a handle that breaks the platform's rules.
	ErrBadHandle = errors.New("invalid handle")
	// ErrBadID is a channel id or content id of the wrong shape.
	ErrBadID = errors.New("invalid id")
)

// Limits on single values; longer values reject the row.
const (
	maxNameRunes  = 200
	maxDescRunes  = 5000
	maxListItems  = 64
	maxTagRunes   = 100
	maxTitleRunes = 300
)

// ParseCount parses a follower or view count: "12345", "12,345", "48.5M",
// "30.8K", "1.5B", "1.2w", "1.2万", "3亿", "199.5" (rounded) — the
// project's one number parser (tools/number) plus what a data file needs:
// empty is 0, a negative count is ErrNegativeCount, anything else that is
// no count is ErrBadCount.
func ParseCount(s string) (int64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, nil
	}
	if n, ok := number.ParseCount(t); ok {
		return n, nil
	}
	if rest := strings.TrimPrefix(t, "-"); rest != t {
		if _, ok := number.ParseCount(rest); ok {
			return 0, fmt.Errorf("%w: %s", ErrNegativeCount, quote(s))
		}
	}
	return 0, fmt.Errorf("%w: %s", ErrBadCount, quote(s))
}

// ParseDate parses an RFC 3339 time or a YYYY-MM-DD date (UTC midnight).
// Empty is the zero time.
func ParseDate(s string) (time.Time, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return time.Time{}, nil
	}
	if d, err := time.Parse(time.DateOnly, t); err == nil {
		return d, nil
	}
	if d, err := time.Parse(time.RFC3339Nano, t); err == nil {
		return d.UTC(), nil
	}
	return time.Time{}, fmt.Errorf("%w: %s (want RFC 3339 or YYYY-MM-DD)", ErrBadDate, quote(s))
}

// ValidHandle reports whether h (without "@") is a valid handle on p:
// YouTube 3-30 letters of any script, digits, "_", "-", "." or "·";
// Instagram 1-30 of [A-Za-z0-9._], not starting or ending with "." and
// without ".."; TikTok 2-24 of [A-Za-z0-9._], not ending with "."; X 1-15
// of [A-Za-z0-9_].
func ValidHandle(p platform.Platform, h string) error {
	ok := false
	switch p {
	case platform.YouTube:
		ok = youTubeName(h, 3, 30)
	case platform.Instagram:
		ok = len(h) >= 1 && len(h) <= 30 && h[0] != '.' && h[len(h)-1] != '.' &&
			!strings.Contains(h, "..") && asciiOnly(h, "._")
	case platform.TikTok:
		ok = len(h) >= 2 && len(h) <= 24 && h[len(h)-1] != '.' && asciiOnly(h, "._")
	case platform.X:
		ok = len(h) >= 1 && len(h) <= 15 && asciiOnly(h, "_")
	default:
		return fmt.Errorf("%w: unknown platform %q", ErrBadHandle, p)
	}
	if !ok {
		return fmt.Errorf("%w for %s: %s", ErrBadHandle, p.Label("en"), quote(h))
	}
	return nil
}

func youTubeName(s string, minRunes, maxRunes int) bool {
	if len(s) > maxRunes*utf8.UTFMax || !utf8.ValidString(s) {
		return false
	}
	n := 0
	for _, r := range s {
		n++
		switch {
		case r == '_' || r == '-' || r == '.' || r == '·':
		case r < utf8.RuneSelf:
			if !asciiAlnum(byte(r)) {
				return false
			}
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
		default:
			return false
		}
	}
	return n >= minRunes && n <= maxRunes
}

func asciiAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func asciiOnly(s, extra string) bool {
	for i := 0; i < len(s); i++ {
		if !asciiAlnum(s[i]) && strings.IndexByte(extra, s[i]) < 0 {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// validChannelID checks a channel id: YouTube "UC" + 22 of [A-Za-z0-9_-];
// elsewhere a numeric user id.
func validChannelID(p platform.Platform, id string) error {
	ok := false
	if p == platform.YouTube {
		ok = len(id) == 24 && strings.HasPrefix(id, "UC") && asciiOnly(id, "_-")
	} else {
		ok = len(id) <= 25 && allDigits(id)
	}
	if !ok {
		return fmt.Errorf("%w: channel id %s", ErrBadID, quote(id))
	}
	return nil
}

// validContentID checks the shape of a video or post id on p.
func validContentID(p platform.Platform, id string) error {
	ok := false
	switch p {
	case platform.YouTube:
		ok = len(id) == 11 && asciiOnly(id, "_-")
	case platform.Instagram:
		ok = len(id) >= 5 && len(id) <= 64 && asciiOnly(id, "_-")
	case platform.TikTok, platform.X:
		ok = len(id) <= 25 && allDigits(id)
	}
	if !ok {
		return fmt.Errorf("%w: content id %s for %s", ErrBadID, quote(id), p.Label("en"))
	}
	return nil
}

// urlRef is what a channel URL names.
type urlRef struct {
	kind, value string // catalog.RefID, RefHandle, RefCustom or RefUser
}

// parseChannelURL reads the channel reference out of the common channel
// URL shapes of p; ok is false for anything else (video links included).
func parseChannelURL(p platform.Platform, raw string) (urlRef, bool) {
	s := strings.TrimSpace(raw)
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return urlRef{}, false
	}
	host := strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(u.Hostname()), "www."), "m.")
	segs := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	if len(segs) == 0 {
		return urlRef{}, false
	}
	first := segs[0]
	switch p {
	case platform.YouTube:
		if host != "youtube.com" {
			return urlRef{}, false
		}
		switch {
		case strings.HasPrefix(first, "@"):
			return urlRef{catalog.RefHandle, strings.TrimPrefix(first, "@")}, true
		case len(segs) >= 2 && first == "channel":
			return urlRef{catalog.RefID, segs[1]}, true
		case len(segs) >= 2 && first == "c":
			return urlRef{catalog.RefCustom, segs[1]}, true
		case len(segs) >= 2 && first == "user":
			return urlRef{catalog.RefUser, segs[1]}, true
		}
	case platform.Instagram:
		if host == "instagram.com" && len(segs) == 1 {
			return urlRef{catalog.RefHandle, first}, true
		}
	case platform.TikTok:
		if host == "tiktok.com" && len(segs) == 1 && strings.HasPrefix(first, "@") {
			return urlRef{catalog.RefHandle, strings.TrimPrefix(first, "@")}, true
		}
	case platform.X:
		if (host == "x.com" || host == "twitter.com") && len(segs) == 1 {
			return urlRef{catalog.RefHandle, strings.TrimPrefix(first, "@")}, true
		}
	}
	return urlRef{}, false
}

// categoryNames maps the category names of the published lists that
// taxonomy.Categories does not know to taxonomy codes.
var categoryNames = map[string]string{
	"cinema & actors/actresses":      "film",
	"television":                     "film",
	"daily vlogs":                    "lifestyle",
	"luxury":                         "lifestyle",
	"talk show":                      "lifestyle",
	"news channel":                   "news",
	"art/artists":                    "art",
	"design/art":                     "art",
	"toys":                           "family",
	"children's entertainment":       "family",
	"kid's entertainment":            "family",
	"kids & toys":                    "family",
	"humor & fun & happiness":        "comedy",
	"comics & sketches":              "comedy",
	"food and drink":                 "food",
	"food & cooking":                 "food",
	"science and technology":         "tech",
	"computers & gadgets":            "tech",
	"machinery & technologies":       "tech",
	"product unboxing":               "tech",
	"racing sports":                  "sports",
	"winter sports":                  "sports",
	"sports entertainers":            "sports",
	"finance & economics":            "finance",
	"nft":                            "finance",
	"cars & motorbikes":              "automotive",
	"cars and vehicles":              "automotive",
	"coches y vehículos":             "automotive",
	"diy & life hacks":               "diy",
	"diy y life hacks":               "diy",
	"life hacks":                     "diy",
	"life-hack":                      "diy",
	"clothing & outfits":             "fashion",
	"self-help books":                "education",
	"nature & landscapes":            "outdoor",
	"animals & pets":                 "pets",
	"animals and pets":               "pets",
	"trainers & coaches":             "fitness",
	"management & marketing":         "business",
	"daily vlog":                     "lifestyle",
	"general entertainment channels": "",
	"adult content":                  "",
	"literature & journalism":        "",
	"asmr":                           "",
	"shopping & retail":              "",
}

// lookupCategory maps a category name to a taxonomy code.
func lookupCategory(s string) (string, bool) {
	if t, ok := taxonomy.Categories.Lookup(s); ok {
		return t.Code, true
	}
	code, ok := categoryNames[strings.ToLower(strings.TrimSpace(s))]
	return code, ok && code != ""
}

// unknownCountry lists the spellings of "no country".
func unknownCountry(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "unknown", "n/a", "na", "none", "-", "未知":
		return true
	}
	return false
}

// lookupCountry maps a country code or name to an ISO code. ok is false
// for a name it does not know; "Unknown" and empty give "", true.
func lookupCountry(s string) (string, bool) {
	if unknownCountry(s) {
		return "", true
	}
	if t, ok := taxonomy.Countries.Lookup(s); ok {
		return t.Code, true
	}
	if t := strings.TrimSpace(s); alpha2(t) {
		return strings.ToUpper(t), true
	}
	return "", false
}

// alpha2 reports whether s is two ASCII letters.
func alpha2(s string) bool {
	letter := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	return len(s) == 2 && letter(s[0]) && letter(s[1])
}

// lookupLanguage maps a language code or name to an ISO 639-1 code.
func lookupLanguage(s string) (string, bool) {
	t := strings.TrimSpace(s)
	if t == "" {
		return "", true
	}
	if term, ok := taxonomy.Languages.Lookup(t); ok {
		return term.Code, true
	}
	if alpha2(t) {
		return strings.ToLower(t), true
	}
	return "", false
}

// clean trims s, turns tabs and line breaks into spaces and drops other
// control characters. Format characters (zero-width joiners in emoji,
// bidirectional marks in Arabic names) are kept.
func clean(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return strings.TrimSpace(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f':
			if !space {
				b.WriteByte(' ')
			}
			space = true
			continue
		case unicode.IsControl(r):
			continue
		}
		space = r == ' '
		b.WriteRune(r)
	}
	return strings.TrimSpace(b.String())
}

// repair1252 decodes bytes that are not valid UTF-8 as Windows-1252, the
// encoding some published lists mix into UTF-8 ("Espa\xf1a"). changed
// reports whether anything was repaired.
func repair1252(s string) (out string, changed bool) {
	if utf8.ValidString(s) {
		return s, false
	}
	dec := charmap.Windows1252
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(dec.DecodeByte(s[i]))
			i++
			continue
		}
		b.WriteRune(r)
		i += size
	}
	return b.String(), true
}

// quote quotes a value for a message, cut to a readable length.
func quote(s string) string {
	const max = 60
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if utf8.RuneCountInString(s) > max {
		r := []rune(s)
		return strconv.Quote(string(r[:max])) + fmt.Sprintf("… (%d bytes)", len(s))
	}
	return strconv.Quote(s)
}

// splitRaw splits a "|"-separated cell, trimming items and dropping
// empty ones.
func splitRaw(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var out []string
	for _, it := range strings.Split(s, "|") {
		if it = strings.TrimSpace(it); it != "" {
			out = append(out, it)
		}
	}
	return out
}

// cleanAll cleans every item, dropping those left empty.
func cleanAll(items []string) []string {
	var out []string
	for _, it := range items {
		if it = clean(it); it != "" {
			out = append(out, it)
		}
	}
	return out
}

// dedupe drops repeated items (case-insensitive), keeping the first.
func dedupe(items []string) []string {
	if len(items) < 2 {
		return items
	}
	seen := make(map[string]bool, len(items))
	out := items[:0:0]
	for _, it := range items {
		k := strings.ToLower(it)
		if !seen[k] {
			seen[k] = true
			out = append(out, it)
		}
	}
	return out
}
