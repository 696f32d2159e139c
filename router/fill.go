package router

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"searchagent/tools/textmatch"
)

// candidate builds the Candidate of a scored spec; slots only when asked
// (seed 004: only the top and command candidates pay for extraction).
func (e *evaluation) candidate(dst *Candidate, cs *compiledSpec, sr scoredRef, withSlots bool) {
	if withSlots {
		e.fill(dst, cs, sr, nil)
		return
	}
	e.bare(dst, cs, sr)
}

// bare sets *c to the spec's candidate without slots.
func (e *evaluation) bare(c *Candidate, cs *compiledSpec, sr scoredRef) {
	*c = Candidate{ID: cs.ID, Domain: cs.Domain, Version: cs.Version, Stage: cs.Stage, Confidence: sr.conf, Threshold: cs.Threshold,
		Priority: cs.Priority, Risk: cs.Risk, RequiresConfirm: cs.RequiresConfirm, Composable: cs.Composable, Handler: cs.Handler,
		Metadata: cs.Metadata, Action: cs.Command}
	if !e.lateReasons {
		c.Reason = e.reason(sr)
	}
}

// appendBare appends the spec's bare candidate to list.
func (e *evaluation) appendBare(list []Candidate, cs *compiledSpec, sr scoredRef) []Candidate {
	list = append(list, Candidate{})
	e.bare(&list[len(list)-1], cs, sr)
	return list
}

const errEmptyString = "empty after trimming"

// rawVal is one captured or looked-up value before typing.
type rawVal struct {
	raw     string // normalised capture (or lexicon name)
	orig    string // the user's spelling
	value   string // lexicon: canonical value already known
	source  string
	pattern int32
	start   int32
	end     int32
}

// fill extracts, types and validates the spec's slots. It returns the
// candidate and the input spans its slots came from (valid until the
// query ends).
//
// Values whose text lies in a claimed span (taken by a higher-priority
// intent) are skipped.
func (e *evaluation) fill(c *Candidate, cs *compiledSpec, sr scoredRef, claimed [][2]int32) [][2]int32 {
	e.bare(c, cs, sr)
	sc := e.sc
	spanStart := len(sc.spans)
	var slots Slots
	var invalid map[string]string
	setInvalid := func(k, why string) {
		if invalid == nil {
			invalid = map[string]string{}
		}
		invalid[k] = why
	}
	deferred := false
	for i, name := range cs.slotNames {
		ss := &cs.slotSpecs[i]
		if ss.Type == SlotCondition || ss.From != "" {
			deferred = true
			continue
		}
		raws := e.rawValues(cs, sr, name, ss.Multi, claimed)
		if len(raws) == 0 && ss.Default != "" {
			raws = append(raws, rawVal{raw: cs.slotDefaults[i], orig: ss.Default, source: "default", start: -1})
		}
		if len(raws) == 0 {
			continue
		}
		slot, bad, used := e.typeSlot(cs, i, name, ss, raws)
		if bad == errEmptyString && !ss.Required {
			continue
		}
		if bad != "" {
			setInvalid(name, bad)
		}
		slots = slots.set(name, slot)
		for _, r := range used {
			if r.start >= 0 {
				sc.spans = append(sc.spans, [2]int32{r.start, r.end})
			}
		}
	}
	if len(sc.spans) == spanStart {
		// No slot text: the intent claims the terms it hit.
		for _, h := range sr.acc.hits {
			sc.spans = append(sc.spans, [2]int32{h.start, h.end})
		}
	}
	if deferred {
		for i, name := range cs.slotNames {
			ss := &cs.slotSpecs[i]
			if ss.Type != SlotCondition && ss.From == "" {
				continue
			}
			slot, bad, ok := e.derived(name, *ss, slots)
			if bad != "" {
				setInvalid(name, bad)
			}
			if ok {
				slots = slots.set(name, slot)
			}
		}
	}
	var missing []string
	for i, name := range cs.slotNames {
		if !cs.slotSpecs[i].Required {
			continue
		}
		if _, bad := invalid[name]; bad {
			continue
		}
		if !slots.Has(name) {
			missing = append(missing, name)
		}
	}
	if len(slots) > 0 {
		c.Slots = slots
	}
	if len(invalid) > 0 {
		c.InvalidSlots = invalid
	}
	c.MissingRequiredSlots = missing
	return sc.spans[spanStart:len(sc.spans):len(sc.spans)]
}

