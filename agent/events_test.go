package agent

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/agent/agenttest"
	"searchagent/agent/fsm"
	"searchagent/api"
	"searchagent/router"
)

// TestEveryEventHasOneHome: each user event has its handler (with a
// button label) and the handler table names no other event.
func TestEveryEventHasOneHome(t *testing.T) {
	for _, e := range fsm.UserEvents {
		h, ok := eventHandlers[e]
		if !ok {
			t.Errorf("event %s has no handler", e)
			continue
		}
		if h.label.zh == "" || h.label.en == "" {
			t.Errorf("event %s has no button label in zh and en", e)
		}
		if h.targets != nil && (h.group.zh == "" || h.group.en == "") {
			t.Errorf("event %s acts on targets but has no group label", e)
		}
	}
	for e := range eventHandlers {
		if !fsm.IsUserEvent(e) {
			t.Errorf("handler for %s, which is not a user event", e)
		}
	}
}

// TestEveryCommandIsCarriedOut: every command the router can emit has
// exactly one kind here (nothing produced and ignored), and the table
// names no command the router does not know.
func TestEveryCommandIsCarriedOut(t *testing.T) {
	names := router.CommandNames()
	for _, n := range names {
		k, ok := commandKinds[n]
		if !ok {
			t.Errorf("router command %s has no kind in the agent", n)
			continue
		}
		if (k.plan == nil) == (k.apply == nil) {
			t.Errorf("command %s: want exactly one of plan and apply", n)
		}
	}
	for n := range commandKinds {
		found := false
		for _, m := range names {
			found = found || m == n
		}
		if !found {
			t.Errorf("agent command kind %s is not in the router's vocabulary", n)
		}
	}
}

// A follow-up the router leaves to the parser runs no update_conditions
// step (it has no command), and the words it keeps are the user's
// keywords, matched in tags as typed: not a sentence's topic.
func TestParsedFollowupSteps(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		text string
		tags []string
	}{
		{"gopro", []string{"gopro tags"}},
		{"露营灯 帐篷", []string{"露营灯 tags", "帐篷 tags"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			b := newBox(t, a, "youtube", "zh")
			b.send("search.submit", api.Args{Text: "帮我找美国的露营博主"})
			b.send("followup.submit", api.Args{Text: tc.text})
			names, _ := stepsOf(t, b)
			if want := []string{"parse_conditions", "retrieve", "count", "render_slots", "validate_contract"}; !slices.Equal(names, want) {
				t.Errorf("follow-up %q ran steps %v, want %v", tc.text, names, want)
			}
			var got []string
			for _, tg := range b.snap.Context.KeywordTags {
				got = append(got, tg.Text+" "+string(tg.Scope))
			}
			if !slices.Equal(got, tc.tags) {
				t.Errorf("follow-up %q left tags %v, want %v", tc.text, got, tc.tags)
			}
		})
	}
}

// The update_conditions step of an applied follow-up lists what it
// applied and carries no errors field when nothing failed.
func TestUpdateConditionsDetail(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我找美国的露营博主"})
	b.send("followup.submit", api.Args{Text: "粉丝 1w+"})
	names, details := stepsOf(t, b)
	d, ok := details["update_conditions"]
	if !ok {
		t.Fatalf("follow-up 粉丝 1w+ ran steps %v, want update_conditions among them", names)
	}
	if got := string(d["applied"]); got != `["add_filter"]` {
		t.Errorf("update_conditions applied = %s, want [\"add_filter\"]", got)
	}
	if e, has := d["errors"]; has {
		t.Errorf("update_conditions of a follow-up that all applied has errors = %s", e)
	}
}

// Switching a low-recall repair to words keeps the resolved anchor and
// closes the repair hint.
func TestRepairSwitchToWordsClosesTheHint(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: agenttest.AnchorFew})
	b.send("A_HINT_OPEN_REPAIR_LOW_RECALL", api.Args{})
	if !b.snap.Context.RepairHintVisible {
		t.Fatalf("precondition: the low-recall hint is open, have %+v", b.snap.Context)
	}
	b.send("A_REPAIR_SWITCH_TO_NL", api.Args{Text: "美国的「拖拉机修复」频道"})
	c := b.snap.Context
	if c.RepairHintVisible {
		t.Error("after switching to words the repair hint is still visible")
	}
	if c.Anchor == nil || c.Anchor.Handle != "oldironrevival" || c.Anchor.Resolution != "resolved_exact" {
		t.Errorf("after switching to words the anchor is %+v, want @oldironrevival kept, resolved", c.Anchor)
	}
}

