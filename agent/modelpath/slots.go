package modelpath

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"searchagent/tools/condition"
	"strings"

	"searchagent/contract"
	"searchagent/render"
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
	Render render.Input
	// Check is the validator input (Render.ValidationInput() with the
	// tags before the turn).
	Check contract.Input
	// Draft is the template renderer's output for the same input (valid
	// by construction): its structure is what the page shows, and it is
	// shown whole when the model's sentences stay invalid.
	Draft contract.Slots
	// Shown is the number of results on the page (a figure the sentences
	// may state beside the total).
	Shown int
	// SummaryPrefix is the turn's notice (a refusal or partial
	// application, seed 003 §3.1) the draft's task summary starts with; it
	// stays ahead of the model's summary, word for word.
	SummaryPrefix string
}

// SlotsResult is the outcome of the slots stage.
type SlotsResult struct {
	Slots  contract.Slots  `json:"-"`
	Report contract.Report `json:"-"`
	// Source is "model" when the model's sentences validated, else
	// "template".
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

// slotTexts is the model's answer: the two sentences it writes
// (prompts/schemas/slot_texts.json).
type slotTexts struct {
	StatusText  string `json:"status_text"`
	TaskSummary string `json:"task_summary"`
}

// WriteSlots asks the model for the turn's two sentences — the status
// text and the task summary — and puts them into the deterministic draft:
// conditions, actions, repair options, the question and its options, the
// status tone and loading flag are the draft's, never the model's (issue
// 27). The merged slots are validated with the contract validator (the
// state's schema and rules, the allowed actions) and the claim checks
// (contract.CheckClaims: numbers, conditions, locale, no links or code).
// An invalid answer is re-asked with the previous answer and its
// violations, at most the path's re-ask bound, all within the slots
// stage's deadline; if the last answer is
// still invalid, or the model fails, the result is the draft with Source
// "template". Nothing is shown before it validates: the caller emits
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
	claims := req.Render.Claims(req.Shown)
	if req.SummaryPrefix != "" {
		claims.Known = append(claims.Known, req.SummaryPrefix)
	}
	check := req.Check
	check.Claims = &claims
	facts := slotFacts(req, claims)
	var violations []contract.Violation
	previous := "" // the last rejected answer, shown to the model on a re-ask
	for attempt := 0; attempt <= p.reasks; attempt++ {
		r, err := p.prompts.Render(promptSlots, map[string]any{
			"locale": req.Render.Locale, "stage": stageOf(req.Render.State), "facts": js(facts), "previous": previous, "violations": feedback(violations),
		}, nil)
		if err != nil {
			res.Error = err.Error()
			return res
		}
		res.Prompt = r.ID + "@" + r.Version
		res.Asks++
		if attempt > 0 {
			res.Reasks++
		}
		lreq := request(StageSlots, r, "slot_texts")
		lreq.CallerValidates = true // the contract validator and the claim checks judge the merged slots
		ans, err := p.client.Complete(ctx, lreq)
		if attempt > 0 {
			res.RepairTokens += ans.Call.TotalTokens
		}
		if err != nil {
			res.Error = err.Error()
			if ctx.Err() != nil || isFatal(err) {
				return res
			}
			// Malformed or refused: feed it back like a violation.
			violations = []contract.Violation{{Code: contract.InvalidSlot, Message: err.Error()}}
			res.Violations, previous = violations, ans.Raw
			continue
		}
		previous = ans.Content
		var texts slotTexts
		if err := json.Unmarshal([]byte(ans.Content), &texts); err != nil {
			violations = []contract.Violation{{Code: contract.InvalidSlot, Message: "not the two sentences as JSON: " + err.Error()}}
			res.Violations = violations
			continue
		}
		slots := mergeTexts(req.Draft, texts, req.SummaryPrefix)
		rep, err := p.validator.Validate(check, slots)
		if err != nil {
			res.Error = err.Error()
			return res
		}
		if !rep.Valid {
			violations = rep.Violations
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

// mergeTexts puts the model's sentences into a copy of the draft: the
// status text where the draft has a status, the task summary (after the
// turn's notice) where the draft has one. A sentence the draft has no
// place for is dropped.
func mergeTexts(draft contract.Slots, t slotTexts, prefix string) contract.Slots {
	out := draft
	if draft.Status != nil {
		st := *draft.Status
		st.Text = strings.TrimSpace(t.StatusText)
		out.Status = &st
	}
	if draft.TaskSummary != "" {
		out.TaskSummary = strings.TrimSpace(prefix + strings.TrimSpace(t.TaskSummary))
	}
	return out
}

// slotFacts are what the sentences may state: the locale, the figures,
// the conditions by their labels and status, the question, the number of
// repair options and the draft's own sentences.
func slotFacts(req SlotsRequest, cl contract.Claims) map[string]any {
	d := req.Draft
	f := map[string]any{"locale": req.Render.Locale, "results_total": req.Render.ResultsTotal}
	if req.Shown > 0 {
		f["results_shown"] = req.Shown
	}
	if req.Render.ResultsAtLeast {
		f["results_total_is_lower_bound"] = true // "1000+": never "exactly 1000"
	}
	group := map[string][]string{}
	for _, c := range d.Conditions {
		key := "applied"
		switch {
		case c.Status == condition.StatusPending:
			key = "pending"
		case c.Status == condition.StatusReference && c.Kind == condition.KindKeyword:
			key = "ranking_only"
		case c.Status == condition.StatusReference:
			key = "reference"
		}
		group[key] = append(group[key], c.Label)
	}
	for k, v := range group {
		f[k] = v
	}
	if fu := req.Render.Followup; fu != "" {
		f["followup"] = fu
	}
	f["question"] = nil // the open question, only while it is asked
	if d.Question != nil {
		f["question"] = d.Question.Text
	}
	if n := len(d.RepairOptions); n > 0 {
		f["repair_options"] = n
	}
	if d.Status != nil {
		f["draft_status"] = d.Status.Text
	}
	if d.TaskSummary != "" {
		f["draft_summary"] = strings.TrimSpace(strings.TrimPrefix(d.TaskSummary, req.SummaryPrefix))
	}
	if ms := req.SummaryPrefix; ms != "" {
		f["notice_shown_before_summary"] = strings.TrimSpace(ms)
	}
	return f
}

// stageOf says where the search stands, for the status line.
func stageOf(state contract.StateKey) string {
	s := string(state)
	switch {
	case strings.HasSuffix(s, "/results_ready"):
		return "results are in"
	case strings.HasSuffix(s, "/clarifying"):
		return "results are in; one question is open"
	case strings.HasSuffix(s, "/empty_repair"):
		return "no results; repair options are offered"
	case strings.HasSuffix(s, "/unsupported"):
		return "the request is refused"
	case strings.HasSuffix(s, "/retrieving"), strings.HasSuffix(s, "/refining"):
		return "the search is running"
	}
	return s
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
