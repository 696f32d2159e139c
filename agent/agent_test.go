package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"searchagent/tools/condition"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"searchagent/api"
	"searchagent/internal/testwait"
)

func TestEventErrors(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	cases := []struct {
		name   string
		event  string
		args   api.Args
		kind   error
		code   string
		detail func(t *testing.T, d any)
	}{
		{"unknown event", "input.paste", api.Args{}, ErrBadRequest, "unknown_event", nil},
		{"system event from a client", "system.results", api.Args{}, ErrBadRequest, "unknown_event", nil},
		{"missing event", "", api.Args{}, ErrBadRequest, "missing_event", nil},
		{"oversized text", "input.type", api.Args{Text: strings.Repeat("汽", 2000)}, ErrTooLarge, "too_large", nil},
		{"invalid UTF-8", "input.type", api.Args{Text: "\xff\xfe"}, ErrBadRequest, "bad_text", nil},
		{"empty typing", "input.type", api.Args{}, ErrBadRequest, "empty_text", nil},
		{"not allowed now", "clarify.answer", api.Args{OptionID: "o1"}, ErrNotAllowed, "not_allowed", func(t *testing.T, d any) {
			r := d.(Refusal)
			if len(r.AllowedEvents) == 0 || len(r.AllowedActions) == 0 || r.State != "empty_input/compact_classic/idle" {
				t.Errorf("refusal %+v lacks what is allowed now", r)
			}
		}},
		{"submit nothing", "search.submit", api.Args{}, ErrNotAllowed, "not_allowed", func(t *testing.T, d any) {
			if r := d.(Refusal); len(r.FailedGuards) == 0 {
				t.Errorf("refusal %+v names no failed guard", r)
			}
		}},
		{"unknown tag", "tag.delete", api.Args{TagID: "k99"}, ErrBadRequest, "unknown_tag", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := b.snap.Version
			_, err := b.try(tc.event, tc.args)
			var ae *Error
			if !errors.As(err, &ae) || !errors.Is(err, tc.kind) || ae.Code != tc.code {
				t.Fatalf("%s = %v, want %v with code %s", tc.event, err, tc.kind, tc.code)
			}
			if len(b.events) != 0 {
				t.Errorf("a refused event logged %d events", len(b.events))
			}
			if tc.detail != nil {
				tc.detail(t, ae.Details)
			}
			snap, _ := a.Snapshot(context.Background(), b.id, b.token)
			if snap.Version != before {
				t.Errorf("a refused event changed the session (version %d → %d)", before, snap.Version)
			}
		})
	}
}

func TestSecondAnchorIsRefused(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "https://www.youtube.com/@gadgetgrid"})
	b.send("input.type", api.Args{Text: "https://www.youtube.com/@oldironrevival"})
	_, err := b.try("search.submit", api.Args{})
	var ae *Error
	if !errors.As(err, &ae) || !errors.Is(err, ErrNotAllowed) || !strings.Contains(ae.In(ae.Locale), "锚点") {
		t.Fatalf("second anchor: %v, want a 409 saying to replace or delete the anchor", err)
	}
}

func TestTokensAndClosedSessions(t *testing.T) {
	a := newTestAgent(t)
	ctx := context.Background()
	first, err := a.CreateSession(ctx, api.CreateSessionRequest{Platform: "youtube", ClientRef: "tab-1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Snapshot(ctx, first.SessionID, ""); !errors.Is(err, ErrUnauthorized) {
		t.Errorf("no token: %v, want ErrUnauthorized", err)
	}
	if _, err := a.Snapshot(ctx, first.SessionID, "nope"); !errors.Is(err, ErrForbidden) {
		t.Errorf("wrong token: %v, want ErrForbidden", err)
	}
	if _, err := a.Snapshot(ctx, "s_missing", "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown session: %v, want ErrNotFound", err)
	}
	// A client_ref alone is no proof of owning the session (issue 15).
	stranger, err := a.CreateSession(ctx, api.CreateSessionRequest{Platform: "youtube", ClientRef: "tab-1", ReplaceToken: "guess"})
	if err != nil || stranger.Closed != "" {
		t.Fatalf("a session with the same client_ref and a wrong token closed %q (%v)", stranger.Closed, err)
	}
	second, err := a.CreateSession(ctx, api.CreateSessionRequest{Platform: "youtube", ClientRef: "tab-1", ReplaceToken: first.Token})
	if err != nil || second.Closed != first.SessionID {
		t.Fatalf("second session closed %q (%v), want %s", second.Closed, err, first.SessionID)
	}
	_, err = a.Handle(ctx, first.SessionID, first.Token, api.EventRequest{Event: "input.type", Args: api.Args{Text: "x"}}, nil)
	if !errors.Is(err, ErrGone) {
		t.Errorf("event on a replaced session: %v, want ErrGone", err)
	}
	for _, bad := range []api.CreateSessionRequest{{Platform: "myspace"}, {Platform: "youtube", Locale: "fr"}} {
		if _, err := a.CreateSession(ctx, bad); !errors.Is(err, ErrBadRequest) {
			t.Errorf("CreateSession(%+v) = %v, want ErrBadRequest", bad, err)
		}
	}
}

