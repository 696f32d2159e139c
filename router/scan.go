package router

import (
	"math/bits"
	"slices"
	"unicode/utf8"

	"searchagent/tools/textmatch"
)

// The scan: one automaton pass over the normalised input, then the
// patterns its hits trigger.

// scan runs the automaton once and the triggered patterns, scoring every
// spec that hit anything.
func (e *evaluation) scan() {
	s, sc := e.s, e.sc
	tab := &s.scanTab
	e.postAll()
	for _, i := range s.always {
		sc.specAccFor(i)
	}
	// Patterns, in spec order for determinism (the indexes are distinct:
	// with up to 64 specs a bit set sorts them).
	if len(s.specs) <= 64 {
		var set uint64
		for _, i := range sc.touched {
			set |= 1 << uint(i)
		}
		sc.touched = sc.touched[:0]
		for ; set != 0; set &= set - 1 {
			sc.touched = append(sc.touched, int32(bits.TrailingZeros64(set)))
		}
	} else {
		slices.Sort(sc.touched)
	}
	scored := sc.refs[:0]
	for _, i := range sc.touched {
		cs, a := s.specs[i], &sc.acc[i]
		// Lint (which Compile runs) allows at most MaxPatterns a spec.
		for run := a.trig.or(tab.always[i]); !run.empty(); run = run.rest() {
			pi := run.first()
			p := &cs.patterns[pi]
			if e.runPattern(p, int32(pi), a) {
				a.pats = a.pats.with(pi)
				a.score += p.Weight
			}
		}
		if !a.pats.and(cs.cancels.or(cs.damps)).empty() && (!a.pats.and(cs.requests).empty() || e.requestTerm(cs, a)) {
			e.scopeCancels(cs, a)
		}
		// The built-in min and max treat NaN and zeros as math.Max and
		// math.Min do, without their calls.
		scored = append(scored, scoredRef{cs: cs, acc: a, conf: round4(max(0, min(1, a.score)))})
	}
	// Capped: the stages keep their own lists.
	sc.refs = scored
	e.scored = scored[:len(scored):len(scored)]
}

// postAll runs the automaton over the input and records the postings of
// its hits, in the order of the hits' ends and, for one end, longest
// first.
func (e *evaluation) postAll() {
	ac, tab, sc, text := e.s.ac, &e.s.scanTab, e.sc, e.nt.s
	st := textmatch.Root
	for i := 0; i < len(text); i++ {
		if i, st = ac.Run(text, i, st); i == len(text) {
			break
		}
		end := int32(i + 1)
		stops := tab.stopsOf[ac.Stop(st)]
		for pi := range stops {
			p := &stops[pi]
			start := end - p.plen
			if p.word != 0 && !textmatch.Bounded(text, p.word, int(start), int(end)) {
				continue
			}
			if p.kind == postNeed {
				sc.needHits = append(sc.needHits, posRec{pattern: p.idx, start: start, end: end})
				continue
			}
			a := sc.specAccFor(p.spec)
			bit := p.bit
			switch p.kind {
			case postTerm:
				a.hits = append(a.hits, hitRec{kind: postTerm, idx: p.idx, ent: p.ent, post: p.post, start: start, end: end})
				if a.groups&bit == 0 {
					a.groups |= bit
					a.score += p.weight
				}
			case postLex:
				a.hits = append(a.hits, hitRec{kind: postLex, idx: p.idx, ent: p.ent, post: p.post, start: start, end: end})
				if a.lex&bit == 0 {
					a.lex |= bit
					a.score += p.weight
				}
			case postTrigger:
				a.trig = a.trig.with(int(p.idx))
				a.poss = append(a.poss, posRec{pattern: p.idx, start: start, end: end})
			case postMark:
				a.marks = append(a.marks, posRec{pattern: p.idx, start: start, end: end})
			case postAnchor:
				a.poss = append(a.poss, posRec{pattern: p.idx, anchor: true, start: start, end: end})
				if p.gate {
					a.trig = a.trig.with(int(p.idx))
				}
			}
		}
	}
}

