package condparse

import (
	"slices"
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/textmatch"
)

// Exclusions ("不要游戏", "no gaming"), hard or hedged.

// exclusions marks the objects of exclusion words ("不要游戏", "no gaming")
// so that vocabulary and keyword rules produce negated conditions.
func (st *state) exclusions() {
	for i := 0; i < len(st.toks); i++ {
		tk := &st.toks[i]
		if st.free(i) && st.portugueseIn(i) {
			// "criadores … no Instagram", "operadoras no Brasil": the
			// Portuguese "in the", never "no"
			tk.role = roleFiller
			continue
		}
		verb := (tk.kind == tkWord || tk.kind == tkLex) && openingVerbs[st.tokText(i)]
		if last, ok := st.promoteNegation(i); ok && tk.has(clsExclude) == nil {
			// "不做X宣传的", "从不接X广告": the negated promoting verb
			// excludes what is promoted (fixQ class 1).
			for k := i; k < last; k++ {
				st.toks[k].role = roleFiller
			}
			i, tk = last, &st.toks[last]
		} else if !st.free(i) || tk.has(clsExclude) == nil && !st.minusPrefix(i) && !verb {
			continue
		}
		if pc, _ := st.countObject(st.skipSpace(i + 1)); pc != nil && tk.neg == 0 && verb && slices.Contains(pc.c.Issues, IssueNamedBound) {
			// "drop the floor to 3k", "lower … ": a bound named by its
			// noun and moved, not the creators it describes left out.
			tk.role = roleFiller
			continue
		}
		if pc, lead := st.countObject(st.skipSpace(i + 1)); pc != nil && tk.neg == 0 {
			// "exclude the ones with under 5k followers", "去掉那些粉丝
			// 不到五千的", "remove anyone under 2k": the creators a count
			// describes are excluded, so the count is its complement.
			st.negateCount(pc)
			tk.role = roleFiller
			for _, k := range lead {
				st.toks[k].role = roleFiller
			}
			pc.s = tk.s
			continue
		}
		if pc, lead := st.inactiveObject(st.skipSpace(i + 1)); pc != nil && tk.neg == 0 && (verb || st.opensClause(i)) {
			// "remove the ones inactive for over 60 days", "get rid of
			// channels that haven't uploaded in 2 months": leaving out
			// who stopped posting is the activity window already read;
			// the verb and its lead words are part of it.
			tk.role = roleFiller
			for _, k := range lead {
				st.toks[k].role = roleFiller
			}
			pc.s = tk.s
			continue
		}
		if e := tk.has(clsExclude); (verb || e != nil && e.atStart) && (!st.opensClause(i) || !st.leadsToObject(st.skipSpace(i+1)) && !st.lastWordObject(i)) {
			continue
		}
		var neg uint8 = 1
		if p := st.prevSig(i); p >= 0 && st.free(p) && st.toks[p].has(clsHedge) != nil {
			neg = 2
			st.toks[p].role = roleFiller
			st.sig.Sentence = true // a wish is a brief, never keyword material
		}
		j := st.skipSpace(i + 1)
		if st.free(j) && st.tok(j).has(clsToo) != nil {
			neg = 2
		}
		// "不要粉丝低于 1w 的": negate a count.
		if j < len(st.toks) && st.toks[j].role == roleCond && st.tokCond[j] > 0 {
			pc := st.conds[st.tokCond[j]-1]
			if isCount(pc.c.Field) {
				st.negateCount(pc)
				tk.role = roleFiller
				pc.s = tk.s
				continue
			}
		}
		w := st.word(i)
		if postOnlyExclusions[w] {
			// "英国和法国除外", "美国除外的游戏博主": a word that only
			// ever follows what it excludes.
			if st.exclusionObjectBefore(i, neg) {
				tk.role = roleFiller
			}
			continue
		}
		if st.closesDictatedClause(i) && st.exclusionObjectBefore(i, neg) {
			// "第二个那种吃播的不要 要…": right after a 的 and before a
			// space, the exclusion word closes the dictated clause before
			// it; what follows the space is a clause of its own (audit
			// 24, class F).
			tk.role = roleFiller
			continue
		}
		end := st.exclusionObject(j, neg)
		st.partnerFrame(j, end)
		named := false
		if end >= j {
			end, named = st.conditionNamed(j, end)
		}
		if end < j {
			// "游戏的都不要", "断更的不要", "dormant channels excluded":
			// an exclusion word that ends its clause excludes what
			// comes before it.
			if st.clauseEndsAt(j) && st.exclusionObjectBefore(i, neg) {
				tk.role = roleFiller
			}
			continue
		}
		if w == "除了" || w == "除去" {
			// "除了英国别的都不要", "除了日本其他的都去掉": everything but
			// X refused is nothing but X, an inclusion of X (as "不要 X
			// 以外的" is).
			refused := false
			for k := j + 1; k <= end+1 && !refused; k++ {
				r := st.restRefused(k)
				if r < k {
					continue
				}
				for m := j; m < k; m++ {
					st.toks[m].neg, st.toks[m].nothingBut = 0, true
				}
				for m := k; m <= r; m++ {
					st.toks[m].role = roleFiller
				}
				tk.role, i, refused = roleFiller, r, true
			}
			if refused {
				continue
			}
		}
		if (w == "除了" || w == "除去" || w == "except" || w == "except for" || w == "other than") && !st.restIsFine(j, end+1) && st.alsoFollows(end+1) {
			// "除了美国，还要加拿大": an inclusion.
			for k := j; k <= end; k++ {
				st.toks[k].neg = 0
			}
			tk.role = roleFiller
			continue
		}
		n := st.skipSpace(end + 1)
		for k := j; k <= end; k++ {
			if st.toks[k].has(clsExcludeEnd) != nil {
				n = k
			}
		}
		if w != "除了" && w != "除去" && n < len(st.toks) && st.toks[n].has(clsExcludeEnd) != nil {
			// "不要英语以外的", "不要 English 以外的语言": nothing but X is
			// an inclusion of X.
			for k := j; k <= end; k++ {
				st.toks[k].neg, st.toks[k].nothingBut = 0, true
			}
			tk.role, st.toks[n].role = roleFiller, roleFiller
			i = n
			continue
		}
		tk.role = roleFiller
		tk.neg = neg
		if an := st.skipSpace(end + 1); neg == 1 && an < len(st.toks) && (st.word(an) == "anymore" || st.word(an) == "any more") {
			// "no need for portuguese anymore", "no Spanish anymore":
			// what was asked before is taken back, as "forget X" is
			// (audit 37, class R1).
			named = true
		}
		if neg == 1 && (removalVerbs[w] || removalVerbs[strings.ToLower(st.tokText(i))] || named || st.conditionNounAfter(end)) {
			// "forget Canada", "去掉法国这个条件", "remove the Japan
			// filter": the value leaves the filter, nothing is excluded.
			for k := j; k <= end; k++ {
				st.toks[k].removal = true
			}
		}
		i = end
	}
}

