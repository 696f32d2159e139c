package router

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrInputTooLong is returned for inputs over the router's byte limit
// (DefaultMaxInputBytes unless WithMaxInputBytes says otherwise).
var ErrInputTooLong = errors.New("router: input too long")

type scratch struct {
	gen     uint32
	acc     []specAcc
	touched []int32
	matches []acMatch
}

type hitRec struct {
	kind       postKind
	idx        int32
	text       string // the term as written, or the lexicon name
	value      string // lexicon: canonical value
	start, end int32
}

type capRec struct {
	pattern    int32
	group      string
	start, end int32
}

type specAcc struct {
	gen    uint32
	groups uint64
	lex    uint64
	trig   uint64
	pats   uint64
	hits   []hitRec
	caps   []capRec
	poss   []posRec // trigger and anchor positions
	marks  []posRec // vocabulary hits for masked patterns (pattern = markSlots index)
	score  float64
}

// posRec is where a pattern's trigger or anchor occurred.
type posRec struct {
	pattern    int32
	anchor     bool
	start, end int32
}

// evaluation is one run of the stages over an input.
type evaluation struct {
	s      *Snapshot
	in     *Input
	nt     normText
	loc    string
	margin float64
	sc     *scratch
	nums   []int32 // number starts, lazily
	// scored specs in spec order: stage, confidence
	scored []scoredRef
}

type scoredRef struct {
	cs   *compiledSpec
	acc  *specAcc
	conf float64
}

// Query routes in with the default ambiguity margin and no classifier.
// It is a pure function of the snapshot and the input.
func (s *Snapshot) Query(in Input) (*Result, error) {
	r, _, err := s.run(context.Background(), in, runOptions{margin: DefaultAmbiguityMargin, maxBytes: DefaultMaxInputBytes})
	return r, err
}

// Explain is Query with the trace.
func (s *Snapshot) Explain(in Input) (*Result, *Trace, error) {
	return s.run(context.Background(), in, runOptions{margin: DefaultAmbiguityMargin, maxBytes: DefaultMaxInputBytes, trace: true})
}

type runOptions struct {
	margin     float64
	maxBytes   int
	trace      bool
	classifier Classifier
}

func round4(f float64) float64 { return math.Round(f*10000) / 10000 }

func (s *Snapshot) run(ctx context.Context, in Input, o runOptions) (*Result, *Trace, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, fmt.Errorf("router query: %w", err)
	}
	if len(in.Text) > o.maxBytes {
		return nil, nil, fmt.Errorf("%w: %d bytes, the limit is %d", ErrInputTooLong, len(in.Text), o.maxBytes)
	}
	if !utf8.ValidString(in.Text) {
		in.Text = strings.ToValidUTF8(in.Text, "\uFFFD")
	}
	sc := s.pool.Get().(*scratch)
	defer s.pool.Put(sc)
	sc.gen++
	if sc.gen == 0 { // wrapped: clear stale stamps
		for i := range sc.acc {
			sc.acc[i].gen = 0
		}
		sc.gen = 1
	}
	sc.touched = sc.touched[:0]
	e := &evaluation{s: s, in: &in, nt: normalize(in.Text, true), loc: in.locale(), margin: o.margin, sc: sc}
	var tr *Trace
	if o.trace {
		tr = &Trace{InputLen: utf8.RuneCountInString(in.Text), Normalized: e.nt.s, AmbiguityMargin: o.margin, SnapshotRevision: s.revision,
			Guard: []ScoredSpec{}, GuardRejected: []RejectedSpec{}, Rules: []ScoredSpec{}, RulesRejected: []RejectedSpec{}}
	}
	e.scan()
	res := &Result{Input: in.Text, SnapshotRevision: s.revision}
	out := e.stages(ctx, res, tr, o)
	res.Decision = e.decide(res, out)
	if tr != nil {
		tr.Branch = res.Branch
		if res.Top != nil {
			tr.TopID = res.Top.ID
		}
		tr.Commands = res.Commands
	}
	return res, tr, nil
}

