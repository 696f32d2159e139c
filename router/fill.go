package router

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// candidate builds the Candidate of a scored spec; slots only when asked
// (seed 004: only the top and command candidates pay for extraction).
func (e *evaluation) candidate(cs *compiledSpec, sr scoredRef, withSlots bool) Candidate {
	if withSlots {
		c, _ := e.fill(cs, sr, nil)
		return c
	}
	return e.bare(cs, sr)
}

func (e *evaluation) bare(cs *compiledSpec, sr scoredRef) Candidate {
	c := Candidate{ID: cs.ID, Domain: cs.Domain, Version: cs.Version, Stage: cs.Stage, Confidence: sr.conf, Threshold: cs.Threshold,
		Priority: cs.Priority, Risk: cs.Risk, RequiresConfirm: cs.RequiresConfirm, Composable: cs.Composable, Handler: cs.Handler,
		Metadata: cs.Metadata, Action: cs.Command, Reason: e.reason(sr)}
	return c
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
// candidate and the input spans its slots came from.
//
// Values whose text lies in a claimed span (taken by a higher-priority
// intent) are skipped.
func (e *evaluation) fill(cs *compiledSpec, sr scoredRef, claimed [][2]int32) (Candidate, [][2]int32) {
	c := e.bare(cs, sr)
	var spans [][2]int32
	slots := make(map[string]Slot, len(cs.slotNames))
	var invalid map[string]string
	setInvalid := func(k, why string) {
		if invalid == nil {
			invalid = map[string]string{}
		}
		invalid[k] = why
	}
	var missing []string
	deferred := []string{}
	for _, name := range cs.slotNames {
		ss := cs.Slots[name]
		if ss.Type == SlotCondition || ss.From != "" {
			deferred = append(deferred, name)
			continue
		}
		raws := e.rawValues(cs, sr, name, claimed)
		if len(raws) == 0 && ss.Default != "" {
			raws = []rawVal{{raw: Normalize(ss.Default), orig: ss.Default, source: "default", start: -1}}
		}
		if len(raws) == 0 {
			continue
		}
		slot, bad, used := e.typeSlot(cs, name, ss, raws)
		if bad == errEmptyString && !ss.Required {
			continue
		}
		if bad != "" {
			setInvalid(name, bad)
		}
		slots[name] = slot
		for _, r := range used {
			if r.start >= 0 {
				spans = append(spans, [2]int32{r.start, r.end})
			}
		}
	}
	if len(spans) == 0 {
		// No slot text: the intent claims the terms it hit.
		for _, h := range sr.acc.hits {
			spans = append(spans, [2]int32{h.start, h.end})
		}
	}
	for _, name := range deferred {
		ss := cs.Slots[name]
		slot, bad, ok := e.derived(name, ss, slots)
		if bad != "" {
			setInvalid(name, bad)
		}
		if ok {
			slots[name] = slot
		}
	}
	for _, name := range cs.slotNames {
		if !cs.Slots[name].Required {
			continue
		}
		if _, bad := invalid[name]; bad {
			continue
		}
		if _, ok := slots[name]; !ok {
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
	return c, spans
}

// rawValues collects a slot's values: pattern captures first (in input
// order), then lexicon hits.
func (e *evaluation) rawValues(cs *compiledSpec, sr scoredRef, name string, claimed [][2]int32) []rawVal {
	var out []rawVal
	for _, cp := range sr.acc.caps {
		if cp.group != name || overlaps([][2]int32{{cp.start, cp.end}}, claimed) {
			continue
		}
		out = append(out, rawVal{raw: e.nt.s[cp.start:cp.end], orig: e.nt.origSpan(int(cp.start), int(cp.end)),
			source: "pattern:" + cs.patterns[cp.pattern].Name, start: cp.start, end: cp.end, pattern: cp.pattern})
	}
	if len(out) > 0 {
		// Earlier-declared patterns first, then input order: a spec puts
		// its most specific pattern first.
		multi := cs.Slots[name].Multi
		sort.SliceStable(out, func(i, j int) bool {
			if !multi && out[i].pattern != out[j].pattern {
				return out[i].pattern < out[j].pattern
			}
			return out[i].start < out[j].start
		})
		return dedupeRaw(out)
	}
	for _, h := range sr.acc.hits {
		if h.kind != postLex || cs.Lexicons[h.idx].Slot != name || overlaps([][2]int32{{h.start, h.end}}, claimed) {
			continue
		}
		out = append(out, rawVal{raw: h.text, orig: e.nt.origSpan(int(h.start), int(h.end)), value: h.value, source: "lexicon", start: h.start, end: h.end})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].start < out[j].start })
	// Drop lexicon hits nested in a longer hit ("美国" inside "美国东部").
	var kept []rawVal
	for i, r := range out {
		nested := false
		for j, o := range out {
			if i != j && o.start <= r.start && r.end <= o.end && o.end-o.start > r.end-r.start {
				nested = true
				break
			}
		}
		if !nested {
			kept = append(kept, r)
		}
	}
	return dedupeRaw(kept)
}

func dedupeRaw(in []rawVal) []rawVal {
	var out []rawVal
	for _, r := range in {
		dup := false
		for _, o := range out {
			if o.start == r.start && o.end == r.end {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, r)
		}
	}
	return out
}

// typeSlot parses raw values by the slot's type. It returns the slot, an
// invalid reason ("" when valid) and the raw values it used.
func (e *evaluation) typeSlot(cs *compiledSpec, name string, ss SlotSpec, raws []rawVal) (Slot, string, []rawVal) {
	if !ss.Multi {
		raws = raws[:1]
	}
	slot := Slot{Type: ss.Type, Source: raws[0].source, start: int(raws[0].start), end: int(raws[0].end)}
	var raw []string
	for _, r := range raws {
		raw = append(raw, r.orig)
	}
	slot.Raw = strings.Join(raw, " | ")
	switch ss.Type {
	case SlotString:
		var vals []string
		for _, r := range raws {
			parts := []string{r.orig}
			if ss.Split {
				parts = splitList(r.orig)
			}
			for _, p := range parts {
				if v := cleanString(p, ss.Strip); v != "" && !containsStr(vals, v) {
					vals = append(vals, v)
				}
			}
		}
		if len(vals) == 0 {
			return slot, errEmptyString, raws
		}
		for _, v := range vals {
			if utf8.RuneCountInString(v) > 64 {
				return slot, fmt.Sprintf("too long: %d characters, at most 64", utf8.RuneCountInString(v)), raws
			}
		}
		if ss.Multi || ss.Split {
			slot.Value = vals
		} else {
			slot.Value = vals[0]
		}
	case SlotEnum, SlotCountry, SlotLanguage, SlotPlatform, SlotScope:
		v := cs.lexVocab[name]
		if v == nil && ss.Type == SlotEnum {
			v = enumVocab(ss)
		}
		var vals []string
		for _, r := range raws {
			if r.value != "" {
				if !containsStr(vals, r.value) {
					vals = append(vals, r.value)
				}
				continue
			}
			found := v.findAll(r.raw)
			if len(found) == 0 {
				why := fmt.Sprintf("%q is not a valid %s", r.orig, ss.Type)
				if n := nearest(r.raw, v.codesAndNames()); n != "" {
					why += fmt.Sprintf(" (nearest valid value: %s)", v.canonical(n))
				}
				return slot, why, raws
			}
			for _, f := range found {
				if !containsStr(vals, f) {
					vals = append(vals, f)
				}
			}
		}
		if ss.Multi {
			slot.Value = vals
		} else {
			slot.Value = vals[0]
		}
	case SlotCount:
		cr, err := parseCount(raws[0].raw)
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

func checkBounds(ss SlotSpec, lo, hi *int64) string {
	if ss.Min != nil && lo != nil && *lo < *ss.Min {
		return fmt.Sprintf("%d is below the minimum %d", *lo, *ss.Min)
	}
	if ss.Max != nil && hi != nil && *hi > *ss.Max {
		return fmt.Sprintf("%d is above the maximum %d", *hi, *ss.Max)
	}
	return ""
}

func containsStr(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// derived fills slots that come from another slot or from the context:
// a platform from a URL, condition ids from a field or keyword.
func (e *evaluation) derived(name string, ss SlotSpec, slots map[string]Slot) (Slot, string, bool) {
	switch ss.Type {
	case SlotPlatform:
		src, ok := slots[ss.From]
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

func (e *evaluation) conditionRef(ss SlotSpec, slots map[string]Slot) (Slot, string, bool) {
	var pool []Condition
	for _, c := range e.in.Conditions {
		if ss.Kind == "" || c.Kind == ss.Kind {
			pool = append(pool, c)
		}
	}
	ref, hasRef := slots[ss.From]
	if !hasRef {
		switch {
		case ss.Kind == "keyword" && e.in.ActiveTagID != "":
			for _, c := range pool {
				if c.ID == e.in.ActiveTagID {
					return Slot{Type: SlotCondition, Raw: c.ID, Value: []string{c.ID}, Source: "context"}, "", true
				}
			}
		case len(pool) == 1:
			return Slot{Type: SlotCondition, Raw: pool[0].ID, Value: []string{pool[0].ID}, Source: "context"}, "", true
		}
		if len(pool) == 0 && ss.Kind != "" {
			return Slot{}, fmt.Sprintf("the session has no %s condition", ss.Kind), false
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
	var ids []string
	for _, c := range pool {
		for _, r := range refs {
			nr := Normalize(r)
			if c.Field == r || r == "keyword" && c.Kind == "keyword" || r == "anchor" && c.Kind == "anchor" ||
				nr != "" && (Normalize(c.Label) == nr || Normalize(fmt.Sprint(c.Value)) == nr) {
				if !containsStr(ids, c.ID) {
					ids = append(ids, c.ID)
				}
			}
		}
	}
	if len(ids) == 0 {
		return Slot{Type: SlotCondition, Raw: strings.Join(refs, ","), Source: "context"},
			fmt.Sprintf("no active condition matches %s", strings.Join(refs, ", ")), true
	}
	sort.Strings(ids)
	return Slot{Type: SlotCondition, Raw: strings.Join(refs, ","), Value: ids, Source: "context"}, "", true
}

// findAll returns the canonical values of every vocabulary name in s,
// longest names first at each position, in text order.
func (v *vocab) findAll(s string) []string {
	s = Normalize(s)
	if c, ok := v.names[s]; ok {
		return []string{c}
	}
	for _, code := range v.codes {
		if strings.EqualFold(s, code) {
			return []string{code}
		}
	}
	var out []string
	for i := 0; i < len(s); {
		best := 0
		for j := min(len(s), i+48); j > i; j-- {
			if j < len(s) && !utf8.RuneStart(s[j]) {
				continue
			}
			if c, ok := v.names[s[i:j]]; ok && (!isWordByte(s[i]) || (i == 0 || !isWordByte(s[i-1])) && (j == len(s) || !isWordByte(s[j]))) {
				if !containsStr(out, c) {
					out = append(out, c)
				}
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
	return buildCommand(cs.ID, cs.Command, c.Slots), true
}

func buildCommand(specID string, tmpl *CommandSpec, slots map[string]Slot) Command {
	cmd := Command{Name: tmpl.Name, Spec: specID, Args: map[string]any{}}
	for _, k := range sortedKeys(tmpl.Args) {
		v := tmpl.Args[k]
		ref, isRef := v.(string)
		if !isRef || !strings.HasPrefix(ref, "$") {
			cmd.Args[k] = v
			continue
		}
		name, part, _ := strings.Cut(ref[1:], ".")
		slot, ok := slots[name]
		if !ok || slot.Value == nil {
			continue
		}
		switch part {
		case "":
			cmd.Args[k] = slot.Value
		case "op":
			if cr, ok := slot.Value.(CountRange); ok {
				cmd.Args[k] = cr.Op()
			}
		case "value":
			if cr, ok := slot.Value.(CountRange); ok {
				cmd.Args[k] = cr.FilterValue()
			}
		}
	}
	if len(cmd.Args) == 0 {
		cmd.Args = nil
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