// specAccFor returns spec i's accumulator, reset on its first use in a query.
func (sc *scratch) specAccFor(i int32) *specAcc {
	a := &sc.acc[i]
	if a.gen != sc.gen {
		// Field by field: the slices keep their arrays, and only their
		// lengths need storing.
		a.gen = sc.gen
		a.groups, a.lex, a.trig, a.pats, a.unscoped = 0, 0, patMask{}, patMask{}, patMask{}
		a.hits, a.caps, a.poss, a.marks = a.hits[:0], a.caps[:0], a.poss[:0], a.marks[:0]
		a.score = 0
		a.reason, a.hasReason = [2]int32{}, false
		sc.touched = append(sc.touched, i)
	}
	return a
}

// maxPatternRuns bounds how often one pattern runs on one input.
const maxPatternRuns = 16

// runPattern tries a pattern where its mode says and records its
// captures. The regex runs only where its prefilter allows a match.
func (e *evaluation) runPattern(p *compiledPattern, pi int32, a *specAcc) bool {
	text := e.sc.norm
	if len(p.masks) > 0 {
		text = e.maskedText(p.masks, a.marks)
	}
	switch p.mode {
	case modeWhole:
		if p.alpha != nil && !p.inAlphabet(text) {
			return false
		}
		return e.runIn(p, pi, a, text, 0, len(text))
	case modeWindow:
		found := false
		lo, hi := -1, -1
		runs := 0
		for _, ps := range a.poss {
			if ps.pattern != pi || ps.anchor {
				continue
			}
			wlo := startWord(text, max(0, int(ps.start)-p.window))
			whi := extendWord(text, min(len(text), int(ps.end)+p.window))
			if lo >= 0 && wlo <= hi {
				hi = max(hi, whi)
				continue
			}
			if lo >= 0 && e.runIn(p, pi, a, text, lo, hi) {
				found = true
			}
			if runs++; runs > maxPatternRuns {
				lo = -1
				break
			}
			lo, hi = wlo, whi
		}
		if lo >= 0 && e.runIn(p, pi, a, text, lo, hi) {
			found = true
		}
		return found
	case modeTrigger, modeLex:
		var buf [maxPatternRuns]int32
		starts := buf[:0]
		for _, ps := range a.poss {
			if ps.pattern == pi && (ps.anchor == (p.mode == modeLex)) && len(starts) < maxPatternRuns {
				starts = append(starts, ps.start)
			}
		}
		if !slices.IsSorted(starts) {
			slices.Sort(starts)
		}
		return e.anchoredAt(p, pi, a, text, starts)
	case modeNumber:
		return e.anchoredAt(p, pi, a, text, e.numberStarts())
	}
	return false
}

// inAlphabet reports whether every rune of text is one p's whole-input
// regex can match: the ASCII bytes by table, then all by p.alpha.
func (p *compiledPattern) inAlphabet(text []byte) bool {
	for _, c := range text {
		if c < utf8.RuneSelf && p.ascii[c>>6]&(1<<(c&63)) == 0 {
			return false
		}
	}
	return p.alpha.Match(text)
}

// runIn runs p's regex over text[lo:hi] where its prefilter allows,
// recording the captures of up to 8 matches; it reports whether any
// matched.
func (e *evaluation) runIn(p *compiledPattern, pi int32, a *specAcc, text []byte, lo, hi int) bool {
	if !e.mayMatch(p, a, int32(lo), int32(hi)) {
		return false
	}
	found := false
	for _, loc := range p.re.FindAllSubmatchIndex(text[lo:hi], 8) {
		found = true
		recordCaps(p, pi, a, loc, lo)
	}
	return found
}

// mayMatch reports whether text[lo:hi] holds a literal of every one of
// p's needed sets, as the automaton found them (a vocabulary's sentinel:
// one of a's marks); if not, p's regex cannot match there.
func (e *evaluation) mayMatch(p *compiledPattern, a *specAcc, lo, hi int32) bool {
next:
	for si := range p.needs {
		set := &p.needs[si]
		for _, h := range e.sc.needHits {
			if h.end > hi {
				break
			}
			if h.start >= lo && set.has(h.pattern) {
				continue next
			}
		}
		for _, m := range a.marks {
			if m.start >= lo && m.start < hi && slices.Contains(set.marks, m.pattern) {
				continue next
			}
		}
		return false
	}
	return true
}

