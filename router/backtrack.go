package router

import (
	"regexp/syntax"
	"unicode/utf8"
)

// The anchored patterns (trigger, number and lex modes) run on a
// bit-state backtracker over the same program the regexp package
// compiles. It is the algorithm of regexp's own backtracker (regexp
// guarantees that all its engines agree on matches and submatches),
// explored in the same order, with differences that matter on the query
// path only: its state lives in the query's scratch (no pools, no
// allocation per run); it is not limited to programs of 500
// instructions — above that regexp falls back to its much slower NFA,
// which the count patterns would otherwise hit; and the program is
// rewritten once, at compile time, into a form that takes fewer and
// cheaper steps per run (see btOp):
//
//   - a tree of alternations becomes one dispatch on the next rune that
//     lists, in priority order, the branches that can take it (the
//     others would fail at once, so results are unchanged);
//   - a run of literal runes becomes one byte-string comparison;
//   - only states that can be reached twice at one position keep a
//     visited bit (a text position has one rune ending there, so a
//     thread with a single way in arrives once), in a vector indexed by
//     those states only;
//   - zero-width assertions look at the bytes around the position.
//
// Runs that would need an oversized visited vector fall back to regexp.
// TestBacktracker* and FuzzBacktracker compare it with regexp.

// maxBacktrackBits bounds the visited vector (words for the checked
// states × input positions) of one run; larger runs use regexp.
const maxBacktrackBits = 1 << 21

// btOp is an instruction of the rewritten program.
type btOp uint8

const (
	btFail     btOp = iota
	btByte          // the ASCII byte arg
	btLit           // the byte string lits[arg]
	btRune1         // the rune arg (decoded: it may be utf8.RuneError)
	btClass         // the rune class classes[arg]
	btAny           // any rune
	btAnyNotNL      // any rune but '\n'
	btDispatch      // the branches disp[arg] can take for the next rune
	btStar          // a greedy loop over one rune: stars[arg]
	btCapture       // capture slot arg
	btEmpty         // zero-width assertions syntax.EmptyOp(arg)
	btEndText       // syntax.EmptyEndText alone
	btWordB         // syntax.EmptyWordBoundary alone
	btNop
	btMatch
)

// btInst is an instruction of the rewritten program. Its index is the pc
// of the syntax.Prog instruction it replaces. The run follows next (the
// instruction at out), which needs no bounds check.
type btInst struct {
	op   btOp
	vis  int32 // visited row (-1: the state cannot be reached twice)
	out  uint32
	arg  uint32
	next *btInst
	disp *[256]uint16 // a dispatch's span per key (its entries in dcls)
}

// btClassData is a rune class: the ASCII runes it matches (precomputed
// with Inst.MatchRune), the keys of the others it may match (a bit per
// key from keyHi) and the instruction that decides them.
type btClassData struct {
	ascii [2]uint64
	hi    uint64
	inst  *syntax.Inst
}

// classFor precomputes the rune class of inst (lead is its lead set).
func classFor(inst *syntax.Inst, lead *leadSet) btClassData {
	cd := btClassData{inst: inst, hi: lead.mask[keyHi>>6]}
	if lead.any {
		cd.hi = ^uint64(0)
	}
	for r := rune(0); r < utf8.RuneSelf; r++ {
		if inst.MatchRune(r) {
			cd.ascii[r>>6] |= 1 << (r & 63)
		}
	}
	return cd
}

// btStarData is a greedy loop L: alt(C, X) whose body C is one rune
// instruction leading back to L: at each position the loop pushes the
// exit X (when it may take the next rune) and tries C, checking the
// visited rows of C and L as the plain program would.
type btStarData struct {
	class      btClassData // C's runes
	xlead      [4]uint64   // keys X may take (see leadSet.takes)
	xend       bool        // X may proceed at the end of the text
	body, exit uint32      // C and X
	exitIn     *btInst     // X
	bodyVis    int32       // C's visited row (-1 none)
}