// scan runs the automaton once and the triggered patterns, scoring every
// spec that hit anything.
func (e *evaluation) scan() {
	s, sc, text := e.s, e.sc, e.nt.s
	sc.matches = s.ac.scan(text, sc.matches[:0])
	touch := func(i int32) *specAcc {
		a := &sc.acc[i]
		if a.gen != sc.gen {
			*a = specAcc{gen: sc.gen, hits: a.hits[:0], caps: a.caps[:0], poss: a.poss[:0], marks: a.marks[:0]}
			sc.touched = append(sc.touched, i)
		}
		return a
	}
	for _, m := range sc.matches {
		ent := &s.entries[m.id]
		if ent.wordStart && m.start > 0 && isWordByte(text[m.start-1]) {
			continue
		}
		if ent.wordEnd && int(m.end) < len(text) && isWordByte(text[m.end]) {
			// allow a plural "s"
			if !(text[m.end] == 's' && (int(m.end)+1 == len(text) || !isWordByte(text[m.end+1]))) {
				continue
			}
		}
		for _, p := range ent.posts {
			a := touch(p.spec)
			switch p.kind {
			case postTerm:
				a.hits = append(a.hits, hitRec{kind: postTerm, idx: p.idx, text: p.text, start: m.start, end: m.end})
				if a.groups&(1<<uint(p.idx)) == 0 {
					a.groups |= 1 << uint(p.idx)
					a.score += p.weight
				}
			case postLex:
				a.hits = append(a.hits, hitRec{kind: postLex, idx: p.idx, text: ent.text, value: p.value, start: m.start, end: m.end})
				if a.lex&(1<<uint(p.idx)) == 0 {
					a.lex |= 1 << uint(p.idx)
					a.score += s.specs[p.spec].Lexicons[p.idx].Weight
				}
			case postTrigger:
				a.trig |= 1 << uint(p.idx)
				a.poss = append(a.poss, posRec{pattern: p.idx, start: m.start, end: m.end})
			case postMark:
				a.marks = append(a.marks, posRec{pattern: p.idx, start: m.start, end: m.end})
				continue
			case postAnchor:
				a.poss = append(a.poss, posRec{pattern: p.idx, anchor: true, start: m.start, end: m.end})
				if s.specs[p.spec].patterns[p.idx].gateByAn {
					a.trig |= 1 << uint(p.idx)
				}
			}
		}
	}
	for _, i := range s.always {
		touch(i)
	}
	// Patterns, in spec order for determinism.
	slices.Sort(sc.touched)
	for _, i := range sc.touched {
		cs, a := s.specs[i], &sc.acc[i]
		for pi := range cs.patterns {
			p := &cs.patterns[pi]
			if !p.always && a.trig&(1<<uint(pi)) == 0 {
				continue
			}
			if e.runPattern(p, int32(pi), a) {
				a.pats |= 1 << uint(pi)
				a.score += p.Weight
			}
		}
		e.scored = append(e.scored, scoredRef{cs: cs, acc: a, conf: round4(math.Max(0, math.Min(1, a.score)))})
	}
}

// maxPatternRuns bounds how often one pattern runs on one input.
const maxPatternRuns = 16

