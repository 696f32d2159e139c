package router

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/number"
	"searchagent/tools/textmatch"
)

// Snapshot is an immutable, compiled spec set: one Aho–Corasick automaton
// over every term, lexicon name and pattern trigger of every spec, the
// compiled patterns, and a content revision. It is safe for concurrent
// use; a Router swaps snapshots atomically.
type Snapshot struct {
	specs    []*compiledSpec // sorted by id
	byID     map[string]*compiledSpec
	ac       *textmatch.Automaton
	entries  []acEntry
	always   []int32 // specs with patterns that run on every input
	vocabs   *builtinVocabs
	revision int64
	hash     string
	pool     sync.Pool // *scratch
	// scanTab is the entries and patterns flattened for the scan.
	scanTab scanTables
	// known are the Latin words the router reads (its automaton's
	// entries, its patterns' words): the tolerant reading never corrects
	// one into another.
	known map[string]bool
}

type postKind uint8

const (
	postTerm postKind = iota
	postLex
	postTrigger
	postAnchor
	postMark
	// postNeed: a literal of a pattern's needed sets (see needSet); idx
	// is its id, spec -1.
	postNeed
)

type posting struct {
	kind   postKind
	spec   int32
	idx    int32   // term group, lexicon ref or pattern index
	weight float64 // term groups only
	value  string  // lexicon: the canonical value
	text   string  // the term as the spec wrote it
}

type acEntry struct {
	text string
	// bounds are the word boundaries the entry's matches need (none for
	// a raw entry).
	bounds textmatch.Bounds
	posts  []posting
}

type compiledSpec struct {
	Spec
	idx       int
	patterns  []compiledPattern
	lexVocab  map[string]*vocab // slot → vocabulary
	slotNames []string          // sorted
	// slotSpecs and slotDefaults (normalised) are index-aligned with
	// slotNames; cmdArgs is the command template in key order.
	slotSpecs    []SlotSpec
	slotDefaults []string
	cmdArgs      []cmdArg
	cmdInfo      *commandInfo // the command's vocabulary entry, nil without a command
	markSlots    []string     // slots whose vocabulary patterns match masked
	reasonTail   string       // ", threshold T)": the end of its reasons
	slotVocabs   []*vocab     // lexVocab by slot (index-aligned with slotNames)
	slotStrips   []*affixes   // strip affixes by slot (index-aligned with slotNames)
	// typedDefaults are the valid defaults typed at Compile time (nil:
	// typed per query).
	typedDefaults []*Slot
	// terms lists every term with its group, for near-miss hints.
	terms []termRef
	// localMinCue is the guard rules' score below which the local
	// classifier may not name this guard family (metadata
	// local_classifier_min_cue; 0: any cue).
	localMinCue float64
	// cancels and requests are the bits of a guard spec's cancelling
	// patterns (a negation or harmless context, weight at or below
	// LocalGuardVetoWeight) and of its request patterns (a co-occurrence
	// at RequestWeight or above): a cancel covers only its own clause
	// (scopeCancels).
	cancels, requests patMask
	// damps are the bits of a guard spec's other negative patterns (a
	// brief's measures, sort or creator search, "50k-200k followers"):
	// they lower the score wherever they stand, except when a request
	// stands in a run of clauses that neither a cancel nor a damp touches
	// (scopeCancels): a request at the end of a long brief is still one.
	damps patMask
	// cueWords are a guard family's long Latin words, which the tolerant
	// reading corrects misspelt words toward (tolerantCues).
	cueWords []string
	// cueHanzi are a guard family's Chinese words, which the tolerant
	// reading reads homophone substitutes as (homophoneText).
	cueHanzi []string
}

type termRef struct {
	text   string
	group  int
	weight float64
}

type patternMode uint8

const (
	modeWindow patternMode = iota
	modeWhole
	modeTrigger
	modeNumber
	modeLex
)

