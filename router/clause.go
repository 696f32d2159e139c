package router

import (
	"bytes"
	"regexp"
	"slices"

	"searchagent/tools/textmatch"
)

// A guard's cancelling patterns (a negation, "不要买粉的"; a harmless
// context, "how to spot fake followers") cover their own clause, not the
// whole text: "不靠买粉怎么行，帮我买一万粉" negates buying in its first
// clause and asks for it in the second. When a request of the same
// family (a co-occurrence pattern or a term at RequestWeight or above)
// stands in clauses no cancel touches, the cancels do not count.

// RequestWeight is the weight at or above which a guard family's pattern
// or term group is a request on its own (a co-occurrence such as buy_zh,
// a term such as 刷粉), as against a cue.
const RequestWeight = 0.5

// clauseBreaks are the words that end a clause besides punctuation: a
// contrast starts a new one ("no fake followers, but buy me real ones").
var clauseBreaks = [][]byte{[]byte("but"), []byte("但是"), []byte("可是"), []byte("不过")}

// clauses splits the normalised text at , . ; ! ? and line breaks (a
// full stop inside a number, "1.5k", is none) and before a contrast
// word, returning the clauses' [start, end) byte ranges.
func clauses(text []byte) [][2]int {
	var out [][2]int
	start := 0
	cut := func(end, next int) {
		if end > start {
			out = append(out, [2]int{start, end})
		}
		start = next
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case ',':
			if listTail(text[i+1:]) {
				continue // "… about engagement fraud, bot farms and click farms"
			}
			cut(i, i+1)
			continue
		case ';', '!', '?', '\n':
			cut(i, i+1)
			continue
		case '.':
			if i+1 < len(text) && text[i+1] >= '0' && text[i+1] <= '9' {
				continue
			}
			cut(i, i+1)
			continue
		}
		for _, w := range clauseBreaks {
			if bytes.HasPrefix(text[i:], w) && (w[0] >= 0x80 || wordAt(text, i, i+len(w))) {
				cut(i, i)
				break
			}
		}
	}
	cut(len(text), len(text))
	return out
}

// listTail reports whether the text after a comma, up to the next
// punctuation, ends an English list of nouns ("bot farms and click
// farms"): at most eight words, one of them "and" or "or", none a verb that
// asks for something (listVerbs) — so "no fake followers, buy me likes
// and views" still splits.
func listTail(rest []byte) bool {
	end := bytes.IndexAny(rest, ",.;!?\n")
	if end < 0 {
		end = len(rest)
	}
	words := bytes.Fields(rest[:end])
	switch {
	case len(words) == 0:
		return false
	case string(words[0]) == "like", string(words[0]) == "including", string(words[0]) == "e.g.", string(words[0]) == "especially":
		// "how influencer fraud works, like fake followers": examples
		// of what the clause before named
		return len(words) <= 14 && !slices.ContainsFunc(words[1:], func(w []byte) bool { return listVerbs[string(w)] })
	case len(words) > 8:
		return false
	}
	joined := false
	for _, w := range words {
		for _, b := range w {
			if b >= 0x80 {
				return false // English lists only
			}
		}
		switch string(w) {
		case "and", "or":
			joined = true
		}
		if listVerbs[string(w)] {
			return false
		}
	}
	return joined
}

// listVerbs are the words that make a clause after a comma a request of
// its own rather than the end of a list.
var listVerbs = map[string]bool{"buy": true, "get": true, "need": true, "want": true, "give": true, "send": true,
	"sell": true, "hire": true, "pay": true, "order": true, "grab": true, "find": true, "make": true, "help": true,
	"show": true, "tell": true, "ignore": true, "reveal": true, "print": true, "share": true, "rent": true, "add": true,
	"boost": true, "me": true, "us": true, "i": true, "we": true, "you": true, "u": true}

// wordAt reports whether text[start:end] is a whole ASCII word.
func wordAt(text []byte, start, end int) bool {
	return (start == 0 || !textmatch.IsWordByte(text[start-1])) && (end == len(text) || !textmatch.IsWordByte(text[end]))
}

// requestTerm reports whether a holds a term hit of a group at
// RequestWeight or above (a request on its own, "刷粉", "buy followers").
func (e *evaluation) requestTerm(cs *compiledSpec, a *specAcc) bool {
	for i := range a.hits {
		if h := &a.hits[i]; h.kind == postTerm && cs.Terms[h.idx].Weight >= RequestWeight-1e-9 {
			return true
		}
	}
	return false
}

// scopeCancels drops the cancelling patterns of guard spec cs when one
// of its requests stands in a run of clauses that no cancel matches: the
// cancels' weights leave the score and their bits move to a.unscoped
// (the trace names them). The damps (a brief's measures and sort) are
// dropped the same way when a request pattern (a co-occurrence, not a
// bare term: "教刷量的就算了" beside "organic reach" stays a topic)
// stands in a run of clauses that neither a cancel nor a damp matches:
// "find beauty creators, 50k-200k followers. Also pad the reviews" asks
// for padding in its last sentence.
func (e *evaluation) scopeCancels(cs *compiledSpec, a *specAcc) {
	cls := clauses(e.sc.norm)
	if !a.pats.and(cs.cancels).empty() {
		e.scopeDrop(cs, a, cls, cs.cancels, cs.cancels, true)
	}
	if !a.pats.and(cs.damps).empty() {
		e.scopeDrop(cs, a, cls, cs.cancels.or(cs.damps), cs.damps, false)
	}
}