// outsideOf reads "X以外的" / "X之外的" with no exclusion word before it
// in its clause ("日本以外的美食博主", "中国大陆以外的华人博主"): creators
// outside X, so X is excluded. After 除了 or 不要 the same words are
// handled by exclusions ("除了美国以外", "不要英语以外的").
func (st *state) outsideOf() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.role != roleNone || tk.neg != 0 || tk.has(clsExcludeEnd) == nil || st.word(i) == "外" {
			continue
		}
		if n := st.skipSpace(i + 1); n < len(st.toks) && st.toks[n].has(clsDe) == nil && !anywhereElse(string(st.t.norm[st.toks[n].s:])) && !st.outsideGoesOn(n) {
			continue // "以外的", "以外哪里都行", "以外讲中文的": outside X only
		}
		opened := false
		for k := i - 1; k >= 0; k-- {
			p := &st.toks[k]
			if p.kind == tkPunct && isClauseSep(st.t.norm[p.s]) {
				break
			}
			if p.has(clsExclude) != nil {
				opened = true
				break
			}
		}
		if !opened && st.exclusionObjectBefore(i, 1) {
			tk.role = roleFiller
			if st.alsoWelcome(i) {
				// "韩国以外的也可以看看": the others are welcome too, so
				// the value's limit goes; nothing is excluded.
				for k := i - 1; k >= 0 && k > i-6; k-- {
					if st.toks[k].neg == 1 {
						st.toks[k].removal = true
					}
				}
			}
		}
	}
}

// countLead are the words between an exclusion and the count that
// describes what it excludes: "the ones with", "anyone", "channels that
// have", "那些".
var countLead = map[string]bool{"the": true, "ones": true, "one": true, "those": true, "these": true, "anyone": true,
	"anybody": true, "any": true, "all": true, "with": true, "that": true, "who": true, "which": true, "have": true,
	"has": true, "having": true, "are": true, "is": true, "of": true, "them": true, "everyone": true, "everything": true,
	"anything": true, "whatever": true, "whoever": true, "stuff": true,
	"那些": true, "这些": true, "那种": true, "这种": true, "所有": true, "的": true}

// countObject returns the count condition an exclusion at j-1 excludes
// when only lead words (countLead) and creator nouns come before it in
// the clause, with the lead tokens; nil when the object is no count.
func (st *state) countObject(j int) (*pcond, []int) {
	var lead []int
	for k, n := j, 0; k < len(st.toks) && n < 6; k, n = st.skipSpace(k+1), n+1 {
		tk := &st.toks[k]
		if tk.role == roleCond && st.tokCond[k] > 0 {
			if pc := st.conds[st.tokCond[k]-1]; isCount(pc.c.Field) && !pc.dropped && pc.c.Kind == condition.KindHard {
				return pc, lead
			}
			return nil, nil
		}
		if tk.role != roleNone || !(countLead[st.tokText(k)] || tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil) {
			return nil, nil
		}
		lead = append(lead, k)
	}
	return nil, nil
}

// inactiveObject returns the activity window said of who stopped posting
// that an exclusion at j-1 leaves out, when only lead words (countLead)
// and creator nouns come before it, with the lead tokens.
func (st *state) inactiveObject(j int) (*pcond, []int) {
	var lead []int
	for k, n := j, 0; k < len(st.toks) && n < 6; k, n = st.skipSpace(k+1), n+1 {
		tk := &st.toks[k]
		if tk.role == roleCond && st.tokCond[k] > 0 {
			if pc := st.conds[st.tokCond[k]-1]; pc.inactive && !pc.dropped {
				return pc, lead
			}
			return nil, nil
		}
		if (tk.role == roleNone || tk.role == roleFiller) && tk.kind == tkLex && tk.has(clsFrame) != nil {
			continue // "drop anyone who hasn't posted …"
		}
		if tk.role != roleNone || !(countLead[st.tokText(k)] || tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil) {
			return nil, nil
		}
		lead = append(lead, k)
	}
	return nil, nil
}

