package modelpath

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"searchagent/router"
)

// Compile-time check: the path's classifier is the router's stage 3.
var _ router.Classifier = (*Classifier)(nil)

// Classifier is router stage 3 on the model.
type Classifier struct{ p *Path }

// Classifier returns the classifier stage (install it with
// router.WithClassifier).
func (p *Path) Classifier() *Classifier { return &Classifier{p: p} }

type classifyAnswer struct {
	SpecID string `json:"spec_id"`
	Slots  []struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	} `json:"slots"`
	Confidence float64 `json:"confidence"`
	Reason     string  `json:"reason"`
}

// Classify asks the model to pick one spec, within the classifier stage's
// deadline (an answer that does not match the schema is re-asked once with
// the error). The router validates the answer (known id, declared slots,
// slot types) and records it.
func (c *Classifier) Classify(ctx context.Context, req router.ClassifyRequest) (router.ClassifierAnswer, error) {
	ctx, cancel := c.p.client.Stage(ctx, StageClassifier)
	defer cancel()
	type specView struct {
		ID          string   `json:"id"`
		Guard       bool     `json:"guard,omitempty"`
		Label       string   `json:"label"`
		Description string   `json:"description"`
		Slots       []string `json:"slots,omitempty"`
		Examples    []string `json:"examples,omitempty"`
	}
	specs := make([]specView, 0, len(req.Specs))
	for _, s := range req.Specs {
		v := specView{ID: s.ID, Guard: s.Guard, Label: s.Label.In(req.Locale), Description: s.Description.In(req.Locale), Examples: s.Examples}
		for name := range s.Slots {
			v.Slots = append(v.Slots, name)
		}
		sort.Strings(v.Slots) // a stable rendering: the cassette key hashes it
		specs = append(specs, v)
	}
	cands := make([]string, 0, len(req.Candidates))
	for _, cd := range req.Candidates {
		cands = append(cands, fmt.Sprintf("%s (%.2f)", cd.ID, cd.Confidence))
	}
	r, err := c.p.prompts.Render(promptClassify, map[string]any{
		"input": req.Input, "locale": req.Locale, "state": js(req.State), "branch": string(req.Branch),
		"candidates": js(cands), "specs": js(specs), "conditions": js(conditionViews(req.Conditions)), "options": js(optionLabels(req.Options)),
	}, nil)
	if err != nil {
		return router.ClassifierAnswer{}, err
	}
	ans, err := c.p.askOnceMore(ctx, request(StageClassifier, r, "classifier"))
	if err != nil {
		return router.ClassifierAnswer{}, err
	}
	var a classifyAnswer
	if err := json.Unmarshal([]byte(ans.Content), &a); err != nil {
		return router.ClassifierAnswer{}, fmt.Errorf("classifier answer: %w", err)
	}
	out := router.ClassifierAnswer{SpecID: a.SpecID, Confidence: a.Confidence, Reason: a.Reason, Prompt: r.ID + "@" + r.Version}
	if len(a.Slots) > 0 {
		out.Slots = map[string]string{}
		for _, s := range a.Slots {
			out.Slots[s.Name] = s.Value
		}
	}
	return out, nil
}

// optionLabels are the pending options as the user saw them.
func optionLabels(os []router.Choice) []string {
	out := []string{}
	for _, o := range os {
		out = append(out, o.Label)
	}
	return out
}
