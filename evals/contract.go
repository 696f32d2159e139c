package evals

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"searchagent/agent"
	"searchagent/api"
	"searchagent/contract"
)

// ContractCase is a slot document checked against a state's contract: the
// golden corpus format (state, context, locale, the allowed actions, the
// keyword tags before and after, the condition graph, user texts) and the
// exact violation codes it must produce (none: valid).
type ContractCase struct {
	Name           string               `json:"name"`
	State          contract.StateKey    `json:"state"`
	Context        contract.Context     `json:"context"`
	Locale         string               `json:"locale"`
	AllowedActions []string             `json:"allowed_actions"`
	TagsBefore     []contract.Tag       `json:"tags_before"`
	TagsAfter      []contract.Tag       `json:"tags_after"`
	Conditions     []contract.Condition `json:"conditions"`
	UserTexts      []string             `json:"user_texts"`
	// Claims, when set, checks the sentences as model text against the
	// turn's facts (contract.CheckClaims).
	Claims *contract.Claims `json:"claims"`
	// Slots is the document; SlotsJSON, when set, is the raw text instead
	// (for documents that are not objects or not JSON).
	Slots     any             `json:"slots"`
	SlotsJSON string          `json:"slots_json"`
	WantCodes []contract.Code `json:"want_codes"`
	// WantError, when set, expects the document to be refused before
	// validation (not JSON) with an error containing this text.
	WantError string `json:"want_error"`
	// Registry checks the document's actions and repair options against
	// what the action registry allows in the state (with SnapshotContext,
	// its guards evaluated too), as `searchagent contract check` does;
	// AllowedActions, when also given, wins.
	Registry bool `json:"registry"`
	// SnapshotContext is a snapshot's context for the registry's guards.
	SnapshotContext *api.Context `json:"snapshot_context"`
	Notes           string       `json:"notes"`
}

func (c *ContractCase) check() error {
	if c.State == "" {
		return errors.New("contract case needs a state")
	}
	if _, err := contract.ParseStateKey(string(c.State)); err != nil {
		return err
	}
	return nil
}

// Input is the validator's input for the case.
func (c *ContractCase) Input() contract.Input {
	allowed := c.AllowedActions
	if allowed == nil && c.Registry {
		allowed = agent.AllowedInState(c.State, c.SnapshotContext)
	}
	return contract.Input{
		State: c.State, Context: c.Context, Locale: c.Locale, AllowedActions: allowed,
		TagsBefore: c.TagsBefore, TagsAfter: c.TagsAfter, Conditions: c.Conditions, UserTexts: c.UserTexts, Claims: c.Claims,
	}
}

// Document is the slot document as bytes.
func (c *ContractCase) Document() ([]byte, error) {
	if c.SlotsJSON != "" {
		return []byte(c.SlotsJSON), nil
	}
	return json.Marshal(c.Slots)
}

// decodeJSONStrict decodes a YAML-decoded value into v through JSON, with
// unknown fields refused (the contract's types carry JSON names).
func decodeJSONStrict(raw any, v any) error {
	data, err := json.Marshal(raw)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func (r *Runner) runContract(c *Case) caseRun {
	cc := c.Contract
	doc, err := cc.Document()
	if err != nil {
		return caseRun{failures: []string{"document: " + err.Error()}}
	}
	rep, err := r.validator.ValidateJSON(cc.Input(), doc)
	if err != nil {
		if cc.WantError != "" && strings.Contains(err.Error(), cc.WantError) {
			return caseRun{}
		}
		return caseRun{failures: []string{"validate: " + err.Error()}}
	}
	if cc.WantError != "" {
		return caseRun{failures: []string{fmt.Sprintf("document accepted, want an error containing %q", cc.WantError)}}
	}
	var got []contract.Code
	var where []string
	for _, v := range rep.Violations {
		got = append(got, v.Code)
		where = append(where, fmt.Sprintf("%s at %s: %s", v.Code, v.InstanceLocation, v.Message))
	}
	run := caseRun{contract: &contractOutcome{State: string(cc.State), Codes: got}}
	want := slices.Clone(cc.WantCodes)
	g := slices.Clone(got)
	slices.Sort(want)
	slices.Sort(g)
	want, g = slices.Compact(want), slices.Compact(g)
	if !slices.Equal(g, want) {
		msg := fmt.Sprintf("violations = %v, want %v", codesOrNone(g), codesOrNone(want))
		if len(where) > 0 {
			msg += "\n    " + strings.Join(where, "\n    ")
		}
		run.failures = append(run.failures, msg)
	}
	run.decision = fmt.Sprint(g)
	// The checks that fired, one a line, so a baseline diff names the
	// check that stopped (or started) firing, not just the codes.
	for _, v := range rep.Violations {
		run.evidence = append(run.evidence, fmt.Sprintf("check %s %s at %s fires", v.Code, v.KeywordLocation, v.InstanceLocation))
	}
	slices.Sort(run.evidence)
	run.evidence = slices.Compact(run.evidence)
	return run
}

// contractOutcome is the codes a document produced, for the violation
// report.
type contractOutcome struct {
	State string          `json:"state"`
	Codes []contract.Code `json:"codes,omitempty"`
}

func codesOrNone(cs []contract.Code) string {
	if len(cs) == 0 {
		return "none (valid)"
	}
	return fmt.Sprint(cs)
}
