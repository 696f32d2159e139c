package agent

import (
	"encoding/json"
	"searchagent/tools/condition"
	"testing"

	. "searchagent/agent/agenttest"
	"searchagent/api"
)

func raw(v any) json.RawMessage { b, _ := json.Marshal(v); return b }

// Spec 5.3: chips and the filter panel change the same graph (source
// manual) and refresh in the same session; the classic filter panel
// re-searches without a chat (spec 3.3).
func TestManualEditsRefine(t *testing.T) {
	a := newTestAgent(t)

	t.Run("classic filter panel", func(t *testing.T) {
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "swim vest"})
		before := b.snap.Results.Total
		b.send("filter.set", api.Args{Field: "country", Op: "in", Value: raw([]string{"US"})})
		if got := stateString(b.snap.State); got != "committed_keyword/compact_classic/results_ready" {
			t.Errorf("classic filter landed in %s", got)
		}
		if b.snap.Results.Total > before || b.snap.Slots.TaskSummary != "" {
			t.Errorf("filter: %d → %d results, summary %q", before, b.snap.Results.Total, b.snap.Slots.TaskSummary)
		}
		if got := b.actions(); got[0] != "A_COMPACT_CLASSIC__FILTER_SET__RETRIEVING__03" {
			t.Errorf("filter.set fired %v", got)
		}
	})

	t.Run("edit and remove a chip", func(t *testing.T) {
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: NaturalZH})
		var followers string
		for _, c := range b.snap.Context.Conditions {
			if c.Field == "followers" {
				followers = c.ID
			}
		}
		if followers == "" {
			t.Fatalf("no followers chip in %+v", b.snap.Context.Conditions)
		}
		before := b.snap.Results.Total
		b.send("condition.edit", api.Args{ConditionID: followers, Value: raw(map[string]int{"min": 1000, "max": 100000})})
		var edited bool
		for _, c := range b.snap.Context.Conditions {
			if c.ID == followers && c.Source == condition.SourceManual && c.Label != "" {
				edited = true
			}
		}
		if !edited || b.snap.Results.Total < before || b.snap.Substate != "natural-results" {
			t.Errorf("edit: chip manual=%v, %d → %d results, %s", edited, before, b.snap.Results.Total, b.snap.Substate)
		}
		b.send("condition.remove", api.Args{ConditionID: followers})
		for _, c := range b.snap.Context.Conditions {
			if c.ID == followers {
				t.Error("removed chip is still there")
			}
		}
		if _, err := b.try("condition.edit", api.Args{ConditionID: followers, Value: raw(5)}); err == nil {
			t.Error("editing a removed condition succeeded")
		}
	})

	t.Run("bad filter values are 400", func(t *testing.T) {
		b := newBox(t, a, "youtube", "en")
		b.send("search.submit", api.Args{Text: "swim vest"})
		for _, args := range []api.Args{
			{Field: "followers", Op: "between", Value: raw(map[string]int{"min": 9, "max": 1})},
			{Field: "country", Op: "in", Value: raw([]string{"Atlantis"})},
			{Field: "height", Op: "gte", Value: raw(3)},
			{Field: "followers", Op: "gte"},
		} {
			if _, err := b.try("filter.set", args); err == nil {
				t.Errorf("filter.set %+v accepted", args)
			}
		}
	})

	t.Run("tag scope in the expanded box refines", func(t *testing.T) {
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "swim vest"})
		b.send("input.type", api.Args{Text: "只要美国的"})
		b.send("search.submit", api.Args{})
		id := b.snap.Context.KeywordTags[0].ID
		b.send("tag.set_scope", api.Args{TagID: id, Scope: "all"})
		if got := b.actions(); len(got) < 2 || got[0] != "A_RESULTS_READY__TAG_SET_SCOPE__REFINING__01" {
			t.Errorf("tag.set_scope fired %v", got)
		}
		if b.snap.Context.KeywordTags[0].Scope != "all" {
			t.Errorf("scope %s", b.snap.Context.KeywordTags[0].Scope)
		}
	})

	t.Run("sort and page", func(t *testing.T) {
		b := newBox(t, a, "youtube", "en")
		b.send("search.submit", api.Args{Text: AnchorMany})
		b.send("results.sort", api.Args{By: "followers"})
		items := b.snap.Results.Items
		for i := 1; i < len(items); i++ {
			if items[i].Channel.Followers > items[i-1].Channel.Followers {
				t.Fatalf("sort by followers: item %d has more followers than item %d", i, i-1)
			}
		}
		if b.snap.Results.Anchor == nil || b.snap.Results.NextCursor == "" {
			t.Fatalf("results %+v lack the pinned anchor or a next cursor", b.snap.Results)
		}
		first := items[0].Channel.Handle
		b.send("results.page", api.Args{Cursor: b.snap.Results.NextCursor})
		if b.snap.Results.Items[0].Channel.Handle == first || b.snap.State.Session != "results_ready" {
			t.Errorf("page 2 starts with %s (page 1 did too)", first)
		}
		if _, err := b.try("results.sort", api.Args{By: "random"}); err == nil {
			t.Error("an unknown sort was accepted")
		}
	})
}
