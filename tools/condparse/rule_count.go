package condparse

import (
	"slices"
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/fields"
	"searchagent/tools/number"
)

// Step 2 of spec 3.7.2, hard filters: the count and ratio fields of the
// filter registry (tools/fields): followers, average views, engagement
// rate. Their cue words are the registry's; a bare count bounds the
// registry's default field (followers); a ratio reads its number as a
// percentage ("互动率 3% 以上", "engagement above 2.5%") in basis points.

// numericField is the registry row of a count or ratio field.
func numericField(f condition.Field) (fields.Field, bool) {
	ff, ok := fields.Lookup(string(f))
	return ff, ok && ff.Name == f && ff.Kind.Numeric()
}

// isCount reports whether f is a count or ratio field (they parse, label
// and filter alike).
func isCount(f condition.Field) bool {
	_, ok := numericField(f)
	return ok
}

// enoughWords say a count is enough ("2k subs is plenty", "一万粉就够了"):
// frame words of the lexicon.
var enoughWords = []string{"is enough", "is plenty", "are enough", "is good enough", "will do", "would do", "就够了", "够了", "足够了", "就够"}

// acceptTails are the words after a count that call it acceptable too
// ("十万也行", "80k is fine too", "五千也没问题"): the figure is taken in
// (IssueAccepted).
var acceptTails = acceptWordSet(func(a acceptWord) bool { return a.tail })

// acceptTail returns the accept tail ("也行", "is fine too") at token k,
// or after a 的 there ("五千的也行"), or -1.
func (st *state) acceptTail(k int) int {
	if st.free(k) && st.tok(k).has(clsDe) != nil {
		if n := st.skipSpace(k + 1); st.free(n) && acceptTails[st.word(n)] {
			st.toks[k].role = roleFiller
			return n
		}
	}
	if st.free(k) && acceptTails[st.word(k)] {
		return k
	}
	return -1
}

// complaintTail returns the complaint at token k ("太少了", "is too
// small"), or after a field word or "is" there, or -1.
func (st *state) complaintTail(k int) int {
	if st.free(k) && st.fieldOf(k) != "" {
		k = st.skipSpace(k + 1) // "10k followers is too few"
	}
	if st.free(k) && (st.word(k) == "is" || st.word(k) == "are") {
		k = st.skipSpace(k + 1)
	}
	if k < len(st.toks) && (st.free(k) || st.toks[k].role == roleNone) && st.tok(k).complains() {
		return k
	}
	return -1
}

// complains reports a dictionary token that says a figure is too small
// or too large (lexEntry.complaint: "一两万太少了", "is too small").
func (tk *token) complains() bool {
	if tk.kind != tkLex {
		return false
	}
	for _, e := range tk.ents {
		if e.complaint {
			return true
		}
	}
	return false
}

// numberAfter reports a number token after token k.
func (st *state) numberAfter(k int) bool {
	for t := k + 1; t < len(st.toks); t++ {
		if st.toks[t].kind == tkNum {
			return true
		}
	}
	return false
}

// bareMagnitudes are number tokens that are only a magnitude ("万" of
// an unread "十来万"): no figure to take in.
var bareMagnitudes = map[string]bool{"万": true, "千": true, "百万": true, "千万": true, "w": true, "k": true}

// cjkMagnitudes are the bare Chinese magnitudes 上 may be glued to.
var cjkMagnitudes = map[string]bool{"万": true, "千": true, "十万": true, "百万": true, "千万": true, "百": true}

// enoughTails are the words after a count that call it enough ("10k will
// do", "一万就够了", and the acceptance words "就行", "is fine"): the count
// is then a floor.
var enoughTails = func() map[string]bool {
	m := map[string]bool{"就行": true, "就好": true, "即可": true, "is fine": true, "is ok": true, "is okay": true}
	for _, w := range enoughWords {
		m[w] = true
	}
	return m
}()

// defaultCountField is the field a bare count bounds.
func defaultCountField() condition.Field {
	for _, f := range fields.Registry {
		if f.Default {
			return f.Name
		}
	}
	return condition.Followers
}

// counts finds count and ratio bounds.
func (st *state) counts() {
	for i := 0; i < len(st.toks); i++ {
		if st.toks[i].kind == tkNum {
			st.hasNum = true
		}
		if !st.free(i) {
			continue
		}
		if end, ok := st.countAt(i); ok {
			i = end
		}
	}
}

