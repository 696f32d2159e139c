package router

import (
	"regexp/syntax"
	"slices"
	"unicode/utf8"
)

// The anchored patterns (trigger, number and lex modes) run on a
// bit-state backtracker over the same program the regexp package
// compiles. It is the algorithm of regexp's own backtracker (regexp
// guarantees that all its engines agree on matches and submatches), with
// differences that matter on the query path only: its state lives in the
// query's scratch (no pools, no allocation per run); it clears only the
// visited words it set and checks only states that can be reached twice;
// at an alternation it skips branches that cannot take the next rune
// (they would fail); and it is not limited to programs of 500
// instructions — above that regexp falls back to its much slower NFA,
// which the count patterns would otherwise hit. Runs that would need an
// oversized visited vector fall back to regexp. TestBacktracker* and
// FuzzBacktracker compare it with regexp.

// maxBacktrackBits bounds the visited vector (instructions × input
// positions) of one run; larger runs use regexp.
const maxBacktrackBits = 1 << 21

// backtracker is a compiled anchored regex.
type backtracker struct {
	prog  *syntax.Prog
	nsub  int  // 2 × (subexpressions + 1): the length of a match's index slice
	never bool // the program cannot match at all
	// lead[pc] over-approximates the runes a thread at pc can consume
	// first; at an alternation, a branch that cannot consume the next
	// rune (and cannot match without consuming) is not explored — it
	// would fail anyway, so results are unchanged.
	lead []leadSet
	// ascii[pc] is the ASCII runes an InstRune matches, precomputed with
	// Inst.MatchRune.
	ascii [][2]uint64
	// join[pc] reports whether pc can be reached along more than one
	// edge (or is the start). Only those states can be reached twice at
	// one position — a text position has one rune ending there, so a
	// thread with a single way in arrives once — and need the visited
	// check.
	join []bool
	// insts is the program laid out for the loop.
	insts []btInst
}

// leadSet is a conservative set of first runes: any, or a bitmap of the
// runes' low bytes; nullable when the instruction may reach a match or
// a zero-width assertion without consuming.
type leadSet struct {
	nullable, any bool
	mask          [4]uint64
}

func (l *leadSet) add(r rune) { l.mask[(r&255)>>6] |= 1 << (r & 63) }

// merge adds o to l and reports whether l changed.
func (l *leadSet) merge(o *leadSet) bool {
	before := *l
	l.nullable = l.nullable || o.nullable
	l.any = l.any || o.any
	for i := range l.mask {
		l.mask[i] |= o.mask[i]
	}
	return *l != before
}

// leadSets computes the first-rune sets of every instruction.
func leadSets(prog *syntax.Prog) []leadSet {
	lead := make([]leadSet, len(prog.Inst))
	for pc := range prog.Inst {
		inst := &prog.Inst[pc]
		l := &lead[pc]
		switch inst.Op {
		case syntax.InstMatch, syntax.InstEmptyWidth:
			l.nullable = true
		case syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			l.any = true
		case syntax.InstRune1:
			l.add(inst.Rune[0])
		case syntax.InstRune:
			if len(inst.Rune) == 1 {
				if syntax.Flags(inst.Arg)&syntax.FoldCase != 0 {
					l.any = true
				} else {
					l.add(inst.Rune[0])
				}
				break
			}
			for i := 0; i+1 < len(inst.Rune); i += 2 {
				lo, hi := inst.Rune[i], inst.Rune[i+1]
				if hi-lo >= 255 {
					l.any = true
					break
				}
				for r := lo; r <= hi; r++ {
					l.add(r)
				}
			}
		}
	}
	// Epsilon instructions take the union of their successors, to a
	// fixpoint.
	for changed := true; changed; {
		changed = false
		for pc := range prog.Inst {
			inst := &prog.Inst[pc]
			switch inst.Op {
			case syntax.InstAlt, syntax.InstAltMatch:
				c1 := lead[pc].merge(&lead[inst.Out])
				c2 := lead[pc].merge(&lead[inst.Arg])
				changed = c1 || c2 || changed
			case syntax.InstCapture, syntax.InstNop:
				changed = lead[pc].merge(&lead[inst.Out]) || changed
			}
		}
	}
	return lead
}

