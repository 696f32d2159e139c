package condparse

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"searchagent/tools/condition"
	"searchagent/tools/taxonomy"
	"searchagent/tools/textnorm"
)

// Decomposition (issue 26 item 2): a ranking term is the words of a
// sentence no rule placed, often a topic word glued to words of its own
// ("宝宝辅食", "街头美食", "口红试色", "home renovation"). When the topic
// words inside the terms of one input name exactly one category (through
// taxonomy.Categories and the bilingual topic table taxonomy.Synonyms),
// the input asks for creators of that category: it is read as that
// category (weak and dropped when the user named one, like a subtopic
// word) and the term still ranks. Terms naming two categories, terms
// inside the advertiser's own frame ("我们是做宠物零食的品牌") and
// excluded or cued keywords read no category.

// topicWord is one word of the topic tables, normalised, with its
// category.
type topicWord struct {
	word, code string
	latin      bool
	// sub: a subtopic word, specific enough to name its category
	// anywhere in a term; a category word names it only as the term's
	// head, its last word ("街头美食", "indie gaming"), never as a
	// modifier ("gaming headset" is about headsets).
	sub bool
}

// topicWords lists the category names and topic-table words of two or
// more runes, generic category words ("style", "home") left out.
var topicWords = sync.OnceValue(func() []topicWord {
	var out []topicWord
	addWord := func(w, code string, sub bool) {
		n := textnorm.Normalize(w)
		if utf8.RuneCountInString(n) < 2 || genericCategoryWords[strings.ToLower(w)] {
			return
		}
		out = append(out, topicWord{word: n, code: code, latin: isLatinWord(strings.ReplaceAll(n, " ", "")), sub: sub})
	}
	for _, nt := range taxonomy.Categories.Names() {
		addWord(nt.Name, nt.Term.Code, false)
	}
	for _, g := range taxonomy.Synonyms.Groups() {
		for _, w := range g.Words {
			addWord(w, g.Category, g.Sub)
		}
	}
	return out
})

// topicsIn returns the categories whose topic words occur in text: a
// CJK word anywhere, a Latin word as whole words, a category word only
// at the end (see topicWord); a word inside a longer
// word that matched is not read on its own ("旅游攻略" is travel, not
// also the gaming 攻略).
func topicsIn(text string) []string {
	n := " " + trimFormNouns(textnorm.Normalize(text)) + " "
	type hit struct {
		s, e int
		code string
	}
	var hits []hit
	for _, w := range topicWords() {
		needle := w.word
		if w.latin {
			needle = " " + w.word + " "
		}
		for off := 0; ; {
			i := strings.Index(n[off:], needle)
			if i < 0 {
				break
			}
			if end := off + i + len(needle); w.sub || end == len(n) || end == len(n)-1 && !w.latin {
				hits = append(hits, hit{off + i, end, w.code})
			}
			off += i + len(needle)
		}
	}
	var codes []string
	for _, h := range hits {
		inner := slices.ContainsFunc(hits, func(o hit) bool { return o.s <= h.s && h.e <= o.e && o.e-o.s > h.e-h.s })
		if !inner && !slices.Contains(codes, h.code) {
			codes = append(codes, h.code)
		}
	}
	return codes
}

// formNouns name the form a topic comes in, not the topic: after a topic
// word they are not the phrase's head ("travel vlogs" is travel, "baking
// videos" food), so trimFormNouns drops them from the end of a phrase of
// two or more words.
var formNouns = map[string]bool{"vlog": true, "vlogs": true, "video": true, "videos": true, "content": true,
	"clips": true, "shorts": true, "streams": true, "stream": true, "podcast": true, "podcasts": true,
	"blog": true, "blogs": true, "pages": true, "page": true, "posts": true, "reels": true, "视频": true,
	"短视频": true, "内容": true, "直播": true}

func trimFormNouns(n string) string {
	for {
		head, last, ok := cutLast(n)
		if !ok || !formNouns[last] {
			return n
		}
		n = head
	}
}

