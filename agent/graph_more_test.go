package agent

// The condition graph as the search box shows it after merges, anchors
// named by handle, repairs taken by their arguments and manual filters
// refused (issue 19: code no agent test ran).

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"searchagent/agent/agenttest"
	"searchagent/agent/fsm"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/states"
)

// TestMergeSaysEveryChange: each change to a condition of an earlier turn
// is said in the notice, in the order made, and the chips follow.
func TestMergeSaysEveryChange(t *testing.T) {
	cases := []struct {
		name   string
		first  string
		then   []string
		notice string
		conds  []string
	}{
		{"an exclusion that empties the include list next to an earlier exclusion", "帮我找美国做露营评测的博主", []string{"不要英国的", "不要美国的"},
			"已移除：美国；已修改：排除 英国 → 排除 英国、美国", []string{"户外(applied)", "排除 英国、美国(applied)"}},
		{"two fields changed in one sentence", agenttest.NaturalZH, []string{"只要英国的，粉丝 1w 以上"},
			"已修改：美国 → 英国。已修改：粉丝 5000–2万 → 粉丝 ≥ 1万", []string{"英国(applied)", "汽车(applied)", "近 30 天活跃(applied)", "粉丝 ≥ 1万(applied)", "YouTube(applied)"}},
	}
	a := newTestAgent(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := newBox(t, a, "youtube", "zh")
			b.send("search.submit", api.Args{Text: tc.first})
			for _, f := range tc.then {
				b.send("followup.submit", api.Args{Text: f})
			}
			got := b.shown()
			if got.notice != tc.notice || !slices.Equal(got.conds, tc.conds) {
				t.Errorf("after %q then %q: notice %q, chips %v; want %q, %v", tc.first, tc.then, got.notice, got.conds, tc.notice, tc.conds)
			}
			if want := tc.notice + "。"; len(got.summary) < len(want) || got.summary[:len(want)] != want {
				t.Errorf("summary %q does not start with the notice %q", got.summary, tc.notice)
			}
		})
	}
}

// TestHandleBecomesTheAnchor: "像 @name 这样的…" pins the handle as the
// anchor, as the platform's own URL form.
func TestHandleBecomesTheAnchor(t *testing.T) {
	cases := []struct {
		platform, text, anchor, substate string
	}{
		{"youtube", "像 @gadgetgrid 这样的美国频道", "https://www.youtube.com/@gadgetgrid resolved_exact", "mixed-anchor"},
		{"instagram", "像 @glowwithmaya 这样的美妆博主", "https://www.instagram.com/glowwithmaya resolved_exact", "mixed-anchor"},
		{"tiktok", "像 @khaby.lame 这样的搞笑博主", "https://www.tiktok.com/@khaby.lame resolved_invalid", "url-invalid"},
		{"x", "像 @elonmusk 这样的科技博主", "https://x.com/elonmusk resolved_invalid", "url-invalid"},
	}
	a := newTestAgent(t)
	for _, tc := range cases {
		t.Run(tc.platform, func(t *testing.T) {
			b := newBox(t, a, tc.platform, "zh")
			b.send("search.submit", api.Args{Text: tc.text})
			if got := b.shown(); got.anchor != tc.anchor || got.substate != tc.substate {
				t.Errorf("search.submit(%q) on %s: anchor %q in %s, want %q in %s", tc.text, tc.platform, got.anchor, got.substate, tc.anchor, tc.substate)
			}
		})
	}
}