// quantities marks "10 个", "5 位", "10 creators", "need 10 tech
// youtubers", "just show me 10", "前10个": how many results the user
// wants, which is no filter; the first is kept as st.quantity so that
// the box names it.
func (st *state) quantities() {
	for i := range st.toks {
		tk := &st.toks[i]
		if w := strings.ToLower(st.tokText(i)); st.free(i) && (w == "dozen" || w == "dozens") {
			// "at least a dozen", "a dozen fitness creators", "half a
			// dozen options": a result count said in words (audit 29)
			st.dozen(i)
			continue
		}
		// "二十个", "十个左右": a Chinese numeral's 十 is a magnitude of its
		// own, no figure with a unit: small, it still counts results
		small := tk.num.Chinese && tk.num.Value <= maxQuantity && tk.num.ApproxLo == 0
		if tk.kind != tkNum || tk.role != roleNone || tk.num.Unit && !small || tk.num.Percent || tk.num.Value < 1 || tk.num.Value > maxQuantity {
			continue
		}
		if p := st.prevSig(i); p >= 0 && strings.HasSuffix(st.tokText(p), "第") {
			continue // "第三个", "第 3 个": a position in the results, no result count
		}
		j := st.skipSpace(i + 1)
		// "30 or so", "about 30 of them": the count's own approximation
		// or object, read with it
		j, tail := st.countTail(j)
		var n *token
		if j < len(st.toks) && st.toks[j].role == roleNone {
			n = &st.toks[j]
		}
		cjk := n != nil && n.kind == tkCJK && strings.ContainsRune("个位名家条所间支款", st.t.norm[n.s])
		// "give me about 20", "find at least 10": a request before the
		// count's approximation or bound word
		req := st.requestBefore(i)
		if p := st.prevSig(i); !req && p >= 0 && st.free(p) && (st.tok(p).has(clsPreApprox) != nil || st.tok(p).has(clsPreGte) != nil) {
			req = st.requestBefore(p)
		}
		if cjk && tk.num.Chinese && tk.num.Value == 1 && len(tail) == 0 && st.priceBefore(i) {
			// "3000 欧一条", "五百块一篇": a price per post, no count of
			// results (audit 32)
			tk.role, n.role = roleFiller, roleFiller
			continue
		}
		if cjk && tk.num.Chinese && tk.num.Value == 1 && len(tail) == 0 && strings.ContainsRune("个所家间款", st.t.norm[n.s]) && !st.creatorNounAhead(j+1) && !st.clauseEndsAt(st.skipSpace(j+1)) {
			// "给一个电动车品牌找…", "香港一所大学的市场部": 一 and its
			// measure word are an article before a thing, no count of
			// results (audit 30)
			tk.role, n.role = roleFiller, roleFiller
			continue
		}
		ofThem := len(tail) == 1 && strings.HasPrefix(strings.ToLower(st.tokText(tail[0])), "of ")
		measure := cjk || ofThem || n != nil && n.kind == tkLex && (n.has(clsCreator) != nil || n.has(clsCreatorPlatform) != nil) ||
			st.creatorNounAhead(j) || req && (j >= len(st.toks) || st.clauseEndsAt(j) || strings.EqualFold(st.tokText(j), "more"))
		if !measure {
			continue
		}
		for _, k := range tail {
			st.toks[k].role = roleFiller
		}
		tk.role = roleFiller
		if p := st.prevSig(i); p >= 0 && st.onlyWord(p) {
			st.sig.Sentence = true // "only 5": how many, no keyword
		}
		end := tk.e
		if cjk {
			n.role = roleFiller
			end = n.e
			// "20个左右", "10个上下": the count's own approximation
			if k := st.skipSpace(j + 1); st.free(k) && st.tok(k).has(clsPostApprox) != nil {
				st.toks[k].role = roleFiller
				end = st.toks[k].e
			}
		}
		start := tk.s
		if p := st.prevSig(i); p >= 0 && st.free(p) && (st.tok(p).has(clsRangeConn) != nil || strings.ContainsRune("-~–到至", st.t.norm[st.toks[p].s])) {
			// "3-4 creators", "5到10个": a range of how many
			if q := st.prevSig(p); q >= 0 && st.toks[q].kind == tkNum && st.free(q) && !st.toks[q].num.Unit && st.toks[q].num.Value >= 1 && st.toks[q].num.Value <= tk.num.Value {
				st.toks[p].role, st.toks[q].role = roleFiller, roleFiller
				start = st.toks[q].s
			}
		}
		if p := st.prevSig(i); p >= 0 && (st.rankWord(p) || st.onlyWord(p) || (st.tok(p).has(clsPreApprox) != nil || st.tok(p).has(clsPreGte) != nil) && st.free(p)) {
			st.toks[p].role = roleFiller
		}
		if len(tail) > 0 {
			end = max(end, st.toks[tail[len(tail)-1]].e)
		}
		if st.quantity[1] == 0 {
			st.quantity = [2]int{start, end}
		}
	}
}

// countTail reads what may follow a result count before its clause goes
// on: "or so", "or more", "of them" ("30 or so beauty creators",
// "about 30 of them"). It returns the token after it and its tokens (none
// when nothing of the kind follows j).
func (st *state) countTail(j int) (int, []int) {
	low := func(k int) string {
		if k >= len(st.toks) || !st.free(k) {
			return ""
		}
		return strings.ToLower(st.tokText(k))
	}
	var tail []int
	if j < len(st.toks) {
		// "about 30 of them": the results frame word (resultWords) read
		// with the count it follows
		if w := strings.ToLower(st.tokText(j)); w == "of them" || w == "of these" || w == "of those" || w == "or so" && st.free(j) {
			return st.skipSpace(j + 1), []int{j}
		}
	}
	switch w := low(j); {
	case w == "or" && (low(st.skipSpace(j+1)) == "so" || low(st.skipSpace(j+1)) == "more"):
		k := st.skipSpace(j + 1)
		tail = []int{j, k}
	case w == "of":
		if k := st.skipSpace(j + 1); low(k) == "them" || low(k) == "those" || low(k) == "these" {
			tail = []int{j, k}
		}
	}
	if len(tail) == 0 {
		return j, nil
	}
	return st.skipSpace(tail[len(tail)-1] + 1), tail
}

// dozen reads the count word at i as a result count when creators or
// options follow it, or its clause ends with it; "a", "half a" and the
// bound word before it go with it.
func (st *state) dozen(i int) {
	j := st.skipSpace(i + 1)
	low := func(k int) string { return strings.ToLower(st.tokText(k)) }
	if j < len(st.toks) && st.free(j) && low(j) == "of" {
		j = st.skipSpace(j + 1)
	}
	start := i
	for p := st.prevSig(start); p >= 0 && st.free(p) && (low(p) == "a" || low(p) == "half" || low(p) == "about" || low(p) == "around" || st.tok(p).has(clsPreGte) != nil || st.tok(p).has(clsPreApprox) != nil); p = st.prevSig(p) {
		start = p
	}
	// "give me at least a dozen VTubers": after a request the dozen
	// counts what follows, a word of the vocabulary or not
	if !(j >= len(st.toks) || st.clauseEndsAt(j) || st.creatorNounAhead(j) || st.free(j) && (low(j) == "options" || low(j) == "results" || low(j) == "more") ||
		st.requestBefore(start)) {
		return
	}
	for k := start; k <= i; k++ {
		if st.toks[k].kind != tkSpace {
			st.toks[k].role = roleFiller
		}
	}
	if st.quantity[1] == 0 {
		st.quantity = [2]int{st.toks[start].s, st.toks[i].e}
	}
}