// runPattern tries a pattern where its mode says and records its captures.
func (e *evaluation) runPattern(p *compiledPattern, pi int32, a *specAcc) bool {
	text := e.nt.s
	if len(p.masks) > 0 {
		text = maskedText(text, p.masks, a.marks)
	}
	found := false
	record := func(loc []int, off int) {
		found = true
		for g := 1; g < len(p.groups); g++ {
			if p.groups[g] == "" || loc[2*g] < 0 || loc[2*g] == loc[2*g+1] {
				continue
			}
			a.caps = append(a.caps, capRec{pattern: pi, group: p.groups[g], start: int32(loc[2*g] + off), end: int32(loc[2*g+1] + off)})
		}
	}
	anchoredAt := func(starts []int32) {
		last := int32(-1)
		for _, st := range starts {
			if st == last {
				continue
			}
			last = st
			end := min(len(text), int(st)+p.window)
			end = extendWord(text, end)
			if loc := p.anchored.FindStringSubmatchIndex(text[st:end]); loc != nil {
				record(loc, int(st))
			}
		}
	}
	switch p.mode {
	case modeWhole:
		for _, loc := range p.re.FindAllStringSubmatchIndex(text, 8) {
			record(loc, 0)
		}
	case modeWindow:
		var lo, hi int = -1, -1
		flush := func() {
			if lo < 0 {
				return
			}
			for _, loc := range p.re.FindAllStringSubmatchIndex(text[lo:hi], 8) {
				record(loc, lo)
			}
		}
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
			flush()
			if runs++; runs > maxPatternRuns {
				lo = -1
				break
			}
			lo, hi = wlo, whi
		}
		flush()
	case modeTrigger, modeLex:
		var starts []int32
		for _, ps := range a.poss {
			if ps.pattern == pi && (ps.anchor == (p.mode == modeLex)) && len(starts) < maxPatternRuns {
				starts = append(starts, ps.start)
			}
		}
		slices.Sort(starts)
		anchoredAt(starts)
	case modeNumber:
		anchoredAt(e.numberStarts())
	}
	return found
}

// numberStarts lists where numbers start in the normalised input (Arabic
// digits, Chinese numerals, "半"), computed once per query.
func (e *evaluation) numberStarts() []int32 {
	if e.nums != nil {
		return e.nums
	}
	e.nums = []int32{}
	text := e.nt.s
	prevNum := false
	for i, r := range text {
		isNum := r >= '0' && r <= '9' || strings.ContainsRune("一二两三四五六七八九十半", r)
		if isNum && !prevNum && len(e.nums) < maxPatternRuns {
			if !(r >= '0' && r <= '9') || i == 0 || (text[i-1] != '.' && text[i-1] != ',') {
				e.nums = append(e.nums, int32(i))
			}
		}
		prevNum = isNum || (prevNum && (r == '.' || r == ','))
	}
	return e.nums
}

// extendWord moves end forward to a rune boundary that does not split an
// ASCII word.
func extendWord(text string, end int) int {
	for end < len(text) && (!utf8.RuneStart(text[end]) || isWordByte(text[end]) && end > 0 && isWordByte(text[end-1])) {
		end++
	}
	return end
}

// startWord moves start back to a rune boundary that does not split an
// ASCII word.
func startWord(text string, start int) int {
	for start > 0 && (!utf8.RuneStart(text[start]) || isWordByte(text[start]) && isWordByte(text[start-1])) {
		start--
	}
	return start
}

// stageOutcome carries what decide needs beyond the Result.
type stageOutcome struct {
	cmdCands    []*Candidate
	guard       *compiledSpec
	expectation *Expectation
	ambiguous   []*Candidate
	nearMisses  []Counterfactual
	classifier  *ClassifierTrace
	emptyInput  bool
}

