package router

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"searchagent/router/classifier"
)

// Classifier is the optional stage 3: a model that picks one of the known
// specs for an input the rules left ambiguous or unmatched. The router
// calls it only for those two branches, validates its answer (a known
// rules spec, slots re-typed and re-validated deterministically) and
// records the call in the trace as its own stage. Implementations do I/O
// and must honour ctx.
type Classifier interface {
	Classify(ctx context.Context, req ClassifyRequest) (ClassifierAnswer, error)
}

// ClassifyRequest is what a classifier sees.
type ClassifyRequest struct {
	Input  string `json:"input"`
	Locale string `json:"locale"`
	State  State  `json:"state"`
	// Branch is ambiguous or fallback.
	Branch Branch `json:"branch"`
	// Candidates are the rules' candidates, best first (may be empty).
	Candidates []Candidate `json:"candidates"`
	// Specs describe every guard and rules spec the classifier may answer
	// with.
	Specs []SpecInfo `json:"specs"`
	// Conditions are the session's condition graph (the model's context is
	// rebuilt from it each turn, never from chat history).
	Conditions []Condition `json:"conditions,omitempty"`
	// Options are the live pending question's options: with the input,
	// the only sources a slot value may come from.
	Options []Choice `json:"options,omitempty"`
}

// SpecInfo describes one spec to a classifier. Guard specs are listed
// too (Guard true): a paraphrased abuse request the guard's terms missed
// is still refused when the classifier names its guard spec.
type SpecInfo struct {
	ID          string              `json:"id"`
	Guard       bool                `json:"guard,omitempty"`
	Label       Text                `json:"label"`
	Description Text                `json:"description"`
	Slots       map[string]SlotSpec `json:"slots,omitempty"`
	Examples    []string            `json:"examples,omitempty"`
}

// ClassifierAnswer is a classifier's pick. An empty SpecID means "none of
// them"; Slots are raw strings the router types and validates.
type ClassifierAnswer struct {
	SpecID     string            `json:"spec_id"`
	Slots      map[string]string `json:"slots,omitempty"`
	Confidence float64           `json:"confidence"`
	Reason     string            `json:"reason,omitempty"`
	// Prompt names the prompt that produced the answer ("classify@2"),
	// or the local classifier's weights ("weights@sha256:…").
	Prompt string `json:"prompt,omitempty"`
	// Stage is "local" for the local classifier's answers.
	Stage string `json:"stage,omitempty"`
	// Scores, Margin and TopFeatures are the local classifier's evidence:
	// the best classes' posteriors, the mean per-feature evidence for the
	// top class over the runner-up, and the features that pulled most.
	Scores      []classifier.Score   `json:"scores,omitempty"`
	Margin      float64              `json:"margin,omitempty"`
	TopFeatures []classifier.Feature `json:"top_features,omitempty"`
}

// maxClassifierSlot bounds a classifier's slot value.
const maxClassifierSlot = 256

// SpecInfos lists the guard and rules specs for a classifier prompt, in
// id order.
func (s *Snapshot) SpecInfos() []SpecInfo {
	var out []SpecInfo
	for _, cs := range s.specs {
		if cs.Stage != StageRules && cs.Stage != StageGuard {
			continue
		}
		out = append(out, SpecInfo{ID: cs.ID, Guard: cs.Stage == StageGuard, Label: cs.Label, Description: cs.Description, Slots: cs.Slots, Examples: cs.Examples})
	}
	return out
}