// maxQuantity is the largest number read as a result count: a larger one
// is a follower count or a year, never how many results.
const maxQuantity = 200

// creatorNounAhead reports a creator noun within six words from j, the
// words between being topic, place or language words of the vocabulary
// ("10 tech youtubers", "15 car channels", "5 Korean tech reviewers"):
// the number counts those creators.
func (st *state) creatorNounAhead(j int) bool {
	for k, n := j, 0; k < len(st.toks) && n < 7; k, n = st.skipSpace(k+1), n+1 {
		tk := &st.toks[k]
		if tk.kind != tkLex || tk.role != roleNone {
			return false
		}
		if tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil {
			return n > 0
		}
		if tk.has(clsCategory) == nil && tk.has(clsTopic) == nil && tk.has(clsCountry) == nil && tk.has(clsLanguage) == nil && tk.has(clsLangMark) == nil {
			// "5 Korean tech reviewers": a place or a language may
			// describe the creators counted too
			return false
		}
	}
	return false
}

// rankWord reports "前" or "top" at token k ("前10个", "top 5").
func (st *state) rankWord(k int) bool {
	w := strings.ToLower(st.tokText(k))
	return w == "前" || w == "top"
}

// requestBefore reports a request word ("show me", "给我", "need") or a
// rank word ("top", "前") right before the number at i.
func (st *state) requestBefore(i int) bool {
	p := st.prevSig(i)
	if p >= 0 && st.rankWord(p) {
		p = st.prevSig(p)
		if p < 0 || st.toks[p].has(clsRequest) == nil {
			return true
		}
	}
	return p >= 0 && (st.toks[p].has(clsRequest) != nil || st.onlyWord(p) && st.prevSig(p) < 0)
}

// onlyWord reports "only" or "just" at token k: "only 5", said alone
// before a number that ends its clause, is how many results.
func (st *state) onlyWord(k int) bool {
	w := strings.ToLower(st.tokText(k))
	return (w == "only" || w == "just") && st.free(k)
}

// boundAfter reports a bound mark within the few tokens after the figure
// at n, in its clause: "+", "or more", "以上", "max".
func (st *state) boundAfter(n int) bool {
	for k, seen := n+1, 0; k < len(st.toks) && seen < 4; k++ {
		tk := &st.toks[k]
		if tk.kind == tkSpace {
			continue
		}
		if tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]) {
			return false
		}
		if st.tokText(k) == "+" || tk.has(clsPostGte) != nil || tk.has(clsPostLte) != nil {
			return true
		}
		seen++
	}
	return false
}

// upWords say "and more" after a figure on their own ("from 2k subs up",
// "30k upward"); elsewhere they are words ("level up", "upward trend").
var upWords = map[string]bool{"up": true, "upward": true, "upwards": true, "onward": true, "onwards": true}

// upAfterCount reports an upWords word at token i right after a figure
// with its magnitude, or after such a figure and its field noun ("2k up",
// "from 2k subs up"): a lower bound, never a term (Y4).
func (st *state) upAfterCount(i int) bool {
	if !st.free(i) || !upWords[strings.ToLower(st.tokText(i))] {
		return false
	}
	p := st.prevSig(i)
	if p >= 0 && st.toks[p].kind == tkLex && st.toks[p].has(clsField) != nil {
		p = st.prevSig(p)
	}
	return p >= 0 && st.toks[p].kind == tkNum && st.toks[p].num.Unit
}

type countOp uint8

const (
	cNone countOp = iota
	cGte
	cLte
	cApprox
	cMagnitude // "十万级": the figure up to ten times it
	cBetween
	cExact // "exactly 50k", "正好五万": a narrow range around the figure
)

func (st *state) opOf(i int, pre bool) countOp {
	tk := st.tok(i)
	if !pre && st.upAfterCount(i) {
		return cGte
	}
	if pre && tk.kind == tkCJK && tk.role != roleCond && st.tokText(i) == "上" && st.isNum(i+1) && cjkMagnitudes[st.tokText(i+1)] {
		// "粉丝上万", "上千粉": 上 glued to a bare magnitude is "over"
		// it, as 过 is ("过万")
		return cGte
	}
	if tk.kind != tkLex || tk.role != roleNone {
		return cNone
	}
	if pre {
		switch {
		case tk.has(clsPreGte) != nil:
			return cGte
		case tk.has(clsPreLte) != nil:
			return cLte
		case tk.has(clsPreApprox) != nil:
			return cApprox
		case tk.has(clsBetween) != nil:
			return cBetween
		case tk.has(clsExact) != nil && st.isNum(st.skipGlue(i+1)):
			return cExact
		case st.word(i) == "like" && st.isNum(st.skipSpace(i+1)) && !st.boundAfter(st.skipSpace(i+1)):
			// "with like 50k?", "like 20k followers": the spoken hedge
			// before a figure is its approximation (audit 34, class S4);
			// a bound said after it wins ("like 50k+", "like 10k
			// followers or more")
			return cApprox
		}
		return cNone
	}
	switch {
	case tk.has(clsPostGte) != nil:
		return cGte
	case tk.has(clsPostLte) != nil:
		return cLte
	case tk.has(clsPostApprox) != nil && !(tk.has(clsPreApprox) != nil && st.isNum(st.skipSpace(i+1))):
		// ("20k subs, roughly 50k views": a hedge before the next
		// figure is that figure's)
		if p := st.prevSig(i); strings.EqualFold(st.tokText(i), "or so") && p >= 0 && st.toks[p].kind == tkNum && !st.toks[p].num.Unit {
			return cNone // "30 or so beauty creators": a result count's tail (countTail)
		}
		return cApprox
	case tk.has(clsPostMagnitude) != nil:
		return cMagnitude
	case tk.has(clsExact) != nil:
		if p := st.prevSig(i); p >= 0 && st.toks[p].kind == tkNum {
			return cExact // "50k exactly"
		}
	case st.word(i) == "min" || st.word(i) == "minimum":
		// "10k min": a floor after a figure with its magnitude ("10
		// min" alone is ten minutes)
		if p := st.prevSig(i); p >= 0 && st.toks[p].kind == tkNum && st.toks[p].num.Unit {
			return cGte
		}
	}
	return cNone
}