// Switching a failed link's repair to words drops the link that did not
// resolve: the new search runs on the words and the kept keywords only.
func TestRepairSwitchToWordsDropsTheFailedLink(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("input.type", api.Args{Text: "swim vest"})
	b.send("input.commit", api.Args{})
	b.send("search.submit", api.Args{Text: agenttest.AnchorUnknown})
	if c := b.snap.Context; c.Anchor == nil || c.Anchor.Resolution == "resolved_exact" {
		t.Fatalf("precondition: an anchor that failed to resolve, have %+v", c.Anchor)
	}
	b.send("A_REPAIR_SWITCH_TO_NL", api.Args{Text: "美国的，粉丝 1w+"})
	if c := b.snap.Context; c.Anchor != nil {
		t.Errorf("after switching to words the failed anchor is still there: %+v", c.Anchor)
	}
	if got := condsOf(b); !strings.Contains(got, "country=US") || !strings.Contains(got, "followers=") {
		t.Errorf("after switching to words the conditions are %q, want the words' country and followers", got)
	}
}

// A new task typed as a follow-up resets the session and runs its search:
// the old conditions are gone, the new ones applied and the results shown.
func TestNewTaskFollowupSearches(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我找美国的露营博主"})
	b.send("followup.submit", api.Args{Text: "重新找：日本的美食博主"})
	if got := stateString(b.snap.State); got != "followup_waiting/expanded_agent/results_ready" {
		t.Errorf("after a new task the state is %s, want followup_waiting/expanded_agent/results_ready", got)
	}
	var conds []string
	for _, c := range b.snap.Context.Conditions {
		conds = append(conds, fmt.Sprintf("%s=%v", c.Field, c.Value))
	}
	if got := strings.Join(conds, " "); got != "country=JP category=food" {
		t.Errorf("after a new task the conditions are %q, want %q", got, "country=JP category=food")
	}
	if !slices.Contains(b.actions(), "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01") {
		t.Errorf("the new task fired %v, want its search to finish with results", b.actions())
	}
}

// A request rewritten after a refusal is read whole: its link becomes the
// anchor, resolved, beside its other conditions.
func TestRewriteAfterRefusalKeepsItsLink(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我刷量"})
	if got := stateString(b.snap.State); got != "followup_waiting/expanded_repair/unsupported" {
		t.Fatalf("precondition: the request is refused, have %s", got)
	}
	b.send("followup.submit", api.Args{Text: "找和 " + agenttest.AnchorMany + " 类似的科技博主"})
	c := b.snap.Context
	if c.Anchor == nil || c.Anchor.Handle != "gadgetgrid" || c.Anchor.Resolution != "resolved_exact" {
		t.Errorf("after the rewrite the anchor is %+v, want @gadgetgrid resolved", c.Anchor)
	}
	if got := stateString(b.snap.State); got != "followup_waiting/expanded_agent/results_ready" {
		t.Errorf("after the rewrite the state is %s, want results", got)
	}
}

// Committing a keyword when the box holds MaxTags adds none.
func TestCommitStopsAtMaxTags(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	for i := range MaxTags {
		b.send("input.type", api.Args{Text: fmt.Sprintf("词%d", i)})
		b.send("input.commit", api.Args{})
	}
	if len(b.snap.Context.KeywordTags) != MaxTags {
		t.Fatalf("precondition: %d tags, have %d", MaxTags, len(b.snap.Context.KeywordTags))
	}
	b.send("input.type", api.Args{Text: "多一个"})
	_, err := b.try("input.commit", api.Args{})
	snap, _ := a.Snapshot(t.Context(), b.id, b.token)
	if n := len(snap.Context.KeywordTags); n != MaxTags {
		t.Errorf("committing a keyword at %d tags (err %v) left %d tags, want %d", MaxTags, err, n, MaxTags)
	}
}

