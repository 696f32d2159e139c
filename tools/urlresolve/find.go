package urlresolve

import (
	"strings"
	"unicode"
)

// Span is a URL found inside free text: text[Start:End] == Text, offsets in
// bytes.
type Span struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Text  string `json:"text"`
}

// bareHosts are the hosts FindURLs recognises without a scheme, longest
// first where one is a suffix of another.
var bareHosts = []string{
	"www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube.com", "youtu.be",
	"www.youtube-nocookie.com", "youtube-nocookie.com",
	"www.instagram.com", "m.instagram.com", "instagram.com", "instagr.am",
	"www.tiktok.com", "m.tiktok.com", "vm.tiktok.com", "vt.tiktok.com", "tiktok.com",
	"mobile.twitter.com", "www.twitter.com", "twitter.com", "mobile.x.com", "www.x.com", "x.com", "t.co",
}

// refusedSchemes are non-http schemes FindURLs still reports, so that a
// pasted "javascript:…" is refused as an invalid link rather than searched
// for as a keyword.
var refusedSchemes = []string{"javascript:", "data:", "file:", "vbscript:", "ftp:"}

// FindURLs returns the links inside free text, in order: anything starting
// with "http://" or "https://" (any host), a known platform host without a
// scheme ("youtube.com/@abc", "x.com/jack", "www.…"), and the refused
// schemes javascript:, data:, file:, vbscript:, ftp:.
//
// A span ends at whitespace, at a character that cannot appear in a URL,
// or at the first non-ASCII character, so that "参考https://www.youtube.com/@abc这种"
// yields "https://www.youtube.com/@abc". (Browsers copy non-ASCII path
// characters percent-encoded; a link typed with raw non-ASCII characters
// is cut there. Parse on a whole string has no such limit.) Trailing
// sentence punctuation and an unbalanced closing bracket are left out.
func FindURLs(text string) []Span {
	var spans []Span
	for i := 0; i < len(text); {
		n := urlStartLen(text, i)
		if n == 0 {
			i++
			continue
		}
		end := i + n
		for end < len(text) && isURLByte(text[end]) {
			end++
		}
		end = trimURLEnd(text, i, end)
		spans = append(spans, Span{Start: i, End: end, Text: text[i:end]})
		i = end
	}
	return spans
}

// LooksLikeURL reports whether s, once trimmed of surrounding whitespace
// and punctuation (see Trim), is a single link and nothing else: it starts
// like one (see FindURLs) and contains no whitespace.
func LooksLikeURL(s string) bool {
	t := Trim(s)
	if t == "" || urlStartLen(t, 0) == 0 {
		return false
	}
	return strings.IndexFunc(t, unicode.IsSpace) < 0
}

// urlStartLen returns how many bytes of a link start at text[i] (its scheme
// or bare host), or 0 when no link starts there.
func urlStartLen(text string, i int) int {
	c := text[i]
	if !isASCIILetter(c) {
		return 0
	}
	rest := text[i:]
	if c|0x20 == 'h' {
		for _, p := range []string{"https://", "http://"} {
			if hasPrefixFold(rest, p) {
				if len(rest) > len(p) && isURLByte(rest[len(p)]) {
					return len(p)
				}
				return 0
			}
		}
	}
	// Bare hosts and refused schemes must start a word: "ex.com" is not
	// "x.com"; a CJK character before the host is a word boundary.
	if i > 0 && isHostByte(text[i-1]) {
		return 0
	}
	for _, p := range refusedSchemes {
		if hasPrefixFold(rest, p) && len(rest) > len(p) && isURLByte(rest[len(p)]) {
			return len(p)
		}
	}
	for _, h := range bareHosts {
		if hasPrefixFold(rest, h) && endsHost(rest[len(h):]) {
			return len(h)
		}
	}
	if hasPrefixFold(rest, "www.") {
		// www.<label>.<label>…: a host-shaped word.
		j := len("www.")
		dots := 0
		for j < len(rest) && isHostByte(rest[j]) {
			if rest[j] == '.' {
				dots++
			}
			j++
		}
		// A full stop after the host ends the sentence, not the host:
		// "see www.bilibili.com." is a link to www.bilibili.com.
		for j > len("www.") && rest[j-1] == '.' {
			j--
			dots--
		}
		if dots > 0 {
			return j
		}
	}
	return 0
}

// endsHost reports whether after (what follows a host name) ends the host:
// nothing, a path, port, query or fragment, or anything that cannot
// continue a host name. A "." ends it only when no host label follows
// ("see x.com." ends; "x.com.cn" and "x.community" do not).
func endsHost(after string) bool {
	if after == "" {
		return true
	}
	switch c := after[0]; {
	case c == '/' || c == ':' || c == '?' || c == '#':
		return true
	case c == '.':
		return len(after) == 1 || !isHostByte(after[1])
	default:
		return !isHostByte(c)
	}
}

func isHostByte(c byte) bool {
	return isASCIILetter(c) || isASCIIDigit(c) || c == '-' || c == '.' || c == '_' || c == '@'
}

// isURLByte reports whether c may appear inside a link in free text.
func isURLByte(c byte) bool {
	if c <= ' ' || c >= 0x7f {
		return false
	}
	switch c {
	case '<', '>', '"', '\'', '`', '{', '}', '|', '\\', '^':
		return false
	}
	return true
}

// trimURLEnd drops trailing sentence punctuation and unbalanced closing
// brackets from text[start:end].
func trimURLEnd(text string, start, end int) int {
	for end > start {
		switch text[end-1] {
		case '.', ',', ';', ':', '!', '?', '*':
			end--
			continue
		case ')':
			if strings.Count(text[start:end], "(") < strings.Count(text[start:end], ")") {
				end--
				continue
			}
		case ']':
			if strings.Count(text[start:end], "[") < strings.Count(text[start:end], "]") {
				end--
				continue
			}
		}
		break
	}
	return end
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