func (st *state) fieldOf(i int) condition.Field {
	tk := st.tok(i)
	if tk.kind != tkLex || tk.role != roleNone {
		return ""
	}
	if e := tk.has(clsField); e != nil {
		return condition.Field(e.code)
	}
	return ""
}

func (st *state) isNum(i int) bool {
	tk := st.tok(i)
	// a Chinese numeral without a unit is a number only as a percentage
	// ("百分之三", "两个点", "三个百分点")
	return tk.kind == tkNum && tk.role == roleNone && (tk.num.Percent || !(tk.num.Chinese && !tk.num.Unit) || st.isPercent(st.skipSpace(i+1)))
}

// countAt parses one count expression starting at token i and returns the
// index of its last token.
func (st *state) countAt(i int) (int, bool) {
	j := i
	// a bound word before its field word: "cap followers at 50k", "至少粉丝一万".
	pre := cNone
	if op := st.opOf(j, true); op != cNone && op != cBetween {
		if k := st.skipSpace(j + 1); st.fieldOf(k) != "" && st.isNum(st.skipGlue(k+1)) {
			pre, j = op, k
		}
	}
	field := st.fieldOf(j)
	fieldTok := -1
	if field != "" {
		fieldTok = j
		j = st.skipGlue(j + 1)
	}
	heldMove, named := false, false
	if w := st.word(j); (w == "up to" || w == "down to") && st.editsHeldBound(j) && st.isNum(st.skipGlue(j+1)) {
		// "bump that up to 25k", "take it down to 5k": a move of the
		// held bound, neither a cap nor a floor of its own.
		heldMove, j = true, st.skipGlue(j+1)
	} else if k, op, ok := st.negatedBound(j); ok {
		// "not exceed 1M", "shouldn't be over 80k", "不能超出五十万": the
		// bound turned around by its negation (audit 25).
		pre, j = op, st.skipGlue(k+1)
	} else if op := st.opOf(j, true); op != cNone {
		pre = op
		noun := isBoundNoun(st.word(j))
		named = noun
		j = st.skipGlue(j + 1)
		if noun && !st.isNum(j) {
			// "bump the minimum up to 80k", "cap it at 300k", "下限，五万":
			// a bound noun names the bound; the move words and a comma
			// between it and its number do not change it.
			if k, ok := st.boundNumberAhead(j); ok {
				j = k
			}
		}
	} else if st.free(j) && st.word(j) == "~" && st.isNum(st.skipSpace(j+1)) {
		pre = cApprox // "~50k"
		j = st.skipSpace(j + 1)
	}
	if pre == cBetween && st.hedgeBeforeFigure(j) {
		// "between roughly 10k and like 80k": a hedge on the lower end
		// of a range said with "between" leaves it the range's end.
		st.toks[j].role = roleFiller
		j = st.skipSpace(j + 1)
	}
	if !st.isNum(j) && !st.cnRangeStart(j) {
		return 0, false
	}
	n1, n2 := j, -1
	last := j
	// "3%", "2.5 percent": a percentage, which only a ratio field takes.
	pct := st.toks[n1].num.Percent // "百分之三"
	if k := st.skipSpace(last + 1); st.isPercent(k) {
		pct, last = true, k
	}
	k := st.skipSpace(last + 1)
	if tk := st.tok(k); tk.kind == tkLex && tk.role == roleNone && tk.has(clsPostApprox) != nil {
		// "一万左右到五万": the approximate lower end of a range
		if c := st.skipSpace(k + 1); st.tok(c).has(clsRangeConn) != nil && st.isNum(st.skipSpace(c+1)) {
			last, k = k, c
		}
	}
	if tk := st.tok(k); tk.kind == tkLex && tk.role == roleNone && (tk.has(clsRangeConn) != nil || tk.has(clsAnd) != nil && (pre == cBetween || st.andBetween(k))) {
		k2 := st.skipSpace(k + 1)
		if tk.has(clsAnd) != nil && st.free(k2) && st.tok(k2).has(clsRangeConn) != nil && st.isNum(st.skipSpace(k2+1)) {
			// "between 10k and up to 100k": a connector after the
			// "and" says the upper end again.
			st.toks[k2].role = roleFiller
			k2 = st.skipSpace(k2 + 1)
		}
		if st.hedgeBeforeFigure(k2) {
			// "100k up to about a million", "20k up to maybe 200k", "5k
			// to like 50k": the upper end is said approximately or with
			// a spoken hedge; it is still the range's end (H2).
			st.toks[k2].role = roleFiller
			k2 = st.skipSpace(k2 + 1)
		}
		if st.isNum(k2) {
			n2, last = k2, k2
			pct = pct || st.toks[n2].num.Percent
			if k3 := st.skipSpace(last + 1); st.isPercent(k3) {
				pct, last = true, k3
			}
		}
	}
	if k := st.skipSpace(last + 1); st.tok(k).has(clsBetweenEnd) != nil && st.free(k) {
		last = k
	}
	post := cNone
	if k := st.skipSpace(last + 1); k < len(st.toks) {
		if post = st.opOf(k, false); post != cNone {
			last = k
			// "50k minimum", "80k max": the bound named by its noun
			// after the figure, as before it
			named = named || isBoundNoun(st.word(k))
		}
	}
	accepted := false
	if post == cNone && pre == cNone && n2 < 0 {
		// (an approximate count said to be enough, "小几万的就行", stays
		// its own range; one taken in as well, "十来万也行", is taken in
		// up to its upper figure)
		approx := st.toks[n1].num.ApproxLo > 0
		if k := st.skipSpace(last + 1); !approx && st.free(k) && enoughTails[st.word(k)] {
			// "10k will do", "一万就够了", "5w就行": a count said to be
			// enough is the least the user takes.
			post = cGte
		} else if k = st.acceptTail(k); k >= 0 && !st.unknownCJK(n1-1) && !bareMagnitudes[strings.ToLower(st.tokText(n1))] {
			// "十万也行", "五千的也可以", "80k is fine too": a figure taken
			// in as well, an upper end unless the search holds more
			// (IssueAccepted).
			post, accepted = cLte, true
			st.toks[k].role = roleFiller
			last = k
		}
	}
	if post == cNone && pre == cNone {
		if k := st.complaintTail(st.skipSpace(last + 1)); k >= 0 && st.numberAfter(k) {
			// "一两万太少了，至少五万", "20k is too small, make it 50k+",
			// a range complained of ("10k-30k is too few, 200k+"):
			// the figure complained of is let go; the figure said after
			// it is the bound meant (no conflict between the two). The
			// complaint is talk about the search: a sentence, never a
			// list of keywords.
			st.sig.Sentence = true
			for t := i; t <= k; t++ {
				if st.toks[t].kind != tkSpace {
					st.toks[t].role = roleFiller
				}
			}
			return k, true
		}
	}
	jargon := false
	if fieldTok < 0 {
		k := st.skipSpace(last + 1)
		if st.tok(k).has(clsDe) != nil && st.free(k) || st.free(k) && st.tokText(k) == "of" && st.toks[last].num.ApproxLo > 0 {
			// "五万的粉丝"; "tens of thousands of subs"
			k = st.skipSpace(k + 1)
		}
		k = st.ofCountNoun(k)
		if f := st.countNoun(k); f != "" {
			// the field word belongs to the next number if one follows it.
			// "200k followers minimum": a bound word with no number after
			// it closes this count.
			// "5k followers at least 10k views": a next number with a field
			// word of its own leaves this one to the count before it.
			after := st.skipGlue(k + 1)
			next := -1
			switch {
			case st.isNum(after):
				next = after
			case st.opOf(after, true) != cNone && st.isNum(st.skipGlue(after+1)):
				next = st.skipGlue(after + 1)
			}
			if next < 0 || st.fieldOf(st.skipSpace(next+1)) != "" {
				field, fieldTok = f, k
				jargon = st.word(k) == "粉" && k == last+1
				last = k
				if post == cNone {
					if k2 := st.skipSpace(last + 1); k2 < len(st.toks) {
						if post = st.opOf(k2, false); post != cNone {
							last = k2
							named = named || isBoundNoun(st.word(k2)) // "200k followers minimum"
						}
					}
				}
			}
		}
	}
	if post == cNone && pre == cNone && n2 < 0 {
		if h, ok := st.commaHedge(last); ok {
			// "50k followers, give or take", "3万粉的，大概就行": the
			// hedge after a comma is the count's, as without it.
			post, last = cApprox, h
		}
	}
	a := st.toks[n1].num
	var b numTok
	if n2 >= 0 {
		b = st.toks[n2].num
		if !a.Unit && b.Unit && a.IntRaw >= 0 && b.Mult > 1 && a.IntRaw <= b.Value/b.Mult {
			a.Value, a.Unit = a.IntRaw*b.Mult, true
		}
		if m := st.cnMagnitude(n2); a.Chinese && b.Chinese && a.Value > 0 && m > 1 && st.cnMagnitude(n1) < m && a.Value*m < b.Value {
			// "粉丝一到十万", "两到三十万", "一到五万粉": the unit said once,
			// on the upper end, is the lower end's unit too.
			a.Value, a.Unit = a.Value*m, true
		}
	}
	// "cap at 150,000": a figure written with thousands separators is a
	// count's figure as much as "150k" is.
	unit := a.Unit || st.grouped(n1) || n2 >= 0 && (b.Unit || st.grouped(n2))
	if pre == cBetween && n2 < 0 {
		pre = cNone // "在 5 万" is no range
	}
	// "raise it to 25k", "make it 50k", "改成两万五": a figure set on "it"
	// or after an edit verb, with no bound word, moves the bound the
	// search holds; the session decides which (IssueHeldBound).
	held := n2 < 0 && pre == cNone && post == cNone && (heldMove || fieldTok < 0 && unit && st.editsHeldBound(n1))
	// An approximate count ("小几万", "十来万", "一万多") is a range of its
	// own: alone it is the count, as a range with a connector is.
	if fieldTok < 0 && !held && !(unit && (n2 >= 0 || post != cNone || pre != cNone || a.ApproxLo > 0)) {
		return 0, false
	}
	if ff, ok := numericField(field); ok && ff.Kind == fields.Ratio {
		if a.Chinese && !pct {
			// "三" alone is no percentage this rule can trust: no filter
			// rather than a wrong one ("百分之三" is a percentage token).
			st.unsupport = true
			return 0, false
		}
		a.Value, b.Value = st.percent(n1, a), st.percent(n2, b)
	} else if pct {
		st.unsupport = true // a percentage of a count: no filter
		return 0, false
	}
	// a price or a percentage is no count, nor a number a measure the
	// catalog lacks governs a few words back ("预算控制在一万以内").
	if p := st.prevSig(i); p >= 0 && st.toks[p].has(clsUnsupport) != nil || fieldTok < 0 && st.unsupportedMeasureBefore(i) {
		st.unsupport = true
		return 0, false
	}
	if nx := st.skipSpace(last + 1); nx < len(st.toks) && (st.toks[nx].has(clsUnsupport) != nil || st.toks[nx].has(clsTimeUnit) != nil || st.amountOfMoney(last)) {
		if st.toks[nx].has(clsUnsupport) != nil || st.amountOfMoney(last) {
			st.unsupport = true
		}
		return 0, false
	}
	if field == "" {
		field = defaultCountField()
	}
	var pc *pcond
	var issues []string
	if fieldTok < 0 {
		issues = append(issues, IssueFieldAssumed)
	}
	switch {
	case n2 >= 0:
		lo, hi := a.Value, b.Value
		if a.ApproxLo > 0 {
			lo = a.ApproxLo // "大几千到两万", "两三万到五万": from the lower figure
		}
		if lo > hi {
			lo, hi = hi, lo
			issues = append(issues, IssueRangeSwapped)
		}
		pc = countCond(field, lo, hi, true, true)
	case pre == cGte && post == cLte, pre == cLte && post == cGte:
		pc = countCond(field, a.Value, a.Value, pre == cGte, pre == cLte)
		pc.c.Status = condition.StatusPending
		issues = append(issues, IssueConflict)
	case post == cMagnitude && pre == cNone:
		// "十万级", "百万级别的": an order of magnitude.
		pc = countCond(field, a.Value, a.Value*10, true, true)
		issues = append(issues, IssueApproximate)
	case a.ApproxLo > 0 && (pre == cNone || pre == cApprox) && (post == cNone || post == cApprox):
		// "粉丝两三万": about this to that, the pair's own range.
		pc = countCond(field, a.ApproxLo, a.Value, true, true)
		issues = append(issues, IssueApproximate)
		if held {
			// "换回一两万": the whole range replaces the bound held.
			issues = append(issues, IssueHeldBound)
		}
	case pre == cGte || (pre == cNone || pre == cApprox) && post == cGte:
		// ("approx 50k subs and above", "大概5万及以上": the hedge is
		// the figure's, the bound word makes it a floor, no band)
		if a.ApproxLo > 0 {
			a.Value = a.ApproxLo // "两三万以上": from the lower figure
		}
		pc = countCond(field, a.Value, 0, true, false)
	case pre == cLte || (pre == cNone || pre == cApprox) && post == cLte:
		pc = countCond(field, 0, a.Value, false, true)
	case pre == cApprox || post == cApprox:
		pc = countCond(field, a.Value-a.Value/5, a.Value+a.Value/5, true, true)
		issues = append(issues, IssueApproximate)
	case pre == cExact || post == cExact:
		// the catalog's counts are rounded: an exact figure is the 5%
		// around it, never a floor at it (fixI3, class I2)
		pc = countCond(field, a.Value-a.Value/20, a.Value+a.Value/20, true, true)
		issues = append(issues, IssueApproximate)
	default:
		pc = countCond(field, a.Value, 0, true, false)
		if !jargon {
			issues = append(issues, IssueOpAssumed)
		}
		if held {
			issues = append(issues, IssueHeldBound)
		}
	}
	if named && n2 < 0 {
		issues = append(issues, IssueNamedBound)
	}
	if accepted {
		issues = append(issues, IssueAccepted)
	}
	pc.c.Issues = issues
	st.add(pc, i, last)
	return last, true
}

