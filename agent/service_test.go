package agent

// What the service around the search box reads from the agent besides
// turns: the stateless router explain, /readyz, the live event stream and
// the error strings the log shows (issue 19: mutants the agent's tests did
// not run).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"searchagent/agent/modelpath"
	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/internal/testwait"
	"searchagent/prompts"
	"searchagent/router"
	"searchagent/tools/llm"
	"searchagent/tools/store"
)

func TestExplain(t *testing.T) {
	a := newTestAgent(t)
	ready := api.State{Input: "followup_waiting", Container: "expanded_agent", Session: "results_ready"}
	clarifying := api.State{Input: "followup_waiting", Container: "expanded_clarifying", Session: "clarifying"}
	countryQ := json.RawMessage(`[{"id":"q_country","kind":"choice","declared_turn":1,"options":[{"id":"US","label":"美国"},{"id":"GB","label":"英国"}]}]`)
	cases := []struct {
		name     string
		req      api.ExplainRequest
		code     string // error code, "" for an answer
		branch   router.Branch
		command  string
		optionID string
	}{
		{"a filter", api.ExplainRequest{Text: "只要美国的", State: ready, Locale: "zh", Platform: "youtube"}, "", router.BranchMatched, "add_filter", ""},
		{"a pending question is answered by position", api.ExplainRequest{Text: "第二个", State: clarifying, Locale: "zh", Pending: countryQ}, "", router.BranchExpectationHit, "answer_option", "GB"},
		{"a null pending is no pending", api.ExplainRequest{Text: "只要美国的", State: ready, Locale: "zh", Pending: json.RawMessage("null")}, "", router.BranchMatched, "add_filter", ""},
		{"a text of exactly the limit is routed", api.ExplainRequest{Text: strings.Repeat("a", MaxTextBytes), State: ready, Locale: "en"}, "", "", "", ""},
		{"a text over the limit", api.ExplainRequest{Text: strings.Repeat("a", MaxTextBytes+1), State: ready}, "too_large", "", "", ""},
		{"a malformed pending", api.ExplainRequest{Text: "第二个", State: clarifying, Pending: json.RawMessage(`{"id":1}`)}, "bad_pending", "", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := a.Explain(context.Background(), tc.req)
			if tc.code != "" {
				var ae *Error
				if !errors.As(err, &ae) || ae.Code != tc.code {
					t.Fatalf("Explain(%.20q) = %v, want error %s", tc.req.Text, err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatalf("Explain(%.20q) = %v, want an answer", tc.req.Text, err)
			}
			er := out.(ExplainResult)
			if er.Result == nil || er.Trace == nil || er.Mode.Model != "none" {
				t.Fatalf("Explain(%.20q) = %+v, want a result, a trace and the mode", tc.req.Text, er)
			}
			if tc.branch != "" && er.Result.Branch != tc.branch {
				t.Errorf("Explain(%q) branch = %s, want %s", tc.req.Text, er.Result.Branch, tc.branch)
			}
			if tc.command == "" {
				return
			}
			cmds := er.Result.Commands
			if len(cmds) == 0 || cmds[0].Name != tc.command {
				t.Fatalf("Explain(%q) commands = %+v, want %s", tc.req.Text, cmds, tc.command)
			}
			if tc.optionID != "" && cmds[0].Args.Get("option_id") != tc.optionID {
				t.Errorf("Explain(%q) option = %v, want %s", tc.req.Text, cmds[0].Args.Get("option_id"), tc.optionID)
			}
		})
	}
}

// namedStore is a store that says it is another implementation.
type namedStore struct {
	store.Store
	name string
}

func (n namedStore) Describe() store.Info {
	info := n.Store.Describe()
	info.Store = n.name
	return info
}

func readinessAgent(t *testing.T, mod func(*Config)) *Agent {
	t.Helper()
	cfg := testConfig(t)
	if mod != nil {
		mod(&cfg)
	}
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func hasNote(notes []string, part string) bool {
	return slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, part) })
}

