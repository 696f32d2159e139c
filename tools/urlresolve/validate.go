package urlresolve

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The syntax rules below follow each platform's published rules for names
// and ids, loosened where real links are looser than the rules.

func isIDChar(c byte) bool {
	return isASCIILetter(c) || isASCIIDigit(c) || c == '_' || c == '-'
}

func allBytes(s string, ok func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return true
}

// isVideoID: a YouTube video id, 11 characters of [A-Za-z0-9_-].
func isVideoID(s string) bool { return len(s) == 11 && allBytes(s, isIDChar) }

// isChannelID: a YouTube channel id, "UC" and 22 characters of [A-Za-z0-9_-].
func isChannelID(s string) bool {
	return len(s) == 24 && strings.HasPrefix(s, "UC") && allBytes(s, isIDChar)
}

// isYouTubeHandle: 3-30 letters (any script), digits, "_", "-", "." or
// the middle dot "·", not starting or ending with a dot.
func isYouTubeHandle(s string) bool { return isYouTubeName(s, 3, 30) }

// isYouTubeName checks handles and legacy /c/ and /user/ names.
func isYouTubeName(s string, minRunes, maxRunes int) bool {
	if len(s) > maxRunes*utf8.UTFMax || strings.HasPrefix(s, ".") || strings.HasSuffix(s, ".") ||
		strings.HasPrefix(s, "·") || strings.HasSuffix(s, "·") {
		return false
	}
	n := 0
	for _, r := range s {
		n++
		switch {
		case r == '_' || r == '-' || r == '.' || r == '·':
		case r < utf8.RuneSelf:
			if !isASCIILetter(byte(r)) && !isASCIIDigit(byte(r)) {
				return false
			}
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
		default:
			return false
		}
	}
	return n >= minRunes && n <= maxRunes
}

// isInstagramUser: 1-30 of [A-Za-z0-9._], not starting or ending with "."
// and without "..".
func isInstagramUser(s string) bool {
	if len(s) == 0 || len(s) > 30 || s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") {
		return false
	}
	return allBytes(s, func(c byte) bool { return isASCIILetter(c) || isASCIIDigit(c) || c == '_' || c == '.' })
}

// isInstagramCode: a post/reel shortcode, 5-64 of [A-Za-z0-9_-] (public
// codes have 11, private ones are longer).
func isInstagramCode(s string) bool { return len(s) >= 5 && len(s) <= 64 && allBytes(s, isIDChar) }

// isTikTokHandle: 2-24 of [A-Za-z0-9._], not ending with ".".
func isTikTokHandle(s string) bool {
	if len(s) < 2 || len(s) > 24 || s[len(s)-1] == '.' {
		return false
	}
	return allBytes(s, func(c byte) bool { return isASCIILetter(c) || isASCIIDigit(c) || c == '_' || c == '.' })
}

// isShortCode: a TikTok short-link code, 5-16 of [A-Za-z0-9].
func isShortCode(s string) bool {
	return len(s) >= 5 && len(s) <= 16 && allBytes(s, func(c byte) bool { return isASCIILetter(c) || isASCIIDigit(c) })
}

// isXHandle: 1-15 of [A-Za-z0-9_].
func isXHandle(s string) bool {
	return len(s) >= 1 && len(s) <= 15 && allBytes(s, func(c byte) bool { return isASCIILetter(c) || isASCIIDigit(c) || c == '_' })
}

// isNumericID: a TikTok video or X status id, 1-25 digits.
func isNumericID(s string) bool { return len(s) >= 1 && len(s) <= 25 && allBytes(s, isASCIIDigit) }
