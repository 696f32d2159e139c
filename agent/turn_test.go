package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"searchagent/agent/agenttest"
	"searchagent/api"
	"searchagent/tools/store"
)

// recObserver records what the agent counts, as "name ok" lines.
type recObserver struct {
	mu                                    sync.Mutex
	turns, steps, transitions, violations []string
}

func (o *recObserver) Turn(event string, ok bool, _ time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.turns = append(o.turns, fmt.Sprintf("%s %v", event, ok))
}

func (o *recObserver) Transition(id string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.transitions = append(o.transitions, id)
}

func (o *recObserver) RouterBranch(string) {}

func (o *recObserver) ContractViolation(code string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.violations = append(o.violations, code)
}

func (o *recObserver) Step(step string, ok bool, _ time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.steps = append(o.steps, fmt.Sprintf("%s %v", step, ok))
}

func (o *recObserver) reset() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.turns, o.steps, o.transitions, o.violations = nil, nil, nil, nil
}

// failingStore is the demo store whose keyword searches fail while fail
// is set.
type failingStore struct {
	store.Store
	mu   sync.Mutex
	fail bool
}

func (s *failingStore) set(fail bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = fail
}

func (s *failingStore) Search(ctx context.Context, q store.SearchQuery) (store.Page, error) {
	s.mu.Lock()
	fail := s.fail
	s.mu.Unlock()
	if fail {
		return store.Page{}, errors.New("connection refused")
	}
	return s.Store.Search(ctx, q)
}

// TestObserverAndTraceOfATurn: the observer (the service's metrics)
// counts one turn, each step with its outcome and each transition of the
// turn; the trace and the step events say each step went well, in
// milliseconds no longer than the call took. A failed search step is
// counted failed, and so is its turn.
func TestObserverAndTraceOfATurn(t *testing.T) {
	obs := &recObserver{}
	fs := &failingStore{}
	cfg := testConfig(t)
	fs.Store = cfg.Store
	cfg.Store, cfg.Observer = fs, obs
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ locale, text string }{{"zh", "帮我找美国做露营评测的博主"}, {"en", "find camping review channels in the US"}} {
		b := newBox(t, a, "youtube", tc.locale)
		obs.reset()
		start := time.Now()
		b.send("search.submit", api.Args{Text: tc.text})
		elapsed := float64(time.Since(start).Microseconds()) / 1000
		tr := b.lastTrace()
		var traced []string
		for _, st := range tr.Steps {
			traced = append(traced, st.Step)
			if !st.OK || st.Error != "" {
				t.Errorf("search.submit(%q): trace step %s ok %v error %q, want ok", tc.text, st.Step, st.OK, st.Error)
			}
			if st.DurationMS > elapsed {
				t.Errorf("search.submit(%q): step %s took %v ms by the trace, the call took %v ms", tc.text, st.Step, st.DurationMS, elapsed)
			}
		}
		if !slices.Contains(traced, api.StepRetrieve) {
			t.Fatalf("search.submit(%q): trace steps %v, want a retrieve", tc.text, traced)
		}
		if tr.DurationMS <= 0 || tr.DurationMS > elapsed {
			t.Errorf("search.submit(%q): the trace says the turn took %v ms, the call took %v ms", tc.text, tr.DurationMS, elapsed)
		}
		var okEvents []string
		for _, s := range traced {
			okEvents = append(okEvents, s+" ok")
		}
		if got := b.finishedSteps(); !slices.Equal(got, okEvents) {
			t.Errorf("search.submit(%q): step.finished events %q, want %q", tc.text, got, okEvents)
		}
		for _, e := range b.events {
			if e.Name != api.EventStepFinished {
				continue
			}
			var st api.Step
			json.Unmarshal(e.Data, &st)
			if st.DurationMS > elapsed {
				t.Errorf("search.submit(%q): step.finished %s says %v ms, the call took %v ms", tc.text, st.Step, st.DurationMS, elapsed)
			}
		}
		var trueSteps []string
		for _, s := range traced {
			trueSteps = append(trueSteps, s+" true")
		}
		if !slices.Equal(obs.steps, trueSteps) || !slices.Equal(obs.turns, []string{"search.submit true"}) || !slices.Equal(obs.transitions, b.actions()) || len(obs.violations) != 0 {
			t.Errorf("search.submit(%q): observer has turns %q steps %q transitions %q violations %q; want [search.submit true], %q, %q, none",
				tc.text, obs.turns, obs.steps, obs.transitions, obs.violations, trueSteps, b.actions())
		}

		// The store fails: the retrieve step and the turn are counted
		// failed, the step event says so in words fit for the box.
		fs.set(true)
		obs.reset()
		_, err := b.try("session.reset", api.Args{})
		if err != nil {
			t.Fatal(err)
		}
		obs.reset()
		_, err = b.try("search.submit", api.Args{Text: tc.text})
		fs.set(false)
		var ae *Error
		if !errors.As(err, &ae) || !errors.Is(ae, ErrUnavailable) {
			t.Fatalf("search.submit(%q) with the store down = %v, want unavailable", tc.text, err)
		}
		if got := b.finishedSteps(); len(got) == 0 || got[len(got)-1] != api.StepRetrieve+" error" {
			t.Errorf("search.submit(%q) with the store down: step.finished events %q, want the last %q", tc.text, got, api.StepRetrieve+" error")
		}
		if !slices.Contains(obs.steps, api.StepRetrieve+" false") || !slices.Equal(obs.turns, []string{"search.submit false"}) {
			t.Errorf("search.submit(%q) with the store down: observer has steps %q turns %q, want %s false and [search.submit false]", tc.text, obs.steps, obs.turns, api.StepRetrieve)
		}
	}
}