// cutLast splits a normalised phrase of two or more words before its last
// word.
func cutLast(n string) (string, string, bool) {
	i := strings.LastIndexByte(n, ' ')
	if i <= 0 {
		return n, "", false
	}
	return strings.TrimSpace(n[:i]), n[i+1:], true
}

// decompose reads the category of the input's ranking terms (see above).
func (st *state) decompose() {
	var terms []*pcond
	for _, pc := range st.conds {
		if pc.dropped {
			continue
		}
		if pc.c.Field == condition.Category && !pc.neg {
			return // a category is read already: the terms only rank
		}
		if pc.c.Kind == condition.KindKeyword && pc.c.Op == condition.OpContains && !pc.topicTerm &&
			slices.Contains(pc.c.Issues, IssueRankingTerm) {
			terms = append(terms, pc)
		}
	}
	var codes []string
	var from *pcond
	for _, pc := range terms {
		if k := slices.IndexFunc(st.toks, func(tk token) bool { return tk.s == pc.s }); k >= 0 && st.governed(k) {
			continue // the advertiser's own product
		}
		for _, c := range topicsIn(pc.c.Value.Str) {
			if !slices.Contains(codes, c) {
				codes = append(codes, c)
				from = pc
			}
		}
	}
	if len(codes) != 1 {
		return
	}
	pc := st.vocabCond(condition.Category, codes, 0)
	pc.topic, pc.weak = true, true
	pc.s, pc.e = from.s, from.e
	st.conds = append(st.conds, pc)
}

// additions marks the removed values (IssueRemoved), the values excluded
// by a word after them (IssueExcludedAfter), the values wanted
// through a negated exception (IssueNothingBut) and the wanted country, language and category values said
// as an addition (IssueAdded): an additive word ("也", "还", "再加上",
// "加进来", "also", "add", "as well") in the value's own clause. "另外"
// (besides) introduces another condition, not another value.
func (st *state) additions() {
	for _, pc := range st.conds {
		if !pc.dropped && slices.ContainsFunc(st.toks, func(tk token) bool { return tk.corrected && tk.s >= pc.s && tk.e <= pc.e }) {
			pc.addIssue(IssueCorrected)
		}
		if !pc.dropped && pc.neg && pc.c.Kind == condition.KindHard {
			if slices.ContainsFunc(st.toks, func(tk token) bool { return tk.removal && tk.s >= pc.s && tk.e <= pc.e }) {
				pc.addIssue(IssueRemoved)
			}
		}
		if !pc.dropped && pc.neg && (pc.c.Kind == condition.KindHard || pc.c.Kind == condition.KindKeyword) &&
			slices.ContainsFunc(st.toks, func(tk token) bool { return tk.excludedAfter && tk.s >= pc.s && tk.e <= pc.e }) {
			// "吃播的不要": a word excluded by a word after it, as a
			// category is (fixT: a finer word is a keyword now)
			pc.addIssue(IssueExcludedAfter)
		}
		if !pc.dropped && !pc.neg && slices.ContainsFunc(st.toks, func(tk token) bool { return tk.nothingBut && tk.s >= pc.s && tk.e <= pc.e }) {
			pc.addIssue(IssueNothingBut)
		}
		if pc.dropped || pc.neg || pc.c.Kind != condition.KindHard ||
			pc.c.Field != condition.Country && pc.c.Field != condition.Language && pc.c.Field != condition.Category {
			continue
		}
		k := slices.IndexFunc(st.toks, func(tk token) bool { return tk.s == pc.s })
		if k < 0 {
			continue
		}
		from, to := k, k
		for from > 0 && !(st.toks[from-1].kind == tkPunct && isClauseSep(st.t.norm[st.toks[from-1].s])) {
			from--
		}
		for to+1 < len(st.toks) && !(st.toks[to+1].kind == tkPunct && isClauseSep(st.t.norm[st.toks[to+1].s])) {
			to++
		}
		// "switch the language to english and also include Singapore":
		// an "and" after a condition, before something other than a
		// value of the same field, starts a clause of its own.
		for i := k - 1; i > from; i-- {
			if st.joinsClauses(i, pc.c.Field) {
				from = i + 1
				break
			}
		}
		for i := k + 1; i < to; i++ {
			if st.joinsClauses(i, pc.c.Field) {
				to = i - 1
				break
			}
		}
		if st.keptOnly(pc, from, to) {
			// "of these keep the UK ones and only those that also do
			// travel stuff", "英国的留下": a keep-only narrows the held
			// list to the value; an "also" of the clause adds something
			// else (fixZ3, class Z1)
			continue
		}
		for i := from; i <= to; i++ {
			tk := &st.toks[i]
			// "Korea too": "too" right after the value adds it, as
			// "also" does (elsewhere "too" is "too big").
			tooAfter := false
			if txt := strings.ToLower(st.tokText(i)); tk.s >= pc.e {
				// "Korea too"; "Portuguese is ok too", "Canada would be
				// fine too", "Belgium would work as well": an acceptance
				// between them, or lexed as one word with the "too"; its
				// words are frame
				for _, tail := range []string{"too", "as well"} {
					if txt == tail || strings.HasSuffix(txt, " "+tail) {
						between := string(st.t.norm[pc.e : tk.e-len([]rune(tail))])
						tooAfter = tooAfter || strings.TrimSpace(between) == "" || acceptedToo.MatchString(between)
					}
				}
			}
			// "语言西班牙语也可以", "英语也行": an acceptance with 也 adds
			// the value as "also" does (audit 24, class F).
			alsoOK := tk.kind == tkLex && i > k && acceptTails[st.word(i)] && strings.HasPrefix(st.word(i), "也") && st.valuesOnlyBetween(k, i, pc.c.Field)
			if tooAfter || alsoOK || tk.kind == tkLex && tk.neg == 0 && tk.role != roleCond && tk.has(clsAlso) != nil && st.word(i) != "另外" {
				pc.addIssue(IssueAdded)
				break
			}
		}
	}
}

