package router

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrInputTooLong is returned for inputs over the router's byte limit
// (DefaultMaxInputBytes unless WithMaxInputBytes says otherwise).
var ErrInputTooLong = errors.New("router: input too long")

// scratch is the per-query working memory, pooled per snapshot so that a
// query allocates little beyond its Result. Nothing in a Result or Trace
// may point into it.
type scratch struct {
	gen     uint32
	acc     []specAcc
	touched []int32

	eval evaluation
	in   Input
	norm []byte  // the normalised input (the bytes of eval.nt.s)
	off  []int32 // eval.nt.off
	mask []byte  // masked text of the pattern being run
	sel  []posRec
	// needHits are the automaton's hits of need literals (pattern: the
	// literal's id), in the order of their ends.
	needHits []posRec
	nums     []int32
	refs     []scoredRef // the scored specs
	crefs    []scoredRef // the specs of the rules' candidates, in order
	rcs      []ruleCand
	spans    [][2]int32 // the spans fill returns
	raws     []rawVal
	cands    []*Candidate
	// candSpecs and cmdInfos back stageOutcome's cmdSpecs and cmdInfos.
	candSpecs []*compiledSpec
	cmdInfos  []*commandInfo
	buf       []byte

	over, low  []scoredRef // a stage's specs over and under their threshold
	excl, comp []*ruleCand
	accepted   []*ruleCand
	claimed    [][2]int32
	ambp       []*Candidate
	// rcsUsed and rawsUsed are how much of rcs and raws the query used.
	rcsUsed, rawsUsed int
}

// reset prepares the scratch for a query.
func (sc *scratch) reset() {
	sc.gen++
	if sc.gen == 0 { // wrapped: clear stale stamps
		for i := range sc.acc {
			sc.acc[i].gen = 0
		}
		sc.gen = 1
	}
	sc.touched = sc.touched[:0]
	sc.nums = sc.nums[:0]
	sc.needHits = sc.needHits[:0]
	sc.refs = sc.refs[:0]
	sc.spans = sc.spans[:0]
	sc.cands = sc.cands[:0]
}

// release drops the scratch's references to the query's input and
// results so that a pooled scratch keeps nothing alive.
func (sc *scratch) release() {
	sc.eval = evaluation{}
	sc.in = Input{}
	// Clear what this query used (the rest is still zero).
	clear(sc.rcs[:sc.rcsUsed])
	clear(sc.cands)
	// candSpecs and cmdInfos point into the snapshot, which owns the
	// pool: they keep nothing alive and need no clearing.
	clear(sc.ambp)
	clear(sc.raws[:sc.rawsUsed])
	sc.rcsUsed, sc.rawsUsed = 0, 0
}

// hitRec is a term or lexicon hit: entry and posting index the
// snapshot's automaton entries (pointer-free, so that the pooled scratch
// costs the garbage collector nothing).
type hitRec struct {
	kind       postKind
	idx        int32
	ent, post  int32
	start, end int32
}

// text is the term as written, or the lexicon name.
func (s *Snapshot) hitText(h *hitRec) string {
	if h.kind == postLex {
		return s.entries[h.ent].text
	}
	return s.entries[h.ent].posts[h.post].text
}

// hitValue is a lexicon hit's canonical value.
func (s *Snapshot) hitValue(h *hitRec) string { return s.entries[h.ent].posts[h.post].value }

// capRec is a named group a pattern captured (group indexes the
// pattern's subexpression names).
type capRec struct {
	pattern    int32
	group      int32
	start, end int32
}

type specAcc struct {
	gen    uint32
	groups uint64
	lex    uint64
	trig   patMask
	pats   patMask
	// unscoped are the cancelling patterns that fired in a clause other
	// than a request's, so did not count (scopeCancels).
	unscoped patMask
	hits     []hitRec
	caps     []capRec
	poss     []posRec // trigger and anchor positions
	marks    []posRec // vocabulary hits for masked patterns (pattern = markSlots index)
	score    float64
	// reason is the spec's reason in evaluation.reasons, when hasReason.
	reason    [2]int32
	hasReason bool
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
	numsOK bool // sc.nums holds the number starts
	// lateReasons: the rules stage sets the candidates' reasons at its
	// end (bare leaves them empty meanwhile).
	lateReasons bool
	// reasons holds the reasons of the candidates, built in one piece.
	reasons string
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
	// classifierKind is ClassifierLocal or ClassifierModel.
	classifierKind string
	// submitGuard, when set, checks submitted text for guard families
	// after the rules (ExplainSubmitted).
	submitGuard *localClassifier
}

