package condparse

// A creator's gender ("别要男博主", "只要女生", "female creators only"): the
// catalog records no gender, so neither a keyword (男 would match a tag
// by chance) nor an exclusion of one; the words, with an exclusion verb
// right before them, go to Remainder as ResidueGender and the box names
// them as not applied.

// genders marks the gender words and the exclusion verb before each;
// the other traits the catalog does not record (真人出镜, "on camera";
// ResidueTrait) and a page of results asked for ("next page", 下一页;
// ResiduePaging) are named the same way (audit 25, class 4).
func (st *state) genders() {
	for i := range st.toks {
		tk := &st.toks[i]
		if !st.free(i) || (tk.kind != tkLex || tk.has(clsGender) == nil && tk.has(clsTrait) == nil && tk.has(clsPaging) == nil) && !st.loneGender(i) {
			continue
		}
		from := i
		if p := st.prevSig(i); p >= 0 && st.free(p) && st.toks[p].kind == tkLex && st.toks[p].has(clsExclude) != nil {
			from = p // "别要男博主": the verb excludes nothing else
		}
		// "English captions": the language is the captions', not the
		// creators' (rule_script.go)
		from = st.captionLanguage(i, from)
		for k := from; k <= i; k++ {
			st.toks[k].role = roleFiller
		}
		span := [2]int{st.toks[from].s, tk.e}
		st.remainder = append(st.remainder, span)
		if tk.has(clsTrait) == nil && tk.has(clsPaging) == nil {
			st.genderRem = append(st.genderRem, span)
		}
		st.unsupport = true // a condition said, not a keyword
	}
}

// loneGender reports 男 or 女 said as a word of its own ("健身 女 广州"):
// between spaces, punctuation or the ends of the text, not inside a
// word (男装, 女鞋).
func (st *state) loneGender(i int) bool {
	tk := &st.toks[i]
	if tk.kind != tkCJK || tk.e-tk.s != 1 || (st.t.norm[tk.s] != '男' && st.t.norm[tk.s] != '女') {
		return false
	}
	edge := func(k int) bool {
		return k < 0 || k >= len(st.toks) || st.toks[k].kind == tkSpace || st.toks[k].kind == tkPunct
	}
	return edge(i-1) && edge(i+1)
}