// spokenHedges are the words said before a figure to hedge it without
// changing its role ("up to maybe 200k", "to like 50k").
var spokenHedges = map[string]bool{"maybe": true, "perhaps": true, "possibly": true, "probably": true, "like": true, "say": true, "about": true, "around": true, "roughly": true, "approximately": true, "approx": true, "approx.": true, "~": true, "大概": true, "大约": true, "差不多": true, "约": true}

// hedgeBeforeFigure reports a free hedge word at k (tools/number's
// approximation cue or a spoken hedge) right before a figure.
func (st *state) hedgeBeforeFigure(k int) bool {
	if k < 0 || k >= len(st.toks) || !st.free(k) || !st.isNum(st.skipSpace(k+1)) {
		return false
	}
	return st.tok(k).has(clsPreApprox) != nil || spokenHedges[st.word(k)]
}

// negatedBound reads a negation at token j (tools/number's Negations, or
// an English word in n't) and the bound word right after it, one
// NegationGlue word allowed between ("not exceed", "shouldn't be over",
// "never going beyond", "不能超出"): it returns the bound word's token and
// the op the negation turns it into (a lower bound an upper one, and the
// other way round). A bound word that holds its own negation ("no more
// than", 不超过) is read whole by the lexicon.
func (st *state) negatedBound(j int) (int, countOp, bool) {
	if !st.free(j) || !number.IsNegation(st.tokText(j)) {
		return 0, cNone, false
	}
	k := st.skipSpace(j + 1)
	if st.free(k) && slices.Contains(number.NegationGlue, st.tokText(k)) {
		k = st.skipSpace(k + 1)
	}
	if !number.NegatesBound(st.tokText(k)) {
		return 0, cNone, false
	}
	switch st.opOf(k, true) {
	case cGte:
		return k, cLte, true
	case cLte:
		return k, cGte, true
	}
	return 0, cNone, false
}