// A follower bound of zero is refused with a notice, and the
// update_conditions step names the failed command and its error; the
// conditions stay as they were.
func TestZeroFollowerBoundIsRefused(t *testing.T) {
	a := newTestAgent(t)
	for _, in := range []string{"粉丝0以上", "粉丝 0 以下", "粉丝0"} {
		t.Run(in, func(t *testing.T) {
			b := newBox(t, a, "youtube", "zh")
			b.send("search.submit", api.Args{Text: "美国科技博主"})
			before := condsOf(b)
			b.send("followup.submit", api.Args{Text: in})
			if got := condsOf(b); got != before {
				t.Errorf("follow-up %q changed the conditions %q → %q", in, before, got)
			}
			if n := b.snap.Context.Notice; !strings.Contains(n, "粉丝需要大于 0 的数值") {
				t.Errorf("follow-up %q says %q, want it to say the count must be above 0", in, n)
			}
			_, det := stepsOf(t, b)
			d := det["update_conditions"]
			if got := string(d["failed"]); got != `["add_filter"]` {
				t.Errorf("update_conditions failed = %s, want [\"add_filter\"]", got)
			}
			if e := string(d["errors"]); !strings.Contains(e, "0") {
				t.Errorf("update_conditions errors = %s, want the refusal's reason", e)
			}
		})
	}
}

// A typed answer that names no option is quoted back in the notice whole
// up to 16 characters, and clipped with an ellipsis beyond.
func TestFreeAnswerQuotedUpToItsLimit(t *testing.T) {
	for _, tc := range []struct{ answer, quoted string }{
		{strings.Repeat("嗯", 16), strings.Repeat("嗯", 16)},
		{strings.Repeat("嗯", 17), strings.Repeat("嗯", 15) + "…"},
	} {
		b := newBox(t, newTestAgent(t), "youtube", "zh")
		b.send("search.submit", api.Args{Text: "帮我找 Instagram 上的美国美妆博主"})
		if b.snap.Slots.Question == nil {
			t.Fatalf("precondition: an open question, have %s", stateString(b.snap.State))
		}
		b.send("clarify.answer", api.Args{Text: tc.answer})
		if n := b.snap.Context.Notice; !strings.Contains(n, "「"+tc.quoted+"」") {
			t.Errorf("answer of %d characters: notice %q, want it to quote「%s」", len([]rune(tc.answer)), n, tc.quoted)
		}
	}
}

// TestToggleExcludeMarksResultsStale: excluding a keyword after a search
// marks the shown results stale (they no longer answer the query) until
// the search runs again.
func TestToggleExcludeMarksResultsStale(t *testing.T) {
	b := newBox(t, newTestAgent(t), "youtube", "zh")
	for _, kw := range []string{"科技", "评测"} {
		b.send("input.type", api.Args{Text: kw})
		b.send("input.commit", api.Args{})
	}
	b.send("search.submit", api.Args{})
	if b.snap.Results == nil || b.snap.Results.Stale || b.snap.Results.Total == 0 {
		t.Fatalf("precondition: fresh results after the search, have %+v", b.snap.Results)
	}
	before := b.snap.Results.Total
	tags := b.snap.Context.KeywordTags
	if len(tags) != 2 {
		t.Fatalf("precondition: two keyword tags, have %+v", tags)
	}
	b.send("tag.toggle_exclude", api.Args{TagID: tags[1].ID})
	if !b.snap.Context.KeywordTags[1].Excluded {
		t.Fatalf("tag %q is not excluded after tag.toggle_exclude: %+v", tags[1].Text, b.snap.Context.KeywordTags)
	}
	if b.snap.Results == nil || !b.snap.Results.Stale {
		t.Errorf("after excluding %q the %d shown results are not marked stale", tags[1].Text, before)
	}
	b.send("search.submit", api.Args{})
	if b.snap.Results == nil || b.snap.Results.Stale {
		t.Errorf("after searching again the results are still stale: %+v", b.snap.Results)
	}
	if b.snap.Results != nil && b.snap.Results.Total == before {
		t.Errorf("excluding %q did not change the results (%d before and after)", tags[1].Text, before)
	}
}