// exclusionObject marks the tokens of an exclusion object from j and returns
// the last one, or j-1 when there is none.
func (st *state) exclusionObject(j int, neg uint8) int {
	last := j - 1
	substantive := false
	for k := j; k < len(st.toks); k++ {
		tk := &st.toks[k]
		if tk.role == roleFiller && !substantive && objectAbout[st.word(k)] {
			continue // "who posts about X": a verb another rule read as frame
		}
		if tk.role != roleNone {
			break
		}
		stop := false
		switch tk.kind {
		case tkSpace:
			// a space ends the object unless it sits between Latin words or
			// next to a connector ("YouTube 和 TikTok"), or nothing but a
			// lead verb came before it ("排除掉做 reaction 的").
			if !st.plainSpace(k) || !(st.latinEdge(k-1, true) && st.latinEdge(k+1, false) ||
				st.tok(k-1).has(clsAnd) != nil || st.tok(k+1).has(clsAnd) != nil || !substantive && k > j && st.word(k-1) == "做" ||
				k > j && st.tok(k-1).kind == tkPunct && st.countryListGoesOn(k-1)) {
				stop = true
			}
		case tkPunct:
			r := st.t.norm[tk.s]
			if r != '、' && r != '/' && r != '&' && !st.countryListGoesOn(k) {
				stop = true
			}
		case tkSym, tkURL, tkHandle:
			stop = true
		case tkWord, tkCJK, tkNum, tkQuote:
			if !substantive && tk.kind == tkWord && k > j && (st.relBefore(j, k) || st.perfectBefore(j, k)) && (objectAbout[st.tokText(k)] || st.tokText(k) == "ever") {
				// "no creators who mainly make content for teens": the
				// creators' verb after the relative leads into the object
				tk.role = roleFiller
				last = k
				continue
			}
			if e := st.quantifierAt(k); !substantive && e >= k {
				// "不要任何游戏", "exclude 所有 kids channels", "skip 全部
				// 美妆": a Chinese quantifier says how much of the object
				// is left out, whatever script the object is written in;
				// it is never the excluded word (class C3). A space after
				// it does not end the object.
				for a := k; a <= e; a++ {
					st.toks[a].role = roleFiller
				}
				for e+1 < len(st.toks) && st.toks[e+1].kind == tkSpace {
					e++
				}
				last, k = e, e
				continue
			}
			if e := st.adverbBefore(k); !substantive && e >= k {
				// "不要纯搬运混剪号", "不要纯带货的", "不要单纯探店的": an
				// adverb of degree qualifies what follows it; it is no
				// part of what is excluded (audit 27).
				for a := k; a <= e; a++ {
					st.toks[a].role = roleFiller
				}
				k = e
				continue
			}
			// "drop anything in Spanish": a pronoun leads into the object.
			substantive = substantive || tk.kind != tkWord || !objectLead[st.tokText(k)]
		case tkLex:
			switch {
			case st.partnerWord(k):
				// "不要已经和X合作过的", "anyone who works with X": the
				// partner frame belongs to the object (partnerFrame); a
				// deal noun alone is what is excluded ("without
				// sponsorships").
				substantive = substantive || partnerNouns[st.tokText(k)]
			case substantive && (inclusionOpeners[st.word(k)] || meantLinks[st.word(k)]):
				// "不要彩妆只要护肤", "not gaming but cooking", "不是游戏而
				// 是美食": what is wanted after the excluded ends the
				// object.
				stop = true
			case tk.has(clsExcludeEnd) != nil:
				tk.neg = neg
				tk.role = roleFiller
				return k
			case substantive && (tk.has(clsCountry) != nil || tk.has(clsLanguage) != nil) && st.acceptedAt(k):
				// "drop the nail ones and English works too": a value
				// said to be acceptable is wanted; the exclusion ends
				// before it.
				stop = true
			case tk.has(clsCountry) != nil, tk.has(clsLanguage) != nil, tk.has(clsCategory) != nil,
				tk.has(clsPlatform) != nil, tk.has(clsCreatorPlatform) != nil, tk.has(clsSoft) != nil:
				substantive = true
				if st.t.norm[tk.e-1] == '的' && st.describesNext(k) {
					// "不是美国的露营博主": a spelling with its 的 ("美国的")
					// closes the object as a 的 does (below).
					tk.neg = neg
					return k
				}
			case tk.has(clsDe) != nil && substantive && st.describesNext(k):
				// "不是美国的露营博主", "非游戏类的美国博主": the 的 closes
				// what is excluded; the words after it describe what is wanted.
				stop = true
			case (!substantive || st.tok(st.prevSig(k)).has(clsAnd) != nil || st.formRun(k) || sellingForms[st.tokText(k)]) && tk.has(clsFiller) != nil && tk.has(clsFiller).form:
				// "不要评测", "no reviews": a content form no category
				// absorbs is what is excluded, an excluded keyword; forms
				// run together are each excluded ("不要搬运混剪"), and
				// selling is excluded with what is sold ("团购带货").
				substantive = true
				tk.role = roleContent
			case (!substantive || st.tok(st.prevSig(k)).has(clsAnd) != nil) && tk.has(clsCreator) != nil && tk.has(clsCreator).kind && isLatinWord(st.word(k)) &&
				(st.skipSpace(k+1) >= len(st.toks) || st.tok(st.skipSpace(k+1)).kind == tkPunct || st.tok(st.skipSpace(k+1)).has(clsAnd) != nil):
				// "no need for vets or clinics", "no doctors": a trade
				// noun alone as the object is what is excluded (audit
				// 37, class R1), never a creator noun dropped.
				substantive = true
				tk.role = roleContent
			case tk.has(clsAnd) != nil, tk.has(clsDe) != nil, tk.has(clsCreator) != nil, tk.has(clsToo) != nil,
				tk.has(clsFiller) != nil && tk.has(clsStop) == nil:
			case !substantive && tk.has(clsRequest) != nil && tk.has(clsExclude) == nil:
				// "不要推荐游戏博主", "别找游戏博主": the request is the
				// excluded act, its object what is excluded.
			case !substantive && k > j && tk.has(clsRel) != nil:
				// "anyone who talks about X", "people that post X": the
				// relative after a pronoun leads into the object
				// (relativeLead)
			case !substantive && k > j && st.relBefore(j, k) && objectLead[st.word(k)]:
				// "anyone who posts about X": the creators' verb after the
				// relative, whatever else the vocabulary reads it as
				// ("make" is an edit verb too), is frame
				tk.role = roleFiller
			case !substantive && k > j && st.relBefore(j, k) && tk.has(clsStop) != nil && tk.has(clsExclude) == nil && tk.has(clsRequest) == nil:
				// "channels that make videos about vaping": a function
				// word of the relative clause before what it is about
			case !substantive && tk.has(clsStop) != nil && objectLead[st.word(k)]:
				// "not from the US", "not in Japan": the preposition leads
				// into the object.
			default:
				if tk.has(clsStop) != nil || tk.has(clsRel) != nil || tk.has(clsExclude) != nil ||
					tk.has(clsRequest) != nil || tk.has(clsHedge) != nil || tk.has(clsAlso) != nil ||
					// "… gacha and bump the minimum to 30k": an edit verb
					// after "and" opens a clause of its own
					tk.has(clsEdit) != nil && st.tok(st.prevSig(k)).has(clsAnd) != nil ||
					// "drop the vegan ones and sort by views": a sort
					// after "and" is a clause of its own
					tk.has(clsSort) != nil && st.tok(st.prevSig(k)).has(clsAnd) != nil {
					stop = true
				} else {
					substantive = true
				}
			}
		}
		if stop {
			break
		}
		tk.neg = neg
		last = k
	}
	// trailing spaces and connectors are not part of the object.
	for last >= j && (st.toks[last].kind == tkSpace || st.toks[last].kind == tkPunct || st.toks[last].has(clsAnd) != nil) {
		st.toks[last].neg = 0
		last--
	}
	if !substantive && last >= j && st.toks[last].role == roleNone && st.toks[last].kind == tkWord && objectAbout[st.tokText(last)] {
		// "no shilling", "no selling": the creators' verb with nothing
		// after it is itself what is excluded
		substantive = true
	}
	if !substantive {
		for k := j; k <= last; k++ {
			st.toks[k].neg = 0
		}
		return j - 1
	}
	return last
}

// countryListGoesOn reports that the comma at k sits inside one list of
// countries closed by a connector ("except the US, UK and India", "not
// from France, Italy or Spain"): a country before it, and after it only
// countries, commas, spaces and "the" up to an "and"/"or" that is
// followed by a country. The list is under one operator, so the comma
// does not end the exclusion's object (audit 34, class S2).
func (st *state) countryListGoesOn(k int) bool {
	if r := st.t.norm[st.toks[k].s]; r != ',' && r != '，' {
		return false
	}
	if p := st.prevSig(k); p < 0 || st.toks[p].has(clsCountry) == nil {
		return false
	}
	countries, joined := 0, false
	for n := k + 1; n < len(st.toks); n++ {
		tk := &st.toks[n]
		switch {
		case tk.kind == tkSpace:
		case tk.kind == tkPunct && (st.t.norm[tk.s] == ',' || st.t.norm[tk.s] == '，'):
		case tk.has(clsCountry) != nil:
			countries++
			if joined {
				return true
			}
		case tk.has(clsAnd) != nil && countries > 0 || tk.has(clsAnd) != nil && n == st.skipSpace(k+1):
			joined = true
		case strings.EqualFold(st.tokText(n), "the"):
		default:
			return false
		}
	}
	return false
}

// perfectBefore reports a relative with its auxiliary ("who has", "who's",
// "that have") among the tokens from j to before k: "nobody who has ever
// talked about X" leads into X as "who talks about X" does (audit 34,
// class S5).
func (st *state) perfectBefore(j, k int) bool {
	for i := j; i < k && i < len(st.toks); i++ {
		switch st.tokText(i) {
		case "who has", "who have", "who's", "who’s", "who've", "who’ve", "that has", "that have", "that's", "that’s":
			return true
		}
	}
	return false
}

// relBefore reports a relative opening ("who", "that") among the tokens
// from j to before k: the object's lead words are about the creators.
func (st *state) relBefore(j, k int) bool {
	for i := j; i < k && i < len(st.toks); i++ {
		if st.toks[i].kind == tkLex && st.toks[i].has(clsRel) != nil {
			return true
		}
	}
	return false
}

// objectAdverbs are the Chinese adverbs of degree that may open an
// exclusion's object ("不要纯带货的", "不要单纯搬运的", "全是广告的不要"):
// they say how much of it there is, and are no part of it.
var objectAdverbs = []string{"纯粹", "单纯", "纯", "全是", "光是", "净是", "只是"}

// objectQuantifiers are the Chinese quantifiers that may open an
// exclusion's object ("不要任何游戏", "exclude 所有 kids channels"): they
// say how much of it is left out, and are no part of it.
var objectQuantifiers = []string{"任何", "所有", "全部", "一切", "任意", "凡是", "全体"}