// boundNouns are the bound words that name a bound (a minimum, a cap)
// rather than compare: their number may come a few words later.
var boundNouns = []string{"minimum", "min", "floor", "bar", "threshold", "ceiling", "cap", "maximum", "max", "upper bound", "upper limit", "lower bound", "lower limit",
	"下限", "门槛", "上限", "封顶", "起步线"}

func isBoundNoun(w string) bool {
	// A phrase names its bound by its noun: "a ceiling of", "cap at",
	// "upper bound".
	if slices.Contains(boundNouns, w) {
		return true
	}
	for _, f := range strings.Fields(w) {
		if slices.Contains(boundNouns, f) {
			return true
		}
	}
	return false
}

// boundNumberAhead finds the number a bound noun names within a few
// tokens from i ("… up to 80k", "… it at 300k", "，五万"): only unplaced
// words, move words ("to", "up to", "降到"), a comma or a dash may come
// between; any placed word, field word or other clause mark stops it.
func (st *state) boundNumberAhead(i int) (int, bool) {
	for steps := 0; i < len(st.toks) && steps < 8; steps++ {
		if st.isNum(i) {
			return i, true
		}
		tk := st.tok(i)
		switch {
		case tk.role != roleNone:
			return 0, false
		case tk.kind == tkLex && (tk.has(clsField) != nil || tk.has(clsCountry) != nil || tk.has(clsLanguage) != nil || tk.has(clsCategory) != nil):
			return 0, false
		case tk.kind == tkPunct && !strings.ContainsRune(",，-–—:：", st.t.norm[tk.s]):
			return 0, false
		case tk.kind == tkNum:
			return 0, false
		case isBoundNoun(st.word(i)) || liftAfter[st.tokText(i)]:
			// "门槛去掉，上限十万": another bound, or the bound taken away,
			// comes first; the number is not this bound's.
			return 0, false
		}
		i++
	}
	return 0, false
}

