package condparse

import (
	"slices"
	"strings"

	"searchagent/tools/condition"
)

// Too much of something ("業配太多的不要", "广告不要太多", "别太多广告植入的",
// "not too many sponsored posts", "too much sponsored content"): a wish
// about a channel's content mix, which the catalog cannot count. It is a
// soft preference to avoid it (a reference, never a filter), and never
// an exclusion of the word, which would drop every channel that mentions
// it once, nor a ranking term, which would favour them. A "too many"
// said of a size ("粉丝太多了", "too many followers") or of the creators
// stays the vague amount it is.

// manyWord reports a vague "too many / too much" word at i.
func (st *state) manyWord(i int) bool {
	tk := st.tok(i)
	e := tk.has(clsVague)
	if e == nil || e.dir >= 0 {
		return false
	}
	return strings.Contains(e.word, "多") || strings.Contains(e.word, "重") || strings.Contains(e.word, "many") || strings.Contains(e.word, "much")
}

// plentyDenied returns the exclusion word that denies a large amount at
// i ("without tons of sponsorships", "avoid ones with loads of ads",
// "no channels with a lot of brand deals"): too much of what follows, as
// "not too many" says; -1 when there is none.
func (st *state) plentyDenied(i int) int {
	tk := st.tok(i)
	if tk.kind != tkLex || !slices.ContainsFunc(tk.ents, func(e *lexEntry) bool { return e.plenty }) {
		return -1
	}
	p := st.prevSig(i)
	for n := 0; n < 3 && p >= 0 && st.free(p) && (st.word(p) == "with" || st.word(p) == "having" || st.tok(p).has(clsCreator) != nil ||
		st.tokText(p) == "anyone" || st.tokText(p) == "anybody" || st.tokText(p) == "anything"); n++ {
		p = st.prevSig(p) // "avoid ones with …": who has too much of it
	}
	if p >= 0 && st.free(p) && st.tok(p).has(clsExclude) != nil {
		return p
	}
	return -1
}

// dealVerbs are the light verbs of taking or doing deals between a "too
// many" word and its exclusion ("别接太多商单", "不要带太多货").
var dealVerbs = map[string]bool{"接": true, "做": true, "带": true, "发": true, "拍": true, "搞": true, "有": true}

// dealVerbsOnly reports tokens [a, i) that are deal verbs only.
func (st *state) dealVerbsOnly(a, i int) bool {
	for k := a; k < i; k++ {
		if !dealVerbs[st.tokText(k)] {
			return false
		}
	}
	return a < i
}

// mixNouns are the words for a channel's posts that "too many" may count
// ("too many sponsored posts", "too much paid content"); elsewhere they
// are function words of the lexicon.
var mixNouns = map[string]bool{"content": true, "videos": true, "video": true, "posts": true, "post": true, "shorts": true,
	"内容": true, "视频": true}

// mixFrame are the frame words of the deal that may be what there is too
// much of ("推广内容太多", "too many sponsored posts").
var mixFrame = map[string]bool{"推广": true, "合作": true, "种草": true, "投放": true, "sponsored": true, "sponsor": true,
	"sponsorship": true, "promote": true, "promoting": true, "campaign": true, "campaigns": true,
	// "brand deals", "paid promotions", "brand collabs"
	"brand": true, "brands": true, "paid": true}

// mixWord reports a free token at k that may be a word of what there is
// too much of: an unknown word, a deal noun (广告, ads, promos), a frame
// word of the deal (推广, sponsored), a content form (带货) or a word for
// posts.
func (st *state) mixWord(k int) bool {
	tk := st.tok(k)
	if !st.free(k) {
		return false
	}
	switch tk.kind {
	case tkCJK, tkWord:
		return true
	case tkLex:
		// a content form ("带货不要太多", "too many unboxings") is one too
		return tk.has(clsPartner) != nil || mixNouns[st.tokText(k)] || mixFrame[st.tokText(k)] || isFormLex(tk)
	}
	return false
}

