package evals

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"testing"

	"searchagent/agent"
	"searchagent/api"
)

// storedRouter is the router stage of a stored turn trace.
type storedRouter struct {
	Input struct {
		Text     string          `json:"text"`
		Locale   string          `json:"locale"`
		Platform string          `json:"platform"`
		State    api.State       `json:"state"`
		Turn     int             `json:"turn"`
		Pending  json.RawMessage `json:"pending"`
		Conds    json.RawMessage `json:"conditions"`
		ActiveID string          `json:"active_tag_id"`
	} `json:"input"`
	Stages string          `json:"stages"`
	Result json.RawMessage `json:"result"`
	Trace  json.RawMessage `json:"trace"`
}

// Every stored turn of every scenario replays exactly: its trace's
// router input, sent to the explain API (what POST /v1/route/explain
// calls) with the stages it names, gives the stored result and trace byte
// for byte (issue 30 item 4: an auditor reproduces any decision).
func TestStoredTurnsReplayThroughExplain(t *testing.T) {
	if testing.Short() {
		t.Skip("replays every scenario suite")
	}
	ctx := context.Background()
	r := newRunner(t, Options{})
	a, err := DemoAgent(ctx, r.router, r.validator, nil)
	if err != nil {
		t.Fatal(err)
	}
	suites, err := LoadPaths("suites/scenario")
	if err != nil {
		t.Fatal(err)
	}
	replayed, stages, withConds, withPending := 0, map[string]int{}, 0, 0
	for _, s := range suites {
		for _, c := range s.Cases {
			sc := c.Scenario
			if c.SkipReason != "" {
				continue
			}
			resp, err := a.CreateSession(ctx, api.CreateSessionRequest{Platform: sc.Platform, Locale: cmp.Or(sc.Locale, "zh")})
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range sc.Steps {
				args, _ := st.args()
				_, _ = a.Handle(ctx, resp.SessionID, resp.Token, api.EventRequest{Event: st.Event, Args: args}, func(api.StreamEvent) error { return nil })
			}
			doc, err := a.Trace(ctx, resp.SessionID, resp.Token)
			if err != nil {
				t.Fatal(err)
			}
			for i, raw := range doc.(agent.TraceDoc).Turns {
				var turn struct {
					Router *storedRouter `json:"router"`
				}
				if err := json.Unmarshal(raw, &turn); err != nil {
					t.Fatal(err)
				}
				sr := turn.Router
				if sr == nil {
					continue
				}
				in := sr.Input
				req := api.ExplainRequest{Text: in.Text, State: in.State, Pending: in.Pending, Locale: in.Locale, Platform: in.Platform,
					Turn: in.Turn, Conditions: in.Conds, ActiveTagID: in.ActiveID, Stages: sr.Stages}
				out, err := a.Explain(ctx, req)
				if err != nil {
					t.Errorf("%s/%s turn %d: explain: %v", s.Name, c.ID, i+1, err)
					continue
				}
				res := out.(agent.ExplainResult)
				gotRes, _ := json.Marshal(res.Result)
				gotTrace, _ := json.Marshal(res.Trace)
				if !bytes.Equal(compact(t, sr.Result), gotRes) {
					t.Errorf("%s/%s turn %d (%q): replayed result differs\nstored:   %s\nreplayed: %s", s.Name, c.ID, i+1, in.Text, compact(t, sr.Result), gotRes)
				}
				if !bytes.Equal(compact(t, sr.Trace), gotTrace) {
					t.Errorf("%s/%s turn %d (%q): replayed trace differs\nstored:   %s\nreplayed: %s", s.Name, c.ID, i+1, in.Text, compact(t, sr.Trace), gotTrace)
				}
				replayed++
				stages[sr.Stages]++
				if len(in.Conds) > 0 && string(in.Conds) != "null" {
					withConds++
				}
				if len(in.Pending) > 0 && string(in.Pending) != "null" {
					withPending++
				}
			}
		}
	}
	t.Logf("replayed %d stored router decisions (stages %v; %d with conditions, %d with pending expectations)", replayed, stages, withConds, withPending)
	if replayed < 100 || withConds == 0 || withPending == 0 || stages[agent.StagesAll] == 0 || stages[agent.StagesSubmitted] == 0 {
		t.Errorf("replayed %d decisions (stages %v, %d with conditions, %d with pending): want follow-ups and guard checks, with conditions and pending questions", replayed, stages, withConds, withPending)
	}
}

func compact(t *testing.T, raw json.RawMessage) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