// quantifierAt returns the last token of an objectQuantifiers word spelt
// by the free CJK, dictionary or number tokens from k (whatever the lexer
// made of it: "所有" may be 所 and 有, "一切" a number's rune), when something other than a clause's end
// follows it; else -1.
func (st *state) quantifierAt(k int) int {
	if tk := st.tok(k); tk.kind != tkCJK && tk.kind != tkLex && tk.kind != tkNum {
		return -1
	}
	for _, q := range objectQuantifiers {
		at, e := 0, k
		for e < len(st.toks) && at < len(q) && st.free(e) && (st.toks[e].kind == tkCJK || st.toks[e].kind == tkLex || st.toks[e].kind == tkNum) {
			w := string(st.t.norm[st.toks[e].s:st.toks[e].e])
			if !strings.HasPrefix(q[at:], w) {
				break
			}
			at += len(w)
			e++
		}
		if at != len(q) {
			continue
		}
		n := e
		for n < len(st.toks) && st.toks[n].kind == tkSpace {
			n++
		}
		if n < len(st.toks) && st.toks[n].kind != tkPunct && st.toks[n].has(clsStop) == nil && st.toks[n].has(clsDe) == nil {
			return e - 1
		}
	}
	return -1
}

// adverbBefore returns the last token of an objectAdverbs word spelt by
// the unknown CJK runes from k, when an unknown CJK rune or a free
// dictionary word follows it ("纯带货", "纯探店", "单纯搬运"); else -1.
func (st *state) adverbBefore(k int) int {
	if st.tok(k).kind != tkCJK {
		return -1
	}
	for _, a := range objectAdverbs {
		e, ok := k, true
		for _, r := range a {
			if e >= len(st.toks) || st.toks[e].kind != tkCJK || !st.free(e) || st.t.norm[st.toks[e].s] != r {
				ok = false
				break
			}
			e++
		}
		if !ok || !st.free(e) {
			continue
		}
		if n := st.tok(e); n.kind == tkCJK || n.kind == tkLex && n.has(clsStop) == nil && n.has(clsDe) == nil && n.has(clsExclude) == nil {
			return e - 1
		}
	}
	return -1
}

// formRun reports that the token before k is a content form read as
// excluded content ("搬运" in "搬运混剪") or a list mark ("录播/切片"): a
// form after it is another excluded form.
func (st *state) formRun(k int) bool {
	p := k - 1
	if p >= 0 && st.toks[p].kind == tkPunct && strings.ContainsRune("、/&", st.t.norm[st.toks[p].s]) {
		return true // "录播/切片": a listed form
	}
	if p < 0 || st.toks[p].role != roleContent {
		return false
	}
	f := st.toks[p].has(clsFiller)
	return f != nil && f.form
}

// inclusionOpeners open what is wanted ("只要护肤", "only skincare"):
// after an excluded object they end it.
var inclusionOpeners = map[string]bool{"只要": true, "只看": true, "只找": true, "只留": true, "只保留": true, "就要": true, "只": true, "only": true}

// objectLead are the stop words that may open an exclusion object.
var objectLead = map[string]bool{"from": true, "in": true, "in the": true, "the": true, "based": true,
	"any": true, "anything": true, "everything": true, "all": true, "whatever": true, "stuff": true, "ones": true, "those": true,
	"anyone": true, "anybody": true, "people": true, "speaking": true, "who speak": true, "who speaks": true,
	"about": true, "on": true, "related to": true, "regarding": true, "involving": true, "featuring": true,
	"focused on": true, "focusing on": true, "centered on": true, "centred on": true, "dedicated to": true,
	"specializing in": true, "specialising in": true,
	"with": true, "mentioning": true, "containing": true, "showing": true, "doing": true, "that do": true, "who do": true,
	"带": true, "带有": true, "涉及": true, "含": true, "含有": true,
	"that's": true, "thats": true, "that is": true, "that are": true, "which is": true, "which are": true,
	"mainly": true, "mostly": true, "primarily": true, "purely": true, "entirely": true, "just": true, "only": true,
	"sponsored by": true, "sponsored": true, "paid by": true,
	// "anyone who talks about NFTs", "no one who posts about crypto",
	// "those that push supplements": the creators' verb before what is
	// excluded (after a relative opening the object: relativeLead)
	"one": true, "no one": true, "nobody": true, "someone": true,
	"talk": true, "talks": true, "talking": true, "post": true, "posts": true, "posting": true, "cover": true, "covers": true,
	"covering": true, "make": true, "makes": true, "making": true, "promote": true, "promotes": true, "promoting": true,
	"push": true, "pushes": true, "pushing": true, "sell": true, "sells": true, "selling": true, "shill": true, "shills": true,
	"shilling": true, "mention": true, "mentions": true, "discuss": true, "discusses": true, "discussing": true, "does": true,
	"do": true, "is into": true, "are into": true, "into": true,
	// "no one who's posted about X", "nobody who has ever promoted X":
	// the perfect of the same verbs, its auxiliary and "ever" (audit 34,
	// class S5)
	"posted": true, "talked": true, "covered": true, "made": true, "promoted": true, "pushed": true, "sold": true,
	"shilled": true, "mentioned": true, "discussed": true, "done": true, "did": true, "has": true, "have": true, "had": true,
	"ever": true, "who's": true, "who’s": true, "who've": true, "who’ve": true, "who has": true, "who have": true}

// tokText is the normalised, lower-cased text of any token.
func (st *state) tokText(i int) string {
	if i < 0 || i >= len(st.toks) {
		return ""
	}
	tk := &st.toks[i]
	if !tk.lowSet {
		// kept: the rules ask for the same token's text many times a parse
		tk.low, tk.lowSet = strings.ToLower(string(st.t.norm[tk.s:tk.e])), true
	}
	return tk.low
}

// openingVerbs exclude like clsExclude words when they open a clause and
// lead to an object ("drop anything in Spanish", "ditch the gaming ones",
// "nothing from China"); elsewhere they are plain words ("drop shipping").
var openingVerbs = map[string]bool{"drop": true, "ditch": true, "nothing": true, "lose": true, "forget": true, "remove": true,
	"none": true, "nobody": true, "no one": true, "no-one": true, "cut": true, "nix": true, "scrap": true, "toss": true,
	"kill": true, "axe": true, "bin": true, "nuke": true, "cull": true, "strike": true, "trash": true}

// removalVerbs take a value away rather than keep it out ("forget
// Canada"): said of a value the session's filter holds, the value
// leaves the filter (IssueRemoved) and nothing is excluded.
// "去掉美国" and "drop the US" stay exclusions (issue 16 item 7: no US
// channel after them); "forget" lets go of the value.
var removalVerbs = map[string]bool{"forget": true, "forget about": true}

// leadsToObject reports whether token j opens an exclusion object a
// clause-opening verb may take: a vocabulary word, or a pronoun or
// article before one ("anything in Spanish", "the UK").
func (st *state) leadsToObject(j int) bool {
	if st.kindObject(j) {
		return true
	}
	pronoun, about := false, false
	switch st.tokText(st.prevSig(j)) {
	case "nobody", "no one", "no-one":
		pronoun = true // "no one posting about NFTs": the word is the pronoun
	}
	for k := j; k < len(st.toks); k = st.skipSpace(k + 1) {
		tk := &st.toks[k]
		switch {
		case tk.kind == tkLex && (tk.has(clsCountry) != nil || tk.has(clsLanguage) != nil || tk.has(clsCategory) != nil ||
			tk.has(clsPlatform) != nil || tk.has(clsTopic) != nil || tk.has(clsSoft) != nil):
			return true
		case st.partnerWord(k):
			// "nobody who has worked with Nike": what the partner frame
			// names is the object, whatever word it is.
			pronoun, about = true, true
			continue
		case k > j && tk.kind == tkLex && tk.has(clsRel) != nil:
			// "nobody who posts about NFTs": the relative stands for the
			// creators left out
			pronoun = true
			continue
		case objectLead[st.word(k)] || objectLead[st.tokText(k)] || tk.kind == tkLex && tk.has(clsCreator) != nil:
			w := st.tokText(k)
			// "channels with mukbang": a creator noun stands where a
			// pronoun does.
			pronoun = pronoun || objectPronouns[w] || tk.kind == tkLex && tk.has(clsCreator) != nil
			about = about || pronoun && objectAbout[w]
			continue
		case pronoun && st.free(k) && tk.kind == tkWord && relatedSuffix(st.tokText(k)):
			// "drop anything gambling-related": the word before
			// -related is the object.
			return true
		case pronoun && about && k > j && tk.kind == tkLex && tk.has(clsStop) != nil && st.skipSpace(k+1) < len(st.toks):
			// "no channels that make videos about vaping": a function
			// word between the verb and what it is about
			continue
		case pronoun && about && st.free(k) && (tk.kind == tkWord || tk.kind == tkCJK || tk.kind == tkLex && tk.has(clsStop) == nil):
			// "drop anything about phones": a pronoun and "about" make
			// whatever follows the object, a vocabulary word or not.
			return true
		}
		return false
	}
	return false
}

