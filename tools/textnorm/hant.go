package textnorm

import (
	"strings"
	"unicode/utf8"
)

//go:generate go run ./internal/genhant

// localPairs adds to OpenCC's table (hant_table.go) the few traditional
// forms it leaves alone and that search text writes for a common word:
// 妳 (你), 砲 (炮), 舖 (铺).
const localPairs = "妳你砲炮舖铺"

// tradToSimp maps traditional characters to their simplified forms, built
// once from openccPairs and localPairs. Every pair has the same UTF-8
// length on both sides (genhant checks it; init below too).
var tradToSimp = buildTradToSimp()

// tradLo and tradHi bound the runes of tradToSimp: a rune outside them is
// never looked up.
var tradLo, tradHi = runeBounds(tradToSimp)

func buildTradToSimp() map[rune]rune {
	m := make(map[rune]rune, utf8.RuneCountInString(openccPairs)/2+len(localPairs)/6)
	for _, pairs := range []string{openccPairs, localPairs} {
		rs := []rune(pairs)
		for i := 0; i+1 < len(rs); i += 2 {
			if utf8.RuneLen(rs[i]) != utf8.RuneLen(rs[i+1]) {
				continue // would move offsets; TestPairsKeepLength rejects such a pair
			}
			m[rs[i]] = rs[i+1]
		}
	}
	return m
}

func runeBounds(m map[rune]rune) (lo, hi rune) {
	lo = utf8.MaxRune
	for r := range m {
		lo, hi = min(lo, r), max(hi, r)
	}
	return lo, hi
}

// SimplifyRune returns the simplified form of the traditional Chinese
// character r (OpenCC's default reading), or r itself. The result has the
// UTF-8 length of r.
func SimplifyRune(r rune) rune {
	if r < tradLo || r > tradHi {
		return r
	}
	if s, ok := tradToSimp[r]; ok {
		return s
	}
	return r
}

// Simplify folds the traditional Chinese characters of s to simplified
// ones, character by character (so "網紅" → "网红", "謝謝" → "谢谢"); any
// other rune is kept. The result has the byte length of s and every rune
// sits at the byte offset it had in s, so a span read on the folded text
// is a span of the text as typed. Invalid UTF-8 is kept as is.
func Simplify(s string) string {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r >= tradLo && SimplifyRune(r) != r {
			break
		}
		i += n
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteByte(s[i])
		} else {
			b.WriteRune(SimplifyRune(r))
		}
		i += n
	}
	return b.String()
}
