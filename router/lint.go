package router

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Severity grades a lint issue; errors stop Compile.
type Severity string

// The severities.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Issue is one lint finding.
type Issue struct {
	File     string   `json:"file,omitempty"`
	SpecID   string   `json:"spec_id,omitempty"`
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Message  string   `json:"message"`
}

func (i Issue) String() string {
	loc := i.File
	if i.SpecID != "" {
		if loc != "" {
			loc += ": "
		}
		loc += i.SpecID
	}
	if loc != "" {
		loc += ": "
	}
	return fmt.Sprintf("%s%s %s: %s", loc, i.Severity, i.Code, i.Message)
}

// LintDir parses every spec file under dir (unknown fields and YAML
// errors become issues) and lints the specs that parsed, their own
// examples' routing included (LintRouting).
func LintDir(dir string) ([]Issue, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("lint %s: %w", dir, err)
	}
	var issues []Issue
	var all []Spec
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !(strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml")) {
			continue
		}
		p := filepath.Join(dir, n)
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("lint %s: %w", p, err)
		}
		specs, err := ParseSpecs(p, data)
		if err != nil {
			issues = append(issues, Issue{File: p, Severity: SeverityError, Code: "parse", Message: strings.TrimPrefix(err.Error(), ErrSpec.Error()+": ")})
			continue
		}
		all = append(all, specs...)
	}
	issues = append(issues, Lint(all)...)
	return append(issues, LintRouting(all)...), nil
}

