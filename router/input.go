package router

import "searchagent/tools/states"

// DefaultMaxInputBytes is the longest input Query accepts (4 KiB of
// UTF-8, about 1,300 Chinese characters). Longer inputs are refused with
// ErrInputTooLong; WithMaxInputBytes changes the limit.
const DefaultMaxInputBytes = 4096

// DefaultAmbiguityMargin is the confidence gap under which the top two
// candidates of equal priority are ambiguous.
const DefaultAmbiguityMargin = 0.1

// State is the state triple of seed 000 (input, container, session).
type State struct {
	Input     string `json:"input,omitempty" yaml:"input"`
	Container string `json:"container,omitempty" yaml:"container"`
	Session   string `json:"session,omitempty" yaml:"session"`
}

// Input is one follow-up to route, with the context the previous turn
// left: the state triple, the pending expectations and the session's
// conditions.
type Input struct {
	Text string `json:"text" yaml:"input"`
	// Locale picks the language of labels and reasons ("zh" or "en"); when
	// empty it follows the text (any Han character means zh).
	Locale   string `json:"locale,omitempty" yaml:"locale"`
	Platform string `json:"platform,omitempty" yaml:"platform"`
	State    State  `json:"state" yaml:"state"`
	// Turn is the number of the current turn; expectations expire by it.
	Turn       int           `json:"turn,omitempty" yaml:"turn"`
	Pending    []Expectation `json:"pending,omitempty" yaml:"pending"`
	Conditions []Condition   `json:"conditions,omitempty" yaml:"conditions"`
	// ActiveTagID is the keyword tag whose menu is open, if any.
	ActiveTagID string `json:"active_tag_id,omitempty" yaml:"active_tag_id"`
}

// ExpectationKind is what a pending expectation waits for.
type ExpectationKind string

// The expectation kinds.
const (
	// ExpectChoice: a clarifying question's options, answered by text or
	// by position.
	ExpectChoice ExpectationKind = "choice"
	// ExpectURL: a repair that waits for a URL (A_REPAIR_FIX_URL,
	// A_REPAIR_REPLACE_ANCHOR).
	ExpectURL ExpectationKind = "url"
	// ExpectText: a repair that waits for a natural-language description
	// (A_REPAIR_SWITCH_TO_NL).
	ExpectText ExpectationKind = "text"
)

// Expectation is an intent the previous turn declared pending.
type Expectation struct {
	ID      string          `json:"id" yaml:"id"`
	Kind    ExpectationKind `json:"kind" yaml:"kind"`
	Options []Choice        `json:"options,omitempty" yaml:"options"`
	// DeclaredTurn and TTL bound its life: it is live while
	// Turn - DeclaredTurn <= TTL (TTL 0 means 1 turn).
	DeclaredTurn int `json:"declared_turn,omitempty" yaml:"declared_turn"`
	TTL          int `json:"ttl,omitempty" yaml:"ttl"`
	// ActionID is the registry action the answer triggers, passed on in
	// the command (A_REPAIR_FIX_URL, for instance).
	ActionID string `json:"action_id,omitempty" yaml:"action_id"`
}

// Choice is one answer option of a clarifying question.
type Choice struct {
	ID      string   `json:"id" yaml:"id"`
	Label   string   `json:"label" yaml:"label"`
	Aliases []string `json:"aliases,omitempty" yaml:"aliases"`
}

// Condition is one condition of the session's condition graph, as the
// router needs it to name what a command changes.
type Condition struct {
	ID    string `json:"id" yaml:"id"`
	Kind  string `json:"kind" yaml:"kind"` // anchor|keyword|hard|soft|derived
	Field string `json:"field,omitempty" yaml:"field"`
	Op    string `json:"op,omitempty" yaml:"op"`
	Value any    `json:"value,omitempty" yaml:"value"`
	Label string `json:"label,omitempty" yaml:"label"`
}

func (e Expectation) live(turn int) bool {
	ttl := e.TTL
	if ttl <= 0 {
		ttl = 1
	}
	return turn-e.DeclaredTurn <= ttl
}

func (in *Input) locale() string {
	if in.Locale != "" {
		return in.Locale
	}
	for _, r := range in.Text {
		if r >= 0x3400 && r <= 0x9FFF {
			return "zh"
		}
	}
	return "en"
}

func (in *Input) hasAnchor() bool {
	for _, c := range in.Conditions {
		if c.Kind == "anchor" {
			return true
		}
	}
	return false
}

func (in *Input) pendingQuestion() bool {
	for _, e := range in.Pending {
		if e.Kind == ExpectChoice && e.live(in.Turn) {
			return true
		}
	}
	return in.State.Session == string(states.Clarifying) || in.State.Container == string(states.ExpandedClarifying)
}

func (in *Input) repairing() bool {
	return in.State.Container == string(states.ExpandedRepair) || in.State.Session == string(states.EmptyRepair)
}

// checkPrecondition reports whether a named precondition holds, and a
// reason in both languages when it does not.
func (in *Input) checkPrecondition(name string) (bool, Text) {
	switch name {
	case PreNoPendingQuestion:
		if in.pendingQuestion() {
			return false, Text{ZH: "还有未回答的追问", EN: "a clarifying question is still open"}
		}
	case PreNoRepair:
		if in.repairing() {
			return false, Text{ZH: "修正尚未完成", EN: "a repair is still in progress"}
		}
	case PreOnlyExplicitConditions:
		for _, c := range in.Conditions {
			if c.Kind != "keyword" && c.Kind != "anchor" {
				return false, Text{ZH: "当前还有关键词和锚点以外的条件", EN: "conditions other than keyword tags and the anchor remain"}
			}
		}
	case PreHasAnchor:
		if !in.hasAnchor() {
			return false, Text{ZH: "当前没有锚点", EN: "there is no anchor"}
		}
	case PreHasConditions:
		if len(in.Conditions) == 0 {
			return false, Text{ZH: "当前没有任何条件", EN: "there are no conditions"}
		}
	case PrePendingQuestion:
		if !in.pendingQuestion() {
			return false, Text{ZH: "当前没有待回答的问题", EN: "there is no open question to answer"}
		}
	}
	return true, Text{}
}