// acceptedWords makes frame of the words that call a value acceptable
// right after it ("Mexico could work too", "the UK would also be ok
// too"): they say the value is added (additions), no topic.
func (st *state) acceptedWords() {
	for _, pc := range st.conds {
		if pc.neg || pc.c.Kind != condition.KindHard || pc.e >= len(st.t.norm) {
			continue
		}
		m := acceptedAfter.FindStringIndex(string(st.t.norm[pc.e:]))
		if m == nil {
			continue
		}
		end := pc.e + len([]rune(string(st.t.norm[pc.e:])[:m[1]]))
		for k := range st.toks {
			if tk := &st.toks[k]; tk.s >= pc.e && tk.e <= end && tk.role == roleNone && tk.kind != tkSpace && tk.kind != tkPunct {
				tk.role, tk.frameWord = roleFiller, true
			}
		}
	}
}

// valuesOnlyBetween reports that only values of field f (and "和", "、",
// spaces) stand between tokens k and i: "英语法语也可以" accepts both,
// "vlog的 语言西班牙语也可以" only the language.
func (st *state) valuesOnlyBetween(k, i int, f condition.Field) bool {
	for j := k + 1; j < i; j++ {
		tk := &st.toks[j]
		switch {
		case tk.kind == tkSpace && j == i-1, tk.kind == tkLex && tk.has(clsAnd) != nil, tk.kind == tkPunct && st.t.norm[tk.s] == '、',
			// "奥地利的也行": the 的 right before the acceptance
			tk.kind == tkLex && tk.has(clsDe) != nil && st.skipSpace(j+1) == i:
		case st.tokCond[j] > 0 && st.conds[st.tokCond[j]-1].c.Field == f:
		default:
			return false
		}
	}
	return true
}

// joinsClauses reports an "and" at i that follows a condition and is not
// followed by another value of field f: it joins two clauses ("… to
// english and also include Singapore"), not two values ("Korea and
// Japan too").
func (st *state) joinsClauses(i int, f condition.Field) bool {
	tk := &st.toks[i]
	if tk.kind != tkLex || tk.has(clsAnd) == nil {
		return false
	}
	p := st.prevSig(i)
	if p < 0 || st.toks[p].role != roleCond {
		return false
	}
	n := st.skipSpace(i + 1)
	if n < len(st.toks) && st.tokCond[n] > 0 && st.conds[st.tokCond[n]-1].c.Field == f {
		return false
	}
	return true
}