// TestRepairTakenByItsArguments: a repair button sent with the arguments
// it was offered with takes exactly that relaxation; arguments that
// match no offer are refused and change nothing.
func TestRepairTakenByItsArguments(t *testing.T) {
	a := newTestAgent(t)
	start := func(t *testing.T) (*box, contract.RepairOption) {
		b := newBox(t, a, "instagram", "zh")
		b.send("search.submit", api.Args{Text: "找美国的美妆博主，粉丝 120万-130万"})
		opts := b.snap.Slots.RepairOptions
		if len(opts) != 1 || opts[0].Args == nil {
			t.Fatalf("precondition: one widen option with its arguments, have %+v", opts)
		}
		// The option names the range it widens to (issue 16 item 4).
		if v := opts[0].Args.Value; opts[0].Args.ConditionID == "" || v == nil || v.Min != 720000 || v.Max != 1950000 {
			t.Errorf("the widen option's args %+v, want the condition and the range 72万–195万", opts[0].Args)
		}
		return b, opts[0]
	}
	argsOf := func(t *testing.T, o contract.RepairOption) api.Args {
		raw, err := json.Marshal(o.Args)
		if err != nil {
			t.Fatal(err)
		}
		var args api.Args
		if err := json.Unmarshal(raw, &args); err != nil {
			t.Fatal(err)
		}
		return args
	}
	t.Run("as offered", func(t *testing.T) {
		b, o := start(t)
		b.send(o.ActionID, argsOf(t, o))
		if got := b.shown(); got.total != 2 || !slices.Contains(got.conds, "粉丝 72万–195万(applied)") {
			t.Errorf("%s %s shows %d results and %v, want 2 and 粉丝 72万–195万", o.ActionID, o.Label, got.total, got.conds)
		}
	})
	for _, bad := range []string{`{"min":720000,"max":1950001}`, `{"min":720001,"max":1950000}`, `"wide"`} {
		t.Run("value "+bad, func(t *testing.T) {
			b, o := start(t)
			args := argsOf(t, o)
			args.Value = json.RawMessage(bad)
			before := b.snap.Version
			_, err := b.try(o.ActionID, args)
			var ae *Error
			if !errors.As(err, &ae) || ae.Code != "unknown_relaxation" {
				t.Fatalf("%s with value %s = %v, want unknown_relaxation", o.ActionID, bad, err)
			}
			if snap, _ := a.Snapshot(t.Context(), b.id, b.token); snap.Version != before {
				t.Errorf("a refused repair changed the session")
			}
		})
	}
}

// TestRefusalNamesTheConditions: an event none of whose rows' guards hold
// is refused with each of those conditions in words.
func TestRefusalNamesTheConditions(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, want string
	}{
		{"zh", "现在不能执行：需要满足其一——有锚点或失败的链接可删除，且保留其余条件；有锚点或失败的链接可删除，且保留关键词；只有锚点：删除后回到经典输入"},
		{"en", "not possible now: none of these holds: an anchor or failed URL to drop, conditions beyond keywords remain; an anchor or failed URL to drop, keyword tags remain; anchor-only: dropping it returns to classic input"},
	} {
		b := newBox(t, a, "instagram", tc.locale)
		b.send("search.submit", api.Args{Text: agenttest.NaturalEmpty})
		_, err := b.try("A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", api.Args{})
		var ae *Error
		if !errors.As(err, &ae) || ae.Code != "not_allowed" || ae.In(ae.Locale) != tc.want {
			t.Fatalf("A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS without an anchor (%s) = %v, want not_allowed %q", tc.locale, err, tc.want)
		}
		r := ae.Details.(Refusal)
		if want := []string{"anchor_removable_conditions_remain", "anchor_removable_tags_remain", "anchor_removable_no_tags"}; !slices.Equal(r.FailedGuards, want) {
			t.Errorf("failed guards %v, want %v", r.FailedGuards, want)
		}
	}
}