// tooMuch reads "too much X" as a soft preference to avoid it.
func (st *state) tooMuch() {
	for i := range st.toks {
		if st.free(i) && st.tok(i).has(clsToo) != nil {
			st.nothingToo(i)
			continue
		}
		denied := st.plentyDenied(i)
		if !st.free(i) || !st.manyWord(i) && denied < 0 {
			continue
		}
		if p := st.prevSig(i); denied < 0 && p >= 0 && (st.fieldOf(p) != "" || st.tok(p).has(clsCreator) != nil) {
			continue // "粉丝别太多", "博主太多了": a size, the vague amount
		}
		a, b := st.mixBefore(i), st.mixAfter(i)
		if denied >= 0 || a >= 0 && b >= 0 && st.dealVerbsOnly(a, i) {
			// "without tons of sponsorships": what follows is what
			// there is too much of; "别接太多商单": the verb before is
			// the deal's, what follows what there is too much of
			a = -1
		}
		var from, to int
		switch {
		case a >= 0:
			from, to = a, i
		case b >= 0:
			from, to = i, b
		default:
			continue
		}
		val := st.mixValue(from, to, i)
		// the exclusion said around it is the wish's: "不要植入太多的",
		// "業配太多的不要", "广告太多的就算了"
		s, e := from, to
		p := st.prevSig(s)
		for p >= 0 && st.free(p) && dealVerbs[st.tokText(p)] {
			p = st.prevSig(p)
		}
		if denied >= 0 {
			s = denied
		} else if st.free(p) && st.tok(p).has(clsExclude) != nil {
			s = p
		}
		e = st.mixTail(e)
		pc := newCond(condition.KindSoft, condition.Preference, condition.OpAvoid, StringValue(val))
		st.add(pc, s, e)
		pc.s, pc.e = st.toks[from].s, st.toks[to].e
	}
}

// mixBefore is the first token of the run of mix words glued before the
// CJK "too many" word at i ("業配太多"), -1 when none is.
func (st *state) mixBefore(i int) int {
	from := -1
	for k := i - 1; k >= 0 && i-k <= 4 && st.mixWord(k) && st.tok(k).kind != tkWord; k-- {
		from = k
	}
	return from
}

// mixAfter is the last token of the run of mix words after the "too
// many" word at i ("too many sponsored posts", "别太多广告植入"), -1 when
// none follows.
func (st *state) mixAfter(i int) int {
	to := -1
	for k, n := i+1, 0; k < len(st.toks) && n < 4; k++ {
		if st.tok(k).kind == tkSpace {
			if !st.plainSpace(k) || !st.latinEdge(k-1, true) || !st.latinEdge(k+1, false) {
				break // words after a space are the wish's in Latin text only
			}
			continue
		}
		if !st.mixWord(k) {
			break
		}
		to, n = k, n+1
	}
	return to
}

// mixTail extends the wish at e over the 的 and the exclusion words that
// close it ("的不要", "的就算了", "is a no").
func (st *state) mixTail(e int) int {
	n := st.skipSpace(e + 1)
	if st.free(n) && st.tok(n).has(clsDe) != nil {
		n = st.skipSpace(n + 1)
	}
	if !st.free(n) {
		return e
	}
	if st.tok(n).has(clsExclude) != nil {
		return n
	}
	rest := strings.ToLower(string(st.t.norm[st.tok(n).s:]))
	for _, w := range []string{"就算了", "算了", "不行", "免了", "pass", "is a no", "are a no", "is a no-go", "are a no-go"} {
		if strings.HasPrefix(rest, w) {
			end := st.tok(n).s + len([]rune(w))
			k := n
			for k+1 < len(st.toks) && st.toks[k+1].e <= end && st.free(k+1) {
				k++
			}
			return k
		}
	}
	return e
}

// mixValue names the wish in the words of the input, without its
// negation: "广告太多", "太多广告植入" becomes "广告植入太多", "too many ads".
func (st *state) mixValue(from, to, v int) string {
	a, b := from, to
	if v == from {
		a = v + 1
	} else {
		b = v - 1
	}
	obj := strings.TrimSpace(string(st.t.orig[st.toks[a].s:st.toks[b].e]))
	if st.tok(v).kind == tkLex && !isLatinWord(st.word(v)) {
		return obj + "太多"
	}
	if strings.Contains(st.word(v), "much") {
		return "too much " + obj
	}
	return "too many " + obj
}

// nothingWords deny what follows them as a whole ("nothing too salesy",
// "none overly promotional"); the exclusion rules read "not", "no" and
// 不要 before "too" the same way (a hedged exclusion, a soft preference).
var nothingWords = map[string]bool{"nothing": true, "none": true, "nobody": true, "no one": true, "noone": true}

// nothingToo reads "nothing too X" (the "too" word at i) as a soft
// preference to avoid X, never a ranking term of X.
func (st *state) nothingToo(i int) {
	p, n := st.prevSig(i), st.skipSpace(i+1)
	if !st.free(p) || !nothingWords[st.tokText(p)] || !st.free(n) || st.tok(n).kind != tkWord && st.tok(n).kind != tkCJK {
		return
	}
	pc := newCond(condition.KindSoft, condition.Preference, condition.OpAvoid, StringValue(string(st.t.orig[st.toks[n].s:st.toks[n].e])))
	st.add(pc, p, n)
	pc.s = st.toks[i].s
}