// percentWords say a figure is a percentage: "%", "percent", and the
// Chinese percentage points ("3个点", "两个百分点", "1.5个点": 个 is the
// measure word of 点, never a word of its own).
var percentWords = []string{"%", "percent", "pct", "个点", "个百分点", "百分点", "个百分比"}

// isPercent reports a free percentage word at token i (percentWords).
func (st *state) isPercent(i int) bool {
	if i >= len(st.toks) || st.toks[i].role != roleNone {
		return false
	}
	return slices.Contains(percentWords, st.word(i))
}

// percent is number token i (num its value) read as a percentage in
// basis points: its digits with their decimals ("2.5" is 250); a number
// with a unit or out of a token is its value times 100.
func (st *state) percent(i int, num numTok) int64 {
	if i < 0 {
		return 0
	}
	tk := st.toks[i]
	if num.Percent {
		return num.BasisPoints
	}
	if bp, ok := fields.ParsePercent(string(st.t.norm[tk.s:tk.e])); ok && !num.Unit {
		return bp
	}
	return num.Value * 100
}

// countCond builds a count condition from its bounds.
func countCond(f condition.Field, lo, hi int64, hasLo, hasHi bool) *pcond {
	var pc *pcond
	switch {
	case hasLo && hasHi:
		pc = newCond(condition.KindHard, f, condition.OpBetween, RangeValue(lo, hi))
	case hasLo:
		pc = newCond(condition.KindHard, f, condition.OpGte, IntValue(lo))
	default:
		pc = newCond(condition.KindHard, f, condition.OpLte, IntValue(hi))
	}
	pc.lo, pc.hi, pc.hasLo, pc.hasHi = lo, hi, hasLo, hasHi
	return pc
}

// grouped reports a number token written with thousands separators
// ("150,000", "1,200,000").
func (st *state) grouped(i int) bool {
	tk := st.tok(i)
	return tk.kind == tkNum && tk.num.Value >= 1000 && strings.ContainsRune(string(st.t.norm[tk.s:tk.e]), ',')
}

// heldBoundEdits are the words right before a figure that set it on the
// bound the search holds: a pronoun ("raise it to", "make it", "bump
// that to") or a CJK edit verb ("改成", "调到", "降到").
var heldBoundEdits = []string{" it", " it to", " it at", " that", " that to", " that at", " this to",
	"改成", "改为", "改到", "调到", "调成", "调整到", "调整为", "提高到", "提到", "降到", "降低到", "降为", "设为", "设成", "设到", "放宽到", "收紧到", "换回", "改回", "换成", "换到", "变成", "back to", " it back to"}

// editsHeldBound reports a figure at token n right after one of
// heldBoundEdits.
func (st *state) editsHeldBound(n int) bool {
	s := st.toks[n].s
	from := max(0, s-16)
	before := " " + strings.ToLower(strings.TrimSpace(string(st.t.norm[from:s])))
	for _, e := range heldBoundEdits {
		if strings.HasSuffix(before, e) {
			return true
		}
	}
	return false
}

// unsupportedMeasures are the measures of clsUnsupport a number a few
// words later belongs to: money, not the comparative words ("bigger").
var unsupportedMeasures = map[string]bool{
	"预算": true, "报价": true, "价格": true, "费用": true, "价钱": true, "budget": true, "price": true, "prices": true,
	"pricing": true, "rate": true, "rates": true, "cost": true, "fee": true, "fees": true, "cpm": true, "cpc": true,
	"roi": true, "gmv": true, "年龄": true, "age": true, "spend": true, "spending": true, "afford": true,
}

