package router

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Stage is where a spec runs: the guard stage (refuse on recognition) or
// the rules stage.
type Stage string

// The spec stages.
const (
	StageGuard Stage = "guard"
	StageRules Stage = "rules"
)

// Risk grades what executing a spec's command can cost the user.
type Risk string

// The risk grades.
const (
	RiskLow    Risk = "low"
	RiskMedium Risk = "medium"
	RiskHigh   Risk = "high"
)

// Text is a user-facing text in both product languages.
type Text struct {
	ZH string `yaml:"zh" json:"zh,omitempty"`
	EN string `yaml:"en" json:"en,omitempty"`
}

// In returns the text for locale ("zh…" or anything else for English),
// falling back to the other language when one is empty.
func (t Text) In(locale string) string {
	if strings.HasPrefix(locale, "zh") {
		if t.ZH != "" {
			return t.ZH
		}
		return t.EN
	}
	if t.EN != "" {
		return t.EN
	}
	return t.ZH
}

// Spec is one intent: how it is recognised (terms, lexicons, patterns),
// which slots it fills and the command it emits. Specs are YAML documents
// (see the files under specs/); unknown fields are an error.
type Spec struct {
	ID              string            `yaml:"id" json:"id"`
	Domain          string            `yaml:"domain" json:"domain"`
	Version         int               `yaml:"version" json:"version"`
	Stage           Stage             `yaml:"stage" json:"stage"`
	Priority        int               `yaml:"priority" json:"priority"`
	Risk            Risk              `yaml:"risk" json:"risk"`
	RequiresConfirm bool              `yaml:"requires_confirm" json:"requires_confirm"`
	Handler         string            `yaml:"handler" json:"handler"`
	Metadata        map[string]string `yaml:"metadata" json:"metadata,omitempty"`
	// Label names the intent to users (clarifying options, recommendations).
	Label Text `yaml:"label" json:"label"`
	// Description tells a classifier what the intent means.
	Description Text `yaml:"description" json:"description"`
	// Threshold is the confidence the spec needs to fire (default 0.5).
	Threshold float64 `yaml:"threshold" json:"threshold"`
	// Composable refine intents may fire together on one input; the others
	// are exclusive and compete for the top.
	Composable bool `yaml:"composable" json:"composable"`
	// ConflictsWith lists composable specs that must not fire together
	// with this one (widen vs narrow).
	ConflictsWith []string `yaml:"conflicts_with" json:"conflicts_with,omitempty"`
	// Preconditions name context checks the decision needs before the
	// command may execute (see the Precondition constants).
	Preconditions []string            `yaml:"preconditions" json:"preconditions,omitempty"`
	Terms         []TermGroup         `yaml:"terms" json:"terms,omitempty"`
	Lexicons      []LexiconRef        `yaml:"lexicons" json:"lexicons,omitempty"`
	Patterns      []Pattern           `yaml:"patterns" json:"patterns,omitempty"`
	Slots         map[string]SlotSpec `yaml:"slots" json:"slots,omitempty"`
	Command       *CommandSpec        `yaml:"command" json:"command,omitempty"`
	// Refusal is what a guard spec tells the user (contract 4.8).
	Refusal Text `yaml:"refusal" json:"refusal,omitempty"`
	// Recommendations are the next steps offered with this intent's
	// decision (a guard's safe alternatives, for instance).
	Recommendations []RecommendationSpec `yaml:"recommendations" json:"recommendations,omitempty"`
	// Examples are inputs the spec is meant for, shown to classifiers.
	Examples []string `yaml:"examples" json:"examples,omitempty"`

	file string
}

// File is the path the spec was loaded from ("" when built in code).
func (s *Spec) File() string { return s.file }

// TermGroup is a set of terms with one weight, Chinese and English side by
// side. A negative weight lowers the score (a negation that turns a
// guard term benign, for instance).
type TermGroup struct {
	Weight float64  `yaml:"weight" json:"weight"`
	ZH     []string `yaml:"zh" json:"zh,omitempty"`
	EN     []string `yaml:"en" json:"en,omitempty"`
}

// LexiconRef scores a hit of a slot's vocabulary (countries for a country
// slot, the enum values and aliases of an enum slot) and fills the slot
// from it.
type LexiconRef struct {
	Slot   string  `yaml:"slot" json:"slot"`
	Weight float64 `yaml:"weight" json:"weight"`
}

// Pattern is a regular expression (Go's regexp, RE2 syntax) over the
// normalised input, with a weight. Named groups capture slots of the same
// name. Macros: {{count}}, {{duration}}, {{int}}, {{ordinal}}, {{url}}
// and {{lex:SLOT}} (the vocabulary of a slot of this spec). A spec author
// writes the regex and the weight; the rest is derived at Compile time.
//
// Triggers gate the regex: it runs only when one of them occurs in the
// input (found in the same single pass as the terms). Without Triggers
// they are derived from the regex — literals of which every match holds
// one (none derivable: it runs on every input) — and the regex searches
// the whole input. intentctl lint reports declared triggers that
// contradict the regex (a match with none of them, or with anchor
// "trigger" a trigger no match starts with).
//
// Anchor and Window are optional tuning for declared triggers:
// "window" (the default with triggers) searches a window of Window bytes
// on each side of every trigger; "trigger" tries the regex anchored at
// each trigger occurrence; "number" anchored at each number in the input
// (digits or Chinese numerals); "lex:SLOT" anchored at each name of the
// slot's vocabulary. A regex that starts with ^ runs once over the whole
// input. Triggers may name a vocabulary too: "{{lex:SLOT}}".
type Pattern struct {
	Name     string   `yaml:"name" json:"name"`
	Regex    string   `yaml:"regex" json:"regex"`
	Weight   float64  `yaml:"weight" json:"weight"`
	Triggers []string `yaml:"triggers" json:"triggers,omitempty"`
	Anchor   string   `yaml:"anchor" json:"anchor,omitempty"`
	// Window bounds the text a pattern sees: bytes on each side of a
	// trigger (window mode, default 48) or after the anchor (anchored
	// modes, default 160).
	Window int `yaml:"window" json:"window,omitempty"`
	// Examples are inputs the regex matches; lint checks that it does,
	// and the guard specs' tests route each one.
	Examples []string `yaml:"examples" json:"examples,omitempty"`
}