type compiledPattern struct {
	Pattern
	re       *regexp.Regexp // unanchored (window and whole modes; nil otherwise)
	anchored *regexp.Regexp // ^(?:re) (trigger, number and lex modes)
	mode     patternMode
	window   int
	always   bool      // no gate: runs on every input
	gateByAn bool      // gated by its anchor hits (lex mode without triggers)
	groups   []string  // subexpression names (index-aligned, "" unnamed)
	source   string    // slot source of its captures: "pattern:NAME"
	masks    []int32   // markSlots index of each {{lex:…}} vocabulary, in sentinel order
	needs    []needSet // literal sets every match holds one of
	// alpha matches the texts made of runes a whole-input regex (^…$)
	// can match (nil: any text), a check before the regex runs; ascii
	// has bit c for the ASCII bytes it lets through.
	alpha *regexp.Regexp
	ascii [2]uint64
	// clause is the unanchored regex of a guard spec's cancelling or
	// request pattern, run on one clause at a time (scopeCancels).
	clause *regexp.Regexp
}

// needSet is a set of literals every match of a pattern holds one of,
// most selective sets first (at most maxNeeds): lits holds bit i for its
// text literal of id i, which the automaton finds (postNeed), marks the
// markSlots indexes of its vocabulary sentinels.
type needSet struct {
	lits  []uint64
	marks []int32
}

// has reports whether the set holds the text literal of id i.
func (n *needSet) has(i int32) bool {
	return int(i>>6) < len(n.lits) && n.lits[i>>6]&(1<<(i&63)) != 0
}

var lexTriggerRe = regexp.MustCompile(`^\{\{\s*lex:([a-z_][a-z0-9_]*)\s*\}\}$`)

// patternMode parses a pattern's anchor.
func parseAnchor(p Pattern, src string) (patternMode, string, error) {
	if strings.HasPrefix(src, "^") {
		return modeWhole, "", nil
	}
	switch {
	case p.Anchor == "" || p.Anchor == "window":
		return modeWindow, "", nil
	case p.Anchor == "trigger":
		return modeTrigger, "", nil
	case p.Anchor == "number":
		return modeNumber, "", nil
	case strings.HasPrefix(p.Anchor, "lex:"):
		return modeLex, strings.TrimPrefix(p.Anchor, "lex:"), nil
	}
	return 0, "", fmt.Errorf("unknown anchor %q (window, trigger, number or lex:SLOT)", p.Anchor)
}

// Revision is the snapshot's revision: the first 63 bits of its content
// hash, so equal spec sets have equal revisions in every process.
func (s *Snapshot) Revision() int64 { return s.revision }

// Hash is the hex SHA-256 of the snapshot's canonical content.
func (s *Snapshot) Hash() string { return s.hash }

// Specs returns copies of the compiled specs in id order.
func (s *Snapshot) Specs() []Spec {
	out := make([]Spec, len(s.specs))
	for i, c := range s.specs {
		out[i] = c.Spec
	}
	return out
}

// Spec returns the spec with the given id.
func (s *Snapshot) Spec(id string) (Spec, bool) {
	c, ok := s.byID[id]
	if !ok {
		return Spec{}, false
	}
	return c.Spec, true
}

// Stats reports the snapshot's size: specs, automaton entries and states.
func (s *Snapshot) Stats() (specs, entries, states int) {
	return len(s.specs), len(s.entries), s.ac.States()
}

// ErrCompile is wrapped by Compile errors.
var ErrCompile = errors.New("compile specs")