func round4(f float64) float64 { return math.Round(f*10000) / 10000 }

// resultBlock allocates a Result with the first plan steps in one piece
// (Top points into the Result's Candidates).
type resultBlock struct {
	res  Result
	plan [6]PlanStep
}

func (s *Snapshot) run(ctx context.Context, in Input, o runOptions) (*Result, *Trace, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, fmt.Errorf("router query: %w", err)
	}
	if len(in.Text) > o.maxBytes {
		return nil, nil, fmt.Errorf("%w: %d bytes, the limit is %d", ErrInputTooLong, len(in.Text), o.maxBytes)
	}
	sc := s.pool.Get().(*scratch)
	sc.reset()
	var invalid bool
	sc.norm, sc.off, invalid = appendNormalized(sc.norm[:0], sc.off[:0], in.Text)
	if invalid {
		in.Text = strings.ToValidUTF8(in.Text, "\uFFFD")
		sc.norm, sc.off, _ = appendNormalized(sc.norm[:0], sc.off[:0], in.Text)
	}
	sc.in = in
	norm := in.Text
	if string(sc.norm) != in.Text {
		norm = string(sc.norm)
	}
	e := &sc.eval
	*e = evaluation{s: s, in: &sc.in, nt: normText{s: norm, orig: in.Text, off: sc.off}, loc: sc.in.locale(), margin: o.margin, sc: sc}
	var tr *Trace
	if o.trace {
		tr = &Trace{InputLen: utf8.RuneCountInString(in.Text), Normalized: e.nt.s, AmbiguityMargin: o.margin, SnapshotRevision: s.revision,
			Guard: []ScoredSpec{}, GuardRejected: []RejectedSpec{}, Rules: []ScoredSpec{}, RulesRejected: []RejectedSpec{}}
		tr.Lookalikes = LookalikeWords(in.Text)
	}
	e.scan()
	blk := &resultBlock{res: Result{Input: in.Text, SnapshotRevision: s.revision}}
	res := &blk.res
	out := e.stages(ctx, blk, tr, o)
	e.decide(blk, &out)
	if tr != nil {
		tr.Branch = res.Branch
		if res.Top != nil {
			tr.TopID = res.Top.ID
		}
		tr.Commands = res.Commands
		tr.Unused = e.unused(res, tr)
	}
	sc.release()
	s.pool.Put(sc)
	if res.Branch != BranchGuardHit {
		if vr, vt := s.lineHeadsGuard(ctx, in, o); vr != nil {
			return vr, vt, nil
		}
	}
	return res, tr, nil
}

// lineHeadsGuard routes the acrostic view of in (LineHeads) and returns
// its result only when a guard refuses it: the instruction hidden in a
// poem's line heads is refused as if written out, and the trace names the
// view that matched and its text. Any other outcome of the view is
// dropped: the input as written decides.
func (s *Snapshot) lineHeadsGuard(ctx context.Context, in Input, o runOptions) (*Result, *Trace) {
	view := LineHeads(in.Text)
	if view == "" {
		return nil, nil
	}
	orig := in.Text
	in.Text = view
	vr, vt, err := s.run(ctx, in, o)
	if err != nil || vr.Branch != BranchGuardHit {
		return nil, nil
	}
	vr.Input = orig
	if vt != nil {
		vt.View = ViewLineHeads
		vt.ViewText = view
		vt.InputLen = utf8.RuneCountInString(orig)
	}
	return vr, vt
}

// stageOutcome carries what decide needs beyond the Result.
type stageOutcome struct {
	cmdCands []*Candidate
	// cmdSpecs are the specs of cmdCands (index-aligned) and cmdInfos
	// the vocabulary entries of the result's commands (index-aligned with
	// Commands), when the rules stage built them.
	cmdSpecs   []*compiledSpec
	cmdInfos   []*commandInfo
	guard      *compiledSpec
	ambiguous  []*Candidate
	nearMisses []Counterfactual
	classifier *ClassifierTrace
	emptyInput bool
	// cmdReason is "id: reason; …" of cmdCands, when the rules stage
	// built it.
	cmdReason string
}

