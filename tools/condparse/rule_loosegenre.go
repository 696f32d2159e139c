package condparse

import (
	"strings"

	"searchagent/tools/condition"
)

// A loose genre word is no hard category (audit 29, class 4): a word
// that picks a category said in a list beside a content format, a genre
// of no category of its own ("ASMR and mukbang creators", 吃播和助眠博主,
// "vlog and cooking"), asks for creators of either; one hard category
// would empty the other half. The category ranks instead (a reference),
// and so does the word. Two categories listed are a list of categories
// ("travel and food": an OR), and an unknown word beside a category word
// keeps it (most often one of its kinds: "knitting and crafts").

// looseGenres softens each hard category read from a word coordinated
// ("and", "or", 和, 、) with a content format.
func (st *state) looseGenres() {
	for _, pc := range st.conds {
		if pc.dropped || pc.neg || pc.c.Field != condition.Category || pc.c.Kind != condition.KindHard || pc.c.Op != condition.OpEq {
			continue
		}
		i, j := st.tokenAt(pc.s, true), st.tokenAt(pc.e, false)
		if i < 0 || j < 0 {
			continue
		}
		code := pc.c.Value.Str
		loose, format := false, false
		if a := st.skipSpace(j + 1); st.listGlue(a) {
			loose, format = st.otherGenre(st.skipSpace(a+1), code)
		}
		if a := st.prevSig(i); !loose && a >= 0 && st.listGlue(a) {
			loose, format = st.otherGenre(st.prevSig(a), code)
		}
		// an unknown word beside a category word names one of its kinds
		// as often as not ("knitting and crafts", "瑜伽和普拉提", "F1 and
		// MotoGP"): only a content format beside it is surely a genre of
		// another kind
		if !loose || !format {
			continue
		}
		pc.c.Kind, pc.c.Priority, pc.c.Status = condition.KindSoft, 2, condition.StatusReference
		ranked := false
		for _, o := range st.conds {
			ranked = ranked || o.c.Field == condition.Keyword && !o.neg && o.s == pc.s
		}
		if !ranked {
			st.conds = append(st.conds, st.phraseTerm(i, j))
		}
	}
}

// tokenAt returns the token that starts (start) or ends at rune offset
// r, or -1.
func (st *state) tokenAt(r int, start bool) int {
	for k := range st.toks {
		if start && st.toks[k].s == r || !start && st.toks[k].e == r {
			return k
		}
	}
	return -1
}

// listGlue reports a token that joins the items of a list.
func (st *state) listGlue(k int) bool {
	if k < 0 || k >= len(st.toks) {
		return false
	}
	tk := &st.toks[k]
	if tk.kind == tkPunct {
		// a slash joins a topic's own words as often ("personal finance /
		// budgeting")
		return st.t.norm[tk.s] == '、'
	}
	return tk.kind == tkLex && tk.has(clsAnd) != nil
}

// otherGenre reports a token at k that is a ranking term or unplaced
// word, not of the category code (a subtopic of it, or another
// category, makes the list one of categories), and whether it is a
// content format ("ASMR", "vlog": a genre of no category of its own,
// which formCategories ranks).
func (st *state) otherGenre(k int, code string) (ok, format bool) {
	if k < 0 || k >= len(st.toks) {
		return false, false
	}
	tk := &st.toks[k]
	for _, o := range st.conds {
		if !o.dropped && o.s <= tk.s && tk.e <= o.e && o.c.Field == condition.Category {
			f := formatWords[strings.ToLower(strings.TrimSpace(string(st.t.orig[o.s:o.e])))]
			return f, f
		}
	}
	for _, o := range st.conds {
		if !o.dropped && !o.neg && o.s <= tk.s && tk.e <= o.e && o.c.Field == condition.Keyword && o.c.Status == condition.StatusReference {
			return true, false // a ranking term of its own
		}
	}
	if c := st.tokCond[k]; c > 0 {
		o := st.conds[c-1]
		return o.c.Field == condition.Keyword && !o.neg, false
	}
	if tk.kind == tkLex && (tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil || tk.has(clsCountry) != nil || tk.has(clsLanguage) != nil ||
		tk.has(clsPlatform) != nil || tk.has(clsStop) != nil) {
		return false, false
	}
	return tk.role == roleContent || tk.role == roleNone && (tk.kind == tkWord || tk.kind == tkCJK), false
}