func (e *evaluation) stages(ctx context.Context, res *Result, tr *Trace, o runOptions) stageOutcome {
	var out stageOutcome
	if e.nt.s == "" {
		res.Branch = BranchFallback
		out.emptyInput = true
		if tr != nil {
			tr.Skipped = append(tr.Skipped, "guard: empty input", "expectation: empty input", "rules: empty input")
		}
		return out
	}
	// Stage 0: guard.
	var guards, guardLow []scoredRef
	for _, sr := range e.scored {
		if sr.cs.Stage != StageGuard || sr.acc.score == 0 && sr.acc.hits == nil {
			continue
		}
		if sr.conf >= sr.cs.Threshold {
			guards = append(guards, sr)
		} else if sr.acc.score != 0 || len(sr.acc.hits) > 0 {
			guardLow = append(guardLow, sr)
		}
	}
	sortRefs(guards)
	if tr != nil {
		for _, g := range guards {
			tr.Guard = append(tr.Guard, e.scoredSpec(g))
		}
		for _, g := range sortedRefs(guardLow) {
			tr.GuardRejected = append(tr.GuardRejected, RejectedSpec{ID: g.cs.ID, Score: g.conf, Reason: fmt.Sprintf("below threshold: %.2f < %.2f", g.conf, g.cs.Threshold)})
			tr.NearMisses = append(tr.NearMisses, e.nearMiss(g))
		}
	}
	if len(guards) > 0 {
		res.Branch = BranchGuardHit
		for _, g := range guards {
			res.Candidates = append(res.Candidates, e.candidate(g.cs, g, false))
		}
		top := res.Candidates[0]
		res.Top = &top
		out.guard = guards[0].cs
		if tr != nil {
			tr.Skipped = append(tr.Skipped, "expectation: guard hit", "rules: guard hit", "classifier: guard hit")
		}
		return out
	}
	// Stage 1: expectation.
	if len(e.in.Pending) > 0 {
		hit, cmd, et := e.expectation()
		if tr != nil {
			tr.Expectation = et
		}
		if hit != nil {
			res.Branch = BranchExpectationHit
			res.Top = hit
			res.Candidates = []Candidate{*hit}
			res.Commands = []Command{cmd}
			out.expectation = &e.in.Pending[indexOfExpectation(e.in.Pending, et.HitID)]
			if tr != nil {
				tr.Skipped = append(tr.Skipped, "rules: expectation hit", "classifier: expectation hit")
			}
			return out
		}
	} else if tr != nil {
		tr.Skipped = append(tr.Skipped, "expectation: nothing pending")
	}
	// Stage 2: rules.
	e.rules(res, tr, &out)
	// Stage 3: classifier.
	if res.Branch == BranchAmbiguous || res.Branch == BranchFallback {
		if o.classifier == nil {
			if tr != nil {
				tr.Skipped = append(tr.Skipped, "classifier: not configured")
			}
		} else {
			e.classify(ctx, o.classifier, res, &out)
			if tr != nil {
				tr.Classifier = out.classifier
				if res.Branch == BranchClassified {
					tr.Commands = res.Commands
				}
			}
		}
	} else if tr != nil {
		tr.Skipped = append(tr.Skipped, "classifier: not needed ("+string(res.Branch)+")")
	}
	return out
}

func indexOfExpectation(p []Expectation, id string) int {
	for i := range p {
		if p[i].ID == id {
			return i
		}
	}
	return 0
}

func sortRefs(r []scoredRef) {
	sort.SliceStable(r, func(i, j int) bool {
		if r[i].conf != r[j].conf {
			return r[i].conf > r[j].conf
		}
		if r[i].cs.Priority != r[j].cs.Priority {
			return r[i].cs.Priority > r[j].cs.Priority
		}
		return r[i].cs.ID < r[j].cs.ID
	})
}

func sortedRefs(r []scoredRef) []scoredRef {
	out := append([]scoredRef(nil), r...)
	sortRefs(out)
	return out
}

// ruleCand is an over-threshold rules spec with its extracted slots.
type ruleCand struct {
	ref   scoredRef
	cand  Candidate
	spans [][2]int32
	cmd   *Command
}