// Compile validates specs (Lint; any error-level issue fails) and builds
// an immutable snapshot.
func Compile(specs []Spec) (*Snapshot, error) {
	issues := Lint(specs)
	var errs []string
	for _, is := range issues {
		if is.Severity == SeverityError {
			errs = append(errs, is.String())
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%w: %d error(s): %s", ErrCompile, len(errs), strings.Join(errs, "; "))
	}
	return compile(specs)
}

func compile(specs []Spec) (*Snapshot, error) {
	sorted := make([]Spec, len(specs))
	copy(sorted, specs)
	for i := range sorted {
		sorted[i].applyDefaults()
	}
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })

	s := &Snapshot{byID: map[string]*compiledSpec{}, vocabs: newBuiltinVocabs()}
	entryIdx := map[string]int{}
	needIDs := map[string]int32{}
	// addPost adds a posting to the entry of text's normal form; a raw
	// entry (a trigger derived from a regex) matches anywhere, the others
	// only at ASCII word boundaries.
	addPost := func(text string, p posting, raw bool) {
		k := Normalize(text)
		if k == "" {
			return
		}
		key := k
		if raw {
			key = "\x00" + k
		}
		i, ok := entryIdx[key]
		if !ok {
			i = len(s.entries)
			entryIdx[key] = i
			e := acEntry{text: k}
			if !raw {
				e.bounds = textmatch.WordBounds(k)
			}
			s.entries = append(s.entries, e)
		}
		for _, q := range s.entries[i].posts {
			if q.kind == p.kind && q.spec == p.spec && q.idx == p.idx && q.value == p.value {
				return
			}
		}
		s.entries[i].posts = append(s.entries[i].posts, p)
	}

	for i := range sorted {
		sp := sorted[i]
		cs := &compiledSpec{Spec: sp, idx: i, lexVocab: map[string]*vocab{}}
		cs.slotNames = sortedKeys(sp.Slots)
		for _, name := range cs.slotNames {
			ss := sp.Slots[name]
			if v := s.slotVocab(ss); v != nil {
				cs.lexVocab[name] = v
			}
			cs.slotVocabs = append(cs.slotVocabs, cs.lexVocab[name])
			cs.slotSpecs = append(cs.slotSpecs, ss)
			cs.slotStrips = append(cs.slotStrips, lowerAffixes(ss.Strip))
			cs.slotDefaults = append(cs.slotDefaults, Normalize(ss.Default))
		}
		// Defaults whose typed value is immutable are typed once.
		cs.typedDefaults = make([]*Slot, len(cs.slotNames))
		for si := range cs.slotSpecs {
			if ss := &cs.slotSpecs[si]; ss.Default != "" && (ss.Type == SlotDuration || ss.Type == SlotInt || ss.Type == SlotEnum && !ss.Multi) {
				if slot, bad, _ := (&evaluation{}).typeSlot(cs, si, cs.slotNames[si], ss, []rawVal{{raw: cs.slotDefaults[si], orig: ss.Default, source: "default", start: -1}}); bad == "" {
					cs.typedDefaults[si] = &slot
				}
			}
		}
		if v, ok := sp.Metadata["local_classifier_min_cue"]; ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f <= 0 || f >= 1 {
				return nil, fmt.Errorf("%w: spec %s: metadata local_classifier_min_cue %q: want a number in (0, 1)", ErrCompile, sp.ID, v)
			}
			cs.localMinCue = f
		}
		if sp.Stage == StageGuard {
			cs.cueWords = familyWords(&sp)
			cs.cueHanzi = familyHanzi(&sp)
		}
		cs.cmdArgs = compileCommand(sp.Command)
		cs.reasonTail = ", threshold " + strconv.FormatFloat(sp.Threshold, 'f', 2, 64) + ")"
		if sp.Command != nil {
			if info, ok := commandVocabulary[sp.Command.Name]; ok {
				cs.cmdInfo = &info
			}
		}
		for gi, g := range sp.Terms {
			for _, t := range append(append([]string(nil), g.ZH...), g.EN...) {
				addPost(t, posting{kind: postTerm, spec: int32(i), idx: int32(gi), weight: g.Weight, text: t}, false)
				cs.terms = append(cs.terms, termRef{text: t, group: gi, weight: g.Weight})
			}
		}
		for ri, ref := range sp.Lexicons {
			v := cs.lexVocab[ref.Slot]
			if v == nil {
				return nil, fmt.Errorf("%w: spec %s: lexicon slot %q has no vocabulary", ErrCompile, sp.ID, ref.Slot)
			}
			for _, name := range v.order {
				addPost(name, posting{kind: postLex, spec: int32(i), idx: int32(ri), value: v.names[name], text: name}, false)
			}
		}
		for pi, p := range sp.Patterns {
			src, lexSlots, err := expandMacros(p.Regex, cs.lexVocab)
			if err != nil {
				return nil, fmt.Errorf("%w: spec %s pattern %s: %v", ErrCompile, sp.ID, p.Name, err)
			}
			re, err := regexp.Compile(src)
			if err != nil {
				return nil, fmt.Errorf("%w: spec %s pattern %s: %v", ErrCompile, sp.ID, p.Name, err)
			}
			mode, lexSlot, err := parseAnchor(p, src)
			if err != nil {
				return nil, fmt.Errorf("%w: spec %s pattern %s: %v", ErrCompile, sp.ID, p.Name, err)
			}
			// Without triggers the regex's own literals gate it; without an
			// anchor either, it then searches the whole input.
			triggers, derived := expandTriggers(p.Triggers), false
			if len(triggers) == 0 && mode != modeLex {
				triggers, derived = derivedTriggers(src, lexSlots), true
				if mode == modeWindow {
					mode = modeWhole
				}
			}
			cp := compiledPattern{Pattern: p, re: re, mode: mode, groups: re.SubexpNames(), window: p.Window, source: "pattern:" + p.Name}
			if sp.Stage == StageGuard {
				switch {
				case p.Weight <= LocalGuardVetoWeight+1e-9:
					cs.cancels = cs.cancels.with(pi)
					cp.clause = re
				case p.Weight >= RequestWeight-1e-9:
					cs.requests = cs.requests.with(pi)
					cp.clause = re
				case p.Weight < 0:
					cs.damps = cs.damps.with(pi)
					cp.clause = re
				}
			}
			if mode == modeWhole {
				cp.alpha = wholeAlphabet(src)
			}
			for c := 0; c < utf8.RuneSelf && cp.alpha != nil; c++ {
				if cp.alpha.MatchString(string(rune(c))) {
					cp.ascii[c>>6] |= 1 << (c & 63)
				}
			}
			for _, ls := range lexSlots {
				k := slices.Index(cs.markSlots, ls)
				if k < 0 {
					cs.markSlots = append(cs.markSlots, ls)
					k = len(cs.markSlots) - 1
					for _, name := range cs.lexVocab[ls].order {
						addPost(name, posting{kind: postMark, spec: int32(i), idx: int32(k), text: name}, false)
					}
				}
				cp.masks = append(cp.masks, int32(k))
			}
			// Sets with a literal found nearly everywhere (a single letter,
			// white space) cost more to test than the runs they save; a set
			// with a literal the check cannot see is left out too.
		sets:
			for _, set := range requiredLiterals(src) {
				if len(cp.needs) == maxNeeds || commonSet(set) {
					continue
				}
				var ns needSet
				for _, lit := range set {
					switch k, ok := litKind(lit); {
					case !ok || k >= len(cp.masks) || k < 0 && Normalize(lit) != lit:
						continue sets
					case k >= 0:
						ns.marks = append(ns.marks, cp.masks[k])
					default:
						id, seen := needIDs[lit]
						if !seen {
							id = int32(len(needIDs))
							needIDs[lit] = id
							addPost(lit, posting{kind: postNeed, spec: -1, idx: id, text: lit}, true)
						}
						for len(ns.lits) <= int(id>>6) {
							ns.lits = append(ns.lits, 0)
						}
						ns.lits[id>>6] |= 1 << (id & 63)
					}
				}
				cp.needs = append(cp.needs, ns)
			}
			if mode == modeTrigger || mode == modeNumber || mode == modeLex {
				cp.anchored = regexp.MustCompile(`^(?:` + src + `)`)
				cp.re = nil // only the anchored form runs; keep the snapshot small
				if cp.window == 0 {
					cp.window = 160
				}
			} else if cp.window == 0 {
				cp.window = 48
			}
			if mode == modeLex {
				v := cs.lexVocab[lexSlot]
				if v == nil {
					return nil, fmt.Errorf("%w: spec %s pattern %s: anchor slot %q has no vocabulary", ErrCompile, sp.ID, p.Name, lexSlot)
				}
				for _, name := range v.order {
					addPost(name, posting{kind: postAnchor, spec: int32(i), idx: int32(pi), text: name}, false)
				}
				cp.gateByAn = len(p.Triggers) == 0
			}
			cp.always = len(triggers) == 0 && !cp.gateByAn
			cs.patterns = append(cs.patterns, cp)
			if cp.always {
				if len(s.always) == 0 || s.always[len(s.always)-1] != int32(i) {
					s.always = append(s.always, int32(i))
				}
			}
			for _, t := range triggers {
				if m := lexTriggerRe.FindStringSubmatch(t); m != nil {
					v := cs.lexVocab[m[1]]
					if v == nil {
						return nil, fmt.Errorf("%w: spec %s pattern %s: trigger slot %q has no vocabulary", ErrCompile, sp.ID, p.Name, m[1])
					}
					for _, name := range v.order {
						addPost(name, posting{kind: postTrigger, spec: int32(i), idx: int32(pi), text: name}, false)
					}
					continue
				}
				addPost(t, posting{kind: postTrigger, spec: int32(i), idx: int32(pi), text: t}, derived)
			}
		}
		s.specs = append(s.specs, cs)
		s.byID[sp.ID] = cs
	}
	texts := make([]string, len(s.entries))
	bounds := make([]textmatch.Bounds, len(s.entries))
	for i, e := range s.entries {
		texts[i], bounds[i] = e.text, e.bounds
	}
	s.ac = textmatch.New(texts, bounds)
	s.scanTab = newScanTables(s)
	s.known = knownWords(s.specs, texts)

	canon, err := json.Marshal(struct {
		Specs  []Spec
		Vocabs [5][]string
	}{sorted, s.vocabs.canon()})
	if err != nil {
		return nil, fmt.Errorf("%w: hash: %v", ErrCompile, err)
	}
	sum := sha256.Sum256(canon)
	s.hash = hex.EncodeToString(sum[:])
	s.revision = int64(binary.BigEndian.Uint64(sum[:8]) >> 1)
	n := len(s.specs)
	s.pool.New = func() any {
		return &scratch{acc: make([]specAcc, n)}
	}
	return s, nil
}