func (e *evaluation) stages(ctx context.Context, blk *resultBlock, tr *Trace, o runOptions) stageOutcome {
	res := &blk.res
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
	sc := e.sc
	guards, guardLow := sc.over[:0], sc.low[:0]
	for _, sr := range e.scored {
		if sr.cs.Stage != StageGuard || sr.acc.score == 0 && len(sr.acc.hits) == 0 {
			continue
		}
		if sr.conf >= sr.cs.Threshold {
			guards = append(guards, sr)
		} else {
			guardLow = append(guardLow, sr)
		}
	}
	sc.over, sc.low = guards, guardLow
	sortRefs(guards)
	if tr != nil {
		for _, g := range guards {
			tr.Guard = append(tr.Guard, e.scoredSpec(g))
		}
		sortRefs(guardLow)
		for _, g := range guardLow {
			tr.GuardRejected = append(tr.GuardRejected, RejectedSpec{ID: g.cs.ID, Score: g.conf, Reason: fmt.Sprintf("below threshold: %.2f < %.2f", g.conf, g.cs.Threshold)})
			tr.NearMisses = append(tr.NearMisses, e.nearMiss(g))
		}
	}
	if len(guards) > 0 {
		e.prepareReasons(guards, 0)
		res.Branch = BranchGuardHit
		res.Candidates = make([]Candidate, 0, len(guards))
		for _, g := range guards {
			res.Candidates = e.appendBare(res.Candidates, g.cs, g)
		}
		res.Top = &res.Candidates[0]
		out.guard = guards[0].cs
		if tr != nil {
			tr.Skipped = append(tr.Skipped, "expectation: guard hit", "rules: guard hit", "classifier: guard hit")
		}
		return out
	}
	// Stage 1: expectation.
	if len(e.in.Pending) > 0 {
		hit, cmd, et := e.expectation(tr != nil)
		if tr != nil {
			tr.Expectation = et
		}
		if hit != nil {
			res.Branch = BranchExpectationHit
			res.Top = hit
			res.Candidates = []Candidate{*hit}
			res.Commands = []Command{cmd}
			if tr != nil {
				tr.Skipped = append(tr.Skipped, "rules: expectation hit", "classifier: expectation hit")
			}
			return out
		}
	} else if tr != nil {
		tr.Skipped = append(tr.Skipped, "expectation: nothing pending")
	}
	// Stage 2: rules.
	e.rules(blk, tr, &out)
	// The local classifier is cheap and pure: it also checks what the
	// rules matched (and submitted text) for the guard families the guard
	// rules missed, and decides nothing else there.
	lc, local := o.classifier.(localClassifier)
	if o.submitGuard != nil {
		lc, local = *o.submitGuard, true
	}
	if local && (o.submitGuard != nil || res.Branch == BranchMatched) {
		e.localGuard(lc, res, &out)
		if tr != nil {
			tr.Classifier = out.classifier
		}
		return out
	}
	// Stage 3: classifier.
	if res.Branch == BranchAmbiguous || res.Branch == BranchFallback {
		if o.classifier == nil {
			if tr != nil {
				tr.Skipped = append(tr.Skipped, "classifier: not configured")
			}
		} else {
			e.classify(ctx, o.classifier, o.classifierKind, res, &out)
			if tr != nil {
				tr.Classifier = out.classifier
			}
		}
	} else if tr != nil {
		tr.Skipped = append(tr.Skipped, "classifier: not needed ("+string(res.Branch)+")")
	}
	return out
}

// cmpRefs orders scored specs: confidence, then priority (both
// descending), then id.
func cmpRefs(a, b scoredRef) int {
	if a.conf != b.conf {
		if a.conf > b.conf {
			return -1
		}
		return 1
	}
	if a.cs.Priority != b.cs.Priority {
		if a.cs.Priority > b.cs.Priority {
			return -1
		}
		return 1
	}
	return strings.Compare(a.cs.ID, b.cs.ID)
}

func sortRefs(r []scoredRef) { slices.SortStableFunc(r, cmpRefs) }

// ruleCand is an over-threshold rules spec with its extracted slots.
type ruleCand struct {
	ref   scoredRef
	cand  Candidate
	spans [][2]int32
}