var slotNameRe = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// Lint checks a spec set: ids (missing, duplicate), stages, risks,
// thresholds, weights, slot types and enums, regexes that do not
// compile, named groups that are not slots, command names outside the
// vocabulary, slots a command needs that nothing can fill, unknown
// preconditions and conflicts, specs without Chinese or English terms,
// and terms shared by two exclusive specs. Issues come sorted.
func Lint(specs []Spec) []Issue {
	var out []Issue
	add := func(s *Spec, sev Severity, code, format string, args ...any) {
		out = append(out, Issue{File: s.file, SpecID: s.ID, Severity: sev, Code: code, Message: fmt.Sprintf(format, args...)})
	}
	ids := map[string]int{}
	for i := range specs {
		ids[specs[i].ID]++
	}
	vocabs := newBuiltinVocabs()
	exclusiveTerms := map[string][]string{}
	for i := range specs {
		s := specs[i]
		s.applyDefaults()
		sp := &s
		if s.ID == "" {
			add(sp, SeverityError, "id", "spec without id")
		} else if ids[s.ID] > 1 {
			add(sp, SeverityError, "duplicate_id", "id %q is used by %d specs", s.ID, ids[s.ID])
		}
		if s.Domain == "" {
			add(sp, SeverityError, "domain", "domain is empty")
		}
		if s.Stage != StageGuard && s.Stage != StageRules {
			add(sp, SeverityError, "stage", "stage %q is not guard or rules", s.Stage)
		}
		if s.Risk != RiskLow && s.Risk != RiskMedium && s.Risk != RiskHigh {
			add(sp, SeverityError, "risk", "risk %q is not low, medium or high", s.Risk)
		}
		if s.Threshold <= 0 || s.Threshold > 1 {
			add(sp, SeverityError, "threshold", "threshold %v is not in (0, 1]", s.Threshold)
		}
		if len(s.Terms) > 64 || len(s.Lexicons) > 64 || len(s.Patterns) > MaxPatterns {
			add(sp, SeverityError, "too_many", "at most 64 term groups, 64 lexicons and %d patterns per spec", MaxPatterns)
		}
		if s.Label.ZH == "" || s.Label.EN == "" {
			add(sp, SeverityWarning, "label", "label needs both zh and en")
		}
		var zh, en int
		for gi, g := range s.Terms {
			if g.Weight == 0 {
				add(sp, SeverityWarning, "weight", "term group %d has weight 0", gi)
			}
			for _, t := range append(append([]string(nil), g.ZH...), g.EN...) {
				if Normalize(t) == "" {
					add(sp, SeverityError, "term", "empty term in group %d", gi)
				}
				if s.Stage == StageRules && !s.Composable && g.Weight > 0 {
					k := Normalize(t)
					if !slices.Contains(exclusiveTerms[k], s.ID) {
						exclusiveTerms[k] = append(exclusiveTerms[k], s.ID)
					}
				}
			}
			zh += len(g.ZH)
			en += len(g.EN)
		}
		if len(s.Terms) > 0 && (zh == 0 || en == 0) {
			add(sp, SeverityWarning, "bilingual", "terms should cover both zh and en (zh %d, en %d)", zh, en)
		}
		// Slots.
		for _, name := range sortedKeys(s.Slots) {
			ss := s.Slots[name]
			if !slotNameRe.MatchString(name) {
				add(sp, SeverityError, "slot_name", "slot name %q must match %s", name, slotNameRe)
			}
			if !knownSlotTypes[ss.Type] {
				add(sp, SeverityError, "slot_type", "slot %s has unknown type %q", name, ss.Type)
			}
			if ss.Type == SlotEnum && len(ss.Enum) == 0 {
				add(sp, SeverityError, "enum", "enum slot %s lists no values", name)
			}
			for k := range ss.Aliases {
				if !slices.Contains(ss.Enum, k) {
					add(sp, SeverityError, "enum_alias", "slot %s: alias key %q is not an enum value", name, k)
				}
			}
			if ss.Type == SlotEnum && ss.Default != "" && len(enumVocab(ss).findAll(ss.Default)) == 0 {
				add(sp, SeverityError, "default", "slot %s: default %q is not an enum value", name, ss.Default)
			}
			if ss.From != "" {
				src, ok := s.Slots[ss.From]
				switch {
				case !ok:
					add(sp, SeverityError, "slot_from", "slot %s derives from unknown slot %q", name, ss.From)
				case ss.Type == SlotPlatform && src.Type != SlotURL:
					add(sp, SeverityError, "slot_from", "platform slot %s must derive from a url slot", name)
				}
			}
			if ss.From != "" && ss.Type != SlotPlatform && ss.Type != SlotCondition {
				add(sp, SeverityError, "slot_from", "slot %s: only platform and condition slots derive from another slot", name)
			}
		}
		lexSlots := map[string]*vocab{}
		for _, ref := range s.Lexicons {
			ss, ok := s.Slots[ref.Slot]
			if !ok {
				add(sp, SeverityError, "lexicon", "lexicon refers to unknown slot %q", ref.Slot)
				continue
			}
			v := vocabs.forType(ss.Type)
			if v == nil && ss.Type == SlotEnum && len(ss.Enum) > 0 {
				v = enumVocab(ss)
			}
			if v == nil {
				add(sp, SeverityError, "lexicon", "slot %s of type %s has no vocabulary", ref.Slot, ss.Type)
				continue
			}
			lexSlots[ref.Slot] = v
		}
		for name, ss := range s.Slots {
			if _, ok := lexSlots[name]; ok {
				continue
			}
			if v := vocabs.forType(ss.Type); v != nil {
				lexSlots[name] = v
			} else if ss.Type == SlotEnum && len(ss.Enum) > 0 {
				lexSlots[name] = enumVocab(ss)
			}
		}
		captured := map[string]bool{}
		pnames := map[string]bool{}
		for _, p := range s.Patterns {
			if p.Name == "" {
				add(sp, SeverityError, "pattern_name", "pattern without name")
			} else if pnames[p.Name] {
				add(sp, SeverityError, "pattern_name", "duplicate pattern name %q", p.Name)
			}
			pnames[p.Name] = true
			src, macroSlots, err := expandMacros(p.Regex, lexSlots)
			if err != nil {
				add(sp, SeverityError, "regex", "pattern %s: %v", p.Name, err)
				continue
			}
			re, err := regexp.Compile(src)
			if err != nil {
				add(sp, SeverityError, "regex", "pattern %s does not compile: %v", p.Name, err)
				continue
			}
			mode, anchorSlot, err := parseAnchor(p, src)
			if err != nil {
				add(sp, SeverityError, "anchor", "pattern %s: %v", p.Name, err)
			} else if mode == modeLex && lexSlots[anchorSlot] == nil {
				add(sp, SeverityError, "anchor", "pattern %s: anchor slot %q has no vocabulary", p.Name, anchorSlot)
			}
			if p.Window < 0 {
				add(sp, SeverityError, "window", "pattern %s: window %d is negative", p.Name, p.Window)
			}
			for _, t := range expandTriggers(p.Triggers) {
				if m := lexTriggerRe.FindStringSubmatch(t); m != nil && lexSlots[m[1]] == nil {
					add(sp, SeverityError, "trigger", "pattern %s: trigger slot %q has no vocabulary", p.Name, m[1])
				} else if m == nil && Normalize(t) == "" {
					add(sp, SeverityError, "trigger", "pattern %s: empty trigger", p.Name)
				}
			}
			for _, g := range re.SubexpNames() {
				if g == "" {
					continue
				}
				if _, ok := s.Slots[g]; !ok {
					add(sp, SeverityError, "group", "pattern %s captures %q, which is not a declared slot", p.Name, g)
				}
				captured[g] = true
			}
			if len(p.Triggers) == 0 && !strings.HasPrefix(p.Anchor, "lex:") && !strings.HasPrefix(src, "^") && derivedTriggers(src, macroSlots) == nil {
				add(sp, SeverityWarning, "trigger", "pattern %s has no triggers, and its regex none to derive: it runs on every input", p.Name)
			}
			for _, ex := range p.Examples {
				if len(macroSlots) == 0 && !re.MatchString(Normalize(ex)) {
					add(sp, SeverityWarning, "example", "pattern %s: its regex does not match its example %q", p.Name, ex)
				}
			}
			for _, c := range hintContradictions(p, src, macroSlots) {
				add(sp, SeverityWarning, "hint", "pattern %s: %s", p.Name, c)
			}
		}
		fillable := func(name string) bool {
			ss, ok := s.Slots[name]
			if !ok {
				return false
			}
			if captured[name] || ss.Default != "" || ss.From != "" || ss.Type == SlotCondition {
				return true
			}
			for _, ref := range s.Lexicons {
				if ref.Slot == name {
					return true
				}
			}
			return false
		}
		for _, name := range sortedKeys(s.Slots) {
			if s.Slots[name].Required && !fillable(name) {
				add(sp, SeverityError, "unfillable", "required slot %s is captured by no pattern, lexicon, default or context", name)
			}
		}
		switch {
		case s.Command == nil && s.Stage == StageRules:
			add(sp, SeverityError, "command", "rules spec without a command")
		case s.Command != nil && s.Stage == StageGuard:
			add(sp, SeverityWarning, "command", "guard specs refuse; their command is never emitted")
		}
		if s.Command != nil {
			if _, ok := commandVocabulary[s.Command.Name]; !ok {
				add(sp, SeverityError, "command", "command %q is not in the vocabulary (%s)", s.Command.Name, strings.Join(CommandNames(), ", "))
			}
			for _, k := range sortedKeys(s.Command.Args) {
				ref, ok := s.Command.Args[k].(string)
				if !ok || !strings.HasPrefix(ref, "$") {
					continue
				}
				name, part, _ := strings.Cut(ref[1:], ".")
				ss, declared := s.Slots[name]
				switch {
				case !declared:
					add(sp, SeverityError, "command_slot", "command arg %s refers to undeclared slot %q", k, name)
				case !fillable(name):
					add(sp, SeverityError, "command_slot", "command arg %s needs slot %s, which no pattern captures (and no lexicon, default or context fills)", k, name)
				case part != "" && (ss.Type != SlotCount && ss.Type != SlotRatio || part != "op" && part != "value"):
					add(sp, SeverityError, "command_slot", "command arg %s: .%s is only defined for count slots (.op, .value)", k, part)
				}
			}
		}
		if s.Stage == StageGuard && s.Refusal.ZH == "" && s.Refusal.EN == "" {
			add(sp, SeverityWarning, "refusal", "guard spec without a refusal text")
		}
		for _, c := range s.ConflictsWith {
			if ids[c] == 0 {
				add(sp, SeverityError, "conflicts_with", "unknown spec %q", c)
			}
		}
		for _, p := range s.Preconditions {
			if !knownPreconditions[p] {
				add(sp, SeverityError, "precondition", "unknown precondition %q", p)
			}
		}
	}
	for _, term := range sortedKeys(exclusiveTerms) {
		if owners := exclusiveTerms[term]; len(owners) > 1 {
			sort.Strings(owners)
			out = append(out, Issue{Severity: SeverityWarning, Code: "shared_term",
				Message: fmt.Sprintf("term %q is shared by exclusive specs %s", term, strings.Join(owners, ", "))})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Severity != b.Severity {
			return a.Severity == SeverityError
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.SpecID != b.SpecID {
			return a.SpecID < b.SpecID
		}
		return a.Code < b.Code
	})
	return out
}
