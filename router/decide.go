package router

import (
	"fmt"
	"sort"
	"strings"
)

// decide turns a result into the agent's decision.
func (e *evaluation) decide(res *Result, out stageOutcome) Decision {
	loc := e.loc
	d := Decision{MissingData: []string{}, ExecutionPlan: []PlanStep{}, NextRecommendations: []Recommendation{}}
	step := func(code, reason string) {
		d.ExecutionPlan = append(d.ExecutionPlan, PlanStep{StepCode: code, StepName: stepNames[code], Reason: reason})
	}
	finish := func() {
		step("render_slots", "every turn renders its output slots")
		step("validate_contract", "slots are checked against the state's contract")
	}
	switch res.Branch {
	case BranchGuardHit:
		g := out.guard
		d.Scope, d.IntentType, d.ActionType = "input", g.ID, "refuse"
		d.Reason = fmt.Sprintf("guard %s recognised the input: %s", g.ID, res.Top.Reason)
		d.Refusal = g.Refusal.In(loc)
		d.NextSession = "unsupported"
		step("refuse", "guard specs refuse on recognition (contract 4.8)")
		d.NextRecommendations = recommendations(g.Recommendations, loc)
		finish()
		return d

	case BranchExpectationHit:
		cmd := res.Commands[0]
		info := commandVocabulary[cmd.Name]
		d.Scope, d.IntentType, d.ActionType = info.scope, res.Top.ID, info.action
		applyCommandUpdate(&d.DataUpdates, cmd)
		if len(res.Top.InvalidSlots) > 0 {
			for _, k := range sortedKeys(res.Top.InvalidSlots) {
				d.MissingData = append(d.MissingData, k+": "+res.Top.InvalidSlots[k])
			}
			d.NeedsClarification = true
			d.Reason = "the expected input was given but does not validate: " + strings.Join(d.MissingData, "; ")
			step("ask_slots", "the answer must be fixed before it can run")
			finish()
			return d
		}
		d.ShouldExecute = true
		d.NextSession = "refining"
		d.Reason = res.Top.Reason
		for _, s := range info.steps {
			step(s, "command "+cmd.Name)
		}
		finish()
		return d

	case BranchAmbiguous:
		d.Scope, d.ActionType = "input", "clarify"
		d.NeedsClarification = true
		var ids []string
		for _, c := range out.ambiguous {
			ids = append(ids, c.ID)
			cs := e.s.byID[c.ID]
			d.NextRecommendations = append(d.NextRecommendations, Recommendation{Code: c.ID, Label: cs.Label.In(loc),
				Reason: fmt.Sprintf("confidence %.2f", c.Confidence)})
		}
		d.IntentType = ids[0]
		d.MissingData = []string{"intent: " + strings.Join(ids, " | ")}
		d.Reason = fmt.Sprintf("%s are within the ambiguity margin %.2f at the same priority; ask which one was meant", strings.Join(ids, " and "), e.margin)
		if out.classifier != nil {
			d.Reason += "; classifier: " + out.classifier.Reason + errSuffix(out.classifier.Error)
		}
		step("clarify", "one question with the candidate intents as options")
		finish()
		return d

	case BranchFallback:
		d.Scope, d.IntentType, d.ActionType = "input", "", "refuse"
		if out.emptyInput {
			d.MissingData = []string{"text"}
			d.Reason = "empty input"
			d.Refusal = Text{ZH: "请输入要补充的条件或要求。", EN: "Type the condition or change you want."}.In(loc)
		} else {
			d.MissingData = []string{"recognizable_follow_up"}
			d.Reason = "no intent passed its threshold"
			var hints []string
			for _, nm := range out.nearMisses {
				if len(hints) == 3 {
					break
				}
				hints = append(hints, fmt.Sprintf("%s %s", nm.ID, nm.Note))
			}
			if len(hints) > 0 {
				d.Reason += "; near misses: " + strings.Join(hints, "; ")
			}
			if out.classifier != nil {
				d.Reason += "; classifier: " + out.classifier.Reason + errSuffix(out.classifier.Error)
			} else {
				d.Reason += "; no classifier is configured"
			}
			d.Refusal = Text{
				ZH: "没能把这句补充对应到可执行的操作：没有识别出条件、关键词、链接或明确指令。可以换种说法，例如“只要美国的”“粉丝 1w+”“不要游戏”，或改为自然语言描述需求。",
				EN: "I could not map this to an action: no condition, keyword, link or instruction was recognised. Try e.g. \"US only\", \"over 10k followers\", \"exclude gaming\", or describe the search in a sentence.",
			}.In(loc)
		}
		step("refuse", "nothing recognisable to execute; say what is missing (seed 003 §3.1)")
		seen := map[string]bool{}
		for _, nm := range out.nearMisses {
			if cs := e.s.byID[nm.ID]; cs != nil && len(d.NextRecommendations) < 3 && cs.Stage == StageRules {
				d.NextRecommendations = append(d.NextRecommendations, Recommendation{Code: cs.ID, Label: cs.Label.In(loc), Reason: nm.Note})
				seen[cs.ID] = true
			}
		}
		for _, id := range []string{"filter.country", "filter.followers", "keyword.exclude", "session.switch_to_nl"} {
			if cs := e.s.byID[id]; cs != nil && !seen[id] && len(d.NextRecommendations) < 4 {
				ex := ""
				if len(cs.Examples) > 0 {
					ex = cs.Examples[0]
				}
				d.NextRecommendations = append(d.NextRecommendations, Recommendation{Code: id, Label: cs.Label.In(loc), Reason: ex})
			}
		}
		finish()
		return d
	}

	// matched or classified
	var scopes []string
	var missing, notes []string
	confirm := false
	precondFailed := false
	for _, c := range out.cmdCands {
		cs := e.s.byID[c.ID]
		for _, k := range c.MissingRequiredSlots {
			missing = append(missing, c.ID+"."+k)
		}
		for _, k := range sortedKeys(c.InvalidSlots) {
			missing = append(missing, fmt.Sprintf("%s.%s: %s", c.ID, k, c.InvalidSlots[k]))
		}
		for _, p := range cs.Preconditions {
			if ok, why := e.in.checkPrecondition(p); !ok {
				precondFailed = true
				missing = append(missing, "precondition:"+p)
				notes = append(notes, fmt.Sprintf("%s cannot run now: %s", c.ID, why.EN))
				if d.Refusal == "" {
					sep := ": "
					if strings.HasPrefix(loc, "zh") {
						sep = "："
					}
					d.Refusal = cs.Label.In(loc) + sep + why.In(loc)
				}
			}
		}
		if c.RequiresConfirm {
			confirm = true
		}
		if cs.Command != nil {
			if info, ok := commandVocabulary[cs.Command.Name]; ok && !containsStr(scopes, info.scope) {
				scopes = append(scopes, info.scope)
			}
		}
	}
	switch len(scopes) {
	case 0:
		d.Scope = "input"
	case 1:
		d.Scope = scopes[0]
	default:
		sort.Strings(scopes)
		d.Scope = strings.Join(scopes, "+")
	}
	d.IntentType = res.Top.ID
	if len(res.Commands) > 1 {
		d.IntentType = "composite"
		d.ActionType = "refine"
	} else if len(res.Commands) == 1 {
		d.ActionType = commandVocabulary[res.Commands[0].Name].action
	} else if cs := e.s.byID[res.Top.ID]; cs.Command != nil {
		d.ActionType = commandVocabulary[cs.Command.Name].action
	}
	for _, cmd := range res.Commands {
		applyCommandUpdate(&d.DataUpdates, cmd)
	}
	d.MissingData = append(d.MissingData, missing...)
	d.RequiresConfirmation = confirm
	slotProblems := len(missing) > 0 && !precondFailed || hasSlotProblem(out.cmdCands)
	d.NeedsClarification = slotProblems
	d.ShouldExecute = len(res.Commands) > 0 && !precondFailed && !confirm
	var why []string
	for _, c := range out.cmdCands {
		why = append(why, c.ID+": "+c.Reason)
	}
	d.Reason = strings.Join(why, "; ")
	if len(notes) > 0 {
		d.Reason += "; " + strings.Join(notes, "; ")
	}
	if res.Branch == BranchClassified {
		d.Reason = "classifier picked " + res.Top.ID + "; " + d.Reason
	}
	switch {
	case precondFailed:
		d.ActionType = "refuse"
		step("refuse", strings.Join(notes, "; "))
		for _, c := range out.cmdCands {
			d.NextRecommendations = append(d.NextRecommendations, recommendations(e.s.byID[c.ID].Recommendations, loc)...)
		}
	case confirm:
		step("confirm", "the intent requires confirmation before it runs")
		for _, cmd := range res.Commands {
			for _, s := range commandVocabulary[cmd.Name].steps {
				step(s, "after confirmation: command "+cmd.Name)
			}
		}
	default:
		if slotProblems {
			step("ask_slots", "missing or invalid slots: "+strings.Join(missing, "; "))
		}
		seenStep := map[string]bool{}
		for _, cmd := range res.Commands {
			for _, s := range commandVocabulary[cmd.Name].steps {
				if !seenStep[s] {
					seenStep[s] = true
					step(s, "command "+cmd.Name)
				}
			}
		}
		if d.ShouldExecute && d.ActionType == "refine" || d.ActionType == "answer" {
			d.NextSession = "refining"
		}
	}
	finish()
	return d
}

func hasSlotProblem(cs []*Candidate) bool {
	for _, c := range cs {
		if len(c.MissingRequiredSlots) > 0 || len(c.InvalidSlots) > 0 {
			return true
		}
	}
	return false
}

func errSuffix(err string) string {
	if err == "" {
		return ""
	}
	return " (" + err + ")"
}

func recommendations(rs []RecommendationSpec, loc string) []Recommendation {
	out := make([]Recommendation, 0, len(rs))
	for _, r := range rs {
		out = append(out, Recommendation{Code: r.Code, Label: r.Label.In(loc), Reason: r.Reason.In(loc)})
	}
	return out
}
