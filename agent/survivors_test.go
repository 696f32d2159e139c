package agent_test

// Tests that kill the mutants issue 19 found surviving every test of the
// agent: each drives a session through the exported API, as the search box
// does, and asserts what the user sees.

import (
	"context"
	"encoding/json"
	"regexp"
	"searchagent/tools/condition"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"searchagent/agent"
	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/router"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/store"
	"searchagent/tools/store/memstore"
	"searchagent/tools/taxonomy"
)

var (
	userStoreOnce sync.Once
	userStore     *memstore.Store
	userStoreErr  error
)

// demoCatalogStore is the demo catalog's store at its fixed reference time,
// built once per test binary.
func demoCatalogStore(t *testing.T) *memstore.Store {
	t.Helper()
	userStoreOnce.Do(func() {
		cat, err := demo.Catalog(demo.WithNow(demo.DefaultNow()))
		if err != nil {
			userStoreErr = err
			return
		}
		emb, err := embed.NewHashing()
		if err != nil {
			userStoreErr = err
			return
		}
		userStore, userStoreErr = memstore.New(context.Background(), cat, emb)
	})
	if userStoreErr != nil {
		t.Fatal(userStoreErr)
	}
	return userStore
}

// user is one search box talking to an agent.
type user struct {
	t           *testing.T
	a           *agent.Agent
	id, token   string
	snap        api.Snapshot
	transitions []string // action ids of the last turn
}