// TestFilterSetChecksTheOperator: the filter panel's operator must fit the
// field; a set field takes one string as a list of one.
func TestFilterSetChecksTheOperator(t *testing.T) {
	a := newTestAgent(t)
	cases := []struct {
		args    api.Args
		code    string // "" when accepted
		message string
		chip    string
	}{
		{api.Args{Field: "country", Op: "gte", Value: json.RawMessage(`["US"]`)}, "bad_op", "op must be eq, in or not_in for country", ""},
		{api.Args{Field: "followers", Op: "in", Value: json.RawMessage(`10000`)}, "bad_op", "op must be gte, lte or between for followers", ""},
		{api.Args{Field: "country", Value: json.RawMessage(`"US"`)}, "", "", "美国(applied)"},
		{api.Args{Field: "country", Value: json.RawMessage(`""`)}, "bad_value", "Country: the value must be a name or code, or a list of them", ""},
		{api.Args{Field: "country", Value: json.RawMessage(`7`)}, "bad_value", "Country: the value must be a name or code, or a list of them", ""},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s %s %s", tc.args.Field, tc.args.Op, tc.args.Value), func(t *testing.T) {
			b := newBox(t, a, "youtube", "zh")
			b.send("search.submit", api.Args{Text: "帮我找美国做露营评测的博主"})
			b.send("condition.remove", api.Args{ConditionID: b.snap.Context.Conditions[0].ID})
			_, err := b.try("filter.set", tc.args)
			if tc.code == "" {
				if err != nil {
					t.Fatalf("filter.set %+v = %v, want it applied", tc.args, err)
				}
				if got := b.shown().conds; !slices.Contains(got, tc.chip) {
					t.Errorf("filter.set %+v shows %v, want %s", tc.args, got, tc.chip)
				}
				return
			}
			var ae *Error
			if !errors.As(err, &ae) || ae.Code != tc.code || ae.In("en") != tc.message {
				t.Fatalf("filter.set %+v = %v, want %s %q", tc.args, err, tc.code, tc.message)
			}
		})
	}
}

// TestAllowedInState: the contract check's allowed set for a state key:
// without a context every user row from there; with a snapshot's context
// what the guards allow, which includes every action the snapshot offers.
func TestAllowedInState(t *testing.T) {
	a := newTestAgent(t)
	cases := []struct {
		name     string
		platform string
		steps    []agenttest.Step
		has      []string // must be allowed with the context
		hasNot   []string // must not be
		substate string   // the sub-state ContextFacts gives, when checked
	}{
		{"an open question", "youtube", []agenttest.Step{agenttest.T("search.submit", agenttest.NaturalOtherPl)},
			[]string{"A_CLARIFYING__CLARIFY_ANSWER__REFINING__01"}, nil, ""},
		{"an exact anchor", "youtube", []agenttest.Step{agenttest.T("search.submit", agenttest.AnchorMany)},
			[]string{"A_COMMITTED_ANCHOR__ANCHOR_DELETE__EMPTY_INPUT__01"}, nil, ""},
		{"keywords only", "youtube", []agenttest.Step{agenttest.T("input.type", "露营"), agenttest.E("input.commit"), agenttest.E("search.submit"), agenttest.E("agent.upgrade")},
			[]string{"A_EXPANDED_AGENT__AGENT_FALLBACK_TO_CLASSIC__COMPACT_CLASSIC__01"}, nil, ""},
		{"a soft preference", "instagram", []agenttest.Step{agenttest.T("search.submit", agenttest.MixedZH)},
			nil, []string{"A_EXPANDED_AGENT__AGENT_FALLBACK_TO_CLASSIC__COMPACT_CLASSIC__01"}, "mixed-soft"},
		{"hard conditions of a mixed search", "youtube", []agenttest.Step{agenttest.T("search.submit", "Hollyland 麦克风，美国")},
			nil, nil, "mixed-parse"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := newBox(t, a, tc.platform, "zh")
			for _, st := range tc.steps {
				b.send(st.Event, st.Args)
			}
			key := contract.StateKey(b.snap.State.Container + "/" + b.snap.State.Session)
			with := AllowedInState(key, &b.snap.Context)
			all := AllowedInState(key, nil)
			for _, act := range b.snap.Actions {
				if !slices.Contains(with, act.ActionID) {
					t.Errorf("AllowedInState(%s, context) = %v lacks the offered %s", key, with, act.ActionID)
				}
			}
			for _, id := range tc.has {
				if !slices.Contains(with, id) {
					t.Errorf("AllowedInState(%s, context) = %v lacks %s", key, with, id)
				}
			}
			for _, id := range tc.hasNot {
				if slices.Contains(with, id) {
					t.Errorf("AllowedInState(%s, context) = %v has %s", key, with, id)
				}
			}
			if tc.substate != "" {
				st := fsm.State{Input: states.Input(b.snap.State.Input), Container: states.Container(b.snap.State.Container), Session: states.Session(b.snap.State.Session)}
				if got := fsm.Substate(st, ContextFacts(b.snap.Context)).ID; got != tc.substate || b.snap.Substate != tc.substate {
					t.Errorf("the sub-state from ContextFacts is %s, the snapshot's %s; want both %s", got, b.snap.Substate, tc.substate)
				}
			}
			for _, id := range with {
				if !slices.Contains(all, id) {
					t.Errorf("AllowedInState(%s, nil) = %v lacks %s, allowed with the context", key, all, id)
				}
			}
			if len(all) <= len(with) && len(tc.hasNot) > 0 {
				t.Errorf("AllowedInState(%s, nil) has %d ids, no more than the %d the guards allow", key, len(all), len(with))
			}
		})
	}
}