// backtrackerFor compiles a regex as regexp.Compile does, from its
// parse (maxCap is the parse's MaxCap) simplified. It returns nil when
// the regex is not anchored at the beginning of the text: the
// backtracker only tries position 0.
func backtrackerFor(maxCap int, re *syntax.Regexp) *backtracker {
	prog, err := syntax.Compile(re)
	if err != nil {
		return nil
	}
	cond := prog.StartCond()
	never := cond == ^syntax.EmptyOp(0)
	if !never && cond&syntax.EmptyBeginText == 0 {
		return nil
	}
	bt := &backtracker{prog: prog, nsub: 2 * (1 + maxCap), never: never, lead: leadSets(prog), ascii: make([][2]uint64, len(prog.Inst))}
	indeg := make([]int, len(prog.Inst))
	indeg[prog.Start]++
	for pc := range prog.Inst {
		inst := &prog.Inst[pc]
		switch inst.Op {
		case syntax.InstMatch, syntax.InstFail:
		case syntax.InstAlt, syntax.InstAltMatch:
			indeg[inst.Out]++
			indeg[inst.Arg]++
		default:
			indeg[inst.Out]++
		}
	}
	// InstAltMatch jumps to the end of the text: keep every check.
	altMatch := slices.ContainsFunc(prog.Inst, func(i syntax.Inst) bool { return i.Op == syntax.InstAltMatch })
	bt.join = make([]bool, len(prog.Inst))
	for pc, n := range indeg {
		bt.join[pc] = n > 1 || altMatch
	}

	for pc := range prog.Inst {
		if inst := &prog.Inst[pc]; inst.Op == syntax.InstRune {
			for r := rune(0); r < utf8.RuneSelf; r++ {
				if inst.MatchRune(r) {
					bt.ascii[pc][r>>6] |= 1 << (r & 63)
				}
			}
		}
	}
	bt.insts = bt.code()
	return bt
}

// btJob is an entry on the job stack: an instruction, a position and
// whether the instruction is being revisited.
type btJob struct {
	pc  uint32
	arg bool
	pos int
}

// btState is the backtracker's working memory, reused across runs.
// visited is all zero between runs.
type btState struct {
	end      int
	cap      []int
	matchcap []int
	jobs     []btJob
	visited  []uint32
	dirty    []int32 // visited words set by the current run
}

// match runs the anchored search on text. It returns the match's index
// pairs (as regexp's FindSubmatchIndex would, valid until the next run)
// or nil, and ok=false when the run is too large for the backtracker.
func (bt *backtracker) match(st *btState, text []byte) (loc []int, ok bool) {
	if bt.never {
		return nil, true
	}
	n := len(bt.prog.Inst) * (len(text) + 1)
	if n > maxBacktrackBits {
		return nil, false
	}
	words := (n + 31) / 32
	if len(st.visited) < words {
		st.visited = make([]uint32, words)
	}
	st.end = len(text)
	st.jobs = st.jobs[:0]
	ncap := bt.prog.NumCap
	st.cap = resetInts(st.cap, ncap)
	st.matchcap = resetInts(st.matchcap, ncap)
	if ncap > 0 {
		st.cap[0] = 0
	}
	matched := bt.try(st, text)
	for _, w := range st.dirty {
		st.visited[w] = 0
	}
	st.dirty = st.dirty[:0]
	if !matched {
		return nil, true
	}
	loc = st.matchcap
	for len(loc) < bt.nsub {
		loc = append(loc, -1)
	}
	st.matchcap = loc
	return loc, true
}

func resetInts(s []int, n int) []int {
	if cap(s) < n {
		s = make([]int, n)
	}
	s = s[:n]
	for i := range s {
		s[i] = -1
	}
	return s
}

// step decodes the rune at pos (endOfText past the end).
func step(text []byte, pos int) (rune, int) {
	if pos < len(text) {
		if c := text[pos]; c < utf8.RuneSelf {
			return rune(c), 1
		}
		return utf8.DecodeRune(text[pos:])
	}
	return endOfText, 0
}

const endOfText rune = -1

