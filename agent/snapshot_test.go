package agent

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/tools/condition"
)

// TestStoredSnapshotOfStringConditionsStillDecodes: a session stored before
// Cond and Tag used tools/condition's types (testdata/
// snapshot_string_conditions.json, written by the agent of commit 2221852
// after a first search, a follow-up and a filter.set) decodes into the typed
// fields, encodes back to the same bytes, and takes the next turn.
func TestStoredSnapshotOfStringConditionsStillDecodes(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "snapshot_string_conditions.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s Session
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatalf("decode the stored snapshot: %v", err)
	}
	type node struct {
		kind   condition.Kind
		op     condition.Op
		source condition.Source
		status condition.Status
	}
	want := []node{
		{condition.KindHard, condition.OpEq, condition.SourceUserInput, condition.StatusApplied},
		{condition.KindHard, condition.OpEq, condition.SourceUserInput, condition.StatusApplied},
		{condition.KindHard, condition.OpBetween, condition.SourceUserInput, condition.StatusApplied},
		{condition.KindHard, condition.OpWithinDays, condition.SourceUserInput, condition.StatusApplied},
		{condition.KindHard, condition.OpNotIn, condition.SourceUserInput, condition.StatusApplied},
		{condition.KindSoft, condition.OpPrefer, condition.SourceUserInput, condition.StatusReference},
		{condition.KindHard, condition.OpGte, condition.SourceUserInput, condition.StatusApplied},
		{condition.KindHard, condition.OpIn, condition.SourceManual, condition.StatusApplied},
	}
	if len(s.Conds) != len(want) {
		t.Fatalf("decoded %d conditions, want %d", len(s.Conds), len(want))
	}
	for i, c := range s.Conds {
		if got := (node{c.Kind, c.Op, c.Source, c.Status}); got != want[i] {
			t.Errorf("condition %s decoded as %+v, want %+v", c.ID, got, want[i])
		}
	}
	if len(s.Tags) != 1 || s.Tags[0].Source != condition.SourceUserInput || !s.Tags[0].Ranks() {
		t.Errorf("tags decoded as %+v, want one ranking term from user_input", s.Tags)
	}
	again, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(raw) {
		t.Errorf("the typed session encodes differently from the stored snapshot:\nstored: %s\nnow:    %s", raw, again)
	}

	// The stored session takes the next turn through the store.
	a := newTestAgent(t)
	ctx := context.Background()
	token := randomHex(8)
	if _, err := a.cfg.Sessions.Create(ctx, sessions.Record{ID: s.ID, TokenHash: hashToken(token), Platform: string(s.Platform), Locale: s.Locale, Snapshot: raw}); err != nil {
		t.Fatal(err)
	}
	b := &box{t: t, a: a, id: s.ID, token: token}
	snap := b.send("followup.submit", api.Args{Text: "去掉平均播放量的要求"})
	for _, c := range snap.Context.Conditions {
		if c.Field == "avg_views" {
			t.Errorf("after removing the average-views limit the conditions still hold %+v", c)
		}
	}
	if got := mustSession(t, a, b); len(got.Conds) != len(want)-1 {
		t.Errorf("after the turn the stored session has %d conditions, want %d", len(got.Conds), len(want)-1)
	}
}
