package router

// Decision is the router's action plan for the agent (seed 003 §4.3,
// adapted to the search box): which part of the session the input acts
// on, what to do, whether it can run now, what is missing and what to
// offer next. Every input yields one: an executed action or a refusal
// that says what is missing, never a bare "noted" (seed 003 §3.1).
type Decision struct {
	// Scope is what the input acts on: conditions, keywords, anchor,
	// question, session, or input (a refusal of the input itself).
	Scope string `json:"scope"`
	// IntentType is the top intent's spec id ("composite" when several
	// refine commands fire together).
	IntentType string `json:"intent_type"`
	// ActionType is refine, answer, reset, new_task, back_to_classic,
	// switch_to_nl, clarify or refuse.
	ActionType           string   `json:"action_type"`
	ShouldExecute        bool     `json:"should_execute"`
	NeedsClarification   bool     `json:"needs_clarification"`
	RequiresConfirmation bool     `json:"requires_confirmation"`
	MissingData          []string `json:"missing_data"`
	// DataUpdates is what executing the commands changes.
	DataUpdates         DataUpdates      `json:"data_updates"`
	ExecutionPlan       []PlanStep       `json:"execution_plan"`
	NextRecommendations []Recommendation `json:"next_recommendations"`
	Reason              string           `json:"reason"`
	// Refusal is the user-facing refusal text of a guard hit or fallback.
	Refusal string `json:"refusal,omitempty"`
	// NextSession is the session state the decision leads to when it is
	// already known (unsupported for guard hits, refining for refines).
	NextSession string `json:"next_session,omitempty"`
}

// DataUpdates groups the patches a decision applies.
type DataUpdates struct {
	// Conditions are condition-graph patches in command order.
	Conditions []ConditionPatch `json:"conditions,omitempty"`
	// Anchor replaces or removes the anchor.
	Anchor *AnchorPatch `json:"anchor,omitempty"`
	// Answer answers the pending question.
	Answer *AnswerPatch `json:"answer,omitempty"`
	// Session is a session-level change: reset, new_task,
	// back_to_classic, switch_to_nl, widen_recall or narrow.
	Session string `json:"session,omitempty"`
}

// ConditionPatch adds, removes or updates a condition.
type ConditionPatch struct {
	Op    string `json:"op"` // add|remove|update
	Kind  string `json:"kind"`
	Field string `json:"field,omitempty"`
	// FilterOp and Value are the condition's operator and value.
	FilterOp string `json:"filter_op,omitempty"`
	Value    any    `json:"value,omitempty"`
	// IDs name the existing conditions a remove or update touches.
	IDs    []string `json:"ids,omitempty"`
	Source string   `json:"source"`
}

// AnchorPatch replaces or removes the anchor.
type AnchorPatch struct {
	Op       string `json:"op"` // replace|remove
	URL      string `json:"url,omitempty"`
	Platform string `json:"platform,omitempty"`
}

// AnswerPatch answers a pending question.
type AnswerPatch struct {
	QuestionID string `json:"question_id"`
	OptionID   string `json:"option_id"`
	By         string `json:"by"`
}

// PlanStep is one step the agent runs, with a stable code.
type PlanStep struct {
	StepCode string `json:"step_code"`
	StepName string `json:"step_name"`
	Reason   string `json:"reason"`
}

// Recommendation is a next step offered to the user.
type Recommendation struct {
	Code   string `json:"code"`
	Label  string `json:"label"`
	Reason string `json:"reason"`
}