// TestRouterValues: how the agent reads the router's command arguments
// (router.Args hold what the router's slots typed, or a spec's literal as
// YAML decodes it).
func TestRouterValues(t *testing.T) {
	type rng struct {
		lo, hi int64
		ok     bool
	}
	ranges := []struct {
		op   string
		v    any
		want rng
	}{
		{"gte", int64(10000), rng{10000, 0, true}},
		{"lte", 50000, rng{0, 50000, true}},
		{"eq", float64(500), rng{500, 500, true}},
		{"gte", int64(0), rng{0, 0, false}},
		{"between", []int64{5000, 20000}, rng{5000, 20000, true}},
		{"between", []int64{0, 20000}, rng{0, 20000, true}},
		{"between", []int64{5000, 0}, rng{5000, 0, true}},
		{"between", []int64{0, 0}, rng{0, 0, false}},
		{"between", []int64{1}, rng{0, 0, false}},
		{"between", []any{5000, int64(20000)}, rng{5000, 20000, true}},
		{"between", []any{0, 20000}, rng{0, 20000, true}},
		{"between", []any{5000, 0}, rng{5000, 0, true}},
		{"between", []any{0, 0}, rng{0, 0, false}},
		{"between", []any{5000, "x"}, rng{5000, 0, false}},
		{"between", []any{"x", 5000}, rng{0, 5000, false}},
		{"between", []any{5000}, rng{0, 0, false}},
		{"between", map[string]any{"min": 5000, "max": 20000}, rng{5000, 20000, true}},
		{"between", map[string]any{"min": 5000}, rng{5000, 0, true}},
		{"between", map[string]any{"max": 20000}, rng{0, 20000, true}},
		{"between", map[string]any{}, rng{0, 0, false}},
		{"between", "5k", rng{0, 0, false}},
	}
	for _, tc := range ranges {
		lo, hi, ok := rangeOf(tc.op, tc.v)
		if got := (rng{lo, hi, ok}); got != tc.want {
			t.Errorf("rangeOf(%q, %#v) = %+v, want %+v", tc.op, tc.v, got, tc.want)
		}
	}
	lists := []struct {
		v    any
		want []string
	}{
		{"US", []string{"US"}},
		{"", nil},
		{[]string{"US", "GB"}, []string{"US", "GB"}},
		{[]any{"US", "", 7, "GB"}, []string{"US", "GB"}},
		{7, nil},
	}
	for _, tc := range lists {
		if got := stringsOf(tc.v); !slices.Equal(got, tc.want) {
			t.Errorf("stringsOf(%#v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

// scopeRepairBox searches "Hollyland" in channel names only, which finds
// nothing, and returns the box with its one repair option: the keyword
// moved to the content.
func scopeRepairBox(t *testing.T) (*box, contract.RepairOption) {
	t.Helper()
	b := newBox(t, newTestAgent(t), "youtube", "zh")
	b.send("input.type", api.Args{Text: "Hollyland"})
	b.send("input.commit", api.Args{})
	b.send("tag.set_scope", api.Args{TagID: b.snap.Context.KeywordTags[0].ID, Scope: "name"})
	b.send("search.submit", api.Args{})
	opts := b.snap.Slots.RepairOptions
	if len(opts) != 1 || opts[0].Args == nil || opts[0].Args.Scope != "content" {
		t.Fatalf("precondition: one option moving the keyword to the content, have %+v", opts)
	}
	return b, opts[0]
}

// TestRepairWidensAKeywordScope: a keyword that matches nothing in the
// channel name is offered where it does match; taking that option moves
// the tag there and shows what the option counted.
func TestRepairWidensAKeywordScope(t *testing.T) {
	b, o := scopeRepairBox(t)
	b.send(o.ActionID, api.Args{ConditionID: o.Args.ConditionID, Scope: string(o.Args.Scope)})
	if got := b.shown(); got.total != 4 || !slices.Equal(got.tags, []string{"Hollyland/content"}) {
		t.Errorf("%s %q shows %d results and tags %v, want 4 and [Hollyland/content]", o.ActionID, o.Label, got.total, got.tags)
	}
}

// TestClientGoneStopsTheTurn: a client that goes away at any event before
// turn.done stops the turn at its next step and nothing changes; going
// away at turn.done leaves the finished turn. Both a first search and a
// follow-up (which updates the conditions) are cut at every event.
func TestClientGoneStopsTheTurn(t *testing.T) {
	a := newTestAgent(t)
	const ready = "followup_waiting/expanded_agent/results_ready"
	for _, tc := range []struct {
		name   string
		setup  []agenttest.Step
		do     agenttest.Step
		before string // the state the turn starts in
	}{
		{"search", nil, agenttest.T("search.submit", "帮我找美国做露营评测的博主"), "empty_input/compact_classic/idle"},
		{"follow-up", []agenttest.Step{agenttest.T("search.submit", "帮我找美国做露营评测的博主")}, agenttest.T("followup.submit", "只要粉丝 1w 以上的"), ready},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := func(t *testing.T) *box {
				b := newBox(t, a, "youtube", "zh")
				for _, st := range tc.setup {
					b.send(st.Event, st.Args)
				}
				return b
			}
			probe := start(t)
			probe.send(tc.do.Event, tc.do.Args)
			n := len(probe.events)
			if n < 10 || probe.events[n-1].Name != api.EventTurnDone {
				t.Fatalf("precondition: a turn of steps ending in turn.done, have %d events", n)
			}
			for i := range n {
				name := probe.events[i].Name
				b := start(t)
				k := 0
				_, err := a.Handle(t.Context(), b.id, b.token, api.EventRequest{Event: tc.do.Event, Args: tc.do.Args}, func(api.StreamEvent) error {
					k++
					if k == i+1 {
						return errors.New("client gone")
					}
					return nil
				})
				snap, serr := a.Snapshot(t.Context(), b.id, b.token)
				if serr != nil {
					t.Fatal(serr)
				}
				if i == n-1 {
					if err != nil || stateString(snap.State) != ready || snap.Version != b.snap.Version+1 {
						t.Errorf("gone at turn.done: %v, version %d in %s; want the finished turn", err, snap.Version, stateString(snap.State))
					}
					continue
				}
				var ae *Error
				if !errors.As(err, &ae) || ae.Code != "turn_failed" {
					t.Errorf("gone at event %d (%s): %v, want turn_failed", i, name, err)
				}
				if snap.Version != b.snap.Version || stateString(snap.State) != tc.before {
					t.Errorf("gone at event %d (%s): version %d in %s, want %d in %s, unchanged", i, name, snap.Version, stateString(snap.State), b.snap.Version, tc.before)
				}
			}
		})
	}
}

// TestConditionRemoveTakesATag: a keyword tag is a condition chip too;
// removing it by its id takes the tag away.
func TestConditionRemoveTakesATag(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "instagram", "zh")
	b.send("search.submit", api.Args{Text: agenttest.MixedZH})
	tag := b.snap.Context.KeywordTags[0]
	b.send("condition.remove", api.Args{ConditionID: tag.ID})
	if got := b.shown(); !slices.Equal(got.tags, []string{"麦克风/all"}) {
		t.Errorf("condition.remove(%s %q) leaves tags %v, want [麦克风/all]", tag.ID, tag.Text, got.tags)
	}
	if _, err := b.try("condition.remove", api.Args{ConditionID: tag.ID}); err == nil {
		t.Errorf("condition.remove of the removed %s succeeded", tag.ID)
	}
}

// TestRepairOffersOnlyWhatFinds: with no results, each condition is
// tried relaxed and only the relaxations that find channels are offered,
// each with its count: lifting an exclusion or widening an activity
// window that finds nothing is not offered.
func TestRepairOffersOnlyWhatFinds(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		text, cond string // the search, and a chip it must show
		want       []string
	}{
		{"找美国的美妆博主，粉丝 120万-130万，不要英国", "排除 英国(applied)",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE 放宽为「粉丝 72万–195万」(1)", "A_REPAIR_EXPAND_RECALL_SCOPE 去掉「美妆」(1)"}},
		{"找美国的汽车博主，最近 3 天活跃，粉丝 100万以上", "近 3 天活跃(applied)",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE 去掉「汽车」(6)"}},
		{"找美国的美妆博主，最近 1 天活跃，粉丝 50万以上", "近 1 天活跃(applied)",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE 去掉「美妆」(2)"}},
	} {
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: tc.text})
		if got := b.shown(); got.total != 0 || !slices.Contains(got.conds, tc.cond) {
			t.Fatalf("precondition: %q finds nothing with %s, have %+v", tc.text, tc.cond, got)
		}
		var labels []string
		for _, o := range b.snap.Slots.RepairOptions {
			labels = append(labels, o.ActionID+" "+o.Label)
		}
		if !slices.Equal(labels, tc.want) {
			t.Errorf("%q: repair options %q, want %q", tc.text, labels, tc.want)
		}
	}
}

// TestRepairLiftsAnExclusion: an excluded keyword that leaves nothing is
// offered lifted; taking it drops the exclusion and shows what it counted.
func TestRepairLiftsAnExclusion(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我找美国的户外博主"})
	b.send("followup.submit", api.Args{Text: "排除 outdoor"})
	opts := b.snap.Slots.RepairOptions
	if len(opts) == 0 || opts[0].Label != "不再排除「outdoor」(56)" || opts[0].Args == nil {
		t.Fatalf("precondition: the first option lifts the exclusion, have %+v", opts)
	}
	b.send(opts[0].ActionID, api.Args{ConditionID: opts[0].Args.ConditionID})
	if got := b.shown(); got.total != 56 || len(got.tags) != 0 || !slices.Equal(got.conds, []string{"美国(applied)", "户外(applied)"}) {
		t.Errorf("%s %q shows %d results, tags %v, chips %v; want 56, none, [美国 户外]", opts[0].ActionID, opts[0].Label, got.total, got.tags, got.conds)
	}
}

// TestBoundsThatMeetReplace: a bound on the other side of a one-sided
// range narrows it only when something is left between them; at the same
// number, or on the same side, the later statement replaces the earlier
// one.
func TestBoundsThatMeetReplace(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		first, then, notice, chip string
		total                     int
	}{
		{"粉丝 1万以上", "粉丝 1万以下", "已修改：粉丝 ≥ 1万 → 粉丝 ≤ 1万", "粉丝 ≤ 1万(applied)", 44},
		{"粉丝 1万以下", "粉丝 1万以上", "已修改：粉丝 ≤ 1万 → 粉丝 ≥ 1万", "粉丝 ≥ 1万(applied)", 12},
		{"粉丝 1万以上", "粉丝 10万以下", "已修改：粉丝 ≥ 1万 → 粉丝 1万–10万", "粉丝 1万–10万(applied)", 9},
		{"粉丝 10万以下", "粉丝 1万以上", "已修改：粉丝 ≤ 10万 → 粉丝 1万–10万", "粉丝 1万–10万(applied)", 9},
		{"粉丝 1万以上", "粉丝 5万以上", "已修改：粉丝 ≥ 1万 → 粉丝 ≥ 5万", "粉丝 ≥ 5万(applied)", 3},
		{"粉丝 5万以下", "粉丝 1万以下", "已修改：粉丝 ≤ 5万 → 粉丝 ≤ 1万", "粉丝 ≤ 1万(applied)", 44},
	} {
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "帮我找美国做露营评测的博主，" + tc.first})
		b.send("followup.submit", api.Args{Text: tc.then})
		got := b.shown()
		if got.notice != tc.notice || !slices.Equal(got.conds, []string{"美国(applied)", "户外(applied)", tc.chip}) || got.total != tc.total {
			t.Errorf("%q then %q: notice %q, chips %v, %d results; want %q, [美国 户外 %s], %d", tc.first, tc.then, got.notice, got.conds, got.total, tc.notice, tc.chip, tc.total)
		}
	}
}

