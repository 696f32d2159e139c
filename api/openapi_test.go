package api_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"searchagent/agent/fsm"
	"searchagent/api"
	"searchagent/api/openapitest"
	"searchagent/contract"
	"searchagent/tools/fields"
)

// TestOpenAPIDocument: the served document loads and validates with
// kin-openapi, bundles every contract schema, and its vocabularies are
// the code's (client events, SSE event names — and never "error").
func TestOpenAPIDocument(t *testing.T) {
	c, err := openapitest.New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	schemas := c.Doc().Components.Schemas
	for _, id := range contract.SchemaIDs() {
		if schemas[api.ContractSchemaPrefix+string(id)] == nil {
			t.Errorf("contract schema %s is not bundled", id)
		}
	}
	enum := func(name string) []string {
		var out []string
		for _, v := range schemas[name].Value.Enum {
			out = append(out, v.(string))
		}
		slices.Sort(out)
		return out
	}
	var events []string
	for _, e := range fsm.UserEvents {
		events = append(events, string(e))
	}
	slices.Sort(events)
	if got := enum("EventName"); !slices.Equal(got, events) {
		t.Errorf("EventName enum = %v, want fsm.UserEvents %v", got, events)
	}
	names := fields.Names()
	slices.Sort(names)
	if got := enum("FilterField"); !slices.Equal(got, names) {
		t.Errorf("FilterField enum = %v, want the filter registry's %v", got, names)
	}
	if got := enum("SortBy"); !slices.Contains(got, "similarity") || !slices.Contains(got, "engagement") || !slices.Contains(got, "relevance") {
		t.Errorf("SortBy enum = %v, want similarity and every store sort (relevance, engagement, …)", got)
	}
	sse := []string{api.EventTurnStarted, api.EventRouterDecision, api.EventTransition, api.EventStepStarted,
		api.EventStepFinished, api.EventSlots, api.EventResults, api.EventContractViolation, api.EventTurnError, api.EventTurnDone}
	slices.Sort(sse)
	if got := enum("SSEEventName"); !slices.Equal(got, sse) || slices.Contains(got, "error") {
		t.Errorf("SSEEventName enum = %v, want %v (and never \"error\")", got, sse)
	}
}

// TestOpenAPICatchesWrongFields: the checker rejects documents the
// document does not allow — a renamed field, a wrong enum value, an SSE
// event named "error", slots that break their state's contract schema.
func TestOpenAPICatchesWrongFields(t *testing.T) {
	c, err := openapitest.New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	okSnap := `{"session_id":"s1","platform":"youtube","locale":"zh","version":1,"turn":0,
		"state":{"input":"empty_input","container":"compact_classic","session":"idle"},
		"scene":"keyword","substate":"keyword-blank",
		"context":{"keyword_tags":[],"active_tag_menu":false,"repair_hint_visible":false,"conditions":[]},
		"slots":{"actions":[]},"actions":[]}`
	if err := c.CheckSchema("Snapshot", []byte(okSnap)); err != nil {
		t.Fatalf("a valid snapshot is refused: %v", err)
	}
	var snap map[string]any
	json.Unmarshal([]byte(okSnap), &snap)
	mutate := func(f func(m map[string]any)) []byte {
		var m map[string]any
		json.Unmarshal([]byte(okSnap), &m)
		f(m)
		b, _ := json.Marshal(m)
		return b
	}
	cases := []struct {
		name, schema string
		doc          []byte
	}{
		{"renamed field", "Snapshot", mutate(func(m map[string]any) { m["sesion_id"] = m["session_id"]; delete(m, "session_id") })},
		{"unknown state", "Snapshot", mutate(func(m map[string]any) { m["state"].(map[string]any)["session"] = "searching" })},
		{"slots outside every contract schema", "Snapshot", mutate(func(m map[string]any) { m["slots"] = map[string]any{"actions": []any{}, "bogus": 1} })},
		{"SSE event named error", "SSEEvent", []byte(`{"event":"error","data":{"error":{"code":"x","message":"y"}}}`)},
		{"turn.error without a message", "SSEEvent", []byte(`{"event":"turn.error","data":{"error":{"code":"x"}}}`)},
		{"slots event against its own schema", "SlotsEvent", []byte(`{"state":"compact_classic/idle","schema":"compact_classic.idle","source":"template","substate":"keyword-blank","slots":{"actions":[],"question":{"id":"q","text":"?","options":[]}}}`)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := c.CheckSchema(tc.schema, tc.doc); err == nil {
				t.Errorf("CheckSchema(%s, %s) = nil, want a violation", tc.schema, tc.doc)
			}
		})
	}
}
