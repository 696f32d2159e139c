package condparse

import "strings"

// A verb of filming or posting before the topic ("主要拍X的", "专门拍X",
// "平时发X的", "经常更X", "who mostly films X", "that posts X"; issue 26,
// fixQ class 6): the verb and the posting adverb before it are frame, X
// is the topic (its category, subtopic or words); the verb never ranks,
// and "film" is no Film & TV category there.

// postingAdverbs say how often or how much the creators post: before a
// content verb they are frame with it.
var postingAdverbs = []string{"主要", "专门", "平时", "经常", "常常", "日常", "一直", "偶尔", "天天", "每天", "基本", "基本上", "都", "只",
	"mostly", "mainly", "usually", "often", "regularly", "primarily", "only", "just", "always", "also"}

// postingVerbs marks a content verb after a posting adverb or a relative
// opening ("who", "that") and before a free word as frame, with the
// adverb.
func (st *state) postingVerbs() {
	for i := range st.toks {
		tk := &st.toks[i]
		w := strings.ToLower(st.tokText(i))
		if !st.free(i) || !contentVerbs[w] || tk.kind != tkCJK && tk.kind != tkLex && tk.kind != tkWord {
			continue
		}
		cjk := tk.kind == tkCJK || tk.kind == tkLex && !isLatinWord(w)
		n := i + 1
		if !cjk {
			n = st.skipSpace(i + 1)
		}
		if !st.free(n) || !st.postedWord(n) {
			continue
		}
		from := st.postingAdverb(i, cjk)
		if from < 0 {
			continue
		}
		for k := from; k <= i; k++ {
			if st.toks[k].kind != tkSpace {
				st.toks[k].role = roleFiller
			}
		}
	}
}

// postedWord reports a word at n that may be what is posted: a category,
// a subtopic, a platform-free dictionary word or an unknown word.
func (st *state) postedWord(n int) bool {
	tk := st.tok(n)
	switch tk.kind {
	case tkCJK, tkWord:
		return true
	case tkLex:
		return tk.has(clsCategory) != nil || tk.has(clsTopic) != nil || !isFillerLex(tk) && tk.has(clsCountry) == nil &&
			tk.has(clsLanguage) == nil && tk.has(clsPlatform) == nil && tk.has(clsActWord) == nil && tk.has(clsField) == nil
	}
	return false
}

// postingAdverb returns the first token of a posting adverb (or of a
// relative opening, in Latin text) right before the verb at i, else -1.
// In CJK text the adverb must be glued to the verb and be a word of its
// own: its runes open the text or follow a non-CJK token or a 的.
func (st *state) postingAdverb(i int, cjk bool) int {
	if !cjk {
		p := st.prevSig(i)
		if p >= 0 && st.free(p) || p >= 0 && st.toks[p].role == roleFiller {
			if a := strings.ToLower(st.tokText(p)); containsFold(postingAdverbs, a) {
				if q := st.prevSig(p); q >= 0 && st.tok(q).has(clsRel) != nil {
					return p
				}
			}
			if st.tok(p).has(clsRel) != nil {
				return i
			}
		}
		return -1
	}
	text := ""
	for k := i - 1; k >= 0 && i-k <= 3; k-- {
		tk := &st.toks[k]
		if tk.kind != tkCJK && tk.kind != tkLex || tk.role != roleNone && tk.role != roleFiller {
			return -1
		}
		text = st.tokText(k) + text
		if containsFold(postingAdverbs, text) {
			if b := st.tok(k - 1); k == 0 || b.kind != tkCJK && (b.kind != tkLex || isFillerLex(b) || b.role != roleNone) {
				return k
			}
		}
	}
	return -1
}

// containsFold reports s in list.
func containsFold(list []string, s string) bool {
	for _, w := range list {
		if w == s {
			return true
		}
	}
	return false
}