// rawValues collects a slot's values: pattern captures first (in input
// order), then lexicon hits. The result lives in the scratch until the
// next call.
func (e *evaluation) rawValues(cs *compiledSpec, sr scoredRef, name string, multi bool, claimed [][2]int32) []rawVal {
	out := e.sc.raws[:0]
	for _, cp := range sr.acc.caps {
		if cs.patterns[cp.pattern].groups[cp.group] != name || overlapsSpan(cp.start, cp.end, claimed) {
			continue
		}
		out = append(out, rawVal{raw: e.nt.s[cp.start:cp.end], orig: e.nt.origSpan(int(cp.start), int(cp.end)),
			source: cs.patterns[cp.pattern].source, start: cp.start, end: cp.end, pattern: cp.pattern})
	}
	if len(out) > 0 {
		// Earlier-declared patterns first, then input order: a spec puts
		// its most specific pattern first.
		if len(out) > 1 {
			slices.SortStableFunc(out, func(a, b rawVal) int {
				if !multi && a.pattern != b.pattern {
					return cmp.Compare(a.pattern, b.pattern)
				}
				return cmp.Compare(a.start, b.start)
			})
		}
		e.sc.raws = out
		e.sc.rawsUsed = max(e.sc.rawsUsed, len(out))
		return dedupeRaw(out)
	}
	for i := range sr.acc.hits {
		h := &sr.acc.hits[i]
		if h.kind != postLex || cs.Lexicons[h.idx].Slot != name || overlapsSpan(h.start, h.end, claimed) {
			continue
		}
		out = append(out, rawVal{raw: e.s.hitText(h), orig: e.nt.origSpan(int(h.start), int(h.end)), value: e.s.hitValue(h), source: "lexicon", start: h.start, end: h.end})
	}
	if len(out) == 0 {
		return out
	}
	// Drop lexicon hits nested in a longer hit ("美国" inside "美国东部");
	// the kept ones go after the candidates. The scan records hits in the
	// order of their ends, longest first for one end, so the kept ones
	// (none inside another) are in input order.
	n := len(out)
	for i := 0; i < n; i++ {
		rs, re := out[i].start, out[i].end
		nested := false
		for j := 0; j < n; j++ {
			o := &out[j]
			if i != j && o.start <= rs && re <= o.end && o.end-o.start > re-rs {
				nested = true
				break
			}
		}
		if !nested {
			out = append(out, out[i])
		}
	}
	e.sc.raws = out
	e.sc.rawsUsed = max(e.sc.rawsUsed, len(out))
	return dedupeRaw(out[n:])
}

// dedupeRaw drops values with the span of an earlier one, in place.
func dedupeRaw(in []rawVal) []rawVal {
	out := in[:0]
	for i := range in {
		rs, re := in[i].start, in[i].end
		dup := false
		for j := range out {
			if out[j].start == rs && out[j].end == re {
				dup = true
				break
			}
		}
		switch {
		case dup:
		case len(out) == i:
			out = out[:i+1] // in place already
		default:
			out = append(out, in[i])
		}
	}
	return out
}