// TestNoSortOnAPagePastTheEnd: a page past the last result holds no
// channel, so the box offers no sort for it; the first page does.
func TestNoSortOnAPagePastTheEnd(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ locale, text string }{{"en", "find camping review channels in the US"}, {"zh", "帮我找美国做露营评测的博主"}} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.text})
		offered := func() bool {
			return slices.ContainsFunc(b.snap.Actions, func(ac api.AllowedAction) bool { return ac.Event == "results.sort" })
		}
		if r := b.snap.Results; r == nil || len(r.Items) == 0 || !offered() {
			t.Fatalf("precondition: search.submit(%q) shows results and offers a sort, have %+v", tc.text, b.snap.Actions)
		}
		past := strconv.Itoa(b.snap.Results.Total)
		b.send("results.page", api.Args{Cursor: past})
		if r := b.snap.Results; r == nil || len(r.Items) != 0 || offered() {
			t.Errorf("results.page(%s) past the %d results shows %d channels and offers a sort: %v; want none and no sort", past, b.snap.Results.Total, len(r.Items), offered())
		}
	}
}

// TestSecondLinkInASentenceIsRefused: with an anchor pinned, a sentence
// that carries another channel link is a second anchor, refused with what
// to do, like the bare link.
func TestSecondLinkInASentenceIsRefused(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ locale, text, word string }{
		{"zh", agenttest.AnchorFew + " 美国 粉丝 1w+", "锚点"},
		{"en", "channels like " + agenttest.AnchorFew + " in the US with over 10k subscribers", "anchor"},
		{"zh", "找类似 @oldironrevival 的美国频道", "锚点"},
		{"en", "channels like @oldironrevival in the US", "anchor"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: agenttest.AnchorMany})
		_, err := b.try("search.submit", api.Args{Text: tc.text})
		var ae *Error
		if !errors.As(err, &ae) || !errors.Is(err, ErrNotAllowed) || !strings.Contains(ae.In(ae.Locale), tc.word) {
			t.Errorf("search.submit(%q) with an anchor pinned = %v, want a 409 saying to replace or delete the %s", tc.text, err, tc.word)
		}
	}
}