func TestReadiness(t *testing.T) {
	down := errors.New("connection refused")
	cases := []struct {
		name      string
		mod       func(*Config)
		ready     bool
		mode      string
		extra     map[string]string
		notes     []string // each is part of a note
		notNotes  []string
		probeSeen bool
	}{
		{"the demo in memory", nil, true, "embedded", nil,
			[]string{"no model configured", "generated demo data"}, []string{"model stage", "database unavailable"}, false},
		{"production with settings and a live database", func(c *Config) {
			c.Store = namedStore{c.Store, "postgres"}
			c.Extra = map[string]string{"pool": "8"}
			c.Probe = func(ctx context.Context) error {
				// A bounded probe, with time to answer.
				if d, ok := ctx.Deadline(); !ok || time.Until(d) < time.Second {
					return errors.New("the probe has no deadline, or less than a second")
				}
				return ctx.Err()
			}
		}, true, "production", map[string]string{"pool": "8"}, nil, []string{"database unavailable"}, true},
		{"a database that is down", func(c *Config) {
			c.Probe = func(context.Context) error { return down }
		}, false, "embedded", nil, []string{"database unavailable"}, nil, true},
		{"a model named without its path", func(c *Config) { c.Model = "gpt-test" }, true, "embedded", nil,
			[]string{"model stage classifier is switched off: it runs deterministically", "model stage parse is switched off", "model stage slots is switched off"},
			[]string{"no model configured"}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := readinessAgent(t, tc.mod)
			r := a.Readiness(context.Background())
			if r.Ready != tc.ready || r.Mode != tc.mode {
				t.Errorf("Readiness() ready %v mode %q, want %v %q (notes %q)", r.Ready, r.Mode, tc.ready, tc.mode, r.Notes)
			}
			// Every readiness names the learned similarity (off here: the
			// test store has no learned model) and the ranker's fitted
			// weights.
			want := map[string]string{"learned_similarity": store.LearnedOff, "ranker_weights": store.DefaultWeightsName}
			for k, v := range tc.extra {
				want[k] = v
			}
			if len(r.Extra) != len(want) {
				t.Errorf("Readiness() extra = %v, want %v", r.Extra, want)
			}
			for k, v := range want {
				if r.Extra[k] != v {
					t.Errorf("Readiness() extra[%q] = %q, want %q", k, r.Extra[k], v)
				}
			}
			for _, n := range tc.notes {
				if !hasNote(r.Notes, n) {
					t.Errorf("Readiness() notes %q lack %q", r.Notes, n)
				}
			}
			for _, n := range tc.notNotes {
				if hasNote(r.Notes, n) {
					t.Errorf("Readiness() notes %q say %q", r.Notes, n)
				}
			}
		})
	}
}

func testModelPath(t *testing.T, stages modelpath.Stages) *modelpath.Path {
	t.Helper()
	return testModelPathAt(t, "http://127.0.0.1:9/v1", stages)
}