// TestRemoveAnchorButtonSaysWhatStays: the repair button that drops the
// link or anchor says what the search keeps.
func TestRemoveAnchorButtonSaysWhatStays(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		name  string
		steps []agenttest.Step
		label string
	}{
		{"a failed link alone", []agenttest.Step{agenttest.T("search.submit", "@gadgetgrid")}, "删除链接"},
		{"an anchor alone", []agenttest.Step{agenttest.T("search.submit", agenttest.AnchorFew), agenttest.E("A_HINT_OPEN_REPAIR_LOW_RECALL")}, "删除锚点，回到经典输入"},
		{"an anchor with a condition", []agenttest.Step{agenttest.T("search.submit", agenttest.AnchorFew+" 露营")}, "删除锚点，按其余条件搜"},
	} {
		b := newBox(t, a, "youtube", "zh")
		for _, st := range tc.steps {
			b.send(st.Event, st.Args)
		}
		var labels []string
		for _, act := range b.snap.Actions {
			if act.ActionID == "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS" {
				labels = append(labels, act.Label)
			}
		}
		if !slices.Equal(labels, []string{tc.label}) {
			t.Errorf("%s: the remove-anchor button reads %q, want %q", tc.name, labels, tc.label)
		}
	}
}

// TestRepairNeverDropsTheOnlyCondition: with one condition left and no
// results, dropping it is no repair (it would be an unfiltered search):
// the repair offers words instead; with two, dropping one is offered.
func TestRepairNeverDropsTheOnlyCondition(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		text    string
		conds   []string
		options []string
	}{
		{"找越南的博主", []string{"越南(applied)"}, []string{"A_REPAIR_SWITCH_TO_NL 改用自然语言描述"}},
		{"找越南的汽车博主", []string{"越南(applied)", "汽车(applied)"}, []string{"A_REPAIR_EXPAND_RECALL_SCOPE 去掉「越南」(477)"}},
	} {
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: tc.text})
		var opts []string
		for _, o := range b.snap.Slots.RepairOptions {
			opts = append(opts, o.ActionID+" "+o.Label)
		}
		if got := b.shown(); got.total != 0 || !slices.Equal(got.conds, tc.conds) || !slices.Equal(opts, tc.options) {
			t.Errorf("search.submit(%q) shows %d results, chips %v, options %q; want 0, %v, %q", tc.text, got.total, got.conds, opts, tc.conds, tc.options)
		}
	}
}
