package condparse

import "unicode"

// A multi-word name stays one ranking term (audit 29, class 4): "League
// of Legends", "Call of Duty", "Dead by Daylight" are titles, never two
// terms split at their small linking word.

// titleLinks are the small words a title holds between capitalised words.
var titleLinks = map[string]bool{"of": true, "by": true, "the": true, "of the": true, "in the": true, "for": true, "on": true, "and the": true}

// titleNames makes the linking word of a title content, so that its
// capitalised words on both sides run into one term.
func (st *state) titleNames() {
	for j := range st.toks {
		if st.toks[j].kind == tkSpace || st.toks[j].role == roleContent || st.toks[j].role == roleCond || !titleLinks[st.tokText(j)] {
			continue
		}
		// the link is written in lower case, the words around it capitalised
		if j+2 >= len(st.toks) || j < 2 || st.toks[j-1].kind != tkSpace || st.toks[j+1].kind != tkSpace {
			continue
		}
		p, n := j-2, j+2
		if st.toks[p].role != roleContent || st.toks[n].role != roleContent || !st.capitalised(p) || !st.capitalised(n) {
			continue
		}
		st.toks[j].role = roleContent
	}
}

// capitalised reports a Latin token whose original spelling starts with a
// capital letter.
func (st *state) capitalised(k int) bool {
	tk := &st.toks[k]
	if tk.e <= tk.s {
		return false
	}
	r := st.t.orig[tk.s]
	return unicode.IsUpper(r) && r < unicode.MaxLatin1+0x180
}