// TestConcurrentEventsOnOneSession: events racing on one session are
// serialised; none is lost and the log stays gap-free.
func TestConcurrentEventsOnOneSession(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "en")
	b.send("input.type", api.Args{Text: "a"})
	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, err := a.Handle(context.Background(), b.id, b.token, api.EventRequest{Event: "input.type", Args: api.Args{Text: strings.Repeat("x", i+1)}}, nil)
			errs <- err
		}(i)
	}
	testwait.WaitGroup(t, &wg, "the concurrent events to finish")
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("concurrent event: %v", err)
		}
	}
	snap, err := a.Snapshot(context.Background(), b.id, b.token)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Version != 2+n || snap.Turn != 1+n {
		t.Errorf("version %d turn %d, want %d and %d: an update was lost", snap.Version, snap.Turn, 2+n, 1+n)
	}
	var evs []api.StreamEvent
	a.Follow(cancelled(), b.id, b.token, 0, func(e api.StreamEvent) error { evs = append(evs, e); return nil })
	for i, e := range evs {
		if e.Seq != int64(i+1) {
			t.Fatalf("event %d has seq %d: the log has a gap", i, e.Seq)
		}
	}
}

func cancelled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// TestFollowResumesExactlyOnce: a client that read part of the stream and
// reconnects with Last-Event-ID gets every later event once, in order.
func TestFollowResumesExactlyOnce(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人"})
	all := b.events
	cut := all[len(all)/2].Seq
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan api.StreamEvent, 256)
	done := make(chan error, 1)
	go func() {
		done <- a.Follow(ctx, b.id, b.token, cut, func(e api.StreamEvent) error { got <- e; return nil })
	}()
	// A live turn while following.
	b.send("followup.submit", api.Args{Text: "只要粉丝 1w 以上的"})
	want := append(all[len(all)/2+1:], b.events...)
	var seen []api.StreamEvent
	for len(seen) < len(want) {
		seen = append(seen, testwait.Recv(t, got, fmt.Sprintf("followed event %d of %d", len(seen)+1, len(want))))
	}
	cancel()
	if err := testwait.Recv(t, done, "Follow to return after cancel"); !errors.Is(err, context.Canceled) {
		t.Errorf("Follow ended with %v, want context.Canceled", err)
	}
	for i := range want {
		if seen[i].Seq != want[i].Seq || seen[i].Name != want[i].Name {
			t.Fatalf("event %d: got %d %s, want %d %s", i, seen[i].Seq, seen[i].Name, want[i].Seq, want[i].Name)
		}
	}
	select {
	case e := <-got:
		t.Errorf("extra event %d %s after the last one", e.Seq, e.Name)
	default:
	}
}