func init() {
	for _, w := range priceWords {
		unsupportedMeasures[w] = true
	}
}

// currencies are the money words of clsUnsupport: an amount with one is
// a price, whatever measure the sentence names. 块 is one only right
// after an amount ("2万块", "五百块"; elsewhere 一块 is "together"), so it
// is no lexicon word: the count rule reads it after its number.
var currencies = map[string]bool{
	"元": true, "块钱": true, "美元": true, "美金": true, "刀": true, "人民币": true, "usd": true, "$": true, "¥": true, "￥": true,
	"€": true, "£": true, "多少钱": true, "块": true, "块人民币": true, "块钱人民币": true, "rmb": true, "cny": true,
	"欧": true, "欧元": true, "镑": true, "英镑": true, "日元": true, "eur": true,
}

// unsupportedMeasureBefore reports a measure the catalog has no field for
// (a budget, a price, an age) within four words before the number at i
// in its clause, with no field word or other number between: the number
// is that measure's ("预算控制在一万以内", "budget is capped at 5k"), never
// a follower count by default (issue 26).
func (st *state) unsupportedMeasureBefore(i int) bool {
	for k, n := st.prevSig(i), 0; k >= 0 && n < 4; k, n = st.prevSig(k), n+1 {
		tk := &st.toks[k]
		switch {
		case tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]), tk.kind == tkNum, tk.role == roleCond:
			return false
		case tk.has(clsField) != nil:
			return false
		case tk.has(clsUnsupport) != nil && unsupportedMeasures[st.word(k)]:
			return true
		}
	}
	return false
}

// cnMagnitude is the trailing magnitude of the Chinese numeral at token
// k ("十万" → 10000, "三千" → 1000), 0 when it ends in none.
func (st *state) cnMagnitude(k int) int64 {
	tk := st.tok(k)
	if tk.kind != tkNum || tk.e <= tk.s {
		return 0
	}
	switch st.t.norm[tk.e-1] {
	case '万', '萬':
		return 10000
	case '千':
		return 1000
	case '亿', '億':
		return 100_000_000
	}
	return 0
}

// cnRangeStart reports a bare Chinese numeral at j that starts a range
// whose upper end carries the unit ("一到十万", "两到三十万"): the lower
// end is a count of that unit.
func (st *state) cnRangeStart(j int) bool {
	tk := st.tok(j)
	if tk.kind != tkNum || tk.role != roleNone || !tk.num.Chinese || tk.num.Unit || tk.num.Percent {
		return false
	}
	c := st.skipSpace(j + 1)
	if !st.free(c) || st.tok(c).has(clsRangeConn) == nil {
		return false
	}
	k := st.skipSpace(c + 1)
	return st.isNum(k) && st.tok(k).num.Chinese && st.cnMagnitude(k) > 1
}

// priceBefore reports a money unit (currencies) ending the word right
// before the token at i ("3000 欧一条", "五百块一篇"): what follows is per
// item.
func (st *state) priceBefore(i int) bool {
	p := st.prevSig(i)
	if p < 0 {
		return false
	}
	w := []rune(strings.ToLower(st.tokText(p)))
	for n := 1; n <= 3 && n <= len(w); n++ {
		if currencies[string(w[len(w)-n:])] {
			return true
		}
	}
	return false
}

// andBetween reports the "和"/"与" at token k of a Chinese between-range
// whose opening word a field word stood before ("粉丝在三万与十万之间",
// "订阅在1万和5万之间"): a figure after it, then "之间" (fixL, class L4).
// The range's both ends hold, as "介于A和B之间" holds them.
func (st *state) andBetween(k int) bool {
	n := st.skipSpace(k + 1)
	if !st.isNum(n) {
		return false
	}
	e := st.skipSpace(n + 1)
	if st.isPercent(e) {
		e = st.skipSpace(e + 1)
	}
	return st.free(e) && st.word(e) == "之间"
}

// commaHedge reads a hedge said after a comma that follows a count's
// last token ("50k followers, give or take", "30k subs, roughly",
// "3万粉的，大概就行", "5万吧，差不多"): an approximation word alone in its
// clause — nothing after it but the clause's end or a word calling it
// enough — and no figure of its own after it ("20k subs, roughly 50k
// views" leaves "roughly" to the views). It returns the hedge's token.
func (st *state) commaHedge(last int) (int, bool) {
	k := st.skipSpace(last + 1)
	for n := 0; n < 2 && st.free(k) && (st.tok(k).has(clsDe) != nil || st.tokText(k) == "吧" || st.tokText(k) == "的吧"); n++ {
		k = st.skipSpace(k + 1) // "3万粉的，", "5万吧，"
	}
	if k >= len(st.toks) || st.toks[k].kind != tkPunct || !commaMarks[st.tokText(k)] {
		return 0, false
	}
	h := st.skipSpace(k + 1)
	tk := st.tok(h)
	if !st.free(h) || tk.kind != tkLex || tk.has(clsPostApprox) == nil && tk.has(clsPreApprox) == nil {
		return 0, false
	}
	e := st.skipSpace(h + 1)
	if st.free(e) && (enoughTails[st.word(e)] || st.tokText(e) == "吧") {
		e = st.skipSpace(e + 1)
	}
	if e < len(st.toks) && st.toks[e].kind != tkPunct {
		return 0, false
	}
	return h, true
}

// commaMarks are the commas after which a hedge may close a count's
// clause.
var commaMarks = map[string]bool{",": true, "，": true}