func (e *evaluation) classify(ctx context.Context, c Classifier, kind string, res *Result, out *stageOutcome) {
	ct := &ClassifierTrace{Called: true, From: res.Branch, Stage: kind}
	out.classifier = ct
	req := ClassifyRequest{Input: e.in.Text, Locale: e.loc, State: e.in.State, Branch: res.Branch, Candidates: res.Candidates, Specs: e.s.SpecInfos(), Conditions: e.in.Conditions}
	for _, p := range e.in.Pending {
		if p.live(e.in.Turn) {
			req.Options = append(req.Options, p.Options...)
		}
	}
	ans, err := c.Classify(ctx, req)
	if err != nil {
		ct.Error = err.Error()
		ct.Reason = "classifier failed; the rules' branch stands"
		return
	}
	ct.Answer = &ans
	if ans.SpecID == "" {
		ct.Reason = "classifier found no matching intent"
		if kind == ClassifierLocal && ans.Reason != "" {
			ct.Reason = "not a decision: " + ans.Reason
		}
		return
	}
	cs, ok := e.s.byID[ans.SpecID]
	if ok && cs.Stage == StageGuard {
		// A guard pick refuses like a guard hit (contract 4.8); its slots
		// are not used.
		fixes := ""
		if kind == ClassifierLocal {
			// lc.m is nil when the local kind is not this package's
			// model (no tolerant reading then).
			lc, _ := c.(localClassifier)
			var veto string
			if veto, fixes = e.guardVeto(cs, lc); veto != "" {
				ct.Reason = "vetoed: " + veto
				return
			}
		}
		ct.Accepted = true
		ct.Reason = fmt.Sprintf("accepted guard %s", cs.ID)
		if fixes != "" {
			ct.Reason += " (" + fixes + ")"
		}
		e.acceptGuard(cs, ans, res, out)
		return
	}
	if !ok || cs.Stage != StageRules {
		ct.Reason = fmt.Sprintf("rejected: %q is not a known guard or rules spec", ans.SpecID)
		return
	}
	if kind == ClassifierLocal && res.Branch == BranchAmbiguous {
		// Two intents the rules both read are the user's to choose (one
		// question); the n-gram model is no better judge between them.
		ct.Reason = fmt.Sprintf("not a decision: %s, but the rules read two intents and the user chooses between them", ans.Reason)
		return
	}
	var cand Candidate
	var bad, ungrounded string
	if kind == ClassifierLocal {
		// The local classifier names an intent, never slot values: the
		// spec's own patterns read them from the text.
		cand, bad = e.localCandidate(cs, ans)
	} else {
		cand, bad, ungrounded = e.validateAnswer(cs, ans)
	}
	if bad != "" {
		ct.Reason, ct.Ungrounded = "rejected: "+bad, ungrounded
		return
	}
	ct.Accepted = true
	ct.Reason = fmt.Sprintf("accepted %s", cs.ID)
	res.Branch = BranchClassified
	res.Candidates = append([]Candidate{cand}, withoutID(res.Candidates, cand.ID)...)
	res.Top = &res.Candidates[0]
	out.cmdCands = []*Candidate{res.Top}
	out.cmdSpecs, out.cmdInfos = []*compiledSpec{cs}, nil
	out.ambiguous = nil
	res.Commands = nil
	if cmd, ok := e.command(cs, res.Top); ok {
		res.Commands = []Command{cmd}
	}
}

func withoutID(cs []Candidate, id string) []Candidate {
	var out []Candidate
	for _, c := range cs {
		if c.ID != id {
			out = append(out, c)
		}
	}
	return out
}

// validateAnswer types the classifier's slots exactly as captured slots
// are typed. Unknown slot names and values that are neither in the
// follow-up nor in the pending options (see ungroundedSlot) reject the
// answer; invalid values become InvalidSlots (the decision then asks
// instead of executing).
func (e *evaluation) validateAnswer(cs *compiledSpec, ans ClassifierAnswer) (_ Candidate, bad, ungrounded string) {
	for _, k := range sortedKeys(ans.Slots) {
		if _, ok := cs.Slots[k]; !ok {
			return Candidate{}, fmt.Sprintf("slot %q is not declared by %s", k, cs.ID), ""
		}
		if len(ans.Slots[k]) > maxClassifierSlot {
			return Candidate{}, fmt.Sprintf("slot %q is longer than %d bytes", k, maxClassifierSlot), ""
		}
	}
	conf := ans.Confidence
	if conf < 0 || conf > 1 {
		conf = 0
	}
	c := Candidate{ID: cs.ID, Domain: cs.Domain, Version: cs.Version, Stage: cs.Stage, Confidence: round4(conf), Threshold: cs.Threshold,
		Priority: cs.Priority, Risk: cs.Risk, RequiresConfirm: cs.RequiresConfirm, Composable: cs.Composable, Handler: cs.Handler,
		Metadata: cs.Metadata, Action: cs.Command, Reason: "classifier: " + strings.TrimSpace(ans.Reason)}
	var slots Slots
	invalid := map[string]string{}
	var deferred []string
	for _, name := range cs.slotNames {
		ss := cs.Slots[name]
		if ss.Type == SlotCondition || ss.From != "" {
			deferred = append(deferred, name)
			continue
		}
		raw, fromModel := ans.Slots[name]
		ok := fromModel
		if !ok && ss.Default != "" {
			raw, ok = ss.Default, true
		}
		if !ok || strings.TrimSpace(raw) == "" {
			continue
		}
		slot, bad, _ := e.typeSlot(cs, -1, name, &ss, []rawVal{{raw: Normalize(raw), orig: raw, source: "classifier", start: -1, end: -1}})
		if fromModel && bad == "" {
			if why := e.ungroundedSlot(cs, name, &ss, slot, raw); why != "" {
				return Candidate{}, why, name
			}
		}
		slots = slots.set(name, slot)
		if bad != "" {
			invalid[name] = bad
		}
	}
	for _, name := range deferred {
		slot, bad, ok := e.derived(name, cs.Slots[name], slots)
		if ok {
			slots = slots.set(name, slot)
		}
		if bad != "" {
			invalid[name] = bad
		}
	}
	for _, name := range cs.slotNames {
		if !slots.Has(name) && cs.Slots[name].Required {
			if _, bad := invalid[name]; !bad {
				c.MissingRequiredSlots = append(c.MissingRequiredSlots, name)
			}
		}
	}
	sort.Strings(c.MissingRequiredSlots)
	if len(slots) > 0 {
		c.Slots = slots
	}
	if len(invalid) > 0 {
		c.InvalidSlots = invalid
	}
	return c, "", ""
}
