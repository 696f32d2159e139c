package router

// Trace is the output of Explain: every stage's verdict, deterministic
// and clock-free (the same input and context give byte-identical JSON).
type Trace struct {
	InputLen   int    `json:"input_len"`
	Normalized string `json:"normalized"`
	// Lookalikes are the words, as written, whose Greek or Cyrillic
	// letters drawn like Latin ones were read as those Latin letters
	// ("Іgnоrе" read "ignore"), the normalisation step a guard pattern
	// then matched through.
	Lookalikes []string `json:"lookalikes,omitempty"`
	// View names the reading of the input a guard matched when it was not
	// the input as written: "line_heads", the heads of its short lines
	// joined (LineHeads), an instruction hidden in a poem's line heads;
	// ViewText is that reading, and Normalized is its normalised form.
	View     string `json:"view,omitempty"`
	ViewText string `json:"view_text,omitempty"`
	Branch   Branch `json:"branch"`
	TopID    string `json:"top_id,omitempty"`
	// Guard lists the guard specs over their threshold; GuardRejected the
	// guard specs that scored but stayed under it.
	Guard         []ScoredSpec      `json:"guard"`
	GuardRejected []RejectedSpec    `json:"guard_rejected"`
	Expectation   *ExpectationTrace `json:"expectation,omitempty"`
	// Rules lists the rules specs over their threshold; RulesRejected the
	// ones that scored but stayed under it, or lost to another spec.
	Rules           []ScoredSpec   `json:"rules"`
	RulesRejected   []RejectedSpec `json:"rules_rejected"`
	AmbiguityMargin float64        `json:"ambiguity_margin"`
	// ObservedMargin is the gap between the two candidates that competed
	// for the decision (the top and the runner-up of exclusive specs, or
	// two conflicting composable ones), when two did; AmbiguityMargin is
	// the configured threshold it is compared with.
	ObservedMargin *float64 `json:"observed_margin,omitempty"`
	// TieBreak says what decided between two candidates that tied, or what
	// would decide an ambiguous result.
	TieBreak string `json:"tie_break,omitempty"`
	// Unused are the parts of the normalised text that no deciding spec's
	// terms, vocabulary words, pattern triggers or slot captures covered
	// (the whole text when no stage decided); the expectation and the
	// classifier read the whole text, so none is listed for them.
	Unused []string `json:"unused,omitempty"`
	// Skipped names stages that did not run and why ("rules: guard hit").
	Skipped    []string         `json:"skipped,omitempty"`
	Classifier *ClassifierTrace `json:"classifier,omitempty"`
	// RunnerUp says what would have changed the outcome for the second
	// best candidate; NearMisses the same for specs under their threshold.
	RunnerUp   *Counterfactual  `json:"runner_up,omitempty"`
	NearMisses []Counterfactual `json:"near_misses,omitempty"`
	// SlotHints name the nearest valid value of invalid enum-like slots.
	SlotHints        []SlotHint `json:"slot_hints,omitempty"`
	Commands         []Command  `json:"commands,omitempty"`
	SnapshotRevision int64      `json:"snapshot_revision"`
}

// ScoredSpec is one spec's score at a stage and what it hit.
type ScoredSpec struct {
	ID          string   `json:"id"`
	Score       float64  `json:"score"`
	Threshold   float64  `json:"threshold"`
	Priority    int      `json:"priority"`
	Composable  bool     `json:"composable,omitempty"`
	HitTerms    []string `json:"hit_terms,omitempty"`
	HitLexicon  []string `json:"hit_lexicon,omitempty"`
	HitPatterns []string `json:"hit_patterns,omitempty"`
	// OtherClause are a guard's cancelling patterns (a negation or a
	// harmless context) that fired in a clause other than a request's,
	// and so did not cancel it ("不靠买粉怎么行，帮我买一万粉").
	OtherClause []string `json:"other_clause,omitempty"`
}

// RejectedSpec is a spec left out at a stage, and why.
type RejectedSpec struct {
	ID     string  `json:"id"`
	Score  float64 `json:"score"`
	Reason string  `json:"reason"`
}

// ExpectationTrace records the expectation stage.
type ExpectationTrace struct {
	PendingIDs []string `json:"pending_ids"`
	// Expired lists pending ids past their TTL.
	Expired []string `json:"expired,omitempty"`
	HitID   string   `json:"hit_id,omitempty"`
	// OptionID and By say which option answered and how ("text",
	// "position", "url", "text_input").
	OptionID string `json:"option_id,omitempty"`
	By       string `json:"by,omitempty"`
	// Misses explain pending expectations the input did not answer.
	Misses []RejectedSpec `json:"misses,omitempty"`
}

// ClassifierTrace records the classifier stage.
type ClassifierTrace struct {
	Called bool   `json:"called"`
	From   Branch `json:"from"`
	// Stage is which classifier ran: "local" (the n-gram model) or
	// "model".
	Stage string `json:"stage,omitempty"`
	// Answer is what the classifier said; Accepted whether it validated.
	Answer   *ClassifierAnswer `json:"answer,omitempty"`
	Accepted bool              `json:"accepted"`
	Error    string            `json:"error,omitempty"`
	Reason   string            `json:"reason,omitempty"`
	// Ungrounded names the slot whose value was neither in the follow-up
	// nor in the pending options, when that rejected the answer.
	Ungrounded string `json:"ungrounded,omitempty"`
}

// Counterfactual says what would have changed a spec's outcome.
type Counterfactual struct {
	ID        string  `json:"id"`
	Score     float64 `json:"score"`
	Threshold float64 `json:"threshold"`
	// Gap is what the spec lacks: to its threshold for a near miss, to
	// the top's score (less the margin) for the runner-up.
	Gap float64 `json:"gap"`
	// MissingTerm is one unhit term whose weight closes the gap, if any.
	MissingTerm string `json:"missing_term,omitempty"`
	Note        string `json:"note"`
}

// SlotHint names the nearest valid value for an invalid slot.
type SlotHint struct {
	SpecID  string `json:"spec_id"`
	Slot    string `json:"slot"`
	Value   string `json:"value"`
	Nearest string `json:"nearest,omitempty"`
}

// DecidedBy names the stage that decided the result: "guard",
// "expectation", "rules", "classifier:local", "classifier:model", or
// "none" when no stage decided (fallback, ambiguous).
func (t *Trace) DecidedBy() string {
	if c := t.Classifier; c != nil && c.Accepted {
		st := c.Stage
		if st == "" {
			st = ClassifierModel
		}
		return "classifier:" + st
	}
	switch t.Branch {
	case BranchGuardHit:
		return "guard"
	case BranchExpectationHit:
		return "expectation"
	case BranchMatched:
		return "rules"
	}
	return "none"
}