func (e *evaluation) rules(res *Result, tr *Trace, out *stageOutcome) {
	var over, low []scoredRef
	for _, sr := range e.scored {
		if sr.cs.Stage != StageRules {
			continue
		}
		if sr.conf >= sr.cs.Threshold && sr.conf > 0 {
			over = append(over, sr)
		} else if sr.acc.score != 0 || len(sr.acc.hits) > 0 {
			low = append(low, sr)
		}
	}
	sortRefs(over)
	low = sortedRefs(low)
	reject := func(sr scoredRef, reason string) {
		if tr != nil {
			tr.RulesRejected = append(tr.RulesRejected, RejectedSpec{ID: sr.cs.ID, Score: sr.conf, Reason: reason})
		}
	}
	if tr != nil {
		for _, sr := range over {
			tr.Rules = append(tr.Rules, e.scoredSpec(sr))
		}
	}
	res.Candidates = make([]Candidate, 0, len(over)+len(low))
	rcs := make([]ruleCand, len(over))
	var excl, comp []*ruleCand
	for i, sr := range over {
		rc := &rcs[i]
		rc.ref = sr
		if sr.cs.Composable {
			comp = append(comp, rc)
		} else {
			excl = append(excl, rc)
		}
	}
	var accepted []*ruleCand
	switch {
	case len(excl) > 0:
		top := excl[0]
		for _, c := range comp {
			reject(c.ref, "superseded by exclusive intent "+top.ref.cs.ID)
		}
		if len(excl) > 1 {
			second := excl[1]
			if top.ref.conf-second.ref.conf <= e.margin+1e-9 && top.ref.cs.Priority == second.ref.cs.Priority {
				res.Branch = BranchAmbiguous
				t := e.candidate(top.ref.cs, top.ref, true)
				s2 := e.candidate(second.ref.cs, second.ref, false)
				res.Top = &t
				out.ambiguous = []*Candidate{&t, &s2}
				for _, c := range excl[2:] {
					reject(c.ref, "not among the top two")
				}
				if tr != nil {
					tr.RunnerUp = &Counterfactual{ID: second.ref.cs.ID, Score: second.ref.conf, Threshold: second.ref.cs.Threshold,
						Gap:  round4(e.margin - (top.ref.conf - second.ref.conf) + 0.0001),
						Note: fmt.Sprintf("within the ambiguity margin of %s (%.2f vs %.2f, margin %.2f, same priority %d): a wider gap or a different priority would have decided it", top.ref.cs.ID, top.ref.conf, second.ref.conf, e.margin, top.ref.cs.Priority)}
				}
				break
			}
			for _, c := range excl[1:] {
				why := fmt.Sprintf("lost to %s (%.2f vs %.2f)", top.ref.cs.ID, top.ref.conf, c.ref.conf)
				if c.ref.cs.Priority != top.ref.cs.Priority {
					why = fmt.Sprintf("lost to %s on priority (%d vs %d)", top.ref.cs.ID, top.ref.cs.Priority, c.ref.cs.Priority)
				}
				reject(c.ref, why)
			}
			if tr != nil {
				second := excl[1]
				cf := Counterfactual{ID: second.ref.cs.ID, Score: second.ref.conf, Threshold: second.ref.cs.Threshold}
				if second.ref.cs.Priority != top.ref.cs.Priority {
					cf.Note = fmt.Sprintf("priority %d < %d of %s: only a priority change would let it compete", second.ref.cs.Priority, top.ref.cs.Priority, top.ref.cs.ID)
				} else {
					cf.Gap = round4(top.ref.conf - e.margin - second.ref.conf)
					cf.Note = fmt.Sprintf("+%.2f would bring it within the ambiguity margin of %s (ambiguous); +%.2f would win", cf.Gap, top.ref.cs.ID, round4(top.ref.conf-second.ref.conf+0.0001))
				}
				cf.MissingTerm = e.closingTerm(second.ref, cf.Gap)
				tr.RunnerUp = &cf
			}
		}
		if res.Branch != BranchAmbiguous {
			accepted = []*ruleCand{top}
		}
	case len(comp) > 0:
		sort.SliceStable(comp, func(i, j int) bool {
			a, b := comp[i].ref, comp[j].ref
			if a.cs.Priority != b.cs.Priority {
				return a.cs.Priority > b.cs.Priority
			}
			if a.conf != b.conf {
				return a.conf > b.conf
			}
			return a.cs.ID < b.cs.ID
		})
	next:
		for _, c := range comp {
			c.cand, c.spans = e.fill(c.ref.cs, c.ref, nil)
			var claimed [][2]int32
			for _, a := range accepted {
				claimed = append(claimed, a.spans...)
			}
			if overlaps(c.spans, claimed) {
				// Keep the values outside the claimed text, if they suffice.
				if rc, rs := e.fill(c.ref.cs, c.ref, claimed); len(rs) > 0 && !overlaps(rs, claimed) &&
					len(rc.MissingRequiredSlots) <= len(c.cand.MissingRequiredSlots) && len(c.ref.cs.Slots) > 0 && hasSlotSpans(rc) {
					c.cand, c.spans = rc, rs
				}
			}
			for _, a := range accepted {
				if overlaps(c.spans, a.spans) {
					reject(c.ref, fmt.Sprintf("its text is claimed by %s (priority %d)", a.ref.cs.ID, a.ref.cs.Priority))
					if tr != nil && tr.RunnerUp == nil {
						tr.RunnerUp = &Counterfactual{ID: c.ref.cs.ID, Score: c.ref.conf, Threshold: c.ref.cs.Threshold,
							Note: fmt.Sprintf("shares its text with %s, which has priority %d ≥ %d: rephrase so the two do not overlap", a.ref.cs.ID, a.ref.cs.Priority, c.ref.cs.Priority)}
					}
					continue next
				}
				if conflicts(c.ref.cs, a.ref.cs) {
					if math.Abs(c.ref.conf-a.ref.conf) <= e.margin+1e-9 && c.ref.cs.Priority == a.ref.cs.Priority {
						res.Branch = BranchAmbiguous
						t := a.cand
						res.Top = &t
						out.ambiguous = []*Candidate{&t, &c.cand}
						if tr != nil {
							tr.RunnerUp = &Counterfactual{ID: c.ref.cs.ID, Score: c.ref.conf, Threshold: c.ref.cs.Threshold,
								Gap:  round4(e.margin - math.Abs(c.ref.conf-a.ref.conf) + 0.0001),
								Note: fmt.Sprintf("conflicts with %s and is within the ambiguity margin (%.2f vs %.2f)", a.ref.cs.ID, c.ref.conf, a.ref.conf)}
						}
						return
					}
					reject(c.ref, fmt.Sprintf("conflicts with %s, which scored higher (%.2f vs %.2f)", a.ref.cs.ID, a.ref.conf, c.ref.conf))
					continue next
				}
			}
			accepted = append(accepted, c)
		}
	default:
		res.Branch = BranchFallback
		for _, sr := range low {
			reject(sr, fmt.Sprintf("below threshold: %.2f < %.2f", sr.conf, sr.cs.Threshold))
		}
		for _, sr := range low {
			out.nearMisses = append(out.nearMisses, e.nearMiss(sr))
		}
		if tr != nil {
			tr.NearMisses = append(tr.NearMisses, out.nearMisses...)
		}
		for _, sr := range low {
			res.Candidates = append(res.Candidates, e.candidate(sr.cs, sr, false))
		}
		return
	}
	if res.Branch != BranchAmbiguous {
		for _, sr := range low {
			reject(sr, fmt.Sprintf("below threshold: %.2f < %.2f", sr.conf, sr.cs.Threshold))
			if tr != nil {
				tr.NearMisses = append(tr.NearMisses, e.nearMiss(sr))
			}
		}
	}
	if res.Branch == BranchAmbiguous {
		for _, c := range out.ambiguous {
			res.Candidates = append(res.Candidates, *c)
		}
		for _, sr := range low {
			res.Candidates = append(res.Candidates, e.candidate(sr.cs, sr, false))
		}
		return
	}
	res.Branch = BranchMatched
	// Commands in input order.
	sort.SliceStable(accepted, func(i, j int) bool { return firstStart(accepted[i].spans) < firstStart(accepted[j].spans) })
	var topC *ruleCand
	for _, c := range accepted {
		if c.cand.ID == "" {
			c.cand = e.candidate(c.ref.cs, c.ref, true)
		}
		if topC == nil || c.ref.conf > topC.ref.conf || c.ref.conf == topC.ref.conf && (c.ref.cs.Priority > topC.ref.cs.Priority || c.ref.cs.Priority == topC.ref.cs.Priority && c.ref.cs.ID < topC.ref.cs.ID) {
			topC = c
		}
	}
	for _, c := range accepted {
		cc := c.cand
		out.cmdCands = append(out.cmdCands, &cc)
		if cmd, ok := e.command(c.ref.cs, &cc); ok {
			res.Commands = append(res.Commands, cmd)
		}
		res.Candidates = append(res.Candidates, cc)
	}
	t := topC.cand
	res.Top = &t
	for _, sr := range over {
		if !containsRef(accepted, sr.cs.ID) {
			res.Candidates = append(res.Candidates, e.candidate(sr.cs, sr, false))
		}
	}
	for _, sr := range low {
		res.Candidates = append(res.Candidates, e.candidate(sr.cs, sr, false))
	}
	if tr != nil {
		for _, c := range accepted {
			for _, k := range sortedKeys(c.cand.InvalidSlots) {
				why := c.cand.InvalidSlots[k]
				tr.SlotHints = append(tr.SlotHints, SlotHint{SpecID: c.cand.ID, Slot: k, Value: c.cand.Slots[k].Raw, Nearest: nearestFromReason(why)})
			}
		}
		sort.Slice(tr.SlotHints, func(i, j int) bool {
			return tr.SlotHints[i].SpecID+"/"+tr.SlotHints[i].Slot < tr.SlotHints[j].SpecID+"/"+tr.SlotHints[j].Slot
		})
		if tr.RunnerUp == nil && len(low) > 0 {
			nm := e.nearMiss(low[0])
			tr.RunnerUp = &nm
		}
	}
}

