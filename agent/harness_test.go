package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/router"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/store/memstore"
)

// testNow is the demo catalog's reference time in tests.
var testNow = demo.DefaultNow()

var (
	storeOnce sync.Once
	testStore *memstore.Store
	storeErrV error
)

// demoStore builds the demo-catalog store once per test binary.
func demoStore(t testing.TB) *memstore.Store {
	t.Helper()
	storeOnce.Do(func() {
		cat, err := demo.Catalog(demo.WithNow(testNow))
		if err != nil {
			storeErrV = err
			return
		}
		emb, err := embed.NewHashing()
		if err != nil {
			storeErrV = err
			return
		}
		testStore, storeErrV = memstore.New(context.Background(), cat, emb)
	})
	if storeErrV != nil {
		t.Fatal(storeErrV)
	}
	return testStore
}

// testConfig is the configuration of newTestAgent: the demo catalog, the
// memory session store, the default router and validator, a fixed clock,
// and every contract violation failing the turn.
func testConfig(t testing.TB) Config {
	t.Helper()
	r, err := router.Default()
	if err != nil {
		t.Fatal(err)
	}
	v, err := contract.New()
	if err != nil {
		t.Fatal(err)
	}
	return Config{Store: demoStore(t), Sessions: sessions.NewMemory(), Router: r, Validator: v,
		Now: func() time.Time { return testNow }, FailOnViolation: true}
}

// newTestAgent is an agent on the demo catalog with a fixed clock.
func newTestAgent(t testing.TB) *Agent {
	t.Helper()
	a, err := New(testConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// box is one session driven like a client.
type box struct {
	t      testing.TB
	a      *Agent
	id     string
	token  string
	snap   api.Snapshot
	events []api.StreamEvent
}

func newBox(t testing.TB, a *Agent, platform, locale string) *box {
	t.Helper()
	res, err := a.CreateSession(context.Background(), api.CreateSessionRequest{Platform: platform, Locale: locale})
	if err != nil {
		t.Fatal(err)
	}
	return &box{t: t, a: a, id: res.SessionID, token: res.Token, snap: res.Snapshot}
}

// send runs one event; it fails the test on error and checks every slots
// event against the contract (the executor's own check, asserted here).
func (b *box) send(event string, args api.Args) api.Snapshot {
	b.t.Helper()
	snap, err := b.try(event, args)
	if err != nil {
		b.t.Fatalf("%s %+v in %s (%s): %v", event, args, b.snap.Substate, stateString(b.snap.State), err)
	}
	return snap
}

func (b *box) try(event string, args api.Args) (api.Snapshot, error) {
	b.t.Helper()
	b.events = nil
	snap, err := b.a.Handle(context.Background(), b.id, b.token, api.EventRequest{Event: event, Args: args}, func(e api.StreamEvent) error {
		b.events = append(b.events, e)
		return nil
	})
	if err != nil {
		return snap, err
	}
	b.snap = snap
	for _, e := range b.events {
		switch e.Name {
		case api.EventContractViolation:
			b.t.Errorf("%s: contract violation %s", event, e.Data)
		case api.EventSlots:
			var se api.SlotsEvent
			if err := json.Unmarshal(e.Data, &se); err != nil {
				b.t.Fatal(err)
			}
		}
	}
	return snap, nil
}

// substates lists the sub-states of the turn's transition events.
func (b *box) substates() []string {
	var out []string
	for _, e := range b.events {
		if e.Name == api.EventTransition {
			var tr api.Transition
			json.Unmarshal(e.Data, &tr)
			out = append(out, tr.Substate)
		}
	}
	return out
}

func (b *box) actions() []string {
	var out []string
	for _, e := range b.events {
		if e.Name == api.EventTransition {
			var tr api.Transition
			json.Unmarshal(e.Data, &tr)
			out = append(out, tr.ActionID)
		}
	}
	return out
}

func stateString(s api.State) string { return s.Input + "/" + s.Container + "/" + s.Session }

// stepsOf lists the names of the steps the last turn finished and the
// detail of each, by name.
func stepsOf(t *testing.T, b *box) ([]string, map[string]map[string]json.RawMessage) {
	t.Helper()
	var names []string
	details := map[string]map[string]json.RawMessage{}
	for _, e := range b.events {
		if e.Name != api.EventStepFinished {
			continue
		}
		var st struct {
			Step   string                     `json:"step"`
			Detail map[string]json.RawMessage `json:"detail"`
		}
		if err := json.Unmarshal(e.Data, &st); err != nil {
			t.Fatal(err)
		}
		names = append(names, st.Step)
		details[st.Step] = st.Detail
	}
	return names, details
}

// condsOf lists the snapshot's conditions as field=value.
func condsOf(b *box) string {
	var out []string
	for _, c := range b.snap.Context.Conditions {
		out = append(out, fmt.Sprintf("%s=%v", c.Field, c.Value))
	}
	return strings.Join(out, " ")
}

// finishedSteps lists the turn's step.finished events as "step status".
func (b *box) finishedSteps() []string {
	var out []string
	for _, e := range b.events {
		if e.Name == api.EventStepFinished {
			var st api.Step
			json.Unmarshal(e.Data, &st)
			out = append(out, st.Step+" "+st.Status)
		}
	}
	return out
}

// lastTrace is the trace of the session's last committed turn.
func (b *box) lastTrace() TurnTrace {
	b.t.Helper()
	doc, err := b.a.Trace(context.Background(), b.id, b.token)
	if err != nil {
		b.t.Fatal(err)
	}
	turns := doc.(TraceDoc).Turns
	if len(turns) == 0 {
		b.t.Fatalf("the trace of session %s holds no turn", b.id)
	}
	var tr TurnTrace
	if err := json.Unmarshal(turns[len(turns)-1], &tr); err != nil {
		b.t.Fatal(err)
	}
	return tr
}