// slotVocab is the vocabulary of a slot: built in for typed slots, the
// enum values and aliases for enum slots.
func (s *Snapshot) slotVocab(ss SlotSpec) *vocab {
	if v := s.vocabs.forType(ss.Type); v != nil {
		return v
	}
	if ss.Type != SlotEnum || len(ss.Enum) == 0 {
		return nil
	}
	return enumVocab(ss)
}

func enumVocab(ss SlotSpec) *vocab {
	v := &vocab{names: map[string]string{}}
	for _, val := range ss.Enum {
		v.codes = append(v.codes, val)
		for _, n := range append([]string{val}, ss.Aliases[val]...) {
			k := Normalize(n)
			if _, dup := v.names[k]; k == "" || dup {
				continue
			}
			v.names[k] = val
			v.order = append(v.order, k)
		}
	}
	return v
}

// boundRe and boundAfterRe are the comparator cue words of tools/number
// (number.MinBefore and MaxBefore before a number, MinAfter and MaxAfter
// after it), the one list the condition parser reads too: the {{bound}}
// and {{bound_after}} macros and the count macros are built from them.
var (
	boundRe      = alternation(number.MinBefore, number.MaxBefore)
	boundAfterRe = alternation(number.MinAfter, number.MaxAfter)
	// boundWordsRe is boundRe's words (no symbol: "≥" and "<" are no
	// trigger), the {{bound}} macro a pattern triggered by them uses.
	boundWordsRe = alternation(cueWords(number.MinBefore), cueWords(number.MaxBefore))
	// countBareRe is countRe without leading modifiers, for patterns
	// anchored at a number.
	countBareRe = numRe + `(?:\s*(?:-|~|到|至|to|and)\s*` + numRe + `)?(?:\s*(?:` + boundAfterRe + `|左右))?`
	countRe     = `(?:(?:between|介于|` + negationRe + `?` + boundRe + `)\s*)?` + countBareRe
	// negationRe is a negation before the bound word it turns around
	// ("shouldn't exceed 1M", "不能超出五十万": number.Negations, read by
	// number.ParseRange), with its glue word ("not be over").
	negationRe = `(?:(?:` + alternation(number.Negations) + `|\b[a-z]+n['’]t)\s*(?:` + alternation(number.NegationGlue) + `\s*)?)`
	// ratioRe and ratioBareRe are countRe and countBareRe over
	// percentages: "over 2.5%", "3%-8%", "5% 以上".
	ratioRe     = strings.ReplaceAll(countRe, numRe, percentRe)
	ratioBareRe = strings.ReplaceAll(countBareRe, numRe, percentRe)
)