func containsRef(cs []*ruleCand, id string) bool {
	for _, c := range cs {
		if c.ref.cs.ID == id {
			return true
		}
	}
	return false
}

func firstStart(sp [][2]int32) int32 {
	m := int32(math.MaxInt32)
	for _, s := range sp {
		if s[0] < m {
			m = s[0]
		}
	}
	return m
}

func overlaps(a, b [][2]int32) bool {
	for _, x := range a {
		for _, y := range b {
			if x[0] < y[1] && y[0] < x[1] {
				return true
			}
		}
	}
	return false
}

func conflicts(a, b *compiledSpec) bool {
	for _, id := range a.ConflictsWith {
		if id == b.ID {
			return true
		}
	}
	for _, id := range b.ConflictsWith {
		if id == a.ID {
			return true
		}
	}
	return false
}

// scoredSpec renders a scored spec for the trace.
func (e *evaluation) scoredSpec(sr scoredRef) ScoredSpec {
	terms, lex, pats := e.hitLists(sr)
	return ScoredSpec{ID: sr.cs.ID, Score: sr.conf, Threshold: sr.cs.Threshold, Priority: sr.cs.Priority, Composable: sr.cs.Composable,
		HitTerms: terms, HitLexicon: lex, HitPatterns: pats}
}

func (e *evaluation) hitLists(sr scoredRef) (terms, lex, pats []string) {
	for _, h := range sr.acc.hits {
		switch h.kind {
		case postTerm:
			if !containsStr(terms, h.text) {
				terms = append(terms, h.text)
			}
		case postLex:
			if k := h.text + "→" + h.value; !containsStr(lex, k) {
				lex = append(lex, k)
			}
		}
	}
	for pi, p := range sr.cs.patterns {
		if sr.acc.pats&(1<<uint(pi)) != 0 {
			pats = append(pats, p.Name)
		}
	}
	return terms, lex, pats
}

