package agent

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/agent/agenttest"
	"searchagent/api"
)

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