// lastWordObject reports "nothing"/"none"/"no" at i opening a clause whose
// only other word is a plain word ("…, nothing vegan, thx"): that word is
// what is excluded, vocabulary or not.
func (st *state) lastWordObject(i int) bool {
	switch st.tokText(i) {
	case "nothing", "none", "no":
	default:
		return false
	}
	k, words := st.skipSpace(i+1), 0
	for ; words < 2 && k < len(st.toks) && st.free(k) && st.toks[k].kind == tkWord && !objectTails[st.tokText(k)]; words++ {
		k = st.skipSpace(k + 1)
	}
	if words == 0 {
		return false
	}
	// "no phone stuff", "nothing crypto related": a word that only says
	// "things of that kind" may end the object.
	if k < len(st.toks) && st.free(k) && objectTails[st.tokText(k)] {
		k = st.skipSpace(k + 1)
	}
	return st.clauseEndsAt(k)
}

// objectTails end an excluded object without adding to it ("no phone
// stuff", "nothing crypto related").
var objectTails = map[string]bool{"stuff": true, "content": true, "things": true, "ones": true, "related": true,
	"videos": true, "posts": true, "channels": true, "accounts": true, "creators": true, "whatsoever": true}

// relatedSuffix reports a word like "gambling-related" or "crypto-themed":
// what it names is the topic of the pronoun before it.
func relatedSuffix(w string) bool {
	t, ok := cutRelated(w)
	return ok && len(t) > 1
}

// cutRelated cuts a relatedSuffixes ending off w ("gambling-related" →
// "gambling"), reporting whether w had one and kept a word before it.
func cutRelated(w string) (string, bool) {
	for _, suf := range relatedSuffixes {
		if t, ok := strings.CutSuffix(w, suf); ok && t != "" {
			return t, true
		}
	}
	return w, false
}

// relatedSuffixes end a word that names a topic of what it describes.
var relatedSuffixes = []string{"-related", "-themed", "-focused", "-heavy", "-adjacent"}

// objectPronouns and objectAbout: "anything about", "ones featuring".
var (
	objectPronouns = map[string]bool{"anything": true, "everything": true, "anyone": true, "anybody": true, "ones": true,
		"stuff": true, "those": true, "all": true, "whatever": true, "people": true,
		// "nothing that's mainly about motorbikes": the relative
		// pronoun stands for what is excluded.
		"that's": true, "thats": true, "that is": true, "that are": true, "which is": true, "which are": true,
		// "nothing sponsored by nespresso": the sponsor is what is excluded
		"sponsored by": true, "paid by": true}
	objectAbout = map[string]bool{"about": true, "on": true, "focused on": true, "focusing on": true, "centered on": true,
		"centred on": true, "dedicated to": true, "specializing in": true, "specialising in": true, "sponsored by": true, "paid by": true, "related to": true, "regarding": true, "involving": true, "featuring": true,
		"with": true, "mentioning": true, "containing": true, "showing": true, "doing": true, "that do": true, "who do": true,
		// the creators' verbs that take what is excluded ("who sells
		// supplements", "that push crypto")
		"talks": true, "posts": true, "covers": true, "makes": true, "promotes": true, "pushes": true, "sells": true,
		"shills": true, "mentions": true, "discusses": true, "talk": true, "post": true, "cover": true, "make": true,
		"promote": true, "push": true, "sell": true, "shill": true, "mention": true, "discuss": true, "posting": true,
		"talking": true, "covering": true, "selling": true, "promoting": true, "pushing": true, "shilling": true,
		"posted": true, "talked": true, "covered": true, "made": true, "promoted": true, "pushed": true, "sold": true,
		"shilled": true, "mentioned": true, "discussed": true}
)

// opensClause reports whether token i opens a clause: nothing but
// punctuation, a connector, a request, filler or a hedge before it.
func (st *state) opensClause(i int) bool {
	for p := st.prevSig(i); p >= 0; p = st.prevSig(p) {
		tk := &st.toks[p]
		switch {
		case tk.kind == tkPunct, st.emoji(p):
			// "nice 👍 swap X for Y": a chat's emoji ends what came
			// before it, as a full stop does (audit 24).
			return true
		case tk.kind == tkLex && contrastWords[st.tokText(p)]:
			// "fitness creators in the UK but nobody who …": a contrast
			// opens a clause of its own.
			return true
		case tk.kind == tkLex && tk.has(clsAnd) != nil && tk.has(clsStop) == nil && (st.condBefore(p) || st.sortBefore(p)):
			// "bump the minimum to 40k and drop anything about phones",
			// "sort by views instead and get rid of …": "and" after a
			// condition or a sort joins a clause of its own.
			return true
		case tk.kind == tkLex && (tk.has(clsAnd) != nil || tk.has(clsRequest) != nil || tk.has(clsFiller) != nil && tk.has(clsStop) == nil ||
			tk.has(clsHedge) != nil || tk.has(clsAlso) != nil || tk.has(clsFrame) != nil || tk.role == roleFiller):
			continue
		}
		return false
	}
	return true
}

// describesNext reports a 的 at k followed by a content word (a vocabulary
// word or an unknown word), not by a creator noun, a connector, punctuation
// or the end: "美国的露营博主" but not "游戏的博主" or "美国的、加拿大的".
func (st *state) describesNext(k int) bool {
	n := st.skipSpace(k + 1)
	if n >= len(st.toks) || st.toks[n].role != roleNone {
		return false
	}
	tk := &st.toks[n]
	switch tk.kind {
	case tkWord, tkCJK:
		return true
	case tkLex:
		return tk.has(clsCountry) != nil || tk.has(clsLanguage) != nil || tk.has(clsCategory) != nil ||
			tk.has(clsPlatform) != nil || tk.has(clsSoft) != nil
	}
	return false
}

// minusPrefix reports a search-engine minus at i: a "-" at the start or
// after a space, stuck to a vocabulary word or content form ("-gaming",
// "美国 -游戏", "-reviews"). Before an unknown word ("-Sony a7 iv") or a
// number ("5k -20k") the hyphen stays what it was.
func (st *state) minusPrefix(i int) bool {
	tk := &st.toks[i]
	if tk.kind != tkLex || tk.e-tk.s != 1 || st.t.norm[tk.s] != '-' || i > 0 && st.toks[i-1].kind != tkSpace {
		return false
	}
	n := st.tok(i + 1)
	if n.kind != tkLex {
		return false
	}
	f := n.has(clsFiller)
	return n.has(clsCountry) != nil || n.has(clsLanguage) != nil || n.has(clsCategory) != nil ||
		n.has(clsPlatform) != nil || n.has(clsSoft) != nil || f != nil && f.form
}