func (e *evaluation) reason(sr scoredRef) string {
	terms, lex, pats := e.hitLists(sr)
	var b strings.Builder
	b.Grow(96)
	part := func(label string, xs []string) {
		if len(xs) == 0 {
			return
		}
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		b.WriteString(label)
		for i, x := range xs {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(x)
		}
	}
	part("terms: ", terms)
	part("lexicon: ", lex)
	part("patterns: ", pats)
	if b.Len() == 0 {
		b.WriteString("no hit")
	}
	var num [16]byte
	b.WriteString(" (")
	b.Write(strconv.AppendFloat(num[:0], sr.conf, 'f', 2, 64))
	b.WriteString(", threshold ")
	b.Write(strconv.AppendFloat(num[:0], sr.cs.Threshold, 'f', 2, 64))
	b.WriteString(")")
	return b.String()
}

// nearMiss explains what a spec under its threshold lacks.
func (e *evaluation) nearMiss(sr scoredRef) Counterfactual {
	gap := round4(sr.cs.Threshold - sr.conf)
	cf := Counterfactual{ID: sr.cs.ID, Score: sr.conf, Threshold: sr.cs.Threshold, Gap: gap}
	cf.MissingTerm = e.closingTerm(sr, gap)
	switch {
	case cf.MissingTerm != "":
		cf.Note = fmt.Sprintf("needs +%.2f: %s would cross the threshold", gap, cf.MissingTerm)
	default:
		cf.Note = fmt.Sprintf("needs +%.2f: no single term or pattern closes the gap", gap)
	}
	return cf
}

