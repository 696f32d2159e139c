package condparse

import (
	"slices"
	"strings"
	"unicode"
)

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

// recommendVerbs are the Chinese verbs of recommending goods to the
// audience ("推护肤品的", "经常推平价彩妆", "安利好物的"): at the head of an
// unknown word before 的, a creator noun or a clause's end, with two or
// more runes after them, they are frame and what follows is the topic.
var recommendVerbs = []string{"推", "安利"}

// recommendNotVerb are the runes after 推 that make it part of another
// word (推理, 推拿, 推车, 推文, 推荐, 推送, 推出, 推广, 推销, 推特, …) or a
// platform's nickname (推上: on X).
const recommendNotVerb = "理拿车文荐送出广销特介手敲土动进翻测算断上下"

// recommendLeads makes a recommending verb that opens an unknown word
// frame (recommendVerbs), with the posting adverb glued before it.
func (st *state) recommendLeads() {
	for i := 0; i < len(st.toks); i++ {
		for _, v := range recommendVerbs {
			vr := []rune(v)
			end := i + len(vr) // the token after the verb
			if end+1 >= len(st.toks) || !st.unknownRunes(i, end) || st.free(i-1) && st.tok(i-1).kind == tkCJK && st.adverbStart(i) < 0 {
				continue
			}
			if st.tokText(i) != string(vr[0]) || len(vr) > 1 && st.tokText(i+1) != string(vr[1]) {
				continue
			}
			if strings.ContainsRune(recommendNotVerb, []rune(st.tokText(end))[0]) {
				continue
			}
			// two or more runes of what is recommended, ending at 的, a
			// creator noun or the clause's end
			k, runes := end, 0
			for ; k < len(st.toks) && st.recommendedWord(k); k++ {
				runes += st.toks[k].e - st.toks[k].s
			}
			if runes < 2 || k < len(st.toks) && st.tok(k).has(clsDe) == nil && st.tok(k).has(clsCreator) == nil && !st.clauseEndsAt(k) {
				continue
			}
			for j := i; j < end; j++ {
				st.toks[j].role = roleFiller
			}
			if a := st.adverbStart(i); a >= 0 {
				for j := a; j < i; j++ {
					st.toks[j].role = roleFiller
				}
			}
		}
	}
}

// recommendedWord reports a CJK token at k that may be part of what is
// recommended: an unknown rune, or a free or topical dictionary word
// (护肤, 数码, 母婴) that is neither 的 nor a creator noun.
func (st *state) recommendedWord(k int) bool {
	tk := st.tok(k)
	if st.unknownCJK(k) {
		return true
	}
	if tk.kind != tkLex || tk.s >= tk.e || !unicode.Is(unicode.Han, st.t.norm[tk.s]) || tk.has(clsDe) != nil || tk.has(clsCreator) != nil {
		return false
	}
	return tk.role == roleNone || tk.has(clsCategory) != nil || tk.has(clsTopic) != nil
}

// unknownRunes reports free one-rune CJK tokens at [from, to).
func (st *state) unknownRunes(from, to int) bool {
	for j := from; j < to; j++ {
		if j >= len(st.toks) || !st.free(j) || st.toks[j].kind != tkCJK || st.toks[j].e-st.toks[j].s != 1 {
			return false
		}
	}
	return true
}

// adverbStart is the first token of a Chinese posting adverb glued right
// before the token at i, -1 when there is none.
func (st *state) adverbStart(i int) int {
	text := ""
	for k := i - 1; k >= 0 && i-k <= 3; k-- {
		if st.toks[k].kind != tkCJK && st.toks[k].kind != tkLex {
			return -1
		}
		text = st.tokText(k) + text
		if slices.Contains(postingAdverbs, text) && (k == 0 || st.toks[k-1].kind != tkCJK) {
			return k
		}
	}
	return -1
}

// beneficiaryLead makes 给/替/为 that open a clause frame: "给一个电动车品牌
// 找…", "替客户找…", "为我们的新品找…" say whom the search is for, never
// a topic (audit 30). Inside a clause (不要给X带货的) they stay for the
// rules that read them there.
func (st *state) beneficiaryLead() {
	for i := range st.toks {
		w := st.tokText(i)
		if !st.free(i) || st.toks[i].kind != tkCJK || w != "给" && w != "替" && w != "为" && w != "帮" {
			continue
		}
		if f := st.forWhomUntilAsk(i); f > i {
			// "想给上小学的女儿找教画画的", "帮我给客户找…": whom the
			// search is for, up to the ask, is frame
			for k := i; k < f; k++ {
				if st.free(k) || st.toks[k].role == roleContent {
					st.toks[k].role, st.toks[k].frameWord = roleFiller, true
				}
			}
			continue
		}
		if p := st.prevSig(i); p >= 0 && st.toks[p].kind != tkPunct {
			continue
		}
		if n := st.tok(i + 1); n.kind == tkCJK || n.kind == tkLex || n.kind == tkNum {
			st.toks[i].role = roleFiller
		}
	}
}

// forWhomUntilAsk returns the token of the ask verb (找, 推荐, 物色) that
// follows 给/替/为 at i within the clause, past only unread words and
// frame (the person the search is for: 上小学的女儿, 客户, 我们老板), or -1.
func (st *state) forWhomUntilAsk(i int) int {
	for k, n := st.skipSpace(i+1), 0; k < len(st.toks) && n < 12; k, n = st.skipSpace(k+1), n+1 {
		tk := &st.toks[k]
		switch w := st.tokText(k); {
		case w == "找" || w == "推荐" || w == "物色" || w == "寻找" || w == "挑" || w == "选" || strings.HasPrefix(w, "找"):
			if k > st.skipSpace(i+1) {
				return k
			}
			return -1
		case tk.kind == tkPunct || tk.role == roleCond || tk.kind == tkLex && (tk.has(clsCategory) != nil || tk.has(clsCountry) != nil || tk.has(clsPlatform) != nil || tk.has(clsCreator) != nil):
			return -1
		}
	}
	return -1
}

// backVerbs take "back" as their particle after the object ("bring NZ
// back", "put the UK back", "switch it back").
var backVerbs = map[string]bool{"bring": true, "put": true, "add": true, "get": true, "switch": true, "change": true, "set": true, "turn": true}

// backParticle makes "back" frame after an object of a backVerbs verb in
// its clause: what is put back is read by the rules of the object; the
// particle is never "not understood".
func (st *state) backParticle() {
	for i := range st.toks {
		if !st.free(i) || strings.ToLower(st.tokText(i)) != "back" {
			continue
		}
		for k, n := st.prevSig(i), 0; k >= 0 && n < 5 && st.toks[k].kind != tkPunct; k, n = st.prevSig(k), n+1 {
			if backVerbs[strings.ToLower(st.tokText(k))] {
				st.toks[i].role = roleFiller
				break
			}
		}
	}
}