// keepBefore is a keep-only said before a value in its clause ("keep
// the UK ones", "only keep the French", 只保留英国); keepAfter one said
// right after it (英国的留下, 日本的留着).
var (
	keepBefore = mustRx(`(?i)\b(?:keep|keeping|retain|hang on to)\b|只留|只保留|保留|留下`)
	keepAfter  = mustRx(`^\s*(?:的|那些|那批|这些)?\s*(?:(?:就|都)?(?:留下|留着|保留|留))`)
)

// keptOnly reports the value pc, in the clause of tokens from..to, said
// as the one to keep of those held: a keep-only narrows to it, never adds.
func (st *state) keptOnly(pc *pcond, from, to int) bool {
	if pc.c.Field != condition.Country && pc.c.Field != condition.Language {
		return false
	}
	var before, after string
	if s := st.toks[from].s; s <= pc.s && pc.s <= len(st.t.norm) {
		before = string(st.t.norm[s:pc.s])
	}
	if e := st.toks[to].e; pc.e <= e && e <= len(st.t.norm) {
		after = string(st.t.norm[pc.e:e])
	}
	if keepToo.MatchString(before) || keepTooAfter.MatchString(after) {
		// "also keep Japan", "keep Japan too", 日本的也留着: kept beside
		// the held ones, an addition
		return false
	}
	return keepBefore.MatchString(before) || keepAfter.MatchString(after)
}

// keepToo is an additive word on the keep itself ("also keep"), keepTooAfter
// one right after the value ("Japan too", 日本的也留着).
var (
	keepToo      = mustRx(`(?i)\b(?:also|too)\s+(?:keep|retain)\b|也(?:保留|留下|留着)`)
	keepTooAfter = mustRx(`(?i)^\s*(?:(?:ones?|channels?|creators?)\s+)?(?:too|as\s+well)\b|^\s*(?:的)?\s*也`)
)

// acceptPhrase calls a value acceptable ("is ok", "are fine", "would be
// fine", "would work", "could do", "is acceptable").
const acceptPhrase = `(?:(?:(?:is|are|would|could|should|will|'d|'s|'re)\s+)?(?:also\s+)?(?:be\s+)?(?:also\s+)?(?:ok|okay|fine|good|welcome|acceptable|alright|works|work)|(?:would|could|should|will|can)\s+(?:also\s+)?do)`

// acceptedToo is the acceptance between a value and its "too" ("… is ok
// too", "… works too", "Korean ones are fine too", "Canada would be fine
// too").
var acceptedToo = mustRx(`(?i)^\s*(?:(?:ones?|channels?|creators?|accounts?)\s+)?` + acceptPhrase + `\s*$`)

// acceptedAfter is a value's acceptance said right after it, "too" or
// "as well" included ("English works too", "Korean ones are ok too").
var acceptedAfter = mustRx(`(?i)^\s*(?:(?:ones?|channels?|creators?|accounts?)\s+)?` + acceptPhrase + `\s+(?:too|as well)\b`)

// acceptedAt reports a value at token k said to be acceptable right after
// it ("English works too", "Korean ones are ok too", "英语也行", "日本的也
// 可以"): a value wanted, so an exclusion said before it ends there ("drop
// the nail ones and English works too", "不要开箱的 日本的也可以").
func (st *state) acceptedAt(k int) bool {
	n := st.skipSpace(k + 1)
	if st.tok(n).kind == tkLex && st.tok(n).has(clsDe) != nil {
		n = st.skipSpace(n + 1)
	}
	if w := st.word(n); acceptTails[w] && strings.HasPrefix(w, "也") {
		return true
	}
	return acceptedAfter.MatchString(string(st.t.norm[st.tok(k).e:]))
}
