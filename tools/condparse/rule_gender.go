package condparse

// A creator's gender ("别要男博主", "只要女生", "female creators only"): the
// catalog records no gender, so neither a keyword (男 would match a tag
// by chance) nor an exclusion of one; the words, with an exclusion verb
// right before them, go to Remainder as ResidueGender and the box names
// them as not applied.

// genders marks the gender words and the exclusion verb before each.
func (st *state) genders() {
	for i := range st.toks {
		tk := &st.toks[i]
		if !st.free(i) || tk.kind != tkLex || tk.has(clsGender) == nil {
			continue
		}
		from := i
		if p := st.prevSig(i); p >= 0 && st.free(p) && st.toks[p].kind == tkLex && st.toks[p].has(clsExclude) != nil {
			from = p // "别要男博主": the verb excludes nothing else
		}
		for k := from; k <= i; k++ {
			st.toks[k].role = roleFiller
		}
		span := [2]int{st.toks[from].s, tk.e}
		st.remainder = append(st.remainder, span)
		st.genderRem = append(st.genderRem, span)
		st.unsupport = true // a condition said, not a keyword
	}
}
