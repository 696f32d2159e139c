package router

import (
	"slices"
	"strings"
)

// commandInfo describes one command of the closed vocabulary: what it
// acts on and the plan steps the agent runs for it.
type commandInfo struct {
	scope string
	// scopeBit is the scope's bit in a scopeSet.
	scopeBit scopeSet
	action   string
	steps    []string
	// stepReason and confirmReason are the plan steps' reasons; plan and
	// confirmPlan the steps themselves.
	stepReason    string
	confirmReason string
	plan          []PlanStep
	confirmPlan   []PlanStep
}

// commandVocabulary is the closed set of command names a spec may emit
// (the package doc lists their arguments). Loading a spec that names
// another command fails.
var commandVocabulary = withStepReasons(map[string]commandInfo{
	"add_filter":          {scope: "conditions", action: "refine", steps: []string{"update_conditions", "retrieve"}},
	"remove_filter":       {scope: "conditions", action: "refine", steps: []string{"update_conditions", "retrieve"}},
	"add_keyword":         {scope: "keywords", action: "refine", steps: []string{"update_conditions", "retrieve"}},
	"exclude_keyword":     {scope: "keywords", action: "refine", steps: []string{"update_conditions", "retrieve"}},
	"set_keyword_scope":   {scope: "keywords", action: "refine", steps: []string{"update_conditions", "retrieve"}},
	"add_soft_preference": {scope: "conditions", action: "refine", steps: []string{"update_conditions", "retrieve"}},
	"replace_anchor":      {scope: "anchor", action: "refine", steps: []string{"resolve_url", "recall_similar"}},
	"remove_anchor":       {scope: "anchor", action: "refine", steps: []string{"update_conditions", "retrieve"}},
	"widen_recall":        {scope: "conditions", action: "refine", steps: []string{"expand_recall", "retrieve"}},
	"narrow":              {scope: "conditions", action: "refine", steps: []string{"update_conditions", "retrieve"}},
	"new_task":            {scope: "session", action: "new_task", steps: []string{"reset_conditions", "parse_conditions", "retrieve"}},
	"reset":               {scope: "session", action: "reset", steps: []string{"reset_session"}},
	"back_to_classic":     {scope: "session", action: "back_to_classic", steps: []string{"fallback_to_classic"}},
	"switch_to_nl":        {scope: "session", action: "switch_to_nl", steps: []string{"switch_to_nl", "parse_conditions", "retrieve"}},
	"answer_option":       {scope: "question", action: "answer", steps: []string{"apply_answer", "retrieve"}},
})

// withStepReasons fills the plan step reasons of each command.
func withStepReasons(m map[string]commandInfo) map[string]commandInfo {
	for name, info := range m {
		info.scopeBit = scopeSet(1) << slices.Index(commandScopes[:], info.scope)
		info.stepReason = "command " + name
		info.confirmReason = "after confirmation: command " + name
		for _, s := range info.steps {
			info.plan = append(info.plan, PlanStep{StepCode: s, StepName: stepNames[s], Reason: info.stepReason})
			info.confirmPlan = append(info.confirmPlan, PlanStep{StepCode: s, StepName: stepNames[s], Reason: info.confirmReason})
		}
		m[name] = info
	}
	return m
}

// commandScopes are the scopes of the command vocabulary, sorted.
var commandScopes = [...]string{"anchor", "conditions", "keywords", "question", "session"}

// scopeSet is a set of commandScopes (bit i is commandScopes[i]).
type scopeSet uint8

// scopeNames[set] is the decision scope of a set: the scopes joined by
// "+" in order, or "input" for none.
var scopeNames = func() (t [1 << len(commandScopes)]string) {
	for set := range t {
		var parts []string
		for i, sc := range commandScopes {
			if set&(1<<i) != 0 {
				parts = append(parts, sc)
			}
		}
		t[set] = "input"
		if len(parts) > 0 {
			t[set] = strings.Join(parts, "+")
		}
	}
	return t
}()

// finishSteps end every execution plan.
var finishSteps = [...]PlanStep{
	{StepCode: "render_slots", StepName: stepNames["render_slots"], Reason: "every turn renders its output slots"},
	{StepCode: "validate_contract", StepName: stepNames["validate_contract"], Reason: "slots are checked against the state's contract"},
}

