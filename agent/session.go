package agent

import (
	"encoding/json"
	"fmt"
	"slices"

	"searchagent/agent/fsm"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/render"
	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/platform"
	"searchagent/tools/states"
	"searchagent/tools/urlresolve"
)

// Source stages (context source_stage).
const (
	StageFirstRound = "first_round"
	StageFollowup   = "followup"
	StagePostRepair = "post_repair"
)

// Session is the persisted state of one search session: the state triple
// and the context (seed 000 §2.3). It is stored as JSON in the session
// store; the Condition Graph lives here so that nothing the user said can
// be lost to chat-history compression (seed 003 rule 6).
type Session struct {
	ID       string            `json:"id"`
	Platform platform.Platform `json:"platform"`
	Locale   string            `json:"locale"`
	State    fsm.State         `json:"state"`
	Origin   fsm.Origin        `json:"origin,omitempty"`
	Turn     int64             `json:"turn"`

	Tags          []Tag  `json:"tags,omitempty"`
	ActiveTagID   string `json:"active_tag_id,omitempty"`
	MenuOpen      bool   `json:"menu_open,omitempty"`
	Draft         string `json:"draft,omitempty"`
	FollowupDraft string `json:"followup_draft,omitempty"`
	// Anchor is the pinned anchor, or the URL being resolved or that failed.
	Anchor     *Anchor `json:"anchor,omitempty"`
	QueryShape string  `json:"query_shape,omitempty"`

	RepairReason states.RepairReason `json:"repair_reason,omitempty"`
	HintVisible  bool                `json:"repair_hint_visible,omitempty"`
	SourceStage  string              `json:"source_stage,omitempty"`

	// Conds are the hard, soft and derived nodes of the Condition Graph;
	// keyword nodes are Tags and the anchor node is Anchor.
	Conds []Cond `json:"conditions,omitempty"`
	// Question is the one pending question (clarifying or a repair's short
	// question); Expect are the expectations the router gets next turn.
	Question *Question            `json:"question,omitempty"`
	Expect   []router.Expectation `json:"expect,omitempty"`
	// Asked lists the question topics already asked (one question per
	// topic per task: "search first, ask later", never a second time).
	Asked []string `json:"asked,omitempty"`

	Results     *api.Results `json:"results,omitempty"`
	Sort        string       `json:"sort,omitempty"`
	Offset      int          `json:"offset,omitempty"`
	MinScore    float64      `json:"min_score,omitempty"`
	Relaxations []Relaxation `json:"relaxations,omitempty"`
	// Unsupported is the refusal reason code of an unsupported turn.
	Unsupported string `json:"unsupported,omitempty"`
	// Alternative is the refused guard family's safe alternative search
	// (seed 002 §6.3), offered as a button that runs it.
	Alternative string `json:"alternative,omitempty"`
	// Notice is a one-turn explanation the status carries (a refused
	// follow-up: what is missing).
	Notice string `json:"notice,omitempty"`
	// Before is the search held before the last turn that changed it
	// (undo.go): what a follow-up that withdraws the change puts back.
	Before *Held `json:"before,omitempty"`
	// Dropped are the conditions changes of this task took away or
	// replaced, each field's last earlier value (retract.go): what a
	// follow-up naming the field puts back ("put the country back").
	Dropped []Cond `json:"dropped,omitempty"`
	// LastFollowup is the follow-up text the last refining applied.
	LastFollowup string `json:"last_followup,omitempty"`
	// Slots are the last rendered slots and the schema they passed.
	Slots       contract.Slots `json:"slots"`
	SlotsSchema string         `json:"slots_schema,omitempty"`
	NextID      int            `json:"next_id"`
	Closed      bool           `json:"closed,omitempty"`
}

// encode is the session's snapshot, JSON. results, when not nil, is the
// encoding of s.Results already made for the turn's results event: the
// rest of the session is encoded and the results' bytes are appended as
// its "results" member, instead of encoding the results again (they are
// most of a session).
func (s *Session) encode(results json.RawMessage) ([]byte, error) {
	if results == nil {
		return json.Marshal(s)
	}
	rest := *s
	rest.Results = nil
	b, err := json.Marshal(&rest)
	if err != nil {
		return nil, err
	}
	// b is an object with members (id, slots and next_id are never
	// omitted): its closing brace becomes the results member's.
	out := make([]byte, 0, len(b)+len(`,"results":}`)+len(results))
	out = append(out, b[:len(b)-1]...)
	out = append(out, `,"results":`...)
	out = append(out, results...)
	return append(out, '}'), nil
}

// Tag is a keyword tag (a keyword node of the graph).
type Tag struct {
	contract.Tag
	// Source is user_input (typed as a tag or said in a sentence),
	// agent_inferred or manual.
	Source condition.Source `json:"source"`
	// Status is "reference" for a ranking term: a word of a sentence the
	// user did not mark as a filter, which orders the results and never
	// removes one (issue 26); empty for a tag that filters.
	Status condition.Status `json:"status,omitempty"`
	// Turn and At are the turn that said the tag and where in its text
	// (the span's start plus one; 0: not known), as a Cond's.
	Turn int64 `json:"turn,omitempty"`
	At   int   `json:"at,omitempty"`
}

