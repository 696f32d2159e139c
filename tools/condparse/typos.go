package condparse

import (
	"strings"

	"searchagent/tools/textmatch"
)

// Typos (issue 26): a Latin word the lexicon does not know that is one
// edit (an insertion, a deletion, a substitution or two neighbours
// swapped) from exactly one country, language, category or creator noun
// of at least minTypoTarget letters, with the same first letter, is read
// as that word ("germny", "youtubrs", "fitnes"); the condition it gives
// carries IssueCorrected, so the box shows the reading it made. Words
// that differ in their first letter are mostly other words ("trance" is
// no France), and so are words that differ by one letter replaced with a
// letter neither next to it on the keyboard nor sounding alike ("Iceland"
// is no Ireland, a place the catalog does not know and the box names as
// not understood; "franse" is France, "sweeden" Sweden).

// minTypoTarget and minTypo are the shortest spelling a typo may stand
// for and the shortest word read as a typo: short words are too close
// to too many others ("india" / "indie").
const (
	minTypoTarget = 6
	minTypo       = 5
)

// typos turns unknown Latin words one edit from one lexicon spelling into
// that spelling's dictionary token.
func (st *state) typos() {
	for i := range st.toks {
		tk := &st.toks[i]
		for _, f := range st.cjkFixed {
			if tk.kind == tkLex && tk.s < f[1] && f[0] < tk.e {
				tk.corrected = true // 马来西压 read as 马来西亚
			}
		}
		if tk.kind != tkWord {
			continue
		}
		if ents, ok := st.lx.glued[string(st.t.norm[tk.s:tk.e])]; ok {
			// "atleast 30k", "upto 50k": a comparator cue typed without
			// its space (audit 25).
			tk.kind, tk.ents, tk.corrected = tkLex, ents, true
			continue
		}
		if tk.e-tk.s < minTypo {
			continue
		}
		w := string(st.t.norm[tk.s:tk.e])
		if !isASCIILetters(w) {
			continue
		}
		var hit *typoTarget
		for k := range st.lx.typoTargets {
			tt := &st.lx.typoTargets[k]
			if w[0] == tt.word[0] && (oneEdit(w, tt.word) || doubledOnly(w, tt.word)) && !romanceAdjective(w, tt.word) && !nearPlatformWords[strings.ToLower(w)] {
				if hit != nil && !sameCountry(hit.ents, tt.ents) {
					hit = nil // two readings: none
					break
				}
				if hit == nil || len(tt.word) > len(hit.word) {
					hit = tt
				}
			}
		}
		if hit == nil && st.afterNumber(i) {
			// "10k-80k subsribers", "50k folowers", "5k+ folowers": a
			// misspelt unit word right after a number is the unit.
			for k := range st.lx.unitTargets {
				tt := &st.lx.unitTargets[k]
				if w[0] == tt.word[0] && oneEdit(w, tt.word) {
					hit = tt
					break
				}
			}
		}
		if hit != nil {
			tk.kind, tk.ents, tk.corrected = tkLex, hit.ents, true
		}
	}
}

// nearPlatformWords are English words one edit from a platform's name
// ("titter" is a laugh, not Twitter): a platform's name is a typo target
// like a country's, and these are words, not slips.
var nearPlatformWords = map[string]bool{"titter": true, "twitted": true, "twitten": true, "twitterer": true}

// doubledOnly reports whether a and b differ only in which letters are
// doubled ("Phillipines" / "Philippines", "Carribean" / "Caribbean"), a
// spelling slip of two edits that keeps every sound; both must be at
// least minTypoTarget letters long and actually differ.
func doubledOnly(a, b string) bool {
	return a != b && len(a) >= minTypoTarget && len(b) >= minTypoTarget && undouble(a) == undouble(b)
}

// undouble folds every run of one repeated letter to a single letter.
func undouble(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if i > 0 && asciiLower(s[i]) == asciiLower(s[i-1]) {
			continue
		}
		out = append(out, asciiLower(s[i]))
	}
	return string(out)
}

// sameCountry reports whether two typo readings name the same one
// country ("argentinia" is one edit from both "argentina" and
// "argentinian"): then they are one reading, not two.
func sameCountry(a, b []*lexEntry) bool {
	code := func(es []*lexEntry) string {
		var c string
		for _, e := range es {
			if e.cls != clsCountry {
				return ""
			}
			k := e.code
			if k == "" && len(e.codes) == 1 {
				k = e.codes[0]
			}
			if k == "" || c != "" && c != k {
				return ""
			}
			c = k
		}
		return c
	}
	ca := code(a)
	return ca != "" && ca == code(b)
}

// isASCIILetters reports a non-empty string of ASCII letters only.
func isASCIILetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isASCIILetter(rune(s[i])) {
			return false
		}
	}
	return s != ""
}

// oneEdit reports whether a and b (ASCII) differ by exactly one
// insertion, deletion, swap of two neighbours, or substitution of a
// keyboard neighbour or sound-alike letter (typoLetters).
func oneEdit(a, b string) bool { return textmatch.OneEdit(a, b, typoLetters) }

// keyNeighbours are the letters next to each letter on a QWERTY keyboard.
var keyNeighbours = map[byte]string{
	'q': "wa", 'w': "qeas", 'e': "wrsd", 'r': "etdf", 't': "ryfg", 'y': "tugh",
	'u': "yihj", 'i': "uojk", 'o': "ipkl", 'p': "ol",
	'a': "qwsz", 's': "awedxz", 'd': "serfcx", 'f': "drtgvc", 'g': "ftyhbv",
	'h': "gyujnb", 'j': "huikmn", 'k': "jiolm", 'l': "kop",
	'z': "asx", 'x': "zsdc", 'c': "xdfv", 'v': "cfgb", 'b': "vghn", 'n': "bhjm", 'm': "njk",
}

// soundAlike are groups of letters that spell the same sound often
// enough to be typed for each other.
var soundAlike = []string{"aeiouy", "cksqz"}

// typoLetters reports whether typing x for y (or y for x) is a likely
// typo: keyboard neighbours, or letters that sound alike.
func typoLetters(x, y byte) bool {
	x, y = asciiLower(x), asciiLower(y)
	for i := 0; i < len(keyNeighbours[x]); i++ {
		if keyNeighbours[x][i] == y {
			return true
		}
	}
	for _, g := range soundAlike {
		if strings.IndexByte(g, x) >= 0 && strings.IndexByte(g, y) >= 0 {
			return true
		}
	}
	return false
}

func asciiLower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// afterNumber reports a number right before token i, or a number and the
// plus that opens its range ("5k+ folowers").
func (st *state) afterNumber(i int) bool {
	p := st.prevSig(i)
	if st.tok(p).kind == tkNum {
		return true
	}
	if p >= 0 && (st.tokText(p) == "+" || st.tokText(p) == "＋") {
		return st.tok(st.prevSig(p)).kind == tkNum
	}
	return false
}