// recordCaps appends the captures of one match of pattern pi (loc relative
// to off) to a.
func recordCaps(p *compiledPattern, pi int32, a *specAcc, loc []int, off int) {
	for g := 1; g < len(p.groups); g++ {
		if p.groups[g] == "" || loc[2*g] < 0 || loc[2*g] == loc[2*g+1] {
			continue
		}
		a.caps = append(a.caps, capRec{pattern: pi, group: int32(g), start: int32(loc[2*g] + off), end: int32(loc[2*g+1] + off)})
	}
}

// anchoredAt tries p's anchored regex at each start (duplicates once),
// recording the captures; it reports whether any matched.
func (e *evaluation) anchoredAt(p *compiledPattern, pi int32, a *specAcc, text []byte, starts []int32) bool {
	found := false
	last := int32(-1)
	for _, st := range starts {
		if st == last {
			continue
		}
		last = st
		end := min(len(text), int(st)+p.window)
		end = extendWord(text, end)
		if !e.mayMatch(p, a, st, int32(end)) {
			continue
		}
		if loc := p.anchored.FindSubmatchIndex(text[st:end]); loc != nil {
			found = true
			recordCaps(p, pi, a, loc, int(st))
		}
	}
	return found
}

// numberStarts lists where numbers start in the normalised input (Arabic
// digits, Chinese numerals, "半"; a digit right after "." continues a
// decimal), computed once per query.
func (e *evaluation) numberStarts() []int32 {
	if e.numsOK {
		return e.sc.nums
	}
	e.numsOK = true
	nums := e.sc.nums[:0]
	text := e.nt.s
	prevNum := false
	for i, r := range text {
		digit := r >= '0' && r <= '9'
		isNum := digit || isNumeralRune(r)
		if isNum && !prevNum && len(nums) < maxPatternRuns && (!digit || i == 0 || text[i-1] != '.') {
			nums = append(nums, int32(i))
		}
		prevNum = isNum || prevNum && (r == '.' || r == ',')
	}
	e.sc.nums = nums
	return nums
}

// isNumeralRune reports whether r is one of the Chinese numerals a number
// in numberStarts may hold: 一二两三四五六七八九十半.
func isNumeralRune(r rune) bool {
	switch r {
	case '一', '二', '两', '三', '四', '五', '六', '七', '八', '九', '十', '半':
		return true
	}
	return false
}

// extendWord moves end forward to a rune boundary that does not split an
// ASCII word.
func extendWord[T string | []byte](text T, end int) int {
	for end < len(text) && (!utf8.RuneStart(text[end]) || textmatch.IsWordByte(text[end]) && end > 0 && textmatch.IsWordByte(text[end-1])) {
		end++
	}
	return end
}

// startWord moves start back to a rune boundary that does not split an
// ASCII word.
func startWord[T string | []byte](text T, start int) int {
	for start > 0 && (!utf8.RuneStart(text[start]) || textmatch.IsWordByte(text[start]) && textmatch.IsWordByte(text[start-1])) {
		start--
	}
	return start
}

// maskedText replaces the hits of the pattern's vocabularies with
// sentinel bytes of the same length (longest hit first at each start,
// nested hits skipped). It returns the normalised text itself when
// nothing is masked, else a scratch buffer valid until the next call.
func (e *evaluation) maskedText(masks []int32, marks []posRec) []byte {
	sc := e.sc
	sel := sc.sel[:0]
	for _, m := range marks {
		if slices.Contains(masks, m.pattern) {
			sel = append(sel, m)
		}
	}
	sc.sel = sel
	if len(sel) == 0 {
		return sc.norm
	}
	// By start and, for one start, longest first.
	slices.SortFunc(sel, func(a, b posRec) int {
		if a.start != b.start {
			return int(a.start - b.start)
		}
		return int(b.end - a.end)
	})
	buf := append(sc.mask[:0], sc.norm...)
	sc.mask = buf
	covered := int32(-1)
	for _, m := range sel {
		if m.start < covered {
			continue
		}
		k := slices.Index(masks, m.pattern)
		buf[m.start] = byte(maskStart + k)
		for i := m.start + 1; i < m.end; i++ {
			buf[i] = maskCont
		}
		covered = m.end
	}
	return buf
}
