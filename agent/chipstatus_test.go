package agent

import (
	"encoding/json"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/condition"
)

// statusButton is the snapshot's condition.edit button that sets chip
// id's status, or nil.
func statusButton(snap api.Snapshot, id, status string) *api.AllowedAction {
	for i, act := range snap.Actions {
		if act.Event == "condition.edit" && act.Args != nil && act.Args.ConditionID == id && act.Args.Status == status {
			return &snap.Actions[i]
		}
	}
	return nil
}

func chipByID(snap api.Snapshot, id string) (contract.Condition, bool) {
	for _, c := range snap.Context.Conditions {
		if c.ID == id {
			return c, true
		}
	}
	return contract.Condition{}, false
}

// A filter chip can be kept for reference only, and made a filter again,
// from its own button (issue 31 item 1): the results widen and narrow
// with it, and the chip says manual.
func TestAChipTurnsReferenceAndBackToFilter(t *testing.T) {
	for _, tc := range []struct {
		name, locale, text, field, label string
	}{
		{"country zh", "zh", "找美国的美妆博主，粉丝一万以上", "country", "仅作参考「美国」"},
		{"followers en", "en", "US beauty creators with over 10k followers", "followers", "Use “Followers ≥ 10K” as a reference only"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBox(t, newTestAgent(t), "youtube", tc.locale)
			snap := b.send("search.submit", api.Args{Text: tc.text})
			var id string
			for _, c := range snap.Context.Conditions {
				if c.Field == tc.field && c.Status == condition.StatusApplied {
					id = c.ID
				}
			}
			if id == "" {
				t.Fatalf("conditions %+v: no applied %s chip", snap.Context.Conditions, tc.field)
			}
			btn := statusButton(snap, id, "reference")
			if btn == nil || btn.Label != tc.label {
				t.Fatalf("actions %+v: want the button %q", snap.Actions, tc.label)
			}
			before := snap.Results.Total
			ref := b.send(btn.Event, *btn.Args)
			c, _ := chipByID(ref, id)
			if c.Status != condition.StatusReference || c.Source != condition.SourceManual {
				t.Fatalf("chip after “reference only” = %+v: want reference, manual", c)
			}
			if ref.Results == nil || ref.Results.Total <= before {
				t.Errorf("results %d → %v: a reference must not filter", before, ref.Results)
			}
			back := statusButton(ref, id, "applied")
			if back == nil {
				t.Fatalf("actions %+v: no “make it a filter” button on the reference chip", ref.Actions)
			}
			again := b.send(back.Event, *back.Args)
			if c, _ := chipByID(again, id); c.Status != condition.StatusApplied {
				t.Errorf("chip after “make it a filter” = %+v: want applied", c)
			}
			if again.Results == nil || again.Results.Total != before {
				t.Errorf("results after filtering again = %v, want %d", again.Results, before)
			}
		})
	}
}

// A keyword that filters becomes a ranking term, and back.
func TestAKeywordFilterBecomesARankingTerm(t *testing.T) {
	b := newBox(t, newTestAgent(t), "youtube", "en")
	snap := b.send("search.submit", api.Args{Text: `US tech creators whose title must mention "review"`})
	var id string
	for _, c := range snap.Context.Conditions {
		if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied {
			id = c.ID
		}
	}
	if id == "" {
		t.Fatalf("conditions %+v: no keyword filter", snap.Context.Conditions)
	}
	btn := statusButton(snap, id, "reference")
	if btn == nil {
		t.Fatalf("actions %+v: no reference button on the keyword filter", snap.Actions)
	}
	after := b.send(btn.Event, *btn.Args)
	if c, _ := chipByID(after, id); c.Status != condition.StatusReference {
		t.Errorf("keyword chip = %+v: want a reference (ranking term)", c)
	}
	if statusButton(after, id, "") == nil && statusButton(after, id, "applied") == nil {
		t.Errorf("actions %+v: the ranking term offers no way back to a filter", after.Actions)
	}
}

// Status edits that cannot be are refused with the reason (zh and en:
// the error carries both) and change nothing.
func TestStatusEditsRefused(t *testing.T) {
	b := newBox(t, newTestAgent(t), "youtube", "zh")
	snap := b.send("search.submit", api.Args{Text: "找美国的美妆博主，粉丝一万以上"})
	var country string
	for _, c := range snap.Context.Conditions {
		if c.Field == "country" {
			country = c.ID
		}
	}
	for _, tc := range []struct {
		name string
		args api.Args
		want string
	}{
		{"unknown status", api.Args{ConditionID: country, Status: "maybe"}, "status must be applied"},
		{"status and value", api.Args{ConditionID: country, Status: "reference", Value: json.RawMessage(`"GB"`)}, "not both"},
		{"already a filter", api.Args{ConditionID: country, Status: "applied"}, "is already a filter"},
		{"no such chip", api.Args{ConditionID: "c99", Status: "reference"}, "no condition with this id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := b.try("condition.edit", tc.args)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one that says %q", err, tc.want)
			}
		})
	}
	if c, _ := chipByID(b.send("results.sort", api.Args{By: "followers"}), country); c.Status != condition.StatusApplied {
		t.Errorf("country chip after the refusals = %+v: want it unchanged", c)
	}
}