// emptyMatch reports whether the zero-width assertions op hold between
// the runes r1 (before) and r2 (after), as regexp's lazyFlag does.
func emptyMatch(op syntax.EmptyOp, r1, r2 rune) bool {
	if op == 0 {
		return true
	}
	if op&syntax.EmptyBeginLine != 0 {
		if r1 != '\n' && r1 >= 0 {
			return false
		}
		op &^= syntax.EmptyBeginLine
	}
	if op&syntax.EmptyBeginText != 0 {
		if r1 >= 0 {
			return false
		}
		op &^= syntax.EmptyBeginText
	}
	if op == 0 {
		return true
	}
	if op&syntax.EmptyEndLine != 0 {
		if r2 != '\n' && r2 >= 0 {
			return false
		}
		op &^= syntax.EmptyEndLine
	}
	if op&syntax.EmptyEndText != 0 {
		if r2 >= 0 {
			return false
		}
		op &^= syntax.EmptyEndText
	}
	if op == 0 {
		return true
	}
	if syntax.IsWordChar(r1) != syntax.IsWordChar(r2) {
		op &^= syntax.EmptyWordBoundary
	} else {
		op &^= syntax.EmptyNoWordBoundary
	}
	return op == 0
}

// runeContext returns the runes around pos.
func runeContext(text []byte, pos int) (r1, r2 rune) {
	r1, r2 = endOfText, endOfText
	if uint(pos-1) < uint(len(text)) {
		r1, _ = utf8.DecodeLastRune(text[:pos])
	}
	if uint(pos) < uint(len(text)) {
		r2, _ = utf8.DecodeRune(text[pos:])
	}
	return r1, r2
}

// btInst is a program instruction with what the loop needs at hand.
type btInst struct {
	op       syntax.InstOp
	join     bool // see backtracker.join
	out, arg uint32
	r0       rune      // InstRune1: the rune
	ascii    [2]uint64 // InstRune: the ASCII runes it matches
	inst     *syntax.Inst
	// InstAlt: the lead sets of out and arg, as byte masks (all ones
	// when a branch may take any rune or match without one) and whether
	// the branch may proceed at the end of the text.
	outMask, argMask [4]uint64
	outEnd, argEnd   bool
}

// altMask flattens a lead set for btInst.
func altMask(l *leadSet) (mask [4]uint64, end bool) {
	if l.nullable || l.any {
		return [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}, l.nullable || l.any
	}
	return l.mask, false
}

// code lays the program out for try.
func (bt *backtracker) code() []btInst {
	code := make([]btInst, len(bt.prog.Inst))
	for pc := range bt.prog.Inst {
		inst := &bt.prog.Inst[pc]
		c := btInst{op: inst.Op, join: bt.join[pc], out: inst.Out, arg: inst.Arg, ascii: bt.ascii[pc], inst: inst}
		if inst.Op == syntax.InstRune1 {
			c.r0 = inst.Rune[0]
		}
		if inst.Op == syntax.InstAlt {
			c.outMask, c.outEnd = altMask(&bt.lead[inst.Out])
			c.argMask, c.argEnd = altMask(&bt.lead[inst.Arg])
		}
		code[pc] = c
	}
	return code
}

// visit reports whether state n (pc × (len+1) + pos) is new, and marks
// it.
func visit(visited []uint32, dirty *[]int32, n int) bool {
	w, bit := n>>5, uint32(1)<<(n&31)
	v := visited[w]
	if v&bit != 0 {
		return false
	}
	if v == 0 {
		*dirty = append(*dirty, int32(w))
	}
	visited[w] = v | bit
	return true
}

