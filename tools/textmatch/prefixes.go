package textmatch

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Prefix is a match of Prefixes: a pattern id and the index of the rune
// after the match.
type Prefix struct {
	ID  int32
	End int32
}

// Prefixes appends to dst the patterns that start at text[i], shortest
// first (so the longest is last; a pattern given twice comes twice, by
// id), each ending at a word boundary, and returns dst. The caller
// slices text where matches must end.
//
// A ' ' in a pattern matches a run of white space (IsSpaceRune) in the
// text; patterns meant for Prefixes are spelled with FoldSpace. The word
// rules: a match cannot start inside a word (a word rune after a word
// rune or a joining hyphen or apostrophe, InWordJoin); a match that ends
// on a word rune must not be followed by a word rune or a join ("usa" is
// not in "usability" nor "no" in "no-code"). CJK runes are no word runes,
// so a Chinese pattern matches inside a Chinese run ("美国" in "美国人").
func (a *Automaton) Prefixes(text []rune, i int, dst []Prefix) []Prefix {
	if i >= len(text) || i > 0 && IsWordRune(text[i]) && (IsWordRune(text[i-1]) || InWordJoin(text, i-1)) {
		return dst
	}
	s, d := Root, int32(0) // the state and its depth
	for j := i; j < len(text); {
		r := text[j]
		if IsSpaceRune(r) {
			var ok bool
			if s, ok = a.deeper(s, d, ' '); !ok {
				break
			}
			d++
			for j < len(text) && IsSpaceRune(text[j]) {
				j++
			}
			continue
		}
		ok := true
		switch {
		case r < utf8.RuneSelf:
			s, ok = a.deeper(s, d, byte(r))
			d++
		case r >= 0x800 && r < 0x10000:
			// Three bytes, as UTF-8 spells the BMP past U+07FF (all
			// of CJK): inline, as this is the parser's common case. A
			// surrogate (no rune of a decoded string) spells bytes no
			// pattern has.
			if s, ok = a.deeper(s, d, byte(0xE0|r>>12)); ok {
				if s, ok = a.deeper(s, d+1, byte(0x80|r>>6&0x3F)); ok {
					s, ok = a.deeper(s, d+2, byte(0x80|r&0x3F))
				}
			}
			d += 3
		default:
			var buf [utf8.UTFMax]byte
			for _, b := range buf[:utf8.EncodeRune(buf[:], r)] {
				if s, ok = a.deeper(s, d, b); !ok {
					break
				}
				d++
			}
		}
		if !ok {
			break
		}
		j++
		if s < a.outStart {
			continue
		}
		ends := a.Ends(s)
		if len(ends) == 0 || IsWordRune(r) && j < len(text) && (IsWordRune(text[j]) || InWordJoin(text, j)) {
			continue
		}
		for _, o := range ends {
			dst = append(dst, Prefix{ID: o.ID, End: int32(j)})
		}
	}
	return dst
}

// deeper is Step from s at depth d, which the caller knows.
func (a *Automaton) deeper(s State, d int32, b byte) (State, bool) {
	st := &a.state[s]
	if sl := &st.own[b]; sl.check == s {
		s = sl.next
	} else {
		s = st.def[b]
	}
	return s, a.depth[s] == d+1
}

// FoldSpace spells a pattern for Prefixes: every run of white space
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
