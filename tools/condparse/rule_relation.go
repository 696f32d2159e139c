package condparse

// The user's own relations ("nothing sponsored by competitors", "no one
// who has worked with our rivals", 不要接过竞品的博主, 跟友商合作过的不要):
// the catalog does not know who a user's competitors are, so the word is
// neither excluded (that would drop every channel that says "competitor")
// nor dropped silently. It goes to Remainder as ResidueRelation and the
// box names it as not applied, as it names a creator's gender. The
// exclusion rules read it first, as the partner they exclude, so the
// partner frame around it ("worked with", 接过, 合作过的) is dropped as it
// is around a brand; a relation word that only describes a partner
// named right after it ("和竞品小佩合作过的") is frame: the name is
// excluded.

// relations names the relation words the rules before left free or read
// as an exclusion's object.
func (st *state) relations() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.has(clsRelation) == nil || tk.role != roleNone && tk.role != roleContent {
			continue
		}
		tk.role, tk.neg = roleFiller, 0
		if st.namesPartner(i) {
			continue
		}
		span := [2]int{tk.s, tk.e}
		st.remainder = append(st.remainder, span)
		st.relationRem = append(st.relationRem, span)
		st.unsupport = true // a condition said, not a keyword
	}
}

// namesPartner reports a relation word right before a name it describes
// ("竞品小佩", "rival brand Nike"): a word the lexicon does not know.
func (st *state) namesPartner(i int) bool {
	n := i + 1
	if st.tok(n).kind == tkSpace && st.t.norm[st.tok(n).s] == ' ' {
		n++
	}
	switch st.tok(n).kind {
	case tkCJK, tkWord, tkName:
		return st.free(n)
	}
	return false
}