// TestTraceRecordsEveryTurn: the audit trail names the router decision,
// the transitions with action ids, the steps and the contract check.
func TestTraceRecordsEveryTurn(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人"})
	b.send("followup.submit", api.Args{Text: "不要游戏"})
	doc, err := a.Trace(context.Background(), b.id, b.token)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(doc)
	var tr struct {
		Mode  Mode        `json:"mode"`
		Turns []TurnTrace `json:"turns"`
	}
	if err := json.Unmarshal(raw, &tr); err != nil {
		t.Fatal(err)
	}
	if len(tr.Turns) != 2 || tr.Mode.Store != "memory" || tr.Mode.Model != "none" {
		t.Fatalf("trace has %d turns, mode %+v", len(tr.Turns), tr.Mode)
	}
	last := tr.Turns[1]
	if last.Router == nil || last.Router.Result == nil || last.Router.Trace == nil {
		t.Fatal("the follow-up's trace has no router result and explain trace")
	}
	if len(last.Transitions) < 2 || last.Transitions[0].ActionID == "" || last.Transitions[0].Timestamp.IsZero() {
		t.Errorf("transitions %+v lack action ids or timestamps", last.Transitions)
	}
	steps := map[string]bool{}
	for _, s := range last.Steps {
		steps[s.Step] = true
	}
	for _, want := range []string{api.StepRetrieve, api.StepRenderSlots, api.StepValidateContract} {
		if !steps[want] {
			t.Errorf("trace lacks step %s: %v", want, steps)
		}
	}
	if last.Contract == nil || !last.Contract.Valid || last.Contract.Schema == "" {
		t.Errorf("contract check %+v", last.Contract)
	}
}

// TestRefusedFollowupSaysWhatIsMissing: seed 003 §3.1, no fake "noted".
func TestRefusedFollowupSaysWhatIsMissing(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人"})
	before := b.snap.Results.Total
	b.send("followup.submit", api.Args{Text: "嗯嗯"})
	if b.snap.Context.Notice == "" || !strings.Contains(b.snap.Slots.TaskSummary, b.snap.Context.Notice) {
		t.Errorf("refusal not explained: notice %q, summary %q", b.snap.Context.Notice, b.snap.Slots.TaskSummary)
	}
	if b.snap.Results.Total != before || b.snap.State.Session != "results_ready" {
		t.Errorf("a refused follow-up changed the search: %d → %d results, %s", before, b.snap.Results.Total, stateString(b.snap.State))
	}
	if got := b.actions(); len(got) != 1 || got[0] != "A_DRAFT_FOLLOWUP__FOLLOWUP_SUBMIT__FOLLOWUP_WAITING__01" {
		t.Errorf("refused follow-up fired %v", got)
	}
}

// A client that goes away mid-turn stops the work: nothing is committed,
// the log holds the turn's turn.error alone, and the session answers the
// next event as before.
func TestDisconnectedClientStopsTheTurn(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	before, _ := a.Snapshot(context.Background(), b.id, b.token)
	n := 0
	_, err := a.Handle(context.Background(), b.id, b.token, api.EventRequest{Event: "search.submit", Args: api.Args{Text: "帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人"}},
		func(api.StreamEvent) error {
			n++
			if n >= 2 {
				return errors.New("client went away")
			}
			return nil
		})
	if err == nil {
		t.Fatal("the turn succeeded for a client that went away")
	}
	after, _ := a.Snapshot(context.Background(), b.id, b.token)
	if after.Version != before.Version || after.Substate != before.Substate {
		t.Errorf("an abandoned turn changed the session: v%d %s → v%d %s", before.Version, before.Substate, after.Version, after.Substate)
	}
	var names []string
	a.Follow(cancelled(), b.id, b.token, 0, func(e api.StreamEvent) error { names = append(names, e.Name); return nil })
	if len(names) != 1 || names[0] != api.EventTurnError {
		t.Errorf("log of the abandoned turn: %v, want its turn.error alone", names)
	}
	b.send("search.submit", api.Args{Text: "swim vest"})
	if b.snap.Substate != "keyword-committed" {
		t.Errorf("after an abandoned turn the next event lands in %s", b.snap.Substate)
	}
}

