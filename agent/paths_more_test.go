package agent

import (
	"testing"

	. "searchagent/agent/agenttest"
	"searchagent/api"
)

func tagTexts(s api.Snapshot) []string {
	var out []string
	for _, t := range s.Context.KeywordTags {
		out = append(out, t.Text)
	}
	return out
}

// Seed 000 §6.7: back to classic only when no question is open, no repair
// is in progress and only explicit tags and/or one anchor remain; the
// tags stay, the agent layer goes.
func TestFallbackToClassic(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "swim vest"})
	b.send("agent.upgrade", api.Args{})
	if b.snap.State.Container != "expanded_agent" {
		t.Fatalf("upgrade landed in %s", stateString(b.snap.State))
	}
	b.send("agent.fallback_to_classic", api.Args{})
	if got := stateString(b.snap.State); got != "committed_keyword/compact_classic/results_ready" || b.snap.Substate != "keyword-committed" {
		t.Errorf("fallback landed in %s (%s)", got, b.snap.Substate)
	}
	if tags := tagTexts(b.snap); len(tags) != 1 || tags[0] != "swim vest" {
		t.Errorf("tags after fallback %v, want [swim vest]", tags)
	}
	if b.snap.Slots.TaskSummary != "" || b.snap.Slots.Question != nil {
		t.Errorf("classic box shows agent slots: %+v", b.snap.Slots)
	}
}

// Seed 000 §6.8: a failed URL never drops the keywords, whichever repair
// the user takes.
func TestURLFailureKeepsKeywords(t *testing.T) {
	a := newTestAgent(t)
	for _, repair := range []Step{
		E("A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS"),
		T("A_REPAIR_SWITCH_TO_NL", "美国的，粉丝 1w+"),
		E("A_REPAIR_FIX_URL", api.Args{URL: AnchorMany}),
	} {
		t.Run(repair.Event, func(t *testing.T) {
			b := newBox(t, a, "youtube", "zh")
			b.send("input.type", api.Args{Text: "swim vest"})
			b.send("input.commit", api.Args{})
			b.send("search.submit", api.Args{Text: AnchorUnknown})
			if b.snap.Substate != "repair-invalid" || b.snap.Context.RepairReason != "url_invalid" {
				t.Fatalf("URL failure landed in %s (%s)", b.snap.Substate, b.snap.Context.RepairReason)
			}
			b.send(repair.Event, repair.Args)
			if tags := tagTexts(b.snap); len(tags) == 0 || tags[0] != "swim vest" {
				t.Errorf("after %s the keywords are %v", repair.Event, tags)
			}
		})
	}
}

// Seed 000 §6.9: few similar channels keep results_ready and the current
// container, with the hint; only the hint opens the repair, and a
// successful repair lands with source_stage=post_repair (§5.4).
func TestLowRecallNeverAutoExpands(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "en")
	b.send("search.submit", api.Args{Text: AnchorFew})
	s := b.snap
	if s.State.Container != "compact_classic" || s.State.Session != "results_ready" || !s.Context.RepairHintVisible ||
		s.Context.RepairReason != "low_recall" || s.Results == nil || !s.Results.LowRecall || s.Results.Total == 0 || s.Slots.RepairHint == nil {
		t.Fatalf("low recall: %s %+v hint=%v results=%+v", stateString(s.State), s.Context, s.Slots.RepairHint, s.Results)
	}
	if s.Results.Anchor == nil || s.Results.Anchor.Handle != "oldironrevival" {
		t.Errorf("anchor not pinned: %+v", s.Results.Anchor)
	}
	for _, it := range s.Results.Items {
		if it.Channel.Handle == "oldironrevival" {
			t.Error("the anchor is ranked among its similar channels")
		}
	}
	b.send("A_HINT_OPEN_REPAIR_LOW_RECALL", api.Args{})
	if len(b.snap.Slots.RepairOptions) == 0 {
		t.Fatal("the opened low-recall repair offers no options")
	}
	b.send("A_REPAIR_EXPAND_RECALL_SCOPE", api.Args{})
	if b.snap.Context.SourceStage != "post_repair" || b.snap.State.Session != "results_ready" {
		t.Errorf("after the repair: %s source_stage=%q", stateString(b.snap.State), b.snap.Context.SourceStage)
	}
	if b.snap.Results.Total <= s.Results.Total {
		t.Errorf("widening recall gave %d results, had %d", b.snap.Results.Total, s.Results.Total)
	}
}

// Spec 6.2: an empty result offers 1-3 repairs, each from a real re-count.
func TestEmptyRepairOptionsAreRealCounts(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "instagram", "zh")
	b.send("search.submit", api.Args{Text: NaturalEmpty})
	opts := b.snap.Slots.RepairOptions
	if n := len(opts); n < 1 || n > 3 {
		t.Fatalf("%d repair options: %+v", n, opts)
	}
	var relaxes int
	for _, o := range opts {
		if o.ActionID == "A_REPAIR_EXPAND_RECALL_SCOPE" {
			relaxes++
		}
	}
	if relaxes == 0 {
		t.Fatalf("no relaxation among %+v", opts)
	}
	// Taking the first relaxation yields exactly the count it promised.
	var rel Relaxation
	{
		_, s, err := a.load(t.Context(), b.id, b.token)
		if err != nil || len(s.Relaxations) == 0 {
			t.Fatalf("session has no relaxations (%v)", err)
		}
		rel = s.Relaxations[0]
	}
	b.send("A_REPAIR_EXPAND_RECALL_SCOPE", api.Args{ConditionID: rel.ConditionID})
	if b.snap.Results == nil || b.snap.Results.Total != rel.Count {
		t.Errorf("relaxing %s promised %d results, got %+v", rel.ConditionID, rel.Count, b.snap.Results)
	}
}
