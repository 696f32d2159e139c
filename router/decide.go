package router

import (
	"slices"
	"strconv"
	"strings"
)

// decide sets the result's decision.
func (e *evaluation) decide(blk *resultBlock, out *stageOutcome) {
	res := &blk.res
	loc := e.loc
	d := &res.Decision // still zero
	d.MissingData, d.ExecutionPlan, d.NextRecommendations = []string{}, blk.plan[:0], []Recommendation{}
	step := func(code, reason string) {
		d.ExecutionPlan = append(d.ExecutionPlan, PlanStep{StepCode: code, StepName: stepNames[code], Reason: reason})
	}
	finish := func() {
		d.ExecutionPlan = append(d.ExecutionPlan, finishSteps[:]...)
	}
	switch res.Branch {
	case BranchGuardHit:
		g := out.guard
		d.Scope, d.IntentType, d.ActionType = "input", g.ID, "refuse"
		d.Reason = "guard " + g.ID + " recognised the input: " + res.Top.Reason
		d.Refusal = g.Refusal.In(loc)
		d.NextSession = "unsupported"
		step("refuse", "guard specs refuse on recognition (contract 4.8)")
		d.NextRecommendations = recommendations(g.Recommendations, loc)
		finish()
		return

	case BranchExpectationHit:
		cmd := res.Commands[0]
		info := commandVocabulary[cmd.Name]
		d.Scope, d.IntentType, d.ActionType = info.scope, res.Top.ID, info.action
		applyCommandUpdates(&d.DataUpdates, res.Commands[:1])
		if len(res.Top.InvalidSlots) > 0 {
			for _, k := range sortedKeys(res.Top.InvalidSlots) {
				d.MissingData = append(d.MissingData, k+": "+res.Top.InvalidSlots[k])
			}
			d.NeedsClarification = true
			d.Reason = "the expected input was given but does not validate: " + strings.Join(d.MissingData, "; ")
			step("ask_slots", "the answer must be fixed before it can run")
			finish()
			return
		}
		d.ShouldExecute = true
		d.NextSession = "refining"
		d.Reason = res.Top.Reason
		d.ExecutionPlan = append(d.ExecutionPlan, info.plan...)
		finish()
		return

	case BranchAmbiguous:
		d.Scope, d.ActionType = "input", "clarify"
		d.NeedsClarification = true
		ids := make([]string, 0, len(out.ambiguous))
		for _, c := range out.ambiguous {
			ids = append(ids, c.ID)
			cs := e.s.byID[c.ID]
			d.NextRecommendations = append(d.NextRecommendations, Recommendation{Code: c.ID, Label: cs.Label.In(loc),
				Reason: "confidence " + strconv.FormatFloat(c.Confidence, 'f', 2, 64)})
		}
		d.IntentType = ids[0]
		d.MissingData = []string{"intent: " + strings.Join(ids, " | ")}
		d.Reason = strings.Join(ids, " and ") + " are within the ambiguity margin " + strconv.FormatFloat(e.margin, 'f', 2, 64) + " at the same priority; ask which one was meant"
		if out.classifier != nil {
			d.Reason += "; classifier: " + out.classifier.Reason + errSuffix(out.classifier.Error)
		}
		step("clarify", "one question with the candidate intents as options")
		finish()
		return

	case BranchFallback:
		d.Scope, d.IntentType, d.ActionType = "input", "", "refuse"
		if out.emptyInput {
			d.MissingData = []string{"text"}
			d.Reason = "empty input"
			d.Refusal = Text{ZH: "请输入要补充的条件或要求。", EN: "Type the condition or change you want."}.In(loc)
		} else {
			d.MissingData = []string{"recognizable_follow_up"}
			var b strings.Builder
			b.WriteString("no intent passed its threshold")
			for i, nm := range out.nearMisses {
				if i == 3 {
					break
				}
				if i == 0 {
					b.WriteString("; near misses: ")
				} else {
					b.WriteString("; ")
				}
				b.WriteString(nm.ID)
				b.WriteString(" ")
				b.WriteString(nm.Note)
			}
			if out.classifier != nil {
				b.WriteString("; classifier: ")
				b.WriteString(out.classifier.Reason)
				b.WriteString(errSuffix(out.classifier.Error))
			} else {
				b.WriteString("; no classifier is configured")
			}
			d.Reason = b.String()
			d.Refusal = fallbackRefusal.In(loc)
		}
		step("refuse", "nothing recognisable to execute; say what is missing (seed 003 §3.1)")
		var seenBuf [4]string
		seen := seenBuf[:0]
		d.NextRecommendations = make([]Recommendation, 0, 4) // at most 4
		for _, nm := range out.nearMisses {
			if cs := e.s.byID[nm.ID]; cs != nil && len(d.NextRecommendations) < 3 && cs.Stage == StageRules {
				d.NextRecommendations = append(d.NextRecommendations, Recommendation{Code: cs.ID, Label: cs.Label.In(loc), Reason: nm.Note})
				seen = append(seen, cs.ID)
			}
		}
		for _, id := range fallbackSuggestions {
			if cs := e.s.byID[id]; cs != nil && !slices.Contains(seen, id) && len(d.NextRecommendations) < 4 {
				d.NextRecommendations = append(d.NextRecommendations, Recommendation{Code: id, Label: cs.Label.In(loc), Reason: exampleIn(cs.Examples, loc)})
			}
		}
		finish()
		return
	}

	// matched or classified
	var scopes scopeSet
	var missing, notes []string
	confirm := false
	precondFailed := false
	for i, c := range out.cmdCands {
		var cs *compiledSpec
		if i < len(out.cmdSpecs) {
			cs = out.cmdSpecs[i]
		} else {
			cs = e.s.byID[c.ID]
		}
		for _, k := range c.MissingRequiredSlots {
			missing = append(missing, c.ID+"."+k)
		}
		if len(c.InvalidSlots) > 0 {
			for _, k := range sortedKeys(c.InvalidSlots) {
				missing = append(missing, c.ID+"."+k+": "+c.InvalidSlots[k])
			}
		}
		for _, p := range cs.Preconditions {
			if ok, why := e.in.checkPrecondition(p); !ok {
				precondFailed = true
				missing = append(missing, "precondition:"+p)
				notes = append(notes, c.ID+" cannot run now: "+why.EN)
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
		if info := cs.cmdInfo; info != nil {
			scopes |= info.scopeBit
		}
	}
	d.Scope = scopeNames[scopes]
	d.IntentType = res.Top.ID
	if len(res.Commands) > 1 {
		d.IntentType = "composite"
		d.ActionType = "refine"
	} else if len(res.Commands) == 1 {
		d.ActionType = out.commandInfo(res, 0).action
	} else if cs := e.s.byID[res.Top.ID]; cs.Command != nil {
		d.ActionType = commandVocabulary[cs.Command.Name].action
	}
	applyCommandUpdates(&d.DataUpdates, res.Commands)
	d.MissingData = append(d.MissingData, missing...)
	d.RequiresConfirmation = confirm
	slotProblems := len(missing) > 0 && !precondFailed || hasSlotProblem(out.cmdCands)
	d.NeedsClarification = slotProblems
	d.ShouldExecute = len(res.Commands) > 0 && !precondFailed && !confirm
	if out.cmdReason != "" && len(notes) == 0 && res.Branch != BranchClassified {
		d.Reason = out.cmdReason
	} else {
		d.Reason = e.matchedReason(res, out.cmdCands, notes)
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
		for i := range res.Commands {
			d.ExecutionPlan = append(d.ExecutionPlan, out.commandInfo(res, i).confirmPlan...)
		}
	default:
		if slotProblems {
			step("ask_slots", "missing or invalid slots: "+strings.Join(missing, "; "))
		}
		if len(res.Commands) == 1 { // a command's steps are distinct
			d.ExecutionPlan = append(d.ExecutionPlan, out.commandInfo(res, 0).plan...)
		} else {
			var seenBuf [8]string
			seenStep := seenBuf[:0]
			for i := range res.Commands {
				plan := out.commandInfo(res, i).plan
				for k := range plan {
					if ps := &plan[k]; !slices.Contains(seenStep, ps.StepCode) {
						seenStep = append(seenStep, ps.StepCode)
						d.ExecutionPlan = append(d.ExecutionPlan, *ps)
					}
				}
			}
		}
		if d.ShouldExecute && d.ActionType == "refine" || d.ActionType == "answer" {
			d.NextSession = "refining"
		}
	}
	finish()
}

// matchedReason joins the command candidates' reasons ("id: reason; …"),
// the precondition notes and, for a classified result, what the
// classifier picked.
func (e *evaluation) matchedReason(res *Result, cands []*Candidate, notes []string) string {
	b := e.sc.buf[:0]
	if res.Branch == BranchClassified {
		b = append(b, "classifier picked "...)
		b = append(b, res.Top.ID...)
		b = append(b, "; "...)
	}
	for i, c := range cands {
		if i > 0 {
			b = append(b, "; "...)
		}
		b = append(b, c.ID...)
		b = append(b, ": "...)
		b = append(b, c.Reason...)
	}
	if len(notes) > 0 {
		b = append(b, "; "...)
		for i, s := range notes {
			if i > 0 {
				b = append(b, "; "...)
			}
			b = append(b, s...)
		}
	}
	e.sc.buf = b
	return string(b)
}

// fallbackRefusal is the refusal of an input nothing recognised.
var fallbackRefusal = Text{
	ZH: "没能把这句补充对应到可执行的操作：没有识别出条件、关键词、链接或明确指令。可以换种说法，例如“只要美国的”“粉丝 1w+”“不要游戏”，或改为自然语言描述需求。",
	EN: "I could not map this to an action: no condition, keyword, link or instruction was recognised. Try e.g. \"US only\", \"over 10k followers\", \"exclude gaming\", or describe the search in a sentence.",
}

// fallbackSuggestions are the specs a refusal suggests after the near
// misses.
var fallbackSuggestions = [...]string{"filter.country", "filter.followers", "keyword.exclude", "session.switch_to_nl"}

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

// commandInfo is the vocabulary entry of the result's i-th command.
func (out *stageOutcome) commandInfo(res *Result, i int) *commandInfo {
	if i < len(out.cmdInfos) && out.cmdInfos[i] != nil {
		return out.cmdInfos[i]
	}
	info := commandVocabulary[res.Commands[i].Name]
	return &info
}

// exampleIn picks the first of a spec's examples written in the locale's
// language (one with Han characters for "zh", one without for "en"), so an
// English refusal never suggests a Chinese phrase; the first example when
// none is, "" when there are none.
func exampleIn(examples []string, loc string) string {
	for _, ex := range examples {
		if isHan(ex) == (loc == "zh") {
			return ex
		}
	}
	if len(examples) > 0 {
		return examples[0]
	}
	return ""
}