// typeSlot parses raw values by the slot's type. It returns the slot, an
// invalid reason ("" when valid) and the raw values it used.
//
// si is the slot's index in cs.slotNames (-1: look it up).
func (e *evaluation) typeSlot(cs *compiledSpec, si int, name string, ss *SlotSpec, raws []rawVal) (Slot, string, []rawVal) {
	if si < 0 || si >= len(cs.slotNames) || cs.slotNames[si] != name {
		si = slices.Index(cs.slotNames, name)
	}
	if si >= 0 && cs.typedDefaults[si] != nil && raws[0].source == "default" {
		return *cs.typedDefaults[si], "", raws[:1] // typed at Compile time
	}
	if !ss.Multi {
		if ss.Type == SlotString && len(raws) > 1 {
			// The first capture that keeps a value after trimming: in
			// "no wait, leave out anything about lashes" the first
			// capture ("wait") trims to nothing, the second is the word.
			strip := lowerAffixes(ss.Strip)
			if si >= 0 {
				strip = cs.slotStrips[si]
			}
			for i := range raws {
				if trimLead(cleanString(raws[i].orig, strip), ss.Lead) != "" {
					raws = raws[i:]
					break
				}
			}
		}
		raws = raws[:1]
	}
	slot := Slot{Type: ss.Type, Source: raws[0].source}
	if len(raws) == 1 {
		slot.Raw = raws[0].orig
	} else {
		var b strings.Builder
		for i, r := range raws {
			if i > 0 {
				b.WriteString(" | ")
			}
			b.WriteString(r.orig)
		}
		slot.Raw = b.String()
	}
	var vbuf [8]string
	vals := vbuf[:0]
	switch ss.Type {
	case SlotString:
		var strip *affixes
		if si >= 0 {
			strip = cs.slotStrips[si]
		} else {
			strip = lowerAffixes(ss.Strip)
		}
		for _, r := range raws {
			if !ss.Split {
				if v := trimLead(cleanString(r.orig, strip), ss.Lead); v != "" && !slices.Contains(vals, v) {
					vals = append(vals, v)
				}
				continue
			}
			for _, p := range splitList(r.orig) {
				if v := trimLead(cleanString(p, strip), ss.Lead); v != "" && !slices.Contains(vals, v) {
					vals = append(vals, v)
				}
			}
		}
		if len(vals) == 0 {
			return slot, errEmptyString, raws
		}
		for _, v := range vals {
			if n := utf8.RuneCountInString(v); n > 64 {
				return slot, "too long: " + strconv.Itoa(n) + " characters, at most 64", raws
			}
		}
		if ss.Multi || ss.Split {
			slot.Value = slices.Clone(vals)
		} else {
			slot.Value = vals[0]
		}
	case SlotEnum, SlotCountry, SlotLanguage, SlotPlatform, SlotScope, SlotCategory:
		var v *vocab
		if si >= 0 {
			v = cs.slotVocabs[si]
		}
		if v == nil && ss.Type == SlotEnum {
			v = enumVocab(*ss)
		}
		for _, r := range raws {
			if r.value != "" {
				if !slices.Contains(vals, r.value) {
					vals = append(vals, r.value)
				}
				continue
			}
			var found bool
			if vals, found = v.appendAll(vals, r.raw); !found {
				why := fmt.Sprintf("%q is not a valid %s", r.orig, ss.Type)
				if n := nearest(r.raw, v.codesAndNames()); n != "" {
					why += fmt.Sprintf(" (nearest valid value: %s)", v.canonical(n))
				}
				return slot, why, raws
			}
		}
		if ss.Multi {
			slot.Value = slices.Clone(vals)
		} else {
			slot.Value = vals[0]
		}
	case SlotCount, SlotRatio:
		parse := parseCount
		if ss.Type == SlotRatio {
			parse = parseRatio
		}
		cr, err := parse(raws[0].raw)
		if err != nil {
			return slot, err.Error(), raws
		}
		if bad := checkBounds(ss, cr.Min, cr.Max); bad != "" {
			return slot, bad, raws
		}
		slot.Value = cr
	case SlotInt, SlotDuration, SlotOrdinal:
		var n int64
		var err error
		switch ss.Type {
		case SlotInt:
			n, err = parseInt(raws[0].raw)
		case SlotDuration:
			n, err = parseDuration(raws[0].raw)
		default:
			n, err = parseOrdinal(raws[0].raw)
		}
		if err != nil {
			return slot, err.Error(), raws
		}
		if bad := checkBounds(ss, &n, &n); bad != "" {
			return slot, bad, raws
		}
		if ss.Type == SlotOrdinal {
			if k := e.liveOptions(); k > 0 && (n == 0 || n > int64(k)) {
				return slot, fmt.Sprintf("position %d is out of range (%d options)", n, k), raws
			}
		}
		slot.Value = n
	case SlotURL:
		u, err := parseURL(raws[0].orig)
		if err != nil {
			return slot, err.Error(), raws
		}
		slot.Value = u
	default:
		return slot, fmt.Sprintf("slot type %s cannot be captured", ss.Type), raws
	}
	return slot, "", raws
}