func (e *evaluation) rules(blk *resultBlock, tr *Trace, out *stageOutcome) {
	res := &blk.res
	sc := e.sc
	over, low := sc.over[:0], sc.low[:0]
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
	sc.over, sc.low = over, low
	sortRefs(over)
	sortRefs(low)
	// The candidates' reasons are built at the end (setReasons), in the
	// order of the candidates.
	e.lateReasons = true
	reject := func(sr scoredRef, reason string) {
		tr.RulesRejected = append(tr.RulesRejected, RejectedSpec{ID: sr.cs.ID, Score: sr.conf, Reason: reason})
	}
	if tr != nil {
		for _, sr := range over {
			tr.Rules = append(tr.Rules, e.scoredSpec(sr))
		}
	}
	res.Candidates = make([]Candidate, 0, len(over)+len(low))
	if cap(sc.rcs) < len(over) {
		sc.rcs = make([]ruleCand, len(over))
	}
	rcs := sc.rcs[:len(over)]
	sc.rcsUsed = len(over)
	excl, comp := sc.excl[:0], sc.comp[:0]
	for i, sr := range over {
		rc := &rcs[i]
		rc.ref = sr
		if sr.cs.Composable {
			comp = append(comp, rc)
		} else {
			excl = append(excl, rc)
		}
	}
	sc.excl, sc.comp = excl, comp
	accepted := sc.accepted[:0]
	switch {
	case len(excl) > 0:
		top := excl[0]
		if tr != nil {
			for _, c := range comp {
				reject(c.ref, "superseded by exclusive intent "+top.ref.cs.ID)
			}
		}
		if len(excl) > 1 {
			second := excl[1]
			if tr != nil {
				m := round4(top.ref.conf - second.ref.conf)
				tr.ObservedMargin = &m
			}
			if top.ref.conf-second.ref.conf <= e.margin+1e-9 && top.ref.cs.Priority == second.ref.cs.Priority {
				res.Branch = BranchAmbiguous
				// Candidates has room for both (len(over) >= 2).
				res.Candidates = res.Candidates[:2]
				e.candidate(&res.Candidates[0], top.ref.cs, top.ref, true)
				e.candidate(&res.Candidates[1], second.ref.cs, second.ref, false)
				res.Top = &res.Candidates[0]
				out.ambiguous = append(sc.ambp[:0], &res.Candidates[0], &res.Candidates[1])
				if tr != nil {
					for _, c := range excl[2:] {
						reject(c.ref, "not among the top two")
					}
					tr.TieBreak = fmt.Sprintf("%s and %s are %.2f apart, within the margin %.2f at the same priority %d: the user's answer to the clarifying question decides; a gap over the margin or a different priority would have", top.ref.cs.ID, second.ref.cs.ID, round4(top.ref.conf-second.ref.conf), e.margin, top.ref.cs.Priority)
					tr.RunnerUp = &Counterfactual{ID: second.ref.cs.ID, Score: second.ref.conf, Threshold: second.ref.cs.Threshold,
						Gap:  round4(e.margin - (top.ref.conf - second.ref.conf) + 0.0001),
						Note: fmt.Sprintf("within the ambiguity margin of %s (%.2f vs %.2f, margin %.2f, same priority %d): a wider gap or a different priority would have decided it", top.ref.cs.ID, top.ref.conf, second.ref.conf, e.margin, top.ref.cs.Priority)}
				}
				break
			}
			if tr != nil {
				for _, c := range excl[1:] {
					why := fmt.Sprintf("lost to %s (%.2f vs %.2f)", top.ref.cs.ID, top.ref.conf, c.ref.conf)
					if c.ref.cs.Priority != top.ref.cs.Priority {
						why = fmt.Sprintf("lost to %s on priority (%d vs %d)", top.ref.cs.ID, top.ref.cs.Priority, c.ref.cs.Priority)
					}
					reject(c.ref, why)
				}
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
			accepted = append(accepted, top)
		}
	case len(comp) > 0:
		for _, c := range comp {
			c.spans = e.fill(&c.cand, c.ref.cs, c.ref, nil)
		}
		// Priority, then confidence, then the reading that covers more of
		// the text: of two equal readings of overlapping words the longer
		// one is the more specific ("西班牙语" is the language, not the
		// country 西班牙 inside it).
		slices.SortStableFunc(comp, func(a, b *ruleCand) int {
			if a.ref.cs.Priority != b.ref.cs.Priority {
				if a.ref.cs.Priority > b.ref.cs.Priority {
					return -1
				}
				return 1
			}
			if a.ref.conf != b.ref.conf {
				if a.ref.conf > b.ref.conf {
					return -1
				}
				return 1
			}
			if la, lb := spanWidth(a.spans), spanWidth(b.spans); la != lb {
				return cmp.Compare(lb, la)
			}
			return strings.Compare(a.ref.cs.ID, b.ref.cs.ID)
		})
	next:
		for _, c := range comp {
			claimed := sc.claimed[:0]
			for _, a := range accepted {
				claimed = append(claimed, a.spans...)
			}
			sc.claimed = claimed
			if overlaps(c.spans, claimed) {
				// Keep the values outside the claimed text, if they suffice.
				var rc Candidate
				if rs := e.fill(&rc, c.ref.cs, c.ref, claimed); len(rs) > 0 && !overlaps(rs, claimed) &&
					len(rc.MissingRequiredSlots) <= len(c.cand.MissingRequiredSlots) && hasSlotSpans(&rc) {
					c.cand, c.spans = rc, rs
				}
			}
			for _, a := range accepted {
				if overlaps(c.spans, a.spans) {
					if tr != nil && tr.TieBreak == "" && c.ref.cs.Priority == a.ref.cs.Priority && c.ref.conf == a.ref.conf {
						tr.TieBreak = fmt.Sprintf("%s and %s tied on the same words (priority %d, %.2f): %s's reading covers more of the text", a.ref.cs.ID, c.ref.cs.ID, a.ref.cs.Priority, a.ref.conf, a.ref.cs.ID)
						if spanWidth(a.spans) == spanWidth(c.spans) {
							tr.TieBreak = fmt.Sprintf("%s and %s tied on the same words (priority %d, %.2f, readings of one length): the spec id's order decided", a.ref.cs.ID, c.ref.cs.ID, a.ref.cs.Priority, a.ref.conf)
						}
					}
					if tr != nil {
						reject(c.ref, fmt.Sprintf("its text is claimed by %s (priority %d)", a.ref.cs.ID, a.ref.cs.Priority))
						if tr.RunnerUp == nil {
							tr.RunnerUp = &Counterfactual{ID: c.ref.cs.ID, Score: c.ref.conf, Threshold: c.ref.cs.Threshold,
								Note: fmt.Sprintf("shares its text with %s, which has priority %d ≥ %d: rephrase so the two do not overlap", a.ref.cs.ID, a.ref.cs.Priority, c.ref.cs.Priority)}
						}
					}
					continue next
				}
				if conflicts(c.ref.cs, a.ref.cs) {
					if tr != nil {
						m := round4(math.Abs(c.ref.conf - a.ref.conf))
						tr.ObservedMargin = &m
					}
					if math.Abs(c.ref.conf-a.ref.conf) <= e.margin+1e-9 && c.ref.cs.Priority == a.ref.cs.Priority {
						if tr != nil {
							tr.TieBreak = fmt.Sprintf("%s and %s conflict and are %.2f apart, within the margin %.2f: the user's answer to the clarifying question decides", a.ref.cs.ID, c.ref.cs.ID, round4(math.Abs(c.ref.conf-a.ref.conf)), e.margin)
						}
						res.Branch = BranchAmbiguous
						top := a.cand
						e.setReasons(nil, append(sc.crefs[:0], a.ref, c.ref), 0)
						top.Reason, c.cand.Reason = e.reason(a.ref), e.reason(c.ref)
						res.Top = &top
						out.ambiguous = append(sc.ambp[:0], &top, &c.cand)
						if tr != nil {
							tr.RunnerUp = &Counterfactual{ID: c.ref.cs.ID, Score: c.ref.conf, Threshold: c.ref.cs.Threshold,
								Gap:  round4(e.margin - math.Abs(c.ref.conf-a.ref.conf) + 0.0001),
								Note: fmt.Sprintf("conflicts with %s and is within the ambiguity margin (%.2f vs %.2f)", a.ref.cs.ID, c.ref.conf, a.ref.conf)}
						}
						sc.accepted = accepted
						return
					}
					if tr != nil {
						reject(c.ref, fmt.Sprintf("conflicts with %s, which scored higher (%.2f vs %.2f)", a.ref.cs.ID, a.ref.conf, c.ref.conf))
					}
					continue next
				}
			}
			accepted = append(accepted, c)
		}
	default:
		res.Branch = BranchFallback
		if tr != nil {
			for _, sr := range low {
				reject(sr, fmt.Sprintf("below threshold: %.2f < %.2f", sr.conf, sr.cs.Threshold))
			}
		}
		out.nearMisses = make([]Counterfactual, 0, len(low))
		for _, sr := range low {
			out.nearMisses = append(out.nearMisses, e.nearMiss(sr))
		}
		if tr != nil {
			tr.NearMisses = append(tr.NearMisses, out.nearMisses...)
		}
		for _, sr := range low {
			res.Candidates = e.appendBare(res.Candidates, sr.cs, sr)
		}
		e.setReasons(res.Candidates, low, 0)
		return
	}
	sc.accepted = accepted
	if res.Branch != BranchAmbiguous && tr != nil {
		for _, sr := range low {
			reject(sr, fmt.Sprintf("below threshold: %.2f < %.2f", sr.conf, sr.cs.Threshold))
			tr.NearMisses = append(tr.NearMisses, e.nearMiss(sr))
		}
	}
	if res.Branch == BranchAmbiguous {
		// The two ambiguous candidates are already in Candidates.
		for _, sr := range low {
			res.Candidates = e.appendBare(res.Candidates, sr.cs, sr)
		}
		refs := append(sc.crefs[:0], excl[0].ref, excl[1].ref)
		sc.crefs = append(refs, low...)
		e.setReasons(res.Candidates, sc.crefs, 0)
		return
	}
	res.Branch = BranchMatched
	// Commands in input order.
	slices.SortStableFunc(accepted, func(a, b *ruleCand) int {
		x, y := firstStart(a.spans), firstStart(b.spans)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	})
	var topC *ruleCand
	topI := 0
	for i, c := range accepted {
		if c.cand.ID == "" {
			e.candidate(&c.cand, c.ref.cs, c.ref, true)
		}
		if topC == nil || c.ref.conf > topC.ref.conf || c.ref.conf == topC.ref.conf && (c.ref.cs.Priority > topC.ref.cs.Priority || c.ref.cs.Priority == topC.ref.cs.Priority && c.ref.cs.ID < topC.ref.cs.ID) {
			topC, topI = c, i
		}
	}
	cmdCands, cmdSpecs, cmdInfos := sc.cands[:0], sc.candSpecs[:0], sc.cmdInfos[:0]
	for _, c := range accepted {
		res.Candidates = append(res.Candidates, c.cand)
		cc := &res.Candidates[len(res.Candidates)-1]
		cmdCands = append(cmdCands, cc)
		cmdSpecs = append(cmdSpecs, c.ref.cs)
		if cmd, ok := e.command(c.ref.cs, cc); ok {
			if res.Commands == nil {
				res.Commands = make([]Command, 0, len(accepted))
			}
			res.Commands = append(res.Commands, cmd)
			cmdInfos = append(cmdInfos, c.ref.cs.cmdInfo)
		}
	}
	sc.cands, sc.candSpecs, sc.cmdInfos = cmdCands, cmdSpecs, cmdInfos
	out.cmdCands, out.cmdSpecs, out.cmdInfos = cmdCands, cmdSpecs, cmdInfos
	res.Top = &res.Candidates[topI]
	refs := sc.crefs[:0]
	for _, c := range accepted {
		refs = append(refs, c.ref)
	}
	for _, sr := range over {
		if !containsRef(accepted, sr.cs.ID) {
			res.Candidates = e.appendBare(res.Candidates, sr.cs, sr)
			refs = append(refs, sr)
		}
	}
	for _, sr := range low {
		res.Candidates = e.appendBare(res.Candidates, sr.cs, sr)
	}
	sc.crefs = append(refs, low...)
	out.cmdReason = e.setReasons(res.Candidates, sc.crefs, len(accepted))
	if tr != nil {
		for _, c := range accepted {
			for _, k := range sortedKeys(c.cand.InvalidSlots) {
				why := c.cand.InvalidSlots[k]
				sl, _ := c.cand.Slots.Get(k)
				tr.SlotHints = append(tr.SlotHints, SlotHint{SpecID: c.cand.ID, Slot: k, Value: sl.Raw, Nearest: nearestFromReason(why)})
			}
		}
		slices.SortFunc(tr.SlotHints, func(a, b SlotHint) int {
			return strings.Compare(a.SpecID+"/"+a.Slot, b.SpecID+"/"+b.Slot)
		})
		if tr.RunnerUp == nil && len(low) > 0 {
			nm := e.nearMiss(low[0])
			tr.RunnerUp = &nm
		}
	}
}

func containsRef(cs []*ruleCand, id string) bool {
	return slices.ContainsFunc(cs, func(c *ruleCand) bool { return c.ref.cs.ID == id })
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

// overlapsSpan reports whether [start, end) overlaps a span of b.
func overlapsSpan(start, end int32, b [][2]int32) bool {
	for _, y := range b {
		if start < y[1] && y[0] < end {
			return true
		}
	}
	return false
}

// unused lists the parts of the normalised text no deciding spec covered
// (Trace.Unused): the deciding specs are the guards that hit, or the top,
// the runner-up of an ambiguous result and the specs of the commands; the
// expectation and the classifier read the whole text.
func (e *evaluation) unused(res *Result, tr *Trace) []string {
	text := e.nt.s
	if strings.HasPrefix(tr.DecidedBy(), "classifier:") {
		return nil
	}
	switch res.Branch {
	case BranchExpectationHit, BranchClassified:
		return nil
	case BranchFallback:
		if t := strings.TrimSpace(text); t != "" {
			return []string{t}
		}
		return nil
	}
	deciding := map[string]bool{}
	if res.Top != nil {
		deciding[res.Top.ID] = true
	}
	for _, c := range res.Candidates {
		if res.Branch == BranchAmbiguous || res.Branch == BranchGuardHit && strings.HasPrefix(c.ID, "guard.") {
			deciding[c.ID] = true
		}
	}
	for _, c := range res.Commands {
		deciding[c.Spec] = true
	}
	if res.Branch == BranchAmbiguous && tr.RunnerUp != nil {
		deciding[tr.RunnerUp.ID] = true
	}
	covered := make([]bool, len(text))
	mark := func(start, end int32) {
		for i := max(start, 0); i < end && int(i) < len(covered); i++ {
			covered[i] = true
		}
	}
	for _, sr := range e.scored {
		if !deciding[sr.cs.ID] || sr.acc == nil {
			continue
		}
		for _, h := range sr.acc.hits {
			mark(h.start, h.end)
		}
		for _, c := range sr.acc.caps {
			mark(c.start, c.end)
		}
		for _, p := range sr.acc.poss {
			mark(p.start, p.end)
		}
	}
	var out []string
	for i := 0; i < len(text); {
		if covered[i] {
			i++
			continue
		}
		j := i
		for j < len(text) && !covered[j] {
			j++
		}
		if seg := strings.TrimFunc(text[i:j], func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }); seg != "" && utf8.ValidString(seg) {
			out = append(out, seg)
		}
		i = j
	}
	return out
}

// spanWidth is how much text the spans cover.
func spanWidth(spans [][2]int32) int32 {
	var n int32
	for _, x := range spans {
		n += x[1] - x[0]
	}
	return n
}

func overlaps(a, b [][2]int32) bool {
	for _, x := range a {
		if overlapsSpan(x[0], x[1], b) {
			return true
		}
	}
	return false
}

func conflicts(a, b *compiledSpec) bool {
	return slices.Contains(a.ConflictsWith, b.ID) || slices.Contains(b.ConflictsWith, a.ID)
}

// scoredSpec renders a scored spec for the trace.
func (e *evaluation) scoredSpec(sr scoredRef) ScoredSpec {
	terms, lex, pats := e.hitLists(sr)
	ss := ScoredSpec{ID: sr.cs.ID, Score: sr.conf, Threshold: sr.cs.Threshold, Priority: sr.cs.Priority, Composable: sr.cs.Composable,
		HitTerms: terms, HitLexicon: lex, HitPatterns: pats}
	for pi, p := range sr.cs.patterns {
		if sr.acc.unscoped.has(pi) {
			ss.OtherClause = append(ss.OtherClause, p.Name)
		}
	}
	return ss
}

func (e *evaluation) hitLists(sr scoredRef) (terms, lex, pats []string) {
	for i := range sr.acc.hits {
		h := &sr.acc.hits[i]
		switch h.kind {
		case postTerm:
			if t := e.s.hitText(h); !slices.Contains(terms, t) {
				terms = append(terms, t)
			}
		case postLex:
			if k := e.s.hitText(h) + "→" + e.s.hitValue(h); !slices.Contains(lex, k) {
				lex = append(lex, k)
			}
		}
	}
	for pi, p := range sr.cs.patterns {
		if sr.acc.pats.has(pi) {
			pats = append(pats, p.Name)
		}
	}
	return terms, lex, pats
}

// prepareReasons builds the reasons of refs in one string (one
// allocation for all the candidates of a result). The first lead refs are
// written as the decision states them, "id: reason; id: reason", and that
// part is returned.
func (e *evaluation) prepareReasons(refs []scoredRef, lead int) string {
	b := e.sc.buf[:0]
	end := 0
	for i, sr := range refs {
		if i < lead {
			if i > 0 {
				b = append(b, "; "...)
			}
			b = append(b, sr.cs.ID...)
			b = append(b, ": "...)
		}
		start := len(b)
		b = e.appendReason(b, sr)
		sr.acc.reason, sr.acc.hasReason = [2]int32{int32(start), int32(len(b))}, true
		if i < lead {
			end = len(b)
		}
	}
	e.sc.buf = b
	e.reasons = string(b)
	return e.reasons[:end]
}

// setReasons gives the rules' candidates their reasons, built in one
// string once the candidates are known: cands[i] is the candidate of
// refs[i], and the first lead of them are the commands' candidates, whose
// joined reasons it returns.
func (e *evaluation) setReasons(cands []Candidate, refs []scoredRef, lead int) string {
	e.lateReasons = false
	joined := e.prepareReasons(refs, lead)
	for i := range cands {
		r := refs[i].acc.reason
		cands[i].Reason = e.reasons[r[0]:r[1]]
	}
	return joined
}

// reason names what a spec hit: "terms: …; lexicon: name→value, …;
// patterns: … (confidence, threshold t)", or "no hit (…)".
func (e *evaluation) reason(sr scoredRef) string {
	if sr.acc.hasReason {
		return e.reasons[sr.acc.reason[0]:sr.acc.reason[1]]
	}
	b := e.appendReason(e.sc.buf[:0], sr)
	e.sc.buf = b
	return string(b)
}

// appendReason appends the reason of sr to b.
func (e *evaluation) appendReason(b []byte, sr scoredRef) []byte {
	base := len(b)
	hits := sr.acc.hits
	ents := e.s.entries
	// Terms, unique, in hit order; the lexicon hits wait for their list.
	var lexBuf [16]int32
	lex := lexBuf[:0]
	first := true
	for i := range hits {
		h := &hits[i]
		if h.kind != postTerm {
			if h.kind == postLex {
				lex = append(lex, int32(i))
			}
			continue
		}
		text := ents[h.ent].posts[h.post].text
		if e.seenTerm(hits[:i], h, text) {
			continue
		}
		b = appendPart(b, base, &first, "terms: ")
		b = append(b, text...)
	}
	first = true
	for k, i := range lex {
		h := &hits[i]
		if e.seenLex(hits, lex[:k], h) {
			continue
		}
		b = appendPart(b, base, &first, "lexicon: ")
		b = append(b, ents[h.ent].text...)
		b = append(b, "→"...)
		b = append(b, ents[h.ent].posts[h.post].value...)
	}
	if pats := sr.acc.pats; !pats.empty() {
		first = true
		for pi := range sr.cs.patterns {
			if pats.has(pi) {
				b = appendPart(b, base, &first, "patterns: ")
				b = append(b, sr.cs.patterns[pi].Name...)
			}
		}
	}
	if len(b) == base {
		b = append(b, "no hit"...)
	}
	b = append(b, " ("...)
	b = appendConf(b, sr.conf)
	return append(b, sr.cs.reasonTail...)
}

// appendConf appends conf with two decimals as strconv.AppendFloat(b,
// conf, 'f', 2, 64) does, without its general algorithm for the usual
// confidence, a multiple of 0.0001 in [0, 1] (round4): its rounding to
// hundredths is plain unless it ends in 50.
func appendConf(b []byte, conf float64) []byte {
	k := math.Round(conf * 10000)
	if n := int(k); k/10000 == conf && n >= 0 && n <= 10000 && n%100 != 50 {
		n = (n + 50) / 100
		return append(b, byte('0'+n/100), '.', byte('0'+n/10%10), byte('0'+n%10))
	}
	return strconv.AppendFloat(b, conf, 'f', 2, 64)
}

// appendPart starts a list ("; label" after an earlier list of the
// reason, which starts at base) or continues it (", ").
func appendPart(b []byte, base int, first *bool, label string) []byte {
	if !*first {
		return append(b, ", "...)
	}
	*first = false
	if len(b) > base {
		b = append(b, "; "...)
	}
	return append(b, label...)
}

// seenTerm reports whether an earlier hit is a term with text h's text
// (the same text is the same automaton entry).
func (e *evaluation) seenTerm(hits []hitRec, h *hitRec, text string) bool {
	for i := range hits {
		g := &hits[i]
		if g.kind == postTerm && g.ent == h.ent && (g.post == h.post || e.s.entries[g.ent].posts[g.post].text == text) {
			return true
		}
	}
	return false
}

// seenLex reports whether an earlier lexicon hit (hits[i] for i in lex)
// reads the same "name→value".
func (e *evaluation) seenLex(hits []hitRec, lex []int32, h *hitRec) bool {
	ents := e.s.entries
	ht, hv := ents[h.ent].text, ents[h.ent].posts[h.post].value
	for _, i := range lex {
		g := &hits[i]
		if g.ent == h.ent && g.post == h.post || ents[g.ent].text == ht && ents[g.ent].posts[g.post].value == hv {
			return true
		}
	}
	return false
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
		if sr.acc.pats.has(pi) || p.Weight+1e-9 < gap || p.Weight <= 0 {
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
func hasSlotSpans(c *Candidate) bool {
	for _, sl := range c.Slots {
		if sl.Source != "default" && sl.Source != "context" && sl.Source != "derived" {
			return true
		}
	}
	return false
}

func isHan(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= cjkLo && r <= cjkHi })
}
