package condparse

import (
	"strings"
	"unicode"
)

// A letter's frame (audit 25, class 1): a brief written as a letter opens
// with a salutation and the name or address it greets ("Dear Sir,", "Hi
// Priya,", "Salam,", 尊敬的王总：), closes with a sign-off and a name
// ("Best regards, Rahul", "Thank you brother.", 此致敬礼), and heads its
// parts with section labels ("背景：…", "Background: …", "Ask: …"). None
// of it is a condition or a term: the words are frame, dropped and named
// (Result.Dropped), never a keyword a list item would make of them.

// maxAddressWords bounds the words of a name or an address beside a
// salutation or a sign-off ("Priya", "brother", "Tom from Acme"): more is
// a sentence of its own.
const maxAddressWords = 4

// letterFrame marks a letter's salutation, sign-off and section labels,
// and the names and addresses beside the first two, as frame.
func (st *state) letterFrame() {
	st.salutation()
	st.signoff()
	st.sectionLabels()
}

// salutation frames the words after a greeting that opens the text up to
// the end of its clause ("Dear John,", "Hi Priya -", 尊敬的王总，): a name
// or an address, when they are few and unplaced.
func (st *state) salutation() {
	i := st.skipSpace(0)
	if i >= len(st.toks) || st.toks[i].kind != tkLex || !greetingWords[st.word(i)] {
		return
	}
	end, ok := st.addressAfter(i+1, false)
	if !ok {
		return
	}
	st.frameRange(i, end)
}

// signoff frames a sign-off and the name or address after it when they
// close the text ("Regards, Rahul", "Thank you brother.", "Cheers!").
func (st *state) signoff() {
	for i := len(st.toks) - 1; i >= 0; i-- {
		tk := &st.toks[i]
		if tk.kind != tkLex || !signoffWords[st.word(i)] || tk.role == roleCond {
			continue
		}
		// it closes the letter: a clause of its own after what was
		// asked; "best" (a word of many a search) only before a name
		p := st.prevSig(i)
		if p < 0 || st.toks[p].kind != tkPunct && !st.emoji(p) {
			return
		}
		if n := st.skipSpace(i + 1); st.word(i) == "best" && (n >= len(st.toks) || st.tokText(n) != ",") {
			return
		}
		if _, ok := st.addressAfter(i+1, true); ok {
			st.frameRange(i, len(st.toks)-1)
		}
		return
	}
}

// addressAfter reports the words from token from that are a name or an
// address: at most maxAddressWords unplaced words (a CJK rune counts as
// one), up to the end of the clause (toEnd: the end of the text, across
// the punctuation after the sign-off), with no condition, number or
// dictionary word of content among them. It returns the last token.
func (st *state) addressAfter(from int, toEnd bool) (int, bool) {
	words, last := 0, from-1
	for k := from; k < len(st.toks); k++ {
		tk := &st.toks[k]
		switch {
		case tk.kind == tkSpace, st.emoji(k):
		case tk.kind == tkPunct:
			if !toEnd && isClauseSep(st.t.norm[tk.s]) {
				return last, true
			}
		case tk.role == roleCond, tk.kind == tkNum, tk.kind == tkURL, tk.kind == tkHandle, tk.kind == tkQuote:
			return 0, false
		case tk.kind == tkWord, tk.kind == tkCJK:
			if tk.role != roleNone {
				return 0, false
			}
			words++
		case tk.kind == tkLex:
			// an address holds names, titles and articles ("Ms Chen",
			// "the Acme team"), never the ask or the creators ("hey could
			// u find me …")
			if tk.has(clsStop) == nil && !addressWords[st.word(k)] {
				return 0, false
			}
		default:
			return 0, false
		}
		if words > maxAddressWords {
			return 0, false
		}
		last = k
	}
	return last, true
}

// addressWords are the titles and collective nouns of an address ("Mr",
// "Dr", "team", "all", "brother").
var addressWords = map[string]bool{"mr": true, "mrs": true, "ms": true, "miss": true, "dr": true, "sir": true, "sirs": true,
	"madam": true, "ma'am": true, "team": true, "all": true, "everyone": true, "everybody": true, "folks": true, "guys": true,
	"friend": true, "friends": true, "brother": true, "bro": true, "sis": true, "dear": true}

// frameRange makes the unplaced tokens from..to frame words.
func (st *state) frameRange(from, to int) {
	for k := from; k <= to && k < len(st.toks); k++ {
		tk := &st.toks[k]
		if tk.kind != tkWord && tk.kind != tkCJK && tk.kind != tkLex || tk.role != roleNone ||
			!strings.ContainsFunc(string(st.t.norm[tk.s:tk.e]), unicode.IsLetter) {
			continue // "谢谢～": the mark is no word of the frame
		}
		tk.role, tk.frameWord = roleFiller, true
	}
	st.sig.Sentence = true
}

// sectionLabels frames a section label of a brief (sectionLabels) that
// opens a row before a colon ("背景：", "quick background:", "Ask:"),
// whatever follows it.
func (st *state) sectionLabels() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.kind != tkPunct || st.t.norm[tk.s] != ':' && st.t.norm[tk.s] != '：' || tk.e < len(st.t.norm) && st.t.norm[tk.e] == '/' {
			continue
		}
		b := tk.s
		for b > 0 && !isRowSep(st.t.norm, b-1) && st.t.norm[b-1] != ':' && st.t.norm[b-1] != '：' && st.t.norm[b-1] != '.' &&
			st.t.norm[b-1] != '!' && st.t.norm[b-1] != '?' {
			b--
		}
		label := strings.Join(strings.Fields(strings.ToLower(string(st.t.norm[b:tk.s]))), " ")
		if !sectionLabels[label] {
			continue
		}
		for k := i - 1; k >= 0 && st.toks[k].s >= b; k-- {
			if n := &st.toks[k]; n.kind != tkSpace && (n.role == roleNone || n.role == roleContent) {
				n.role, n.frameWord = roleFiller, true
			}
		}
		st.sig.Sentence = true
	}
}