// TestFollowupKeepAndExcludeInOneSentence: "只要美国的，不要英国的" is two
// commands of the router (one per polarity) and two conditions of the
// graph, both applied to the search.
func TestFollowupKeepAndExcludeInOneSentence(t *testing.T) {
	for _, tc := range []struct{ name, text string }{
		{"zh", "只要美国的，不要英国的"},
		{"en", "US only, not UK"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newTestAgent(t)
			b := newBox(t, a, "youtube", "zh")
			b.send("search.submit", api.Args{Text: "帮我找做汽配评测、最近活跃的 YouTube 红人"})
			b.send("followup.submit", api.Args{Text: tc.text})
			var in, out bool
			for _, c := range b.snap.Context.Conditions {
				if c.Field != "country" {
					continue
				}
				raw, _ := json.Marshal(c.Value)
				switch {
				case (c.Op == condition.OpEq || c.Op == condition.OpIn) && strings.Contains(string(raw), "US"):
					in = true
				case c.Op == condition.OpNotIn && strings.Contains(string(raw), "GB"):
					out = true
				}
			}
			if !in || !out {
				t.Errorf("followup %q: conditions %+v, want country = US and country not in GB", tc.text, b.snap.Context.Conditions)
			}
			if b.snap.State.Session != "results_ready" && b.snap.State.Session != "low_recall" && b.snap.State.Session != "empty_repair" {
				t.Errorf("followup %q landed in %s", tc.text, stateString(b.snap.State))
			}
		})
	}
}

// TestFollowupOppositePolarityMovesValues: a later statement of the
// opposite polarity on the same values wins for those values, and the
// change is said (mergeCond) — "去掉美国" with "only US" applied leaves
// the exclusion of US (issue 16 item 7: no US channel after it), never an
// include and an exclusion of the same value that would empty every
// search.
func TestFollowupOppositePolarityMovesValues(t *testing.T) {
	countries := func(b *box) []string {
		var out []string
		for _, c := range b.snap.Context.Conditions {
			if c.Field == "country" {
				raw, _ := json.Marshal(c.Value)
				out = append(out, string(c.Op)+" "+string(raw))
			}
		}
		slices.Sort(out)
		return out
	}
	for _, tc := range []struct {
		name, first, second string
		want                []string
		notice              string
	}{
		{"remove the only include", "只要美国的", "去掉美国", []string{`not_in ["US"]`}, "已修改：美国 → 排除 美国"},
		{"remove one of two", "只要美国和英国的", "不要英国", []string{`eq "US"`}, "已修改：美国、英国 → 美国"},
		{"include lifts an exclusion", "不要美国的", "只要美国的", []string{`eq "US"`}, "已修改：排除 美国 → 美国"},
		{"different values both stay", "只要美国的", "不要英国", []string{`eq "US"`, `not_in ["GB"]`}, ""},
		{"exclusions add up", "不要美国的", "不要英国", []string{`not_in ["US","GB"]`}, "已修改：排除 美国 → 排除 美国、英国"},
		{"en", "US only", "exclude the US", []string{`not_in ["US"]`}, "已修改：美国 → 排除 美国"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newTestAgent(t)
			b := newBox(t, a, "youtube", "zh")
			b.send("search.submit", api.Args{Text: "帮我找做汽配评测、最近活跃的 YouTube 红人"})
			b.send("followup.submit", api.Args{Text: tc.first})
			b.send("followup.submit", api.Args{Text: tc.second})
			if got := countries(b); !slices.Equal(got, tc.want) {
				t.Errorf("%q then %q: country conditions %v, want %v", tc.first, tc.second, got, tc.want)
			}
			if tc.notice != "" && b.snap.Context.Notice != tc.notice {
				t.Errorf("%q then %q: notice %q, want %q", tc.first, tc.second, b.snap.Context.Notice, tc.notice)
			}
		})
	}
}

// TestTraceStepsCarryTheirOwnStartTimes: each step of a turn's trace starts
// when it started, not when the turn did: on a clock that moves, the steps'
// start times are after the turn's and never go backwards.
func TestTraceStepsCarryTheirOwnStartTimes(t *testing.T) {
	cfg := testConfig(t)
	var mu sync.Mutex
	tick := testNow
	cfg.Now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		tick = tick.Add(time.Millisecond)
		return tick
	}
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b := newBox(t, a, "youtube", "en")
	b.send("search.submit", api.Args{Text: "US beauty creators with over 50k followers"})
	tr := b.lastTrace()
	if len(tr.Steps) < 2 {
		t.Fatalf("trace has %d steps, want at least 2", len(tr.Steps))
	}
	prev := tr.StartedAt
	for _, st := range tr.Steps {
		if !st.StartedAt.After(prev) {
			t.Errorf("step %s started at %s, not after %s (the turn started at %s)", st.Step, st.StartedAt, prev, tr.StartedAt)
		}
		prev = st.StartedAt
	}
}