func checkBounds(ss *SlotSpec, lo, hi *int64) string {
	if ss.Min != nil && lo != nil && *lo < *ss.Min {
		return fmt.Sprintf("%d is below the minimum %d", *lo, *ss.Min)
	}
	if ss.Max != nil && hi != nil && *hi > *ss.Max {
		return fmt.Sprintf("%d is above the maximum %d", *hi, *ss.Max)
	}
	return ""
}

// derived fills slots that come from another slot or from the context:
// a platform from a URL, condition ids from a field or keyword.
func (e *evaluation) derived(name string, ss SlotSpec, slots Slots) (Slot, string, bool) {
	switch ss.Type {
	case SlotPlatform:
		src, ok := slots.Get(ss.From)
		if !ok {
			return Slot{}, "", false
		}
		u, _ := src.Value.(string)
		p := platformOfURL(u)
		if p == "" {
			return Slot{Type: SlotPlatform, Raw: u, Source: "derived"}, fmt.Sprintf("%s is not a YouTube, Instagram, TikTok or X link", u), true
		}
		slot := Slot{Type: SlotPlatform, Raw: u, Value: p, Source: "derived"}
		if e.in.Platform != "" && e.in.Platform != p {
			return slot, fmt.Sprintf("the link is a %s link but this search runs on %s (resolved_mismatch)", p, e.in.Platform), true
		}
		return slot, "", true
	case SlotCondition:
		return e.conditionRef(ss, slots)
	}
	return Slot{}, "", false
}

func (e *evaluation) conditionRef(ss SlotSpec, slots Slots) (Slot, string, bool) {
	conds := e.in.Conditions
	inPool := func(c *Condition) bool { return ss.Kind == "" || c.Kind == ss.Kind }
	ref, hasRef := slots.Get(ss.From)
	if !hasRef {
		pooled, last := 0, -1
		for i := range conds {
			if inPool(&conds[i]) {
				pooled, last = pooled+1, i
			}
		}
		switch {
		case ss.Kind == "keyword" && e.in.ActiveTagID != "":
			for i := range conds {
				if c := &conds[i]; inPool(c) && c.ID == e.in.ActiveTagID {
					return Slot{Type: SlotCondition, Raw: c.ID, Value: []string{c.ID}, Source: "context"}, "", true
				}
			}
		case pooled == 1:
			id := conds[last].ID
			return Slot{Type: SlotCondition, Raw: id, Value: []string{id}, Source: "context"}, "", true
		}
		if pooled == 0 && ss.Kind != "" {
			return Slot{}, "the session has no " + ss.Kind + " condition", false
		}
		return Slot{}, "", false // several candidates: missing, ask which
	}
	var refs []string
	switch v := ref.Value.(type) {
	case string:
		refs = []string{v}
	case []string:
		refs = v
	}
	var nbuf [4]string
	norms := nbuf[:0]
	for _, r := range refs {
		norms = append(norms, Normalize(r))
	}
	var ibuf [8]string
	ids := ibuf[:0]
	for i := range conds {
		c := &conds[i]
		if !inPool(c) {
			continue
		}
		for k, r := range refs {
			nr := norms[k]
			if c.Field == r || r == "keyword" && c.Kind == "keyword" || r == "anchor" && c.Kind == "anchor" ||
				nr != "" && (Normalize(c.Label) == nr || Normalize(conditionValueText(c.Value)) == nr) {
				if !slices.Contains(ids, c.ID) {
					ids = append(ids, c.ID)
				}
			}
		}
	}
	if len(ids) == 0 {
		return Slot{Type: SlotCondition, Raw: strings.Join(refs, ","), Source: "context"},
			"no active condition matches " + strings.Join(refs, ", "), true
	}
	slices.Sort(ids)
	return Slot{Type: SlotCondition, Raw: strings.Join(refs, ","), Value: slices.Clone(ids), Source: "context"}, "", true
}

// conditionValueText is fmt.Sprint(v), without fmt for a string, an
// int, a bool or nil.
func conditionValueText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return "<nil>"
	case int:
		return strconv.Itoa(x)
	case bool:
		return strconv.FormatBool(x)
	}
	return fmt.Sprint(v)
}

