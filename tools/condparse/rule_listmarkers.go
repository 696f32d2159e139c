package condparse

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/textnorm"
)

// listMarkerRows reads a numbered, lettered or circled list brief ("1) 平台：
// YouTube 2) 国家：英国", "A) platform: IG B) country: NZ", "1. region -
// Texas", "①国家 日本 ②类型 料理") as the labelled rows it is (fixL, class
// L1): a marker that opens a row is a row separator, never a number, a
// keyword or part of the label after it. A kind of marker counts only when
// at least two of its kind open a row headed by a known label (or one
// does and it is the only one), so "top 3. Then …" keeps its number.
// Inside a marked row a known label followed by a space ("①国家 日本")
// takes a colon, as "国家：日本" has.
//
// The runes are rewritten in place, each to a rune of its UTF-8 length
// (the marker's first rune to ";" or "；", the rest to spaces, a label's
// space to ":" or "："); it reports whether it rewrote any.
func listMarkerRows(rs []rune) bool {
	type mark struct {
		kind, s, e int // the marker's kind and runes [s,e)
		sep        int // the rune after a space-separated label, or -1
		labelled   bool
	}
	var marks []mark
	for i := 0; i < len(rs); i++ {
		kind, e := markerAt(rs, i)
		if kind == 0 || kind != 1 && i > 0 && !unicode.IsSpace(rs[i-1]) && !strings.ContainsRune(";；,，。.、|", rs[i-1]) {
			continue // a marker other than a circled number opens a row
		}
		m := mark{kind: kind, s: i, e: e, sep: -1}
		m.labelled, m.sep = labelAfterMarker(rs, e)
		marks = append(marks, m)
		i = e - 1
	}
	done := false
	for _, m := range marks {
		same, labelled := 0, 0
		for _, o := range marks {
			if o.kind == m.kind {
				same++
				if o.labelled {
					labelled++
				}
			}
		}
		if labelled < 2 && !(labelled == 1 && same == 1) {
			continue
		}
		for k := m.s; k < m.e; k++ {
			switch {
			case k > m.s:
				rs[k] = spaceOfLen(rs[k])
			case utf8.RuneLen(rs[k]) == 1:
				rs[k] = ';'
			default:
				rs[k] = '；'
			}
		}
		if m.sep >= 0 {
			if rs[m.sep] == ' ' {
				rs[m.sep] = ':'
			} else {
				rs[m.sep] = '：'
			}
		}
		done = true
	}
	return done
}

// spaceOfLen is a space of r's UTF-8 length: " " or the ideographic space
// (both 3-byte runes the markers use, "）" and "、", become one).
func spaceOfLen(r rune) rune {
	if utf8.RuneLen(r) == 1 {
		return ' '
	}
	return '\u3000'
}

// markerAt reads a list marker at rune i: a circled number (1), one or
// two digits and ")" "）" "、" or "." before a space (2), a letter and ")"
// or "）" (3), "(1)"/"(a)" (4). It returns the kind (0 for none) and the
// rune after the marker.
func markerAt(rs []rune, i int) (kind, end int) {
	r := rs[i]
	switch {
	case r >= '①' && r <= '⑳', r >= '❶' && r <= '❿', r >= '⑴' && r <= '⒇':
		return 1, i + 1
	case r >= '0' && r <= '9':
		k := i
		for k < len(rs) && k-i < 2 && rs[k] >= '0' && rs[k] <= '9' {
			k++
		}
		if k >= len(rs) {
			return 0, 0
		}
		switch rs[k] {
		case ')', '）', '、':
			return 2, k + 1
		case '.':
			if k+1 < len(rs) && (rs[k+1] == ' ' || rs[k+1] == '\u3000') {
				return 2, k + 1
			}
		}
	case r < utf8.RuneSelf && unicode.IsLetter(r):
		if i+1 < len(rs) && (rs[i+1] == ')' || rs[i+1] == '）') {
			return 3, i + 2
		}
	case r == '(' || r == '（':
		if i+2 < len(rs) && (rs[i+2] == ')' || rs[i+2] == '）') && rs[i+1] < utf8.RuneSelf && (unicode.IsLetter(rs[i+1]) || unicode.IsDigit(rs[i+1])) {
			return 4, i + 3
		}
	}
	return 0, 0
}

// labelAfterMarker reports a known row label after a list marker ending at
// rune e, closed by a colon, a dash between spaces ("region - Texas",
// "country — Mexico") or, for a field heading, a space ("国家 日本",
// "niche surfing"); sep is that space's rune, or -1.
func labelAfterMarker(rs []rune, e int) (ok bool, sep int) {
	s := e
	for s < len(rs) && (rs[s] == ' ' || rs[s] == '\u3000') {
		s++
	}
	known := func(l string) bool {
		l = strings.ToLower(strings.Join(strings.Fields(l), " "))
		return isLabel(l) && (headingWords[l] || valueLabels[l] || frameLabels[l] || templateLabels[l])
	}
	for k := s; k < len(rs) && k-s <= 24; k++ {
		switch rs[k] {
		case ':', '：':
			return known(string(rs[s:k])), -1
		case '-', '–', '—':
			if k > s && rs[k-1] == ' ' && k+1 < len(rs) && rs[k+1] == ' ' {
				return known(string(rs[s:k])), -1
			}
		case '\n', ';', '；', ',', '，', '、', '|':
			return false, -1
		}
		if k > s && (rs[k-1] == ' ' || rs[k-1] == '\u3000') {
			if kind, _ := markerAt(rs, k); kind != 0 {
				break // the next row's marker: no colon in this row
			}
		}
	}
	// a heading and a space: the longest heading of one or two words, or
	// a Chinese heading glued to nothing but its space
	if s < len(rs) && textnorm.IsCJK(rs[s]) {
		k := s
		for k < len(rs) && textnorm.IsCJK(rs[k]) {
			k++
		}
		if k < len(rs) && (rs[k] == ' ' || rs[k] == '\u3000') && headingWords[string(rs[s:k])] {
			return true, k
		}
		return false, -1
	}
	words, k := 0, s
	best := -1
	for k < len(rs) && words < 2 {
		w := k
		for w < len(rs) && unicode.IsLetter(rs[w]) {
			w++
		}
		if w == k {
			break
		}
		words++
		if w < len(rs) && rs[w] == ' ' && headingWords[strings.ToLower(string(rs[s:w]))] {
			best = w
		}
		k = w + 1
	}
	return best >= 0, best
}