// restIsFine reports "都行 / 都可以" in an object [j, end) or right after
// it: "除了美国都行" (anything but the US) is an exclusion whatever follows.
func (st *state) restIsFine(j, end int) bool {
	for k := j; k <= end; k++ {
		switch st.word(st.skipSpace(k)) {
		case "都行", "都可以", "都好", "均可":
			return true
		}
	}
	return false
}

// restRefusal is the rest refused after "除了 X": "别的都不要",
// "其他的都去掉", "其余一律不要".
var restRefusal = mustRx(`^[\s，,、]*(?:别的|其他|其它|其余|剩下|剩余)(?:的)?(?:国家|地区|类目|语言)?(?:的)?\s*(?:都|全|全都|一律|统统|就)?\s*(?:不要|去掉|删掉|不用|不看|排除|拿掉|不考虑)(?:了|吧|啦)?`)

// restRefused reports the last token of a refusal of the rest starting
// at token k (restRefusal), or -1.
func (st *state) restRefused(k int) int {
	if k >= len(st.toks) {
		return -1
	}
	from := st.toks[k].s
	m := restRefusal.FindStringIndex(string(st.t.norm[from:]))
	if m == nil {
		return -1
	}
	end := from + len([]rune(string(st.t.norm[from:])[:m[1]]))
	last := -1
	for n := k; n < len(st.toks) && st.toks[n].e <= end; n++ {
		last = n
	}
	return last
}

// alsoFollows reports a "还/也/also" later in the same sentence.
func (st *state) alsoFollows(k int) bool {
	for ; k < len(st.toks); k++ {
		tk := &st.toks[k]
		if tk.kind == tkPunct {
			switch st.t.norm[tk.s] {
			case '。', ';', '!', '?', '\n', '.':
				return false
			}
		}
		if tk.has(clsAlso) != nil {
			return true
		}
	}
	return false
}

// negateCount turns "不要超过 X" style negations around: gte ↔ lte. A
// negated range cannot be expressed and is left pending.
func (st *state) negateCount(pc *pcond) {
	var n *pcond
	switch {
	case pc.hasLo && pc.hasHi && slices.Contains(pc.c.Issues, IssueApproximate) && pc.lo > 0:
		// "不要百万级的大号", "no million-level accounts": a size said as
		// an order of magnitude left out is that size and above; the
		// count stays under it (audit 31)
		n = countCond(pc.c.Field, 0, pc.lo, false, true)
		if k := st.tokenAt(pc.e, false); k >= 0 && strings.HasPrefix(string(st.t.norm[pc.e:]), "的小号") {
			n = countCond(pc.c.Field, pc.hi, 0, true, false) // "不要万级的小号": above it
		}
	case pc.hasLo && pc.hasHi:
		pc.flag(condition.StatusPending, IssueConflict)
		return
	case pc.hasLo:
		n = countCond(pc.c.Field, 0, pc.lo, false, true)
	default:
		n = countCond(pc.c.Field, pc.hi, 0, true, false)
	}
	pc.c.Op, pc.c.Value = n.c.Op, n.c.Value
	pc.lo, pc.hi, pc.hasLo, pc.hasHi = n.lo, n.hi, n.hasLo, n.hasHi
	if !slices.Contains(pc.c.Issues, IssueNarrows) {
		pc.c.Issues = append(pc.c.Issues, IssueNarrows)
	}
}

// clauseEndsAt reports that nothing but spaces, frame words or a clause
// separator comes from token j on: the end of the input or of a clause.
func (st *state) clauseEndsAt(j int) bool {
	for ; j < len(st.toks); j++ {
		tk := &st.toks[j]
		switch {
		case tk.kind == tkSpace:
		case tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]), tk.kind == tkPunct && strings.ContainsRune("—–-", st.t.norm[tk.s]):
			return true
		case tk.kind == tkLex && (tk.has(clsFrame) != nil || tk.has(clsFiller) != nil && tk.has(clsStop) == nil):
		default:
			return false
		}
	}
	return true
}

// closesDictatedClause reports a CJK exclusion word at i glued to a 的
// before it and followed by a space: "吃播的不要 要真的…", where dictation
// puts a space for the comma.
func (st *state) closesDictatedClause(i int) bool {
	p := i - 1
	if p < 0 || !strings.HasSuffix(st.tokText(p), "的") || !textmatch.IsCJK(st.t.norm[st.toks[i].s]) {
		return false
	}
	n := i + 1
	return n < len(st.toks) && st.toks[n].kind == tkSpace && st.plainSpace(n) && n+1 < len(st.toks)
}

// postOnlyExclusions are exclusion words that always follow their object
// ("英国除外", "the Canadian ones can go"): they never exclude what comes
// after them.
var postOnlyExclusions = func() map[string]bool {
	m := map[string]bool{"除外": true}
	// "美妆类的免了", "搞笑类的就算了": a colloquial refusal said after
	// what goes (audit 37, class R1); 就 is post glue.
	for _, w := range postRefusals {
		m[w] = true
	}
	for _, w := range postRemovals {
		m[w] = true
	}
	return m
}()

// postRefusals are the Chinese colloquial refusals said after what is
// refused ("美妆类的免了", "搞笑的就算了", "英文的就不用了").
var postRefusals = []string{"免了", "算了", "就算了", "不用了", "就不用了"}

// postRemovals say in English that what was just named goes ("anyone
// inactive since May can go", "Canadian ones are out"); after an activity
// window said of who stopped posting they are that window's (audit 24).
var postRemovals = []string{"can go", "should go", "must go", "has to go", "have to go", "gotta go", "can be dropped",
	"can be removed", "should be dropped", "should be removed", "are out", "is out", "is gone", "are gone",
	// "Ireland's out": the contraction's apostrophe is read as a space
	// (contractedRemovals), its "s" is the verb
	"s out", "s gone"}

// postGlue are the words between a post-posed exclusion and its object:
// "游戏的都不要", "这种也不要".
var postGlue = map[string]bool{"都": true, "也": true, "就": true, "全": true, "全都": true, "通通": true, "统统": true, "一律": true, "的": true}