// closingTerm names the lightest unhit term (or pattern) whose weight
// closes gap, in declaration order on ties.
func (e *evaluation) closingTerm(sr scoredRef, gap float64) string {
	best, bestW := "", math.Inf(1)
	// Prefer a term in the input's language.
	for pass := 0; pass < 2 && best == ""; pass++ {
		for _, t := range sr.cs.terms {
			if sr.acc.groups&(1<<uint(t.group)) != 0 || t.weight+1e-9 < gap || t.weight <= 0 {
				continue
			}
			if pass == 0 && isHan(t.text) != (e.loc == "zh") {
				continue
			}
			if t.weight < bestW {
				best, bestW = fmt.Sprintf("term %q (+%.2f)", t.text, t.weight), t.weight
			}
		}
	}
	for pi, p := range sr.cs.patterns {
		if sr.acc.pats&(1<<uint(pi)) != 0 || p.Weight+1e-9 < gap || p.Weight <= 0 {
			continue
		}
		if p.Weight < bestW {
			best, bestW = fmt.Sprintf("pattern %s (+%.2f)", p.Name, p.Weight), p.Weight
		}
	}
	return best
}

func nearestFromReason(why string) string {
	const k = "nearest valid value: "
	if i := strings.Index(why, k); i >= 0 {
		return strings.TrimSuffix(why[i+len(k):], ")")
	}
	return ""
}

// hasSlotSpans reports whether a refilled candidate still has a captured
// (not defaulted) slot, i.e. its spans come from slots and not from terms.
func hasSlotSpans(c Candidate) bool {
	for _, sl := range c.Slots {
		if sl.Source != "default" && sl.Source != "context" && sl.Source != "derived" {
			return true
		}
	}
	return false
}

func isHan(s string) bool {
	for _, r := range s {
		if r >= cjkLo && r <= cjkHi {
			return true
		}
	}
	return false
}

// maskedText replaces the hits of the pattern's vocabularies with
// sentinel bytes of the same length (longest hit first at each start,
// nested hits skipped).
func maskedText(text string, masks []int32, marks []posRec) string {
	var sel []posRec
	for _, m := range marks {
		if slices.Contains(masks, m.pattern) {
			sel = append(sel, m)
		}
	}
	if len(sel) == 0 {
		return text
	}
	slices.SortFunc(sel, func(a, b posRec) int {
		if a.start != b.start {
			return int(a.start - b.start)
		}
		return int(b.end - a.end)
	})
	buf := []byte(text)
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
	return string(buf)
}
