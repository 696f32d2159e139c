package router

// commandInfo describes one command of the closed vocabulary: what it
// acts on and the plan steps the agent runs for it.
type commandInfo struct {
	scope  string
	action string
	steps  []string
}

// commandVocabulary is the closed set of command names a spec may emit
// (the package doc lists their arguments). Loading a spec that names
// another command fails.
var commandVocabulary = map[string]commandInfo{
	"add_filter":          {"conditions", "refine", []string{"update_conditions", "retrieve"}},
	"remove_filter":       {"conditions", "refine", []string{"update_conditions", "retrieve"}},
	"add_keyword":         {"keywords", "refine", []string{"update_conditions", "retrieve"}},
	"exclude_keyword":     {"keywords", "refine", []string{"update_conditions", "retrieve"}},
	"set_keyword_scope":   {"keywords", "refine", []string{"update_conditions", "retrieve"}},
	"add_soft_preference": {"conditions", "refine", []string{"update_conditions", "retrieve"}},
	"replace_anchor":      {"anchor", "refine", []string{"resolve_url", "recall_similar"}},
	"remove_anchor":       {"anchor", "refine", []string{"update_conditions", "retrieve"}},
	"widen_recall":        {"conditions", "refine", []string{"expand_recall", "retrieve"}},
	"narrow":              {"conditions", "refine", []string{"update_conditions", "retrieve"}},
	"new_task":            {"session", "new_task", []string{"reset_conditions", "parse_conditions", "retrieve"}},
	"reset":               {"session", "reset", []string{"reset_session"}},
	"back_to_classic":     {"session", "back_to_classic", []string{"fallback_to_classic"}},
	"switch_to_nl":        {"session", "switch_to_nl", []string{"switch_to_nl", "parse_conditions", "retrieve"}},
	"answer_option":       {"question", "answer", []string{"apply_answer", "retrieve"}},
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

// conditionPatch turns a command into its data update.
func applyCommandUpdate(du *DataUpdates, c Command) {
	a := c.Args
	str := func(k string) string { s, _ := a[k].(string); return s }
	ids := func() []string {
		switch v := a["condition_ids"].(type) {
		case []string:
			return v
		}
		return nil
	}
	switch c.Name {
	case "add_filter":
		du.Conditions = append(du.Conditions, ConditionPatch{Op: "add", Kind: "hard", Field: str("field"), FilterOp: str("op"), Value: a["value"], Source: "user_input"})
	case "remove_filter":
		du.Conditions = append(du.Conditions, ConditionPatch{Op: "remove", Kind: str("kind"), Field: str("field"), IDs: ids(), Source: "user_input"})
	case "add_keyword":
		du.Conditions = append(du.Conditions, ConditionPatch{Op: "add", Kind: "keyword", Field: "keyword", FilterOp: "include", Value: a["keywords"], Source: "user_input"})
	case "exclude_keyword":
		du.Conditions = append(du.Conditions, ConditionPatch{Op: "add", Kind: "keyword", Field: "keyword", FilterOp: "exclude", Value: a["keywords"], Source: "user_input"})
	case "set_keyword_scope":
		du.Conditions = append(du.Conditions, ConditionPatch{Op: "update", Kind: "keyword", Field: "scope", FilterOp: "set", Value: a["scope"], IDs: ids(), Source: "user_input"})
	case "add_soft_preference":
		du.Conditions = append(du.Conditions, ConditionPatch{Op: "add", Kind: "soft", Field: "preference", FilterOp: "prefer", Value: a["preference"], Source: "user_input"})
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
