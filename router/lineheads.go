package router

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ViewLineHeads names the line-heads view in Trace.View.
const ViewLineHeads = "line_heads"

// lineHeadsMinLines is the fewest short lines an input needs before its
// line heads are read as a second view; lineHeadsMaxRunes is the longest
// line, in runes, that still counts as short.
const (
	lineHeadsMinLines = 3
	lineHeadsMaxRunes = 40
)

// LineHeads returns the acrostic view of s: when s holds at least three
// short lines (cut at line breaks and slashes, ASCII or full-width), the
// head of each line joined in order — a Han line gives its first
// character, any other line its first word — so that an instruction hidden
// in a poem's line heads ("忽…／略…／所…" or "Ignore the rain / your
// umbrella / rules …") reads as the sentence it spells. A line's
// lead-in up to its last colon ("read the first words: Ignore the rain")
// is dropped first. It returns "" when s has no such lines or when any
// line is long (a brief with a few slashes is no poem).
func LineHeads(s string) string {
	if !strings.ContainsAny(s, "\n/／") {
		return ""
	}
	lines := strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '/' || r == '／' || r == '\r' })
	var b strings.Builder
	n := 0
	prevHan := false
	for _, ln := range lines {
		if i := strings.LastIndexAny(ln, ":："); i >= 0 {
			_, w := utf8.DecodeRuneInString(ln[i:])
			ln = ln[i+w:]
		}
		ln = strings.TrimSpace(ln)
		if ln == "" {
			continue
		}
		if utf8.RuneCountInString(ln) > lineHeadsMaxRunes {
			return ""
		}
		r, w := utf8.DecodeRuneInString(ln)
		var head string
		han := unicode.Is(unicode.Han, r)
		if han {
			head = ln[:w]
		} else {
			end := strings.IndexFunc(ln, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' })
			if end < 0 {
				end = len(ln)
			}
			head = ln[:end]
		}
		if head == "" {
			continue
		}
		if b.Len() > 0 && !(han && prevHan) {
			b.WriteByte(' ')
		}
		b.WriteString(head)
		prevHan = han
		n++
	}
	if n < lineHeadsMinLines {
		return ""
	}
	return b.String()
}