// Ranks reports a ranking term: it scores results, it filters none.
func (t Tag) Ranks() bool { return t.Status == condition.StatusReference && !t.Excluded }

// Anchor is the anchor node (P0).
type Anchor struct {
	ID           string `json:"id"`
	URL          string `json:"url"`
	Key          string `json:"key,omitempty"`
	Handle       string `json:"handle,omitempty"`
	Name         string `json:"name,omitempty"`
	Resolution   string `json:"resolution"`
	Reason       string `json:"reason,omitempty"`
	LinkPlatform string `json:"link_platform,omitempty"`
	HintZH       string `json:"hint_zh,omitempty"`
	HintEN       string `json:"hint_en,omitempty"`
}

// Resolved reports whether the anchor is a resolved channel.
func (a *Anchor) Resolved() bool { return a != nil && a.Resolution == string(urlresolve.StateExact) }

// Cond is a hard, soft or derived node of the Condition Graph (spec 2.3).
type Cond struct {
	ID       string           `json:"id"`
	Kind     condition.Kind   `json:"kind"` // hard | soft | derived
	Field    string           `json:"field"`
	Op       condition.Op     `json:"op"`
	Value    condparse.Value  `json:"value"`
	Source   condition.Source `json:"source"` // user_input | agent_inferred | manual
	Status   condition.Status `json:"status"` // applied | reference | pending
	Priority int              `json:"priority"`
	Span     string           `json:"span,omitempty"`
	LabelZH  string           `json:"label_zh,omitempty"`
	LabelEN  string           `json:"label_en,omitempty"`
	// Turn is the turn that last set the node: a change to a node of an
	// earlier turn is said in the notice (mergeCond).
	Turn int64 `json:"turn,omitempty"`
	// At is where the user said it in that turn's text (the span's start
	// plus one; 0: not known): "drop the last one" removes the node said
	// last, tags and conditions alike, in the user's order (fixI3, I3).
	At int `json:"at,omitempty"`
}

// Question is the pending question.
type Question struct {
	ID      string            `json:"id"`
	Topic   string            `json:"topic"`
	Subject string            `json:"subject,omitempty"`
	Options []QuestionOption  `json:"options"`
	Turn    int64             `json:"turn"`
	Meta    map[string]string `json:"meta,omitempty"`
}

// QuestionOption is one answer and what choosing it does.
type QuestionOption struct {
	ID      string `json:"id"`
	LabelZH string `json:"label_zh"`
	LabelEN string `json:"label_en"`
	// Apply is what the answer changes: "category:<id>" adds a category
	// filter, "drop:<cond id>" removes a condition, "keep" changes nothing.
	Apply string `json:"apply"`
}

// Relaxation is one computed repair of an empty result: the condition to
// relax, how, and the real count with it relaxed (relax.go).
type Relaxation struct {
	ActionID    string `json:"action_id"`
	ConditionID string `json:"condition_id,omitempty"`
	// Change says how (render.RelaxChange): drop removes the condition,
	// widen replaces a range with Min..Max or a time window with Days,
	// scope moves a keyword to Scope, include lifts an exclusion,
	// similarity lowers the anchor's similarity floor to MinScore,
	// remove_anchor drops the anchor and keeps the keywords, platform
	// moves the search to Platform (a pending platform condition).
	Change   render.RelaxChange `json:"change"`
	Platform platform.Platform  `json:"platform,omitempty"`
	Scope    contract.Scope     `json:"scope,omitempty"`
	Min      int64              `json:"min,omitempty"`
	Max      int64              `json:"max,omitempty"`
	Days     int64              `json:"days,omitempty"`
	MinScore float64            `json:"min_score,omitempty"`
	Count    int                `json:"count"`
}

func (s *Session) newID(prefix string) string {
	s.NextID++
	return fmt.Sprintf("%s%d", prefix, s.NextID)
}

func (s *Session) zh() bool { return zhLocale(s.Locale) }

// zhLocale reports a Chinese locale ("zh", "zh-CN", …).
func zhLocale(l string) bool { return len(l) >= 2 && l[:2] == "zh" }

func (s *Session) tag(id string) (int, *Tag) {
	for i := range s.Tags {
		if s.Tags[i].ID == id {
			return i, &s.Tags[i]
		}
	}
	return -1, nil
}

func (s *Session) cond(id string) (int, *Cond) {
	for i := range s.Conds {
		if s.Conds[i].ID == id {
			return i, &s.Conds[i]
		}
	}
	return -1, nil
}

// onlyExplicit: nothing but keyword tags the user marked and at most one
// anchor (seed 000 §6.7 third condition); a ranking term is the agent's
// reading of a sentence, not an explicit tag.
func (s *Session) onlyExplicit() bool {
	return len(s.Conds) == 0 && !slices.ContainsFunc(s.Tags, func(t Tag) bool { return t.Ranks() })
}

func (s *Session) softPending() bool {
	for _, c := range s.Conds {
		if c.Kind == condition.KindSoft {
			return true
		}
	}
	return false
}