// A dispatch is a flattened alternation. Its branches (the first
// instructions that are not alternations reached only from the tree, in
// the order the backtracker would try them) are grouped by the next
// rune's key (see keyHi): backtracker.dcls[arg+key] (the instruction's
// disp[key]) is the index of the
// span listing the branches that may take it.
type btSpan struct {
	first *btInst // the first branch, nil for none
	lo, n uint32  // backtracker.leaves[lo:lo+n] lists them all
}

// backtracker is a compiled anchored regex.
type backtracker struct {
	nsub    int  // 2 × (subexpressions + 1): the length of a match's index slice
	ncap    int  // the program's capture slots
	never   bool // the program cannot match at all
	start   uint32
	rows    int // states with a visited row (at most 64)
	code    []btInst
	lits    []string
	classes []btClassData
	dcls    []uint16 // 256 entries per dispatch (nKeys used)
	spans   []btSpan
	stars   []btStarData
	leaves  []*btInst
	tooBig  bool // more spans than dcls can index
	// startCaps are the capture slots the program sets at position 0
	// before its first real instruction, start's pc: the run begins
	// there (the assertions skipped on the way hold at position 0).
	startCaps []uint32
}

// The dispatches key the next rune without decoding it: an ASCII rune
// is its own key, any other rune (or an invalid byte, which decodes as
// utf8.RuneError) has key keyHi + the low 6 bits of its last byte (for a
// valid sequence, those of the rune), and the end of the text has key
// keyEnd. A rune instruction that may take utf8.RuneError is listed under
// every non-ASCII key, since any byte may be invalid.
const (
	keyHi  = 128
	keyEnd = keyHi + 64
	nKeys  = keyEnd + 1
)

// keyAt is the key of the non-ASCII byte text[pos] (see keyHi).
func keyAt(text []byte, pos int) int {
	last := pos + 1
	if c := text[pos]; c >= 0xF0 {
		last += 2
	} else if c >= 0xE0 {
		last++
	}
	// A truncated sequence is invalid: any key will do.
	return keyHi + int(text[min(last, len(text)-1)]&63)
}

// leadSet is a conservative set of first runes: any, or a bitmap of the
// runes' keys (with keyEnd for an instruction that may go on only at the
// end of the text, as \z); nullable when the instruction may reach a
// match or another zero-width assertion without consuming.
type leadSet struct {
	nullable, any bool
	mask          [4]uint64
}

func (l *leadSet) add(r rune) {
	switch {
	case r < utf8.RuneSelf:
		l.mask[r>>6] |= 1 << (r & 63)
	case r == utf8.RuneError:
		l.mask[keyHi>>6] = ^uint64(0)
	default:
		l.mask[keyHi>>6] |= 1 << (r & 63)
	}
}

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

// takes reports whether a thread with this lead set may proceed when the
// next rune has key k.
func (l *leadSet) takes(k int) bool {
	return l.nullable || l.any && k != keyEnd || l.mask[k>>6]&(1<<(k&63)) != 0
}