// triggerMacros are the word lists a trigger may name as a macro
// ("triggers: ['{{bound}}']"): tools/number's comparator cue words.
var triggerMacros = map[string][][]string{
	"{{bound}}": {cueWords(number.MinBefore), cueWords(number.MaxBefore)},
}

// cueWords are the cue words of a list written with letters.
func cueWords(ws []string) []string {
	var out []string
	for _, w := range ws {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			out = append(out, w)
		}
	}
	return out
}

// expandTriggers replaces the trigger macros of a pattern by their words.
func expandTriggers(ts []string) []string {
	var out []string
	for _, t := range ts {
		lists, ok := triggerMacros[strings.TrimSpace(t)]
		if !ok {
			out = append(out, t)
			continue
		}
		for _, l := range lists {
			for _, w := range l {
				if !slices.Contains(out, w) {
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// alternation is a regex alternation of the words, longest first, each
// quoted, a Latin word kept whole (\b at its Latin ends).
func alternation(lists ...[]string) string {
	var ws []string
	for _, l := range lists {
		for _, w := range l {
			if !slices.Contains(ws, w) {
				ws = append(ws, w)
			}
		}
	}
	sort.SliceStable(ws, func(i, j int) bool { return len(ws[i]) > len(ws[j]) })
	parts := make([]string, len(ws))
	for i, w := range ws {
		q := regexp.QuoteMeta(w)
		if isWordByte(w[0]) {
			q = `\b` + q
		}
		if isWordByte(w[len(w)-1]) {
			q += `\b`
		}
		parts[i] = q
	}
	return "(?:" + strings.Join(parts, "|") + ")"
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

const percentRe = `(?:\d+(?:\.\d+)?\s*(?:%|percent\b|pct\b)?)`

// Macro fragments, written against normalised text. A Chinese count may
// be said by its number of digits ("六位数": number.ScanFigures).
const (
	numRe      = `(?:\d+(?:[.,]\d+)?\s*(?:k\b|w\b|m\b|万|千|百万|千万|亿|thousand\b|million\b)?|[一二两三四五六七八九十][零一二两三四五六七八九十百千万亿]*(?:位数)?)`
	durationRe = `(?:(?:\d+|[一二两三四五六七八九十半]+|a|an|one|two|three|four|six|twelve)\s*(?:个半|个)?\s*(?:天|日|周|星期|礼拜|个月|月|年|days?\b|weeks?\b|months?\b|years?\b)|半年|半个月)`
	intRe      = `(?:\d+|[一二两三四五六七八九十]+)`
	ordinalRe  = `(?:第\s*(?:\d+|[一二两三四五六七八九十]+)\s*(?:个|项|条|号|种)?|\d+(?:st|nd|rd|th)\b|first\b|second\b|third\b|fourth\b|fifth\b|last\b|最后一?个?)`
	urlRe      = `(?:(?:https?://|www\.)[^\s,;"'<>]+|(?:youtube\.com|youtu\.be|instagram\.com|tiktok\.com|x\.com|twitter\.com)/[^\s,;"'<>]*)`
)

var macroRe = regexp.MustCompile(`\{\{\s*([a-z_]+)(?::([a-z_][a-z0-9_]*))?\s*\}\}`)

// expandMacros replaces the {{…}} macros of a pattern. A {{lex:SLOT}}
// macro does not become an alternation of the vocabulary (which would make
// the regex slow): the engine masks every vocabulary hit in the text with
// sentinel bytes (see maskedText) and the macro matches the sentinels.
// lexSlots lists the slots in sentinel order.
func expandMacros(src string, lex map[string]*vocab) (string, []string, error) {
	var err error
	var lexSlots []string
	out := macroRe.ReplaceAllStringFunc(src, func(m string) string {
		sub := macroRe.FindStringSubmatch(m)
		switch sub[1] {
		case "count":
			return countRe
		case "count_bare":
			return countBareRe
		case "bound":
			return boundWordsRe
		case "bound_after":
			return boundAfterRe
		case "ratio":
			return ratioRe
		case "ratio_bare":
			return ratioBareRe
		case "duration":
			return durationRe
		case "int":
			return intRe
		case "ordinal":
			return ordinalRe
		case "url":
			return urlRe
		case "lex":
			if lex[sub[2]] == nil {
				err = fmt.Errorf("macro %s: slot %q has no vocabulary", m, sub[2])
				return m
			}
			k := slices.Index(lexSlots, sub[2])
			if k < 0 {
				if len(lexSlots) == maxMaskSlots {
					err = fmt.Errorf("macro %s: at most %d vocabularies per pattern", m, maxMaskSlots)
					return m
				}
				lexSlots = append(lexSlots, sub[2])
				k = len(lexSlots) - 1
			}
			return fmt.Sprintf(`\x%02x\x%02x*`, maskStart+k, maskCont)
		}
		err = fmt.Errorf("unknown macro %s", m)
		return m
	})
	return out, lexSlots, err
}

// Sentinel bytes for masked vocabulary hits: a hit of the pattern's k-th
// vocabulary becomes maskStart+k followed by maskCont bytes, so offsets
// are unchanged. Normalised text holds no control characters.
const (
	maskStart    = 0x01
	maskCont     = 0x1f
	maxMaskSlots = 8
)