// CommandNames lists the command vocabulary in order.
func CommandNames() []string { return sortedKeys(commandVocabulary) }

var stepNames = map[string]string{
	"update_conditions":   "Apply the changes to the condition graph",
	"retrieve":            "Refresh the results (incremental refining)",
	"resolve_url":         "Resolve the URL into an anchor channel",
	"recall_similar":      "Recall channels similar to the pinned anchor",
	"expand_recall":       "Relax keywords or widen the recall scope",
	"reset_conditions":    "Clear the current task's conditions",
	"parse_conditions":    "Parse the new request into conditions",
	"reset_session":       "Clear the session and start a new classic search",
	"fallback_to_classic": "Collapse to the classic search box, keeping tags and anchor",
	"switch_to_nl":        "Switch to a natural-language description",
	"apply_answer":        "Apply the chosen answer to the pending question",
	"refuse":              "Refuse the request and explain why",
	"clarify":             "Ask which intent was meant",
	"ask_slots":           "Ask for the missing or invalid information",
	"confirm":             "Ask the user to confirm before executing",
	"render_slots":        "Render the output slots",
	"validate_contract":   "Validate the slots against the state's contract",
}

// applyCommandUpdates applies the data updates of cmds in order.
func applyCommandUpdates(du *DataUpdates, cmds []Command) {
	n := 0
	for _, c := range cmds {
		switch c.Name {
		case "add_filter", "remove_filter", "add_keyword", "exclude_keyword", "set_keyword_scope", "add_soft_preference":
			n++
		}
	}
	if n > 0 && du.Conditions == nil {
		du.Conditions = make([]ConditionPatch, 0, n)
	}
	for _, c := range cmds {
		applyCommandUpdate(du, c)
	}
}

// applyCommandUpdate turns a command into its data update.
func applyCommandUpdate(du *DataUpdates, c Command) {
	a := c.Args
	str := func(k string) string { s, _ := a.Get(k).(string); return s }
	ids := func() []string {
		switch v := a.Get("condition_ids").(type) {
		case []string:
			return v
		}
		return nil
	}
	switch c.Name {
	case "add_filter":
		du.Conditions = append(du.Conditions, ConditionPatch{Op: "add", Kind: "hard", Field: str("field"), FilterOp: str("op"), Value: a.Get("value"), Source: "user_input"})
	case "remove_filter":
		du.Conditions = append(du.Conditions, ConditionPatch{Op: "remove", Kind: str("kind"), Field: str("field"), IDs: ids(), Source: "user_input"})
	case "add_keyword":
		du.Conditions = append(du.Conditions, ConditionPatch{Op: "add", Kind: "keyword", Field: "keyword", FilterOp: "include", Value: a.Get("keywords"), Source: "user_input"})
	case "exclude_keyword":
		du.Conditions = append(du.Conditions, ConditionPatch{Op: "add", Kind: "keyword", Field: "keyword", FilterOp: "exclude", Value: a.Get("keywords"), Source: "user_input"})
	case "set_keyword_scope":
		du.Conditions = append(du.Conditions, ConditionPatch{Op: "update", Kind: "keyword", Field: "scope", FilterOp: "set", Value: a.Get("scope"), IDs: ids(), Source: "user_input"})
	case "add_soft_preference":
		du.Conditions = append(du.Conditions, ConditionPatch{Op: "add", Kind: "soft", Field: "preference", FilterOp: "prefer", Value: a.Get("preference"), Source: "user_input"})
	case "replace_anchor":
		du.Anchor = &AnchorPatch{Op: "replace", URL: str("url"), Platform: str("platform")}
	case "remove_anchor":
		du.Anchor = &AnchorPatch{Op: "remove"}
	case "widen_recall", "narrow", "new_task", "reset", "back_to_classic", "switch_to_nl":
		du.Session = c.Name
	case "answer_option":
		du.Answer = &AnswerPatch{QuestionID: str("question_id"), OptionID: str("option_id"), By: str("by")}
	}
}
