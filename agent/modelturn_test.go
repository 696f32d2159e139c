package agent

// A turn with the model path on, against a scripted model: the parse
// stage's outcomes and the slots stage's source, as the snapshot, the
// events and the audit trace show them (issue 19: no agent test ran the
// model path).

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"searchagent/agent/modelpath"
	"searchagent/api"
	"searchagent/tools/llm/llmtest"
)

const emptyProposal = `{"guard":null,"anchor_url":null,"keywords":[],"hard":[],"soft":[],"derived":[]}`

func TestModelPathTurn(t *testing.T) {
	// NeedsModel: a natural sentence the deterministic parse leaves
	// words of (kept as keywords, no channel has them: an empty repair);
	// "swim vest" is read fully without the model.
	const vague = "帮我找美国做汽配评测的红人，镜头感要好"
	cases := []struct {
		name        string
		stages      modelpath.Stages
		text        string
		parse       llmtest.Reply // the parse stage's answer
		slots       string        // "draft": echo the template draft; else the content
		wantState   string
		wantSource  string // the contract trace's source
		wantCalls   int    // requests the model got
		violations  bool   // contract.violation events emitted
		parseDetail string // part of the parse step's detail
	}{
		{"the model writes valid slots", modelpath.Stages{Parse: true, Slots: true}, vague,
			llmtest.Reply{Content: emptyProposal}, "draft", "followup_waiting/expanded_repair/empty_repair", modelpath.SourceModel, 2, false, "merged: 0 added"},
		{"invalid slots fall back to the template", modelpath.Stages{Parse: true, Slots: true}, vague,
			llmtest.Reply{Content: emptyProposal}, `{"status_text":`, "followup_waiting/expanded_repair/empty_repair", modelpath.SourceTemplate, 2 + modelpath.DefaultReasks, true, "merged: 0 added"},
		{"a failed parse keeps the deterministic reading", modelpath.Stages{Parse: true}, vague,
			llmtest.Reply{Status: 500, Content: "down"}, "", "followup_waiting/expanded_repair/empty_repair", modelpath.SourceTemplate, 1, false, "model parse failed, the deterministic parse stands: "},
		{"a guard the model names refuses the request", modelpath.Stages{Parse: true}, vague,
			llmtest.Reply{Content: `{"guard":"guard.fake_engagement","anchor_url":null,"keywords":[],"hard":[],"soft":[],"derived":[]}`}, "",
			"followup_waiting/expanded_repair/unsupported", modelpath.SourceTemplate, 1, false, "the model recognised guard guard.fake_engagement: the request is refused"},
		{"a turn read without the model writes no slots with it", modelpath.Stages{Parse: true, Slots: true}, "swim vest",
			llmtest.Reply{}, "draft", "committed_keyword/compact_classic/results_ready", modelpath.SourceTemplate, 0, false, ""},
		{"slots every turn", modelpath.Stages{Slots: true, SlotsEveryTurn: true}, "swim vest",
			llmtest.Reply{}, "draft", "committed_keyword/compact_classic/results_ready", modelpath.SourceModel, 1, false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Respond(func(req llmtest.ChatRequest) llmtest.Reply {
				if req.SchemaName() == "slot_texts" {
					if tc.slots != "draft" {
						return llmtest.Reply{Content: tc.slots}
					}
					return llmtest.Reply{Content: echoDraft(req)}
				}
				return tc.parse
			})
			cfg := testConfig(t)
			cfg.ModelPath = testModelPathAt(t, srv.BaseURL(), tc.stages)
			a, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			cr, err := a.CreateSession(ctx, api.CreateSessionRequest{Platform: "youtube", Locale: "zh"})
			if err != nil {
				t.Fatal(err)
			}
			var evs []api.StreamEvent
			snap, err := a.Handle(ctx, cr.SessionID, cr.Token, api.EventRequest{Event: "search.submit", Args: api.Args{Text: tc.text}},
				func(e api.StreamEvent) error { evs = append(evs, e); return nil })
			if err != nil {
				t.Fatalf("search.submit(%q) = %v", tc.text, err)
			}
			if got := stateString(snap.State); got != tc.wantState {
				t.Errorf("search.submit(%q) lands in %s, want %s", tc.text, got, tc.wantState)
			}
			if n := len(srv.Requests()); n != tc.wantCalls {
				t.Errorf("the model got %d requests, want %d", n, tc.wantCalls)
			}
			violations := 0
			for _, e := range evs {
				if e.Name == api.EventContractViolation {
					violations++
				}
			}
			if (violations > 0) != tc.violations {
				t.Errorf("%d contract.violation events, want some: %v", violations, tc.violations)
			}
			doc, err := a.Trace(ctx, cr.SessionID, cr.Token)
			if err != nil {
				t.Fatal(err)
			}
			turns := doc.(TraceDoc).Turns
			var tr TurnTrace
			if err := json.Unmarshal(turns[len(turns)-1], &tr); err != nil {
				t.Fatal(err)
			}
			if tr.Contract == nil || tr.Contract.Source != tc.wantSource || !tr.Contract.Valid {
				t.Errorf("trace contract = %+v, want valid slots from %s", tr.Contract, tc.wantSource)
			}
			var detail string
			for _, st := range tr.Steps {
				if st.Step == api.StepParseConditions {
					detail = fmt.Sprint(st.Detail)
				}
			}
			if tc.parseDetail != "" && !strings.Contains(detail, tc.parseDetail) {
				t.Errorf("parse step detail %q, want it to say %q", detail, tc.parseDetail)
			}
			if tc.parseDetail == "" && strings.Contains(detail, "model") {
				t.Errorf("parse step detail %q names the model, which was not asked", detail)
			}
		})
	}
}