// leadSets computes the first-rune sets of every instruction.
func leadSets(prog *syntax.Prog) []leadSet {
	lead := make([]leadSet, len(prog.Inst))
	for pc := range prog.Inst {
		inst := &prog.Inst[pc]
		l := &lead[pc]
		switch inst.Op {
		case syntax.InstMatch:
			l.nullable = true
		case syntax.InstEmptyWidth:
			switch op := syntax.EmptyOp(inst.Arg); {
			case op&syntax.EmptyEndText != 0:
				l.mask[keyEnd>>6] |= 1 << (keyEnd & 63)
			case op&syntax.EmptyEndLine != 0:
				l.mask[keyEnd>>6] |= 1 << (keyEnd & 63)
				l.add('\n')
			default:
				l.nullable = true
			}
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
				for r := lo; r <= hi && r < utf8.RuneSelf; r++ {
					l.add(r)
				}
				lo = max(lo, utf8.RuneSelf)
				if hi-lo >= 63 || lo <= utf8.RuneError && utf8.RuneError <= hi {
					l.mask[keyHi>>6] = ^uint64(0)
					continue
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
// the regex is not anchored at the beginning of the text (the
// backtracker only tries position 0) or its program has an instruction
// the backtracker does not run or more than 64 states with two ways in.
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
	for _, inst := range prog.Inst {
		if inst.Op > syntax.InstRuneAnyNotNL || inst.Op == syntax.InstAltMatch {
			return nil // syntax.Compile emits no InstAltMatch
		}
	}
	bt := &backtracker{nsub: 2 * (1 + maxCap), ncap: prog.NumCap, never: never, start: uint32(prog.Start)}
	bt.rewrite(prog)
	if bt.rows > 64 || bt.tooBig {
		return nil // a visited word per position holds the rows
	}
	return bt
}

// rewrite lays prog out as bt.code.
func (bt *backtracker) rewrite(prog *syntax.Prog) {
	n := len(prog.Inst)
	indeg := make([]int, n)
	indeg[prog.Start]++
	for pc := range prog.Inst {
		inst := &prog.Inst[pc]
		switch inst.Op {
		case syntax.InstMatch, syntax.InstFail:
		case syntax.InstAlt:
			indeg[inst.Out]++
			indeg[inst.Arg]++
		default:
			indeg[inst.Out]++
		}
	}
	lead := leadSets(prog)
	spanIDs := map[string]uint16{}
	// An alternation reached only from another is part of that one's
	// tree (see dispatch).
	interior := make([]bool, n)
	for pc := range prog.Inst {
		if inst := &prog.Inst[pc]; inst.Op == syntax.InstAlt && !isStar(prog, pc) {
			for _, c := range []uint32{inst.Out, inst.Arg} {
				if prog.Inst[c].Op == syntax.InstAlt && indeg[c] == 1 && int(c) != pc {
					interior[c] = true
				}
			}
		}
	}
	bt.code = make([]btInst, n)
	nd := 0
	for pc := range prog.Inst {
		if prog.Inst[pc].Op == syntax.InstAlt && !interior[pc] && !isStar(prog, pc) {
			nd++
		}
	}
	bt.dcls = make([]uint16, 0, nd*256)
	for pc := range prog.Inst {
		inst := &prog.Inst[pc]
		c := btInst{vis: -1, out: inst.Out}
		if indeg[pc] > 1 {
			c.vis = int32(bt.rows)
			bt.rows++
		}
		switch inst.Op {
		case syntax.InstFail:
			c.op = btFail
		case syntax.InstMatch:
			c.op = btMatch
		case syntax.InstNop:
			c.op = btNop
		case syntax.InstCapture:
			c.op, c.arg = btCapture, inst.Arg
			if int(inst.Arg) >= bt.ncap {
				c.op = btNop
			}
		case syntax.InstEmptyWidth:
			c.op, c.arg = btEmpty, inst.Arg
			switch syntax.EmptyOp(inst.Arg) {
			case syntax.EmptyEndText:
				c.op = btEndText
			case syntax.EmptyWordBoundary:
				c.op = btWordB
			}
		case syntax.InstRuneAny:
			c.op = btAny
		case syntax.InstRuneAnyNotNL:
			c.op = btAnyNotNL
		case syntax.InstRune:
			c.op, c.arg = btClass, uint32(len(bt.classes))
			bt.classes = append(bt.classes, classFor(inst, &lead[pc]))
		case syntax.InstRune1:
			c.op, c.arg = btRune1, uint32(inst.Rune[0])
			// A run of literal runes, the later ones reached only from
			// the earlier, compares bytes.
			if lit := literalRun(prog, indeg, pc, &c.out); len(lit) == 1 {
				c.op, c.arg = btByte, uint32(lit[0])
			} else if len(lit) > 1 {
				c.op, c.arg = btLit, uint32(len(bt.lits))
				bt.lits = append(bt.lits, lit)
			}
		case syntax.InstAlt:
			if interior[pc] {
				c.op = btFail // never run: its parent's dispatch covers it
				break
			}
			if isStar(prog, pc) {
				c.op, c.arg = btStar, uint32(len(bt.stars))
				bt.stars = append(bt.stars, starFor(prog, lead, pc))
				break
			}
			c.op, c.arg = btDispatch, uint32(len(bt.dcls))
			bt.dispatch(prog, indeg, lead, pc, spanIDs)
		}
		bt.code[pc] = c
	}
	for i := range bt.stars {
		bt.stars[i].bodyVis = bt.code[bt.stars[i].body].vis
		bt.stars[i].exitIn = &bt.code[bt.stars[i].exit]
	}
	for pc := range bt.code {
		if c := &bt.code[pc]; int(c.out) < n {
			c.next = &bt.code[c.out]
		}
		if c := &bt.code[pc]; c.op == btDispatch {
			c.disp = (*[256]uint16)(bt.dcls[c.arg : c.arg+256])
		}
	}
	// Skip what always holds at position 0.
	for {
		inst := &prog.Inst[bt.start]
		if indeg[bt.start] != 1 {
			break
		}
		if inst.Op == syntax.InstCapture && int(inst.Arg) < bt.ncap {
			bt.startCaps = append(bt.startCaps, inst.Arg)
		} else if inst.Op != syntax.InstNop && !(inst.Op == syntax.InstEmptyWidth && syntax.EmptyOp(inst.Arg)&^(syntax.EmptyBeginText|syntax.EmptyBeginLine) == 0) {
			break
		}
		bt.start = inst.Out
	}
}

// isStar reports whether the alternation at pc is a greedy loop: its
// out is one rune instruction that leads back to pc.
func isStar(prog *syntax.Prog, pc int) bool {
	alt := &prog.Inst[pc]
	body := &prog.Inst[alt.Out]
	return int(body.Out) == pc && int(alt.Arg) != pc && int(alt.Out) != pc &&
		(body.Op == syntax.InstRune || body.Op == syntax.InstRune1)
}

// starFor lays out the loop at pc (isStar).
func starFor(prog *syntax.Prog, lead []leadSet, pc int) btStarData {
	alt := &prog.Inst[pc]
	body := &prog.Inst[alt.Out]
	sd := btStarData{class: classFor(body, &lead[alt.Out]), body: alt.Out, exit: alt.Arg}
	for k := 0; k < keyEnd; k++ {
		if lead[alt.Arg].takes(k) {
			sd.xlead[k>>6] |= 1 << (k & 63)
		}
	}
	sd.xend = lead[alt.Arg].takes(keyEnd)
	return sd
}

// literalByte reports whether the rune instruction at pc matches exactly
// the bytes of one valid rune (not utf8.RuneError, which also stands for
// an invalid byte).
func literalRune(inst *syntax.Inst) bool {
	if inst.Op != syntax.InstRune1 {
		return false
	}
	r := inst.Rune[0]
	return utf8.ValidRune(r) && r != utf8.RuneError
}

// literalRun returns the bytes of the literal runes from pc on, the
// later ones reached only from the earlier, and sets *out to the
// instruction after them; "" when pc is not such a rune.
func literalRun(prog *syntax.Prog, indeg []int, pc int, out *uint32) string {
	inst := &prog.Inst[pc]
	if !literalRune(inst) {
		return ""
	}
	var lit []byte
	for {
		lit = utf8.AppendRune(lit, inst.Rune[0])
		*out = inst.Out
		next := &prog.Inst[inst.Out]
		if int(inst.Out) == pc || indeg[inst.Out] != 1 || !literalRune(next) || len(lit) > 64 {
			return string(lit)
		}
		inst = next
	}
}

// dispatch flattens the alternation tree at pc (its branches, in order
// and without repeats or failures, grouped by the next rune's key) and
// appends its keys' spans to bt.dcls; ids dedupes the spans.
func (bt *backtracker) dispatch(prog *syntax.Prog, indeg []int, lead []leadSet, pc int, ids map[string]uint16) {
	var branches []uint32
	seen := map[uint32]bool{}
	var walk func(pc uint32, depth int)
	walk = func(pc uint32, depth int) {
		inst := &prog.Inst[pc]
		// An alternation reached only from its parent is part of the
		// tree; its visited bit is never checked, so skipping it
		// changes nothing.
		if depth == 0 || inst.Op == syntax.InstAlt && indeg[pc] == 1 {
			walk(inst.Out, depth+1)
			walk(inst.Arg, depth+1)
			return
		}
		// A branch tried once at this position has failed by the time a
		// later copy of it would start (it has more than one way in, so
		// that copy would find it visited); failures fail.
		if inst.Op == syntax.InstFail || seen[pc] {
			return
		}
		seen[pc] = true
		branches = append(branches, pc)
	}
	// With no branch left (all fail), every key gets an empty span: the
	// dispatch fails, as the alternation would.
	walk(uint32(pc), 0)
	for k := 0; k < nKeys; k++ {
		var list []uint32
		for _, b := range branches {
			if lead[b].takes(k) {
				list = append(list, b)
			}
		}
		var kb []byte
		for _, b := range list {
			kb = append(kb, byte(b), byte(b>>8), byte(b>>16), byte(b>>24))
		}
		key := string(kb)
		id, ok := ids[key]
		if !ok {
			span := btSpan{lo: uint32(len(bt.leaves)), n: uint32(len(list))}
			for _, b := range list {
				bt.leaves = append(bt.leaves, &bt.code[b])
			}
			if len(list) > 0 {
				span.first = &bt.code[list[0]]
			}
			if len(bt.spans) >= 1<<16 {
				bt.tooBig = true
			}
			id = uint16(len(bt.spans))
			ids[key] = id
			bt.spans = append(bt.spans, span)
		}
		bt.dcls = append(bt.dcls, id)
	}
	// Pad to 256 entries: the run indexes disp with key&255.
	bt.dcls = append(bt.dcls, make([]uint16, 256-nKeys)...)
}

// btJob is an entry on the job stack: a branch (in) to try at pos
// (slot 0); when in is nil, a capture slot to restore to pos; or, when
// slot > 0, the exits of the greedy loop in (btStar) at the ASCII
// positions slot-1 to pos, tried from the last that its exit may take
// (see the loop in try). Positions fit in int32: runs are at most
// maxBacktrackBits/64 bytes long.
type btJob struct {
	in        *btInst
	pos, slot int32
}

// btState is the backtracker's working memory, reused across runs.
// visited is all zero between runs; it holds a word per text position,
// a bit per visited row.
type btState struct {
	cap      []int
	matchcap []int
	jobs     []btJob
	visited  []uint64
}

// match runs the anchored search on text. It returns the match's index
// pairs (as regexp's FindSubmatchIndex would, valid until the next run)
// or nil, and ok=false when the run is too large for the backtracker.
func (bt *backtracker) match(st *btState, text []byte) (loc []int, ok bool) {
	if bt.never {
		return nil, true
	}
	words := len(text) + 1
	if words*64 > maxBacktrackBits {
		return nil, false
	}
	if len(st.visited) < words {
		st.visited = make([]uint64, words)
	}
	ncap := bt.ncap
	st.cap = resetInts(st.cap, ncap)
	// matchcap is written whole by a match before it is read.
	if cap(st.matchcap) < ncap {
		st.matchcap = make([]int, ncap)
	}
	st.matchcap = st.matchcap[:ncap]
	if ncap > 0 {
		st.cap[0] = 0
	}
	for _, c := range bt.startCaps {
		st.cap[c] = 0
	}
	matched := bt.try(st, text)
	if bt.rows > 0 {
		clear(st.visited[:words])
	}
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

// isWordASCII reports whether c is an ASCII word character (syntax's
// IsWordChar, which is false for every rune beyond ASCII).
func isWordASCII(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// emptyAt reports whether the zero-width assertions op hold at pos, as
// regexp's lazyFlag does. The runes around pos matter only as '\n',
// word characters (all ASCII) or not: a byte beyond ASCII before or
// after pos belongs to a rune that is neither.
func emptyAt(op syntax.EmptyOp, text []byte, pos int) bool {
	if op&syntax.EmptyBeginText != 0 && pos != 0 {
		return false
	}
	if op&syntax.EmptyBeginLine != 0 && pos != 0 && text[pos-1] != '\n' {
		return false
	}
	if op&syntax.EmptyEndText != 0 && pos != len(text) {
		return false
	}
	if op&syntax.EmptyEndLine != 0 && pos != len(text) && text[pos] != '\n' {
		return false
	}
	if op&(syntax.EmptyWordBoundary|syntax.EmptyNoWordBoundary) != 0 {
		w1 := pos > 0 && isWordASCII(text[pos-1])
		w2 := pos < len(text) && isWordASCII(text[pos])
		if op&syntax.EmptyWordBoundary != 0 && w1 == w2 {
			return false
		}
		if op&syntax.EmptyNoWordBoundary != 0 && w1 != w2 {
			return false
		}
	}
	return true
}

// try runs the backtracking search from position 0 (leftmost-first, as
// regexp without Longest). Few values live across the loop, so that
// they stay in registers; the rarer instructions load what they need.
func (bt *backtracker) try(st *btState, text []byte) bool {
	code := bt.code
	visited := st.visited
	st.jobs = st.jobs[:0]
	in, pos := &code[bt.start], 0
Run:
	for {
		if v := in.vis; v >= 0 {
			w, bit := pos, uint64(1)<<(v&63)
			if visited[w]&bit != 0 {
				goto Fail
			}
			visited[w] |= bit
		}
		switch in.op {
		case btByte:
			if pos < len(text) && text[pos] == byte(in.arg) {
				pos++
				in = in.next
				continue
			}
		case btLit:
			lit := bt.lits[in.arg]
			if len(text)-pos >= len(lit) && string(text[pos:pos+len(lit)]) == lit {
				pos += len(lit)
				in = in.next
				continue
			}
		case btDispatch:
			k := keyEnd
			if pos < len(text) {
				if k = int(text[pos]); k >= utf8.RuneSelf {
					k = keyAt(text, pos)
				}
			}
			sp := &bt.spans[in.disp[k&255]]
			if sp.first == nil {
				break
			}
			if sp.n > 1 {
				lst := bt.leaves[sp.lo+1 : sp.lo+sp.n]
				for i := len(lst) - 1; i >= 0; i-- {
					st.jobs = append(st.jobs, btJob{in: lst[i], pos: int32(pos)})
				}
			}
			in = sp.first
			continue
		case btStar:
			// The body is tried first; the exit at pos is pushed only
			// when the body goes on, and otherwise run at once (it
			// would be the next job popped). The exits at a run of
			// ASCII positions the body goes on from share one job
			// (from run to pos-1), which the exit's lead set filters
			// when it is popped.
			sd := &bt.stars[in.arg]
			star := in
			lvis := in.vis
			run := -1
			for {
				if pos >= len(text) {
					if run >= 0 {
						st.jobs = append(st.jobs, btJob{in: star, pos: int32(pos - 1), slot: int32(run + 1)})
					}
					if sd.xend {
						in = sd.exitIn
						continue Run
					}
					break
				}
				c := text[pos]
				if c < utf8.RuneSelf {
					// The body at pos.
					if v := sd.bodyVis; v >= 0 {
						w, bit := pos, uint64(1)<<(v&63)
						if visited[w]&bit != 0 {
							goto ExitASCII
						}
						visited[w] |= bit
					}
					if sd.class.ascii[c>>6]&(1<<(c&63)) == 0 {
						goto ExitASCII
					}
					// Back at the loop.
					if lvis >= 0 {
						w, bit := pos+1, uint64(1)<<(lvis&63)
						if visited[w]&bit != 0 {
							goto ExitASCII
						}
						visited[w] |= bit
					}
					if run < 0 {
						run = pos
					}
					pos++
					continue
				ExitASCII:
					if run >= 0 {
						st.jobs = append(st.jobs, btJob{in: star, pos: int32(pos - 1), slot: int32(run + 1)})
					}
					if sd.xlead[c>>6]&(1<<(c&63)) != 0 {
						in = sd.exitIn
						continue Run
					}
					break
				}
				if run >= 0 {
					st.jobs = append(st.jobs, btJob{in: star, pos: int32(pos - 1), slot: int32(run + 1)})
					run = -1
				}
				k := keyAt(text, pos)
				exit := sd.xlead[k>>6]&(1<<(k&63)) != 0
				next := pos
				// The body at pos.
				if v := sd.bodyVis; v >= 0 {
					w, bit := pos, uint64(1)<<(v&63)
					if visited[w]&bit != 0 {
						goto Exit
					}
					visited[w] |= bit
				}
				if sd.class.hi&(1<<(k&63)) == 0 {
					goto Exit
				}
				if r, w := utf8.DecodeRune(text[pos:len(text):len(text)]); !sd.class.inst.MatchRune(r) {
					goto Exit
				} else {
					next += w
				}
				// Back at the loop.
				if lvis >= 0 {
					w, bit := next, uint64(1)<<(lvis&63)
					if visited[w]&bit != 0 {
						goto Exit
					}
					visited[w] |= bit
				}
				if exit {
					st.jobs = append(st.jobs, btJob{in: sd.exitIn, pos: int32(pos)})
				}
				pos = next
				continue
			Exit:
				if exit {
					in = sd.exitIn
					continue Run
				}
				break
			}
		case btRune1:
			if pos < len(text) {
				if r, w := utf8.DecodeRune(text[pos:len(text):len(text)]); r == rune(in.arg) {
					pos += w
					in = in.next
					continue
				}
			}
		case btClass:
			if pos < len(text) {
				cd := &bt.classes[in.arg]
				if c := text[pos]; c < utf8.RuneSelf {
					if cd.ascii[c>>6]&(1<<(c&63)) != 0 {
						pos++
						in = in.next
						continue
					}
					break
				}
				if cd.hi&(1<<(keyAt(text, pos)&63)) == 0 {
					break
				}
				if r, w := utf8.DecodeRune(text[pos:len(text):len(text)]); cd.inst.MatchRune(r) {
					pos += w
					in = in.next
					continue
				}
			}
		case btAnyNotNL:
			if pos < len(text) && text[pos] != '\n' {
				_, w := utf8.DecodeRune(text[pos:len(text):len(text)])
				pos += w
				in = in.next
				continue
			}
		case btAny:
			if pos < len(text) {
				_, w := utf8.DecodeRune(text[pos:len(text):len(text)])
				pos += w
				in = in.next
				continue
			}
		case btCapture:
			// Capture pos, and come back to restore the old value.
			st.jobs = append(st.jobs, btJob{slot: int32(in.arg), pos: int32(st.cap[in.arg])})
			st.cap[in.arg] = pos
			in = in.next
			continue
		case btEmpty:
			if emptyAt(syntax.EmptyOp(in.arg), text, pos) {
				in = in.next
				continue
			}
		case btEndText:
			if pos == len(text) {
				in = in.next
				continue
			}
		case btWordB:
			if (pos > 0 && isWordASCII(text[pos-1])) != (pos < len(text) && isWordASCII(text[pos])) {
				in = in.next
				continue
			}
		case btNop:
			in = in.next
			continue
		case btMatch:
			if len(st.cap) > 1 {
				st.cap[1] = pos
			}
			copy(st.matchcap, st.cap)
			st.jobs = st.jobs[:0]
			// Leftmost-first: the first match wins.
			return true
		}
	Fail:
		for {
			l := len(st.jobs) - 1
			if l < 0 {
				return false
			}
			j := st.jobs[l]
			if j.in != nil && j.slot > 0 {
				// The exits of a loop's ASCII run, the last first.
				xlead := &bt.stars[j.in.arg].xlead
				lo := int(j.slot) - 1
				p := int(j.pos)
				for p >= lo && xlead[text[p]>>6]&(1<<(text[p]&63)) == 0 {
					p--
				}
				if p < lo {
					st.jobs = st.jobs[:l]
					continue
				}
				if p > lo {
					st.jobs[l].pos = int32(p - 1)
				} else {
					st.jobs = st.jobs[:l]
				}
				in, pos = bt.stars[j.in.arg].exitIn, p
				break
			}
			st.jobs = st.jobs[:l]
			if j.in != nil {
				in, pos = j.in, int(j.pos)
				break
			}
			st.cap[j.slot] = int(j.pos)
		}
	}
}
