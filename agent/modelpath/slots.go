package modelpath

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"searchagent/contract"
	"searchagent/tools/llm"
)

// Slot sources, as the slots event and the trace say them.
const (
	SourceModel    = "model"
	SourceTemplate = "template"
)

// SlotsRequest is what the slots stage needs for one turn.
type SlotsRequest struct {
	// Render is the turn's render input: state, context, allowed actions,
	// graph, results total, question, relaxations.
	Render contract.RenderInput
	// Check is the validator input (Render.ValidationInput() with the
	// tags before the turn).
	Check contract.Input
	// Draft is the template renderer's output for the same input (valid
	// by construction): shown to the model as a reference and used when
	// the model's answers stay invalid.
	Draft contract.Slots
}

// SlotsResult is the outcome of the slots stage.
type SlotsResult struct {
	Slots  contract.Slots  `json:"-"`
	Report contract.Report `json:"-"`
	// Source is "model" when a model answer validated, else "template".
	Source string `json:"source"`
	Prompt string `json:"prompt"`
	// Asks counts the model answers requested; Reasks those after a
	// rejection. FirstPassValid says the first answer validated.
	Asks           int  `json:"asks"`
	Reasks         int  `json:"reasks"`
	FirstPassValid bool `json:"first_pass_valid"`
	// RepairTokens are the tokens spent on re-asks.
	RepairTokens int `json:"repair_tokens"`
	// Violations are those of the last rejected model answer: when the
	// template is used because the model stayed invalid, the turn emits
	// them as contract.violation events.
	Violations []contract.Violation `json:"violations,omitempty"`
	// Error is the model error that ended the stage, if any.
	Error string `json:"error,omitempty"`
}

// WriteSlots asks the model for the turn's slots under the state's strict
// schema and validates each answer with the contract validator (schema and
// rules, the allowed actions of the moment). An invalid answer is re-asked
// with its violations and the answer itself, at most the path's re-ask
// bound, all within the slots stage's deadline; if the last answer
// is still invalid, or the model fails, the result is the draft with
// Source "template". Nothing is shown before it validates: the caller emits
// only the returned slots.
func (p *Path) WriteSlots(ctx context.Context, req SlotsRequest) SlotsResult {
	ctx, cancel := p.client.Stage(ctx, StageSlots)
	defer cancel()
	res := p.writeSlots(ctx, req)
	p.metrics.observe(res)
	return res
}

func (p *Path) writeSlots(ctx context.Context, req SlotsRequest) SlotsResult {
	res := SlotsResult{Source: SourceTemplate, Slots: req.Draft}
	id, err := contract.Resolve(req.Render.State, req.Render.Context)
	if err != nil {
		res.Error = err.Error()
		return res
	}
	schema, err := contract.Schema(id, true)
	if err != nil {
		res.Error = err.Error()
		return res
	}
	draft, _ := json.Marshal(req.Draft)
	facts := map[string]any{"results_total": req.Render.ResultsTotal, "context": req.Render.Context, "platform": req.Render.Platform,
		"question": req.Render.Question, "relaxations": req.Render.Relaxations, "unsupported_reason": req.Render.UnsupportedReason, "followup": req.Render.Followup}
	var violations []contract.Violation
	previous := "" // the last rejected answer, shown to the model on a re-ask
	for attempt := 0; attempt <= p.reasks; attempt++ {
		r, err := p.prompts.Render(promptSlots, map[string]any{
			"state": string(req.Render.State), "locale": req.Render.Locale, "allowed_actions": js(req.Render.AllowedActions),
			"graph": js(req.Render.Conditions), "facts": js(facts), "draft": string(draft), "violations": feedback(violations),
		}, json.RawMessage(schema))
		if err != nil {
			res.Error = err.Error()
			return res
		}
		res.Prompt = r.ID + "@" + r.Version
		res.Asks++
		if attempt > 0 {
			res.Reasks++
		}
		lreq := request(StageSlots, r, "slots_"+strings.ReplaceAll(string(id), ".", "_"))
		lreq.CallerValidates = true // the contract validator checks the state's schema and its rules
		if attempt > 0 {
			lreq = reask(lreq, previous, "it was rejected for the violations listed in my first message")
		}
		ans, err := p.client.Complete(ctx, lreq)
		if attempt > 0 {
			res.RepairTokens += ans.Call.TotalTokens
		}
		previous = ans.Raw
		if err != nil {
			res.Error = err.Error()
			if ctx.Err() != nil || isFatal(err) {
				return res
			}
			// Malformed or refused: feed it back like a violation.
			violations = []contract.Violation{{Code: contract.InvalidSlot, Message: err.Error()}}
			res.Violations = violations
			continue
		}
		rep, err := p.validator.ValidateJSON(req.Check, []byte(ans.Content))
		if err != nil {
			violations = []contract.Violation{{Code: contract.InvalidSlot, Message: err.Error()}}
			res.Violations = violations
			continue
		}
		if !rep.Valid {
			violations = rep.Violations
			res.Violations = violations
			continue
		}
		var slots contract.Slots
		if err := json.Unmarshal([]byte(ans.Content), &slots); err != nil {
			violations = []contract.Violation{{Code: contract.InvalidSlot, Message: err.Error()}}
			res.Violations = violations
			continue
		}
		res.Slots, res.Report, res.Source = slots, rep, SourceModel
		res.FirstPassValid = attempt == 0
		res.Violations, res.Error = nil, ""
		return res
	}
	return res
}

// isFatal: errors a re-ask cannot fix.
func isFatal(err error) bool {
	for _, e := range []error{llm.ErrBudgetExhausted, llm.ErrReplayMiss, llm.ErrUnavailable, llm.ErrNotConfigured, llm.ErrStageDeadline, llm.ErrBreakerOpen} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

func feedback(vs []contract.Violation) string {
	if len(vs) == 0 {
		return ""
	}
	var b strings.Builder
	for _, v := range vs {
		fmt.Fprintf(&b, "- %s at %q: %s\n", v.Code, v.InstanceLocation, v.Message)
	}
	return b.String()
}
