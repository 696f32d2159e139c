package agent

import (
	"strings"
	"testing"

	"searchagent/api"
)

// TestAFailedTurnKeepsItsTrace: a turn that fails commits nothing — the
// snapshot and its version stay — but its audit trail, with the error and
// the step that failed, is in GET …/trace, under its own turn number.
func TestAFailedTurnKeepsItsTrace(t *testing.T) {
	fs := &failingStore{}
	cfg := testConfig(t)
	fs.Store = cfg.Store
	cfg.Store = fs
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b := newBox(t, a, "youtube", "en")
	fs.set(true)
	if _, err := b.try("search.submit", api.Args{Text: "find camping review channels in the US"}); err == nil {
		t.Fatal("search.submit with the store down succeeded")
	}
	fs.set(false)
	snap, err := a.Snapshot(t.Context(), b.id, b.token)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Version != b.snap.Version {
		t.Errorf("the failed turn moved the version %d → %d", b.snap.Version, snap.Version)
	}
	failed := b.lastTrace()
	if failed.Event != "search.submit" || !strings.Contains(failed.Error, "connection refused") {
		t.Fatalf("last trace = turn %d %s error %q, want the failed search.submit with its error", failed.Turn, failed.Event, failed.Error)
	}
	retrieveFailed := false
	for _, st := range failed.Steps {
		if st.Step == api.StepRetrieve && !st.OK && strings.Contains(st.Error, "connection refused") {
			retrieveFailed = true
		}
	}
	if !retrieveFailed {
		t.Errorf("failed trace steps %+v lack the failed retrieve", failed.Steps)
	}
	b.send("search.submit", api.Args{Text: "find camping review channels in the US"})
	if next := b.lastTrace(); next.Turn != failed.Turn+1 || next.Error != "" {
		t.Errorf("the next turn's trace = turn %d error %q, want turn %d without error", next.Turn, next.Error, failed.Turn+1)
	}
}