// try runs the backtracking search from position 0 (leftmost-first, as
// regexp without Longest).
func (bt *backtracker) try(st *btState, text []byte) bool {
	code := bt.insts
	visited, stride := st.visited, len(text)+1
	jobs := st.jobs[:0]
	defer func() { st.jobs = jobs[:0] }()
	// The rune at runePos (and its width), decoded once per position.
	runePos, posRune, posWidth := -1, endOfText, 0
	if start := uint32(bt.prog.Start); code[start].op != syntax.InstFail && visit(visited, &st.dirty, int(start)*stride) {
		jobs = append(jobs, btJob{pc: start})
	}
	for len(jobs) > 0 {
		l := len(jobs) - 1
		pc, pos, arg := jobs[l].pc, jobs[l].pos, jobs[l].arg
		jobs = jobs[:l]

		// Code that would push and continue the loop updates pc, pos
		// and arg and jumps to CheckAndLoop instead.
		goto Skip
	CheckAndLoop:
		if code[pc].join && !visit(visited, &st.dirty, int(pc)*stride+pos) {
			continue
		}
	Skip:
		in := &code[pc]
		switch in.op {
		default:
			panic("router: bad instruction in backtracker")
		case syntax.InstFail:
			panic("router: unexpected InstFail in backtracker")
		case syntax.InstAlt:
			// Re-push the instruction with arg to try in.arg after in.out,
			// so that in.arg reached by another path first is processed
			// then.
			if arg {
				arg = false
				pc = in.arg
				goto CheckAndLoop
			}
			// A branch that cannot take the next rune fails: skip it.
			if pos != runePos {
				runePos = pos
				posRune, posWidth = step(text, pos)
			}
			var outOK, argOK bool
			if r := posRune; r >= 0 {
				w, bit := (r&255)>>6, uint64(1)<<(r&63)
				outOK, argOK = in.outMask[w]&bit != 0, in.argMask[w]&bit != 0
			} else {
				outOK, argOK = in.outEnd, in.argEnd
			}
			switch {
			case !outOK && !argOK:
				continue
			case !outOK:
				pc = in.arg
				goto CheckAndLoop
			case argOK:
				jobs = append(jobs, btJob{pc: pc, arg: true, pos: pos})
			}
			pc = in.out
			goto CheckAndLoop
		case syntax.InstAltMatch:
			// One branch consumes runes; the other leads to a match.
			switch code[in.out].op {
			case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
				if code[in.arg].op != syntax.InstFail && visit(visited, &st.dirty, int(in.arg)*stride+pos) {
					jobs = append(jobs, btJob{pc: in.arg, pos: pos})
				}
				pc = in.arg
				pos = len(text)
				goto CheckAndLoop
			}
			if code[in.out].op != syntax.InstFail && visit(visited, &st.dirty, int(in.out)*stride+len(text)) {
				jobs = append(jobs, btJob{pc: in.out, pos: len(text)})
			}
			pc = in.out
			goto CheckAndLoop
		case syntax.InstRune:
			if pos != runePos {
				runePos = pos
				posRune, posWidth = step(text, pos)
			}
			if r := posRune; r >= 0 && r < utf8.RuneSelf {
				if in.ascii[r>>6]&(1<<(r&63)) == 0 {
					continue
				}
			} else if !in.inst.MatchRune(r) {
				continue
			}
			pos += posWidth
			pc = in.out
			goto CheckAndLoop
		case syntax.InstRune1:
			if pos != runePos {
				runePos = pos
				posRune, posWidth = step(text, pos)
			}
			if posRune != in.r0 {
				continue
			}
			pos += posWidth
			pc = in.out
			goto CheckAndLoop
		case syntax.InstRuneAnyNotNL:
			r, width := step(text, pos)
			if r == '\n' || r == endOfText {
				continue
			}
			pos += width
			pc = in.out
			goto CheckAndLoop
		case syntax.InstRuneAny:
			r, width := step(text, pos)
			if r == endOfText {
				continue
			}
			pos += width
			pc = in.out
			goto CheckAndLoop
		case syntax.InstCapture:
			if arg {
				// Finished in.out; restore the old value.
				st.cap[in.arg] = pos
				continue
			}
			if in.arg < uint32(len(st.cap)) {
				// Capture pos, and come back to restore the old value.
				jobs = append(jobs, btJob{pc: pc, arg: true, pos: st.cap[in.arg]})
				st.cap[in.arg] = pos
			}
			pc = in.out
			goto CheckAndLoop
		case syntax.InstEmptyWidth:
			r1, r2 := runeContext(text, pos)
			if !emptyMatch(syntax.EmptyOp(in.arg), r1, r2) {
				continue
			}
			pc = in.out
			goto CheckAndLoop
		case syntax.InstNop:
			pc = in.out
			goto CheckAndLoop
		case syntax.InstMatch:
			if len(st.cap) == 0 {
				return true
			}
			if len(st.cap) > 1 {
				st.cap[1] = pos
			}
			if st.matchcap[1] == -1 {
				copy(st.matchcap, st.cap)
			}
			// Leftmost-first: the first match wins.
			return true
		}
	}
	return false
}