func newUser(t *testing.T, platform string) *user {
	t.Helper()
	r, err := router.Default()
	if err != nil {
		t.Fatal(err)
	}
	v, err := contract.New()
	if err != nil {
		t.Fatal(err)
	}
	now := demo.DefaultNow()
	a, err := agent.New(agent.Config{Store: demoCatalogStore(t), Sessions: sessions.NewMemory(), Router: r, Validator: v,
		Now: func() time.Time { return now }, FailOnViolation: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := a.CreateSession(t.Context(), api.CreateSessionRequest{Platform: platform, Locale: "zh"})
	if err != nil {
		t.Fatal(err)
	}
	return &user{t: t, a: a, id: res.SessionID, token: res.Token, snap: res.Snapshot}
}

// do sends one event and fails the test if the turn fails.
func (u *user) do(event string, args api.Args) {
	u.t.Helper()
	u.transitions = nil
	snap, err := u.a.Handle(u.t.Context(), u.id, u.token, api.EventRequest{Event: event, Args: args}, func(e api.StreamEvent) error {
		if e.Name == api.EventTransition {
			u.transitions = append(u.transitions, string(e.Data))
		}
		return nil
	})
	if err != nil {
		u.t.Fatalf("%s %+v in %s/%s/%s: %v", event, args, u.snap.State.Input, u.snap.State.Container, u.snap.State.Session, err)
	}
	u.snap = snap
}

func (u *user) state() string {
	s := u.snap.State
	return s.Input + "/" + s.Container + "/" + s.Session
}

// Survivor 2: a follow-up the router cannot use, typed while a clarifying
// question is open, is refused with a notice, and the question stays: same
// question, same options, still answerable.
func TestRefusedFollowupKeepsTheOpenQuestion(t *testing.T) {
	u := newUser(t, "youtube")
	u.do("search.submit", api.Args{Text: "帮我找 Instagram 上的美国美妆博主"}) // another platform than the page: a question
	q := u.snap.Slots.Question
	if u.snap.State.Session != "clarifying" || q == nil || len(q.Options) < 2 {
		t.Fatalf("precondition: want an open question in clarifying, have %s with question %+v", u.state(), q)
	}
	u.do("followup.submit", api.Args{Text: "嗯嗯"})
	if u.snap.State.Session != "clarifying" || u.snap.State.Container != "expanded_clarifying" {
		t.Errorf("after a refused follow-up the session is %s, want it still clarifying", u.state())
	}
	got := u.snap.Slots.Question
	if got == nil || got.ID != q.ID || got.Text != q.Text || len(got.Options) != len(q.Options) {
		t.Fatalf("after a refused follow-up the question is %+v, want the open one %+v", got, q)
	}
	if u.snap.Context.Notice == "" {
		t.Error("the refusal says nothing: context.notice is empty")
	}
	// The question is still answerable.
	u.do("clarify.answer", api.Args{OptionID: q.Options[0].ID})
	if u.snap.State.Session == "clarifying" || u.snap.Slots.Question != nil {
		t.Errorf("answering the kept question left %s with question %+v", u.state(), u.snap.Slots.Question)
	}
}

// Survivor 3: excluding a keyword after a search marks the shown results
// stale (they no longer answer the query) until the search runs again.
func TestToggleExcludeMarksResultsStale(t *testing.T) {
	u := newUser(t, "youtube")
	for _, kw := range []string{"科技", "评测"} {
		u.do("input.type", api.Args{Text: kw})
		u.do("input.commit", api.Args{})
	}
	u.do("search.submit", api.Args{})
	if u.snap.Results == nil || u.snap.Results.Stale || u.snap.Results.Total == 0 {
		t.Fatalf("precondition: fresh results after the search, have %+v", u.snap.Results)
	}
	before := u.snap.Results.Total
	tags := u.snap.Context.KeywordTags
	if len(tags) != 2 {
		t.Fatalf("precondition: two keyword tags, have %+v", tags)
	}
	u.do("tag.toggle_exclude", api.Args{TagID: tags[1].ID})
	if !u.snap.Context.KeywordTags[1].Excluded {
		t.Fatalf("tag %q is not excluded after tag.toggle_exclude: %+v", tags[1].Text, u.snap.Context.KeywordTags)
	}
	if u.snap.Results == nil || !u.snap.Results.Stale {
		t.Errorf("after excluding %q the %d shown results are not marked stale", tags[1].Text, before)
	}
	u.do("search.submit", api.Args{})
	if u.snap.Results == nil || u.snap.Results.Stale {
		t.Errorf("after searching again the results are still stale: %+v", u.snap.Results)
	}
	if u.snap.Results != nil && u.snap.Results.Total == before {
		t.Errorf("excluding %q did not change the results (%d before and after)", tags[1].Text, before)
	}
}

var countRE = regexp.MustCompile(`\d+`)

// Survivor 4: the repair that widens a follower range promises the count
// of the widened range, and taking it shows exactly that many results with
// the widened range in the conditions.
func TestWidenRangeRepairCountsTheWidenedRange(t *testing.T) {
	u := newUser(t, "instagram")
	u.do("search.submit", api.Args{Text: "找美国的美妆博主，粉丝 120万-130万"})
	if u.snap.State.Session != "empty_repair" {
		t.Fatalf("precondition: no results for the narrow range, have %s with %+v", u.state(), u.snap.Results)
	}
	var followers *contract.Condition
	for i, c := range u.snap.Context.Conditions {
		if c.Field == "followers" {
			followers = &u.snap.Context.Conditions[i]
		}
	}
	if followers == nil {
		t.Fatalf("precondition: a followers condition, have %+v", u.snap.Context.Conditions)
	}
	var promised = -1
	for _, o := range u.snap.Slots.RepairOptions {
		if o.ActionID == "A_REPAIR_EXPAND_RECALL_SCOPE" && strings.Contains(o.Label, "粉丝") {
			n, err := strconv.Atoi(countRE.FindString(o.Reason))
			if err != nil {
				t.Fatalf("widen option %+v names no count", o)
			}
			promised = n
		}
	}
	if promised <= 0 {
		t.Fatalf("no repair option widens the follower range (each is a re-count with one condition relaxed): %+v", u.snap.Slots.RepairOptions)
	}
	u.do("A_REPAIR_EXPAND_RECALL_SCOPE", api.Args{ConditionID: followers.ID})
	if u.snap.Results == nil || u.snap.Results.Total != promised {
		t.Errorf("the widen option promised %d results; taking it shows %+v", promised, u.snap.Results)
	}
	for _, c := range u.snap.Context.Conditions {
		if c.ID != followers.ID {
			continue
		}
		var r struct{ Min, Max float64 }
		data, _ := json.Marshal(c.Value)
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatalf("followers value %s: %v", data, err)
		}
		lo, hi := r.Min, r.Max
		if c.Op != condition.OpBetween || lo > 1_200_000 || hi < 1_300_000 || lo == 1_200_000 && hi == 1_300_000 {
			t.Errorf("followers after widening: %s %v, want a range around 1.2M-1.3M that is wider", c.Op, c.Value)
		}
	}
}

// Survivor 5: paging a result set whose size is an exact multiple of the
// page size ends on a full last page without next_cursor: no phantom
// empty page.
func TestNoNextCursorAfterTheLastFullPage(t *testing.T) {
	st := demoCatalogStore(t)
	keyword, total := "", 0
probe:
	for _, term := range taxonomy.Categories.Terms() {
		for _, w := range append([]string{term.ZH}, term.Aliases...) {
			n, err := st.Count(t.Context(), store.CountQuery{Platform: "youtube", Keywords: []store.Keyword{{Text: w}}})
			if err != nil {
				t.Fatal(err)
			}
			if n >= 2*store.DefaultLimit && n <= 10*store.DefaultLimit && n%store.DefaultLimit == 0 {
				keyword, total = w, n
				break probe
			}
		}
	}
	if keyword == "" {
		t.Fatalf("precondition: no category keyword on youtube matches a multiple of %d channels; pick another probe", store.DefaultLimit)
	}
	u := newUser(t, "youtube")
	u.do("input.type", api.Args{Text: keyword})
	u.do("input.commit", api.Args{})
	u.do("search.submit", api.Args{})
	if u.snap.Results == nil || u.snap.Results.Total != total {
		t.Fatalf("precondition: %q matches %d channels in the store, the search shows %+v", keyword, total, u.snap.Results)
	}
	seen := len(u.snap.Results.Items)
	for pages := 1; u.snap.Results.NextCursor != ""; pages++ {
		if pages > total/store.DefaultLimit {
			t.Fatalf("page %d offered after %d of %d results: next_cursor %q leads past the end", pages+1, seen, total, u.snap.Results.NextCursor)
		}
		u.do("results.page", api.Args{Cursor: u.snap.Results.NextCursor})
		if len(u.snap.Results.Items) == 0 {
			t.Fatalf("next_cursor led to an empty page after %d of %d results", seen, total)
		}
		seen += len(u.snap.Results.Items)
	}
	if seen != total {
		t.Errorf("paging showed %d of %d results", seen, total)
	}
}