// exclusionObjectBefore marks the object of a post-posed exclusion word
// at token i: at most three words back, within the clause, up to a
// placed condition, a request or hedge word or a space between CJK
// words. It reports whether an object was found.
func (st *state) exclusionObjectBefore(i int, neg uint8) bool {
	k := st.prevSig(i)
	named := false
	for n := 0; n < 2 && k >= 0 && st.toks[k].role == roleNone; n++ {
		// "把法国这个条件去掉": the condition noun names what goes; the
		// value leaves the filter, nothing is excluded
		w := st.word(k)
		if w == "" {
			w = strings.ToLower(st.tokText(k))
		}
		if !conditionNouns[w] && w != "这个" && w != "the" {
			break
		}
		named = named || conditionNouns[w]
		st.toks[k].role = roleFiller
		k = st.prevSig(k)
	}
	if named && neg == 1 {
		last := k
		defer func() {
			for m := last; m >= 0 && m > last-4; m-- {
				if st.toks[m].neg == 1 {
					st.toks[m].removal = true
				}
			}
		}()
	}
	for k >= 0 && st.toks[k].role == roleNone && postGlue[st.word(k)] {
		k = st.prevSig(k)
	}
	if k >= 0 && st.toks[k].role == roleCond && st.tokCond[k] > 0 && neg == 1 {
		// "粉丝少于一万的去掉", "under 5k excluded": a count excluded
		// after it is its complement, as "不要粉丝低于 1w 的" is.
		if pc := st.conds[st.tokCond[k]-1]; isCount(pc.c.Field) && !pc.dropped {
			st.negateCount(pc)
			return true
		}
	}
	if k >= 0 && st.toks[k].role == roleNone && st.toks[k].kind == tkLex && st.toks[k].has(clsExcludeEnd) != nil && neg == 1 {
		// "把美国以外的都去掉", "英语以外的不要": what lies outside X is
		// taken away, so nothing but X stays (an inclusion, as "不要英语
		// 以外的" is).
		end := k
		if p := st.prevSig(k); p >= 0 && st.toks[p].role == roleNone && st.toks[p].kind == tkLex {
			st.toks[p].nothingBut = true
			st.toks[end].role = roleFiller
			return true
		}
	}
	var obj []int
	limit := 3
	for n := 0; k >= 0 && n < limit; k-- {
		tk := &st.toks[k]
		if tk.kind == tkSpace {
			if !st.plainSpace(k) || !(st.latinEdge(k-1, true) && st.latinEdge(k+1, false)) {
				break
			}
			continue
		}
		if tk.role != roleNone || tk.kind == tkPunct || tk.kind == tkSym || tk.kind == tkURL || tk.kind == tkHandle ||
			tk.kind == tkLex && (tk.has(clsRequest) != nil || tk.has(clsHedge) != nil || tk.has(clsStop) != nil ||
				tk.has(clsExclude) != nil || tk.has(clsRel) != nil) {
			break
		}
		if exampleMarks[st.word(k)] && slices.ContainsFunc(obj, func(o int) bool { return st.toks[o].has(clsDe) == nil }) {
			// "第二个那种吃播的不要": what comes before 那种 is the example
			// (a result's position), not what is excluded (audit 24);
			// right before the exclusion word ("搞笑这种不要") it is glue.
			tk.role = roleFiller
			break
		}
		obj = append(obj, k)
		switch {
		case st.partnerWord(k):
			// "跟完美日记有合作的不要": the partner frame is no word of
			// the object, and the partner's name may run longer
			limit = 5
		case tk.kind == tkCJK && st.tok(k-1).kind == tkCJK && st.free(k-1):
			// "加密货币沾边的不要": the unknown runes of one word are one
			// word of the object, not one each (audit 27)
		case tk.kind == tkLex && relationWord(tk):
			// "赌博沾边的不要", "和烟酒有关的不要": the relation word says
			// the channels touch the topic before it; it is no word of it
		default:
			n++
		}
	}
	if len(obj) > 0 {
		// "纯带货的不要": an adverb of degree opens no object
		first := obj[len(obj)-1]
		if e := st.adverbBefore(first); e >= first && e < obj[0] {
			for a := first; a <= e; a++ {
				st.toks[a].role = roleFiller
			}
			obj = slices.DeleteFunc(obj, func(o int) bool { return o <= e })
		}
	}
	substantive := slices.ContainsFunc(obj, func(k int) bool {
		tk := &st.toks[k]
		return tk.kind != tkLex || tk.has(clsCreator) == nil && tk.has(clsDe) == nil && (tk.has(clsFiller) == nil || isFormLex(tk))
	})
	if !substantive {
		return false
	}
	for _, k := range obj {
		st.toks[k].neg, st.toks[k].excludedAfter = neg, true
	}
	if len(obj) > 0 {
		st.partnerFrame(obj[len(obj)-1], obj[0])
	}
	return true
}

// relationWord reports a relation word of the lexicon ("沾边", "有关",
// "涉及"): the topic it is said of is the object, never the word.
func relationWord(tk *token) bool {
	for _, e := range tk.ents {
		if e.related {
			return true
		}
	}
	return false
}

// exampleMarks say "of that kind" after the example a kind is named by
// ("第二个那种", "像第一个那样"): an exclusion's object ends at them.
var exampleMarks = map[string]bool{"那种": true, "这种": true, "那样": true, "这样": true, "那样的": true, "这样的": true, "那类": true, "这类": true}

// condBefore reports a condition's token right before token i.
func (st *state) condBefore(i int) bool {
	p := st.prevSig(i)
	if p < 0 {
		return false
	}
	tk := &st.toks[p]
	// a condition read, or a vocabulary value the later rules read as one
	// ("include portugal and drop …")
	return tk.role == roleCond || tk.kind == tkLex && (tk.has(clsCountry) != nil || tk.has(clsLanguage) != nil || tk.has(clsCategory) != nil)
}

// sortBefore reports a sort word ("sort by", "按…排") earlier in the
// clause of token i: what follows an "and" after it is a clause of its
// own (audit 24, class F).
func (st *state) sortBefore(i int) bool {
	for p := st.prevSig(i); p >= 0; p = st.prevSig(p) {
		tk := &st.toks[p]
		if tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]) {
			return false
		}
		if tk.kind == tkLex && tk.has(clsSort) != nil {
			return true
		}
	}
	return false
}

// conditionNouns name a condition as such ("去掉法国这个条件", "drop the
// Japan filter"): what comes before them is a condition to remove.
var conditionNouns = map[string]bool{"这个条件": true, "条件": true, "的条件": true, "这个筛选": true, "筛选": true, "这一项": true,
	"这个限制": true, "限制": true, "筛选条件": true, "这个要求": true, "要求": true, "的要求": true, "filter": true, "condition": true,
	"requirement": true, "restriction": true}

// conditionNounAfter reports a condition noun right after token end, after
// at most a 这个/the.
func (st *state) conditionNounAfter(end int) bool {
	k := st.skipSpace(end + 1)
	if w := st.tokText(k); w == "这个" || w == "这" {
		k = st.skipSpace(k + 1)
	}
	if k >= len(st.toks) {
		return false
	}
	w := st.word(k)
	if w == "" {
		w = st.tokText(k)
	}
	if !conditionNouns[w] {
		return false
	}
	st.toks[k].role = roleFiller
	return true
}

// conditionNamed cuts an exclusion object [j,end] before a condition noun
// inside it or right after it ("去掉法国这个条件", "remove the Japan
// filter"), marking the noun (and a 这个/the before it) as filler; it
// reports whether one was found.
func (st *state) conditionNamed(j, end int) (int, bool) {
	for k := j; k <= end+3 && k < len(st.toks); k++ {
		w := st.word(k)
		if w == "" {
			w = strings.ToLower(st.tokText(k))
		}
		if !conditionNouns[w] || k == j {
			continue
		}
		st.toks[k].role = roleFiller
		e := st.prevSig(k)
		if t := strings.ToLower(st.tokText(e)); t == "这个" || t == "这" || t == "the" {
			st.toks[e].role = roleFiller
			e = st.prevSig(e)
		}
		if e < j {
			return end, false
		}
		return e, true
	}
	return end, false
}

// alsoWelcome reports words after token i that welcome what it set apart
// ("以外的也可以看看", "以外的也行"): an opening, not an exclusion.
func (st *state) alsoWelcome(i int) bool {
	rest := strings.TrimLeft(string(st.t.norm[st.toks[i].e:]), " 的")
	for _, p := range []string{"也可以", "也行", "也要", "也看", "也考虑", "也ok", "也没问题"} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}

// anywhereElse reports words after 以外 that welcome every other place
// ("美国以外哪里都行", "以外任何国家"): the value before is what is left out.
func anywhereElse(rest string) bool {
	for _, p := range []string{"哪里", "哪儿", "哪都", "都行", "都可以", "任何", "其他", "其它", "随便"} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}