// appendAll appends to dst the canonical values of every vocabulary name
// in s that dst lacks, longest names first at each position, in text
// order; found reports whether s named any value at all.
func (v *vocab) appendAll(dst []string, s string) (out []string, found bool) {
	add := func(c string) {
		found = true
		if !slices.Contains(dst, c) {
			dst = append(dst, c)
		}
	}
	s = Normalize(s)
	if c, ok := v.names[s]; ok {
		add(c)
		return dst, found
	}
	for _, code := range v.codes {
		if strings.EqualFold(s, code) {
			add(code)
			return dst, found
		}
	}
	for i := 0; i < len(s); {
		best := 0
		for j := min(len(s), i+48); j > i; j-- {
			if j < len(s) && !utf8.RuneStart(s[j]) {
				continue
			}
			if c, ok := v.names[s[i:j]]; ok && (!textmatch.IsWordByte(s[i]) || (i == 0 || !textmatch.IsWordByte(s[i-1])) && (j == len(s) || !textmatch.IsWordByte(s[j]))) {
				add(c)
				best = j - i
				break
			}
		}
		if best > 0 {
			i += best
			continue
		}
		_, sz := utf8.DecodeRuneInString(s[i:])
		i += sz
	}
	return dst, found
}

// findAll returns the canonical values of every vocabulary name in s,
// longest names first at each position, in text order.
func (v *vocab) findAll(s string) []string {
	out, _ := v.appendAll(nil, s)
	return out
}

func (v *vocab) codesAndNames() []string {
	out := append([]string(nil), v.codes...)
	return append(out, v.order...)
}

func (v *vocab) canonical(name string) string {
	if c, ok := v.names[Normalize(name)]; ok {
		return c
	}
	return name
}

// command builds the spec's command from a candidate's slots; ok is false
// when a slot the command needs is missing or invalid.
func (e *evaluation) command(cs *compiledSpec, c *Candidate) (Command, bool) {
	if cs.Command == nil || len(c.MissingRequiredSlots) > 0 || len(c.InvalidSlots) > 0 {
		return Command{}, false
	}
	return cs.buildCommand(c.Slots), true
}

// cmdArg is one argument of a command template, parsed at Compile time.
type cmdArg struct {
	key  string
	lit  any    // a literal value (when slot is "")
	slot string // "$slot" and "$slot.part" references
	part string
}

// compileCommand parses a command template's arguments in key order.
func compileCommand(tmpl *CommandSpec) []cmdArg {
	if tmpl == nil {
		return nil
	}
	args := make([]cmdArg, 0, len(tmpl.Args))
	for _, k := range sortedKeys(tmpl.Args) {
		v := tmpl.Args[k]
		ref, isRef := v.(string)
		if !isRef || !strings.HasPrefix(ref, "$") {
			args = append(args, cmdArg{key: k, lit: v})
			continue
		}
		name, part, _ := strings.Cut(ref[1:], ".")
		args = append(args, cmdArg{key: k, slot: name, part: part})
	}
	return args
}

// buildCommand fills the spec's command template from slots.
func (cs *compiledSpec) buildCommand(slots Slots) Command {
	cmd := Command{Name: cs.Command.Name, Spec: cs.ID}
	for _, a := range cs.cmdArgs {
		if a.slot == "" {
			cmd.Args = cmd.Args.set(a.key, a.lit)
			continue
		}
		slot, ok := slots.Get(a.slot)
		if !ok || slot.Value == nil {
			continue
		}
		switch a.part {
		case "":
			cmd.Args = cmd.Args.set(a.key, slot.Value)
		case "op":
			if cr, ok := slot.Value.(CountRange); ok {
				cmd.Args = cmd.Args.set(a.key, cr.Op())
			}
		case "value":
			if cr, ok := slot.Value.(CountRange); ok {
				cmd.Args = cmd.Args.set(a.key, cr.FilterValue())
			}
		}
	}
	return cmd
}

// liveOptions is the option count of the first live clarifying question.
func (e *evaluation) liveOptions() int {
	for _, p := range e.in.Pending {
		if p.Kind == ExpectChoice && p.live(e.in.Turn) {
			return len(p.Options)
		}
	}
	return 0
}