// testModelPathAt is a model path with the given stages talking to the
// OpenAI-compatible server at baseURL (an llmtest server in tests).
func testModelPathAt(t *testing.T, baseURL string, stages modelpath.Stages) *modelpath.Path {
	t.Helper()
	c, err := llm.New(llm.Config{BaseURL: baseURL, Model: "scripted", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	set, err := prompts.Default()
	if err != nil {
		t.Fatal(err)
	}
	v, err := contract.New()
	if err != nil {
		t.Fatal(err)
	}
	p, err := modelpath.New(c, set, v, stages)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestModelPathMode: the mode says what the model path runs, and a router
// without the path's classifier is a configuration error.
func TestModelPathMode(t *testing.T) {
	r, err := router.Default()
	if err != nil {
		t.Fatal(err)
	}
	v, err := contract.New()
	if err != nil {
		t.Fatal(err)
	}
	base := Config{Store: demoStore(t), Sessions: sessions.NewMemory(), Router: r, Validator: v}
	cfg := base
	cfg.ModelPath = testModelPath(t, modelpath.Stages{Classifier: true})
	if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "classifier") {
		t.Errorf("New(classifier stage on, router without it) = %v, want the disagreement", err)
	}
	cfg.ModelPath = testModelPath(t, modelpath.Stages{Slots: true})
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	m := a.Mode()
	if m.Model != "scripted" || !strings.HasPrefix(m.Renderer, "model") || !slices.Equal(m.ModelStages, []string{modelpath.StageSlots}) {
		t.Errorf("Mode() = model %q renderer %q stages %v, want scripted, the model renderer and [%s]", m.Model, m.Renderer, m.ModelStages, modelpath.StageSlots)
	}
	rd := a.Readiness(context.Background())
	if !hasNote(rd.Notes, "model stage "+modelpath.StageParse+" is switched off") || hasNote(rd.Notes, "model stage "+modelpath.StageSlots) {
		t.Errorf("Readiness().Notes = %q, want parse (only) said switched off", rd.Notes)
	}
	cfg.ModelPath = testModelPath(t, modelpath.Stages{Parse: true})
	if a, err = New(cfg); err != nil {
		t.Fatal(err)
	}
	if m := a.Mode(); m.Renderer != "template" {
		t.Errorf("Mode().Renderer = %q with the slots stage off, want template", m.Renderer)
	}
}

// TestFollowLive: a follower that has caught up gets the next turn's
// events live, each once, and a send error ends the stream with it.
func TestFollowLive(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop := errors.New("client went away")
	got := make(chan api.StreamEvent, 256)
	done := make(chan error, 1)
	go func() {
		done <- a.Follow(ctx, b.id, b.token, 0, func(e api.StreamEvent) error {
			got <- e
			if e.Name == api.EventTurnDone && e.Turn >= 2 {
				return stop
			}
			return nil
		})
	}()
	var all []api.StreamEvent
	recvTurn := func(turn int64) {
		for {
			e := testwait.Recv(t, got, fmt.Sprintf("turn %d's turn.done", turn))
			all = append(all, e)
			if e.Name == api.EventTurnDone && e.Turn == turn {
				return
			}
		}
	}
	b.send("input.type", api.Args{Text: "露营"})
	recvTurn(1)
	// Follow subscribed before it replayed the first turn: the second
	// comes live.
	b.send("input.type", api.Args{Text: "露营装备"})
	recvTurn(2)
	if err := testwait.Recv(t, done, "Follow to return the send error"); !errors.Is(err, stop) {
		t.Errorf("Follow ended with %v, want the send error %v", err, stop)
	}
	if all[0].Seq != 1 {
		t.Errorf("the first followed event has seq %d, want 1", all[0].Seq)
	}
	for i := 1; i < len(all); i++ {
		if all[i].Seq != all[i-1].Seq+1 {
			t.Fatalf("followed seqs %d then %d: a gap or a repeat", all[i-1].Seq, all[i].Seq)
		}
	}
	if last := all[len(all)-1]; last.Seq != b.events[len(b.events)-1].Seq {
		t.Errorf("last followed event %d %s, want the second turn's turn.done %d", last.Seq, last.Name, b.events[len(b.events)-1].Seq)
	}
}

func TestErrorText(t *testing.T) {
	cases := []struct {
		err  *Error
		want string
	}{
		{newError(ErrBadRequest, "bad_op", both("运算必须是 gte", "op must be gte"), nil, nil), "bad_op: op must be gte"},
		{newError(ErrInternal, "internal", both("意图路由出错", "the router failed"), nil, errors.New("boom")), "internal: the router failed: boom"},
	}
	for _, tc := range cases {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
}

// TestNewNamesWhatIsMissing: each required part of the configuration is
// named when it is missing.
func TestNewNamesWhatIsMissing(t *testing.T) {
	r, err := router.Default()
	if err != nil {
		t.Fatal(err)
	}
	v, err := contract.New()
	if err != nil {
		t.Fatal(err)
	}
	full := Config{Store: demoStore(t), Sessions: sessions.NewMemory(), Router: r, Validator: v}
	cases := []struct {
		name string
		drop func(*Config)
	}{
		{"Store", func(c *Config) { c.Store = nil }},
		{"Sessions", func(c *Config) { c.Sessions = nil }},
		{"Router", func(c *Config) { c.Router = nil }},
		{"Validator", func(c *Config) { c.Validator = nil }},
	}
	for _, tc := range cases {
		cfg := full
		tc.drop(&cfg)
		if _, err := New(cfg); err == nil || err.Error() != "agent: Config."+tc.name+" is required" {
			t.Errorf("New(without %s) = %v, want it named", tc.name, err)
		}
	}
	if _, err := New(full); err != nil {
		t.Errorf("New(full config) = %v", err)
	}
}

// TestCreateSessionLimits: a client_ref of up to 200 bytes is kept, one
// byte more is refused; a full store says so in the session's language.
func TestCreateSessionLimits(t *testing.T) {
	ctx := context.Background()
	a := newTestAgent(t)
	for _, tc := range []struct {
		n    int
		code string
	}{{200, ""}, {201, "too_large"}} {
		_, err := a.CreateSession(ctx, api.CreateSessionRequest{Platform: "youtube", ClientRef: strings.Repeat("r", tc.n)})
		var ae *Error
		if tc.code == "" && err != nil || tc.code != "" && (!errors.As(err, &ae) || ae.Code != tc.code) {
			t.Errorf("CreateSession(client_ref of %d bytes) = %v, want code %q", tc.n, err, tc.code)
		}
	}
	full := newLimitedAgent(t, 1, 0)
	newBox(t, full, "youtube", "zh")
	for _, tc := range []struct{ locale, want string }{
		{"zh", "会话已满，请稍后重试"},
		{"en", "too many sessions right now; retry later"},
	} {
		_, err := full.CreateSession(ctx, api.CreateSessionRequest{Platform: "youtube", Locale: tc.locale})
		var ae *Error
		if !errors.As(err, &ae) || ae.Code != "overloaded" || ae.In(ae.Locale) != tc.want {
			t.Errorf("CreateSession(%s) on a full store = %v, want overloaded %q", tc.locale, err, tc.want)
		}
	}
}

// TestFollowReplaysPastOnePage: a log longer than one read page (500
// events) is replayed whole, in order.
func TestFollowReplaysPastOnePage(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "en")
	var last int64
	for i := 0; last <= 1000; i++ {
		b.send("input.type", api.Args{Text: fmt.Sprintf("swim %d", i)})
		last = b.events[len(b.events)-1].Seq
	}
	var seqs []int64
	if err := a.Follow(cancelled(), b.id, b.token, 0, func(e api.StreamEvent) error { seqs = append(seqs, e.Seq); return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("Follow on a cancelled context = %v, want context.Canceled", err)
	}
	if int64(len(seqs)) != last || seqs[len(seqs)-1] != last {
		t.Fatalf("Follow(0) replayed %d events ending at %d, want all %d", len(seqs), seqs[len(seqs)-1], last)
	}
	for i, s := range seqs {
		if s != int64(i+1) {
			t.Fatalf("replayed event %d has seq %d", i, s)
		}
	}
}

// racyLog appends one event between Follow's subscription and its first
// read of the log, once: that event is both replayed and delivered live.
type racyLog struct {
	*sessions.Memory
	once sync.Once
}

func (r *racyLog) Events(ctx context.Context, id string, after int64, limit int) ([]sessions.Event, error) {
	r.once.Do(func() {
		rec, _ := r.Memory.Get(ctx, id)
		r.Memory.Commit(ctx, id, rec.Version, rec.Snapshot, []sessions.Event{{Name: api.EventTurnDone, Data: json.RawMessage(`{}`), At: testNow}}, nil)
	})
	return r.Memory.Events(ctx, id, after, limit)
}

// TestFollowSendsARacedEventOnce: an event appended while the follower
// subscribes is in the log and in the subscription; it is sent once.
func TestFollowSendsARacedEventOnce(t *testing.T) {
	log := &racyLog{Memory: sessions.NewMemory()}
	a := readinessAgent(t, func(c *Config) { c.Sessions = log })
	b := newBox(t, a, "youtube", "zh")
	b.send("input.type", api.Args{Text: "露营"})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan api.StreamEvent, 64)
	done := make(chan error, 1)
	go func() {
		done <- a.Follow(ctx, b.id, b.token, 0, func(e api.StreamEvent) error { got <- e; return nil })
	}()
	// The raced event is the log's last; a live turn follows it.
	var seqs []int64
	for len(seqs) < len(b.events)+1 {
		seqs = append(seqs, testwait.Recv(t, got, "the replayed events").Seq)
	}
	raced := seqs[len(seqs)-1]
	b.send("input.type", api.Args{Text: "露营装备"})
	for len(seqs) < len(b.events)+int(raced) {
		seqs = append(seqs, testwait.Recv(t, got, "the live turn's events").Seq)
	}
	cancel()
	testwait.Recv(t, done, "Follow to return after cancel")
	for i, s := range seqs {
		if s != int64(i+1) {
			t.Fatalf("followed seqs %v: event %d has seq %d (the raced event %d twice?)", seqs, i, s, raced)
		}
	}
}

// TestTextAtTheLimit: an argument of exactly MaxTextBytes is taken, one
// byte more is 413.
func TestTextAtTheLimit(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		n    int
		code string
	}{{MaxTextBytes, ""}, {MaxTextBytes + 1, "too_large"}} {
		b := newBox(t, a, "youtube", "en")
		_, err := b.try("input.type", api.Args{Text: strings.Repeat("a", tc.n)})
		var ae *Error
		if tc.code == "" && err != nil || tc.code != "" && (!errors.As(err, &ae) || ae.Code != tc.code) {
			t.Errorf("input.type with %d bytes = %v, want code %q", tc.n, err, tc.code)
		}
	}
}

// TestCommitOfASentenceIsRefused: a sentence, natural or mixed, is no
// keyword: committing it is refused with the way to search it.
func TestCommitOfASentenceIsRefused(t *testing.T) {
	a := newTestAgent(t)
	for _, text := range []string{"帮我找美国的户外博主", "Hollyland 麦克风，美国"} {
		b := newBox(t, a, "youtube", "zh")
		b.send("input.type", api.Args{Text: text})
		_, err := b.try("input.commit", api.Args{})
		var ae *Error
		if want := "这段输入是一句描述，不是关键词：请点「搜索」按智能搜索处理"; !errors.As(err, &ae) || ae.Code != "not_allowed" || ae.In(ae.Locale) != want {
			t.Errorf("input.commit of %q = %v, want not_allowed %q", text, err, want)
		}
	}
}

// downStore is a session store whose database is away.
type downStore struct{ *sessions.Memory }

func (downStore) Create(context.Context, sessions.Record) (string, error) {
	return "", fmt.Errorf("create: %w", sessions.ErrUnavailable)
}

// TestSessionStoreAwayIsRetryable: a session database that is away is a
// 503 the client may retry, not an internal error.
func TestSessionStoreAwayIsRetryable(t *testing.T) {
	a := readinessAgent(t, func(c *Config) { c.Sessions = downStore{sessions.NewMemory()} })
	_, err := a.CreateSession(context.Background(), api.CreateSessionRequest{Platform: "youtube"})
	var ae *Error
	if !errors.As(err, &ae) || !errors.Is(err, ErrUnavailable) || ae.Code != "unavailable" {
		t.Errorf("CreateSession with the store away = %v, want ErrUnavailable unavailable", err)
	}
}
