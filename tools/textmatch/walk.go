package textmatch

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Walk is an anchored walk of an Automaton over a text of runes: the
// patterns that start at one rune, shortest first, each ending at a word
// boundary. A ' ' in a pattern matches a run of white space
// (IsSpaceRune) in the text; patterns meant for a Walk are spelled with
// FoldSpace. The last match a Walk reports is the longest.
//
// The word rules: a walk that starts inside a word (a word rune after a
// word rune or a joining hyphen or apostrophe, InWordJoin) finds nothing;
// a match that ends on a word rune must not be followed by a word rune or
// a join ("usa" is not in "usability" nor "no" in "no-code"). CJK runes
// are no word runes, so a Chinese pattern matches inside a Chinese run.
type Walk struct {
	a    *Automaton
	text []rune
	s    State
	j    int      // the next rune to read
	ends []Output // the current match's patterns, the current one first
	end  int
}

// WalkRunes starts a walk at text[i]; the caller slices text where
// matches must end.
func (a *Automaton) WalkRunes(text []rune, i int) Walk {
	w := Walk{a: a, text: text, j: i}
	if i > 0 && i < len(text) && IsWordRune(text[i]) && (IsWordRune(text[i-1]) || InWordJoin(text, i-1)) {
		w.j = len(text)
	}
	return w
}

// Next moves to the next match, reporting false when there is none.
func (w *Walk) Next() bool {
	if len(w.ends) > 1 {
		w.ends = w.ends[1:]
		return true
	}
	w.ends = nil
	text := w.text
	for w.j < len(text) {
		r := text[w.j]
		if IsSpaceRune(r) {
			s, ok := w.a.Step(w.s, ' ')
			if !ok {
				break
			}
			for w.j < len(text) && IsSpaceRune(text[w.j]) {
				w.j++
			}
			w.s = s
			continue
		}
		s, ok := w.s, true
		if r < utf8.RuneSelf {
			s, ok = w.a.Step(s, byte(r))
		} else {
			var buf [utf8.UTFMax]byte
			for _, b := range buf[:utf8.EncodeRune(buf[:], r)] {
				if s, ok = w.a.Step(s, b); !ok {
					break
				}
			}
		}
		if !ok {
			break
		}
		w.s = s
		w.j++
		ends := w.a.Ends(s)
		if len(ends) == 0 {
			continue
		}
		if IsWordRune(r) && w.j < len(text) && (IsWordRune(text[w.j]) || InWordJoin(text, w.j)) {
			continue
		}
		w.ends, w.end = ends, w.j
		return true
	}
	w.j = len(text)
	return false
}

// Match returns the current match: its pattern id and the index of the
// rune after it.
func (w *Walk) Match() (id int32, end int) { return w.ends[0].ID, w.end }

// FoldSpace spells a pattern for a Walk: every run of white space
// (unicode.IsSpace) becomes one ' '.
func FoldSpace(s string) string {
	if !strings.ContainsFunc(s, unicode.IsSpace) {
		return s
	}
	var b strings.Builder
	prevSpace := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			if prevSpace {
				continue
			}
			r, prevSpace = ' ', true
		} else {
			prevSpace = false
		}
		b.WriteRune(r)
	}
	return b.String()
}