// partnerWord reports a word of the partner frame at k: a partner verb,
// "already", a relative opening ("who's", "anyone who"), a connector
// ("和", "跟", "with").
func (st *state) partnerWord(k int) bool {
	tk := st.tok(k)
	if tk.kind != tkLex && tk.kind != tkCJK && tk.kind != tkWord {
		return false
	}
	w := st.tokText(k)
	return slices.Contains(partnerVerbs, w) || slices.Contains(exclusionObjectVerbs, w) || partnerGlue[w] || st.promoteWord(k)
}

// partnerGlue are the words around a partner verb: "已经和X合作过",
// "anyone who has already worked with X", "doing X promos".
var partnerGlue = map[string]bool{"已经": true, "already": true, "anyone who's": true, "anyone who has": true, "anyone that's": true,
	"who's": true, "who has": true, "who have": true, "who've already": true, "that have": true, "that has": true,
	"anyone who": true, "anyone": true, "who": true, "that": true, "has": true, "have": true, "doing": true, "did": true, "does": true,
	"do": true, "done": true, "before": true, "previously": true, "ever": true, "跟": true, "和": true, "与": true, "同": true,
	"给": true, "为": true, "替": true, "帮": true, "接": true, "拍": true, "有": true, "做": true,
	"近期": true, "最近": true, "之前": true, "以前": true, "曾": true, "曾经": true, "a": true, "an": true, "with": true,
	"recently": true, "currently": true}

// partnerFrame reads an exclusion object [j, end] that says whom the
// creators worked with ("不要已经接过小佩的", "skip anyone who works with
// Pandora", "not anyone already doing Samsonite promos", "nobody already
// partnered with Adidas"): the partner is what is excluded; the frame
// words (the partner verb, "already", the relative opening, the
// connector) are dropped, never excluded themselves (issue 26, audit 21).
func (st *state) partnerFrame(j, end int) {
	verb := false
	for k := j; k <= end; k++ {
		w := st.tokText(k)
		verb = verb || slices.Contains(partnerVerbs, w) || slices.Contains(exclusionObjectVerbs, w)
	}
	if !verb && !st.promotedObject(j, end) {
		// a promote word alone ("不要接广告的") is what is excluded
		for k := j; k <= end; k++ {
			if slices.Contains(promoteWords, st.tokText(k)) {
				st.toks[k].role = roleContent
			}
		}
		return
	}
	var frame []int
	rest, lead := false, true
	for k := j; k <= end; k++ {
		tk := &st.toks[k]
		one := tk.e-tk.s == 1 && textmatch.IsCJK(st.t.norm[tk.s])
		switch {
		case st.promoteAt(j, k):
			// "推广游戏", "给保健品带货", "X广告": the promoting verb
			// is frame, named (fixQ class 1)
			frame = append(frame, k)
			tk.frameWord = true
		case st.partnerWord(k) && (tk.kind == tkLex || partnerGlue[st.tokText(k)] || slices.Contains(exclusionObjectVerbs, st.tokText(k))) && (!one || lead || tk.kind == tkLex && tk.has(clsAnd) != nil):
			// a one-rune glue word ("给", "为") only leads the object:
			// inside a name ("华为") it is part of it
			frame = append(frame, k)
		case tk.kind == tkSpace, tk.kind == tkPunct, tk.kind == tkLex && (tk.has(clsDe) != nil || tk.has(clsStop) != nil || tk.has(clsRequest) != nil), tk.role == roleFiller:
			// a word a rule already read as frame ("别找给…": the ask) leads nothing
		default:
			rest, lead = true, false
		}
	}
	if !rest {
		// "without sponsorships", "no ads": the deal itself is excluded.
		for _, k := range frame {
			if partnerNouns[st.tokText(k)] {
				st.toks[k].role = roleContent
			}
		}
		return
	}
	for _, k := range frame {
		st.toks[k].role, st.toks[k].neg = roleFiller, 0
	}
	st.partnerHead(j, end)
}

// partnerHead takes the head noun of a partner clause out of the
// exclusion: in "不要和小米合作过的科技博主" the tech creators are who is
// wanted, and only the partner is left out. The head is what follows the
// 的 after the last partner verb ("合作过的", "拍过广告的").
func (st *state) partnerHead(j, end int) {
	verb := -1
	for k := j; k <= end; k++ {
		if slices.Contains(partnerVerbs, st.tokText(k)) {
			verb = k
		}
	}
	if verb < 0 {
		return
	}
	from := -1
	if strings.HasSuffix(st.tokText(verb), "的") {
		from = verb + 1
	} else {
		for k := verb + 1; k <= end; k++ {
			if st.tok(k).has(clsDe) != nil {
				from = k + 1
				break
			}
		}
	}
	if from < 0 {
		return
	}
	for k := from; k <= end; k++ {
		st.toks[k].neg = 0
	}
}

// partnerNouns are the deals a partner frame names ("promos", "ads"):
// alone in an exclusion they are what is excluded.
var partnerNouns = map[string]bool{"promos": true, "promo": true, "promotions": true, "ads": true, "sponsorships": true, "sponsorship": true,
	"deal": true, "deals": true, "collabs": true, "collab": true, "collaborations": true, "partnerships": true, "tie-ins": true,
	"广告": true, "代言": true}

// kindObject reports "the X ones" from j to the end of its clause: an
// article or a pronoun, one or two plain words, and a word for "that
// kind of creator or thing" ("drop the vegan ones", "lose those crypto
// channels"): the words are what is excluded, vocabulary or not.
func (st *state) kindObject(j int) bool {
	switch st.tokText(j) {
	case "the", "those", "these", "any", "all", "all the", "all of the":
	default:
		return false
	}
	k, words := st.skipSpace(j+1), 0
	for ; words < 2 && k < len(st.toks) && st.free(k) && (st.toks[k].kind == tkWord || st.toks[k].kind == tkLex && st.toks[k].has(clsStop) == nil && st.toks[k].has(clsCreator) == nil) && !objectTails[st.tokText(k)]; words++ {
		k = st.skipSpace(k + 1)
	}
	if words == 0 || k >= len(st.toks) || !st.free(k) || !objectTails[st.tokText(k)] && st.toks[k].has(clsCreator) == nil {
		return false
	}
	n := st.skipSpace(k + 1)
	return st.clauseEndsAt(n) || st.tok(n).has(clsAnd) != nil
}

// contrastWords open a clause of their own ("but", "但是").
var contrastWords = map[string]bool{"but": true, "但": true, "但是": true, "不过": true}

// besidesWords after "X以外" make it "besides X" rather than "outside
// X" ("美国以外还要英国的", "日本以外也可以看看").
var besidesWords = []string{"还", "也", "再", "另外", "另", "都", "加上", "以及"}

// outsideGoesOn reports whether the description of the creators goes on
// right after "X以外" at n ("中国大陆以外讲中文的足球博主", "日本以外做动漫的"):
// outside X is then said of them as "X以外的" is (audit 30, class 3),
// unless a clause ends there or a "besides" word follows (besidesWords).
func (st *state) outsideGoesOn(n int) bool {
	tk := &st.toks[n]
	if tk.kind == tkPunct || tk.kind == tkSym {
		return false
	}
	rest := string(st.t.norm[tk.s:])
	for _, w := range besidesWords {
		if strings.HasPrefix(rest, w) {
			return false
		}
	}
	return true
}
