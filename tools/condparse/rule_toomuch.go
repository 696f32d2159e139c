package condparse

import (
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
	return strings.Contains(e.word, "多") || strings.Contains(e.word, "many") || strings.Contains(e.word, "much")
}

// mixNouns are the words for a channel's posts that "too many" may count
// ("too many sponsored posts", "too much paid content"); elsewhere they
// are function words of the lexicon.
var mixNouns = map[string]bool{"content": true, "videos": true, "video": true, "posts": true, "post": true, "shorts": true,
	"内容": true, "视频": true}

// mixFrame are the frame words of the deal that may be what there is too
// much of ("推广内容太多", "too many sponsored posts").
var mixFrame = map[string]bool{"推广": true, "合作": true, "种草": true, "投放": true, "sponsored": true, "sponsor": true,
	"sponsorship": true, "promote": true, "promoting": true, "campaign": true, "campaigns": true}

// mixWord reports a free token at k that may be a word of what there is
// too much of: an unknown word, a deal noun (广告, ads, promos), a frame
// word of the deal (推广, sponsored) or a word for posts.
func (st *state) mixWord(k int) bool {
	tk := st.tok(k)
	if !st.free(k) {
		return false
	}
	switch tk.kind {
	case tkCJK, tkWord:
		return true
	case tkLex:
		return tk.has(clsPartner) != nil || mixNouns[st.tokText(k)] || mixFrame[st.tokText(k)]
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
		if !st.free(i) || !st.manyWord(i) {
			continue
		}
		if p := st.prevSig(i); p >= 0 && (st.fieldOf(p) != "" || st.tok(p).has(clsCreator) != nil) {
			continue // "粉丝别太多", "博主太多了": a size, the vague amount
		}
		a, b := st.mixBefore(i), st.mixAfter(i)
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
		if p := st.prevSig(s); st.free(p) && st.tok(p).has(clsExclude) != nil {
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