// SlotSpec declares one slot.
type SlotSpec struct {
	Type     SlotType `yaml:"type" json:"type"`
	Required bool     `yaml:"required" json:"required,omitempty"`
	// Multi collects every value found instead of the first.
	Multi bool `yaml:"multi" json:"multi,omitempty"`
	// Enum lists the valid values of an enum slot; Aliases maps a value
	// to further spellings.
	Enum    []string            `yaml:"enum" json:"enum,omitempty"`
	Aliases map[string][]string `yaml:"aliases" json:"aliases,omitempty"`
	// Default fills an optional slot nothing captured.
	Default string `yaml:"default" json:"default,omitempty"`
	// Strip lists prefixes and suffixes removed from string captures
	// ("的", "channels").
	Strip []string `yaml:"strip" json:"strip,omitempty"`
	// Lead lists light verbs removed from the start of a string capture
	// when two or more runes remain ("不要做手游的" excludes 手游; "做饭"
	// stays whole).
	Lead []string `yaml:"lead" json:"lead,omitempty"`
	// Split splits a string capture into several values on list
	// separators (",", "、", "和", "and").
	Split bool `yaml:"split" json:"split,omitempty"`
	// Min and Max bound int, count and duration values.
	Min *int64 `yaml:"min" json:"min,omitempty"`
	Max *int64 `yaml:"max" json:"max,omitempty"`
	// From names another slot this one derives from: a platform slot from
	// a url slot, a condition slot from the field or keyword slot it
	// refers to.
	From string `yaml:"from" json:"from,omitempty"`
	// Kind restricts a condition slot to conditions of this kind.
	Kind string `yaml:"kind" json:"kind,omitempty"`
}

// CommandSpec is the command a spec emits. Args values are literals or
// slot references: "$slot", and for count slots "$slot.op" and
// "$slot.value". An argument whose slot is empty is left out.
type CommandSpec struct {
	Name string         `yaml:"name" json:"name"`
	Args map[string]any `yaml:"args" json:"args,omitempty"`
}

// RecommendationSpec is a next step offered to the user.
type RecommendationSpec struct {
	Code   string `yaml:"code" json:"code"`
	Label  Text   `yaml:"label" json:"label"`
	Reason Text   `yaml:"reason" json:"reason"`
}

// specFile is the shape of one YAML file: a list of specs.
type specFile struct {
	Specs []Spec `yaml:"specs"`
}

// ErrSpec is wrapped by every error about an invalid spec or spec file.
var ErrSpec = errors.New("invalid spec")

// ParseSpecs decodes one spec file. Unknown fields are errors. name is
// used in messages and recorded as each spec's File.
func ParseSpecs(name string, data []byte) ([]Spec, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var f specFile
	if err := dec.Decode(&f); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, fmt.Errorf("%w: %s: %v", ErrSpec, name, err)
	}
	for i := range f.Specs {
		f.Specs[i].file = name
		f.Specs[i].applyDefaults()
	}
	return f.Specs, nil
}

// LoadSpecsFS reads every *.yaml and *.yml file directly under dir of
// fsys, in name order.
func LoadSpecsFS(fsys fs.FS, dir string) ([]Spec, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("read specs %s: %w", dir, err)
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() && (strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml")) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var all []Spec
	for _, n := range names {
		p := path.Join(dir, n)
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, fmt.Errorf("read spec %s: %w", p, err)
		}
		specs, err := ParseSpecs(p, data)
		if err != nil {
			return nil, err
		}
		all = append(all, specs...)
	}
	return all, nil
}

func (s *Spec) applyDefaults() {
	if s.Version == 0 {
		s.Version = 1
	}
	if s.Stage == "" {
		s.Stage = StageRules
	}
	if s.Risk == "" {
		s.Risk = RiskLow
	}
	if s.Threshold == 0 {
		s.Threshold = 0.5
	}
}

// Precondition names a context check a spec's decision requires.
const (
	// PreNoPendingQuestion: no clarifying question is open (seed 000 6.7).
	PreNoPendingQuestion = "no_pending_question"
	// PreNoRepair: no repair is in progress (seed 000 6.7).
	PreNoRepair = "no_repair"
	// PreOnlyExplicitConditions: only keyword tags and/or one anchor remain
	// (seed 000 6.7).
	PreOnlyExplicitConditions = "only_explicit_conditions"
	// PreHasAnchor: the session has an anchor.
	PreHasAnchor = "has_anchor"
	// PreHasConditions: the session has at least one condition.
	PreHasConditions = "has_conditions"
	// PrePendingQuestion: a clarifying question is open.
	PrePendingQuestion = "pending_question"
)

var knownPreconditions = map[string]bool{
	PreNoPendingQuestion: true, PreNoRepair: true, PreOnlyExplicitConditions: true,
	PreHasAnchor: true, PreHasConditions: true, PrePendingQuestion: true,
}