// scopeDrop drops the patterns of drop that fired when a request of cs
// (a request pattern, or with terms also a request term) stands in a run
// of clauses that no fired pattern of scope matches.
func (e *evaluation) scopeDrop(cs *compiledSpec, a *specAcc, cls [][2]int, scope, drop patMask, terms bool) {
	negated := make([]bool, len(cls))
	for ci, c := range cls {
		for run := a.pats.and(scope); !run.empty(); run = run.rest() {
			if e.clauseMatch(cs, a, run.first(), c[0], c[1]) {
				negated[ci] = true
				break
			}
		}
	}
	free := false
	for ci := 0; ci < len(cls) && !free; ci++ {
		if negated[ci] {
			continue
		}
		// A run of clauses free of cancels: a request may span it
		// ("粉丝多少都行，帮我买一些").
		cj := ci
		for cj+1 < len(cls) && !negated[cj+1] {
			cj++
		}
		lo, hi := cls[ci][0], cls[cj][1]
		for run := a.pats.and(cs.requests); !run.empty() && !free; run = run.rest() {
			free = e.clauseMatch(cs, a, run.first(), lo, hi)
		}
		for i := 0; terms && i < len(a.hits); i++ {
			if h := &a.hits[i]; !free && h.kind == postTerm && cs.Terms[h.idx].Weight >= RequestWeight-1e-9 && int(h.start) >= lo && int(h.end) <= hi && !e.dampCovers(cs, a, int(h.start), int(h.end)) {
				free = true
			}
		}
		ci = cj
	}
	if !free {
		return
	}
	for run := a.pats.and(drop); !run.empty(); run = run.rest() {
		pi := run.first()
		a.score -= cs.patterns[pi].Weight
		a.pats = a.pats.without(pi)
		a.unscoped = a.unscoped.with(pi)
	}
}

// dampCovers reports whether a fired damp of cs (a business contact,
// "商务邮箱", a brief's measure) matches a span of the text that holds
// text[start:end]: a request term inside it is the damp's word, no
// request on its own ("不需要他们的私人手机号，有商务邮箱就行": the 邮箱
// of a business mailbox asks for nothing private).
func (e *evaluation) dampCovers(cs *compiledSpec, a *specAcc, start, end int) bool {
	for run := a.pats.and(cs.damps); !run.empty(); run = run.rest() {
		p := &cs.patterns[run.first()]
		if p.clause == nil {
			continue
		}
		text := e.sc.norm
		if len(p.masks) > 0 {
			text = e.maskedText(p.masks, a.marks)
		}
		for _, m := range p.clause.FindAllIndex(text, -1) {
			if m[0] <= start && end <= m[1] {
				return true
			}
		}
	}
	return false
}

// clauseMatch reports whether pattern pi of cs matches inside
// text[lo:hi] (its masked text when it reads a vocabulary).
func (e *evaluation) clauseMatch(cs *compiledSpec, a *specAcc, pi, lo, hi int) bool {
	p := &cs.patterns[pi]
	if p.clause == nil {
		return false
	}
	text := e.sc.norm
	if len(p.masks) > 0 {
		text = e.maskedText(p.masks, a.marks)
	}
	return p.clause.Match(text[lo:hi])
}

// anaphor matches a pronoun that points back at what an earlier clause
// named ("but just buy me 10k of them", 把它们刷上去): English object
// pronouns and 它们; 这些 and 那些 are determiners as often, never read.
var anaphor = regexp.MustCompile(`\b(?:them|those|these|ones)\b|它们`)

// freeClauseCues reports whether the clauses that none of cs's fired
// cancelling patterns matches (a negation covers its own clause) hold
// cues of cs at its local classifier floor on their own, with no cancel
// among them. A free clause that holds a cue of its own and a pronoun
// pointing back ("no fake followers is a nice idea but just buy me 10k
// of them") borrows the cue words (terms below RequestWeight) the
// negated clauses named: the pronoun stands for them. A free clause
// without a cue of its own borrows nothing ("avoid fake followers, show
// me those with real ones").
func (e *evaluation) freeClauseCues(cs *compiledSpec, a *specAcc) bool {
	cancels := a.pats.and(cs.cancels)
	if cancels.empty() {
		return false
	}
	var free, borrowed []byte
	negated := false
	for _, c := range clauses(e.sc.norm) {
		hit := false
		for run := cancels; !run.empty() && !hit; run = run.rest() {
			hit = e.clauseMatch(cs, a, run.first(), c[0], c[1])
		}
		if hit {
			negated = true
			for i := range a.hits {
				if h := &a.hits[i]; h.kind == postTerm && cs.Terms[h.idx].Weight > 0 && cs.Terms[h.idx].Weight < RequestWeight-1e-9 && int(h.start) >= c[0] && int(h.end) <= c[1] {
					borrowed = append(append(borrowed, ", "...), e.sc.norm[h.start:h.end]...)
				}
			}
			continue
		}
		if len(free) > 0 {
			free = append(free, ", "...)
		}
		free = append(free, e.sc.norm[c[0]:c[1]]...)
	}
	if !negated || len(free) == 0 {
		return false
	}
	score, cancel := e.s.familyCues(string(free), cs)
	if cancel != "" || score <= 0 {
		return false
	}
	if score < cs.localMinCue-1e-9 && len(borrowed) > 0 && anaphor.Match(free) {
		score, cancel = e.s.familyCues(string(append(free, borrowed...)), cs)
	}
	return cancel == "" && score >= cs.localMinCue-1e-9
}
