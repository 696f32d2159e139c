package agent

import (
	"testing"

	"searchagent/agent/agenttest"
	"searchagent/tools/states"
)

// TestCatalogueReachable drives the scripted sessions through the
// executor and checks that all 39 sub-states of seed 000 §8.1 are reached,
// transient ones as transition events.
func TestCatalogueReachable(t *testing.T) {
	a := newTestAgent(t)
	seen := map[string]string{}
	for _, sc := range agenttest.Catalogue {
		b := newBox(t, a, sc.Platform, sc.Locale)
		seen[b.snap.Substate] = sc.Name
		for _, st := range sc.Steps {
			b.send(st.Event, st.Args)
			for _, sub := range b.substates() {
				if _, ok := seen[sub]; !ok {
					seen[sub] = sc.Name + " / " + st.Event
				}
			}
			seen[b.snap.Substate] = sc.Name
			if b.snap.Scene == "" || b.snap.Substate == "" {
				t.Errorf("%s / %s: snapshot without scene or sub-state", sc.Name, st.Event)
			}
			if info, ok := states.Lookup(b.snap.Substate); !ok || string(info.Scene) != b.snap.Scene {
				t.Errorf("%s / %s: snapshot scene %q does not own sub-state %q", sc.Name, st.Event, b.snap.Scene, b.snap.Substate)
			}
		}
	}
	for _, s := range states.Catalogue {
		if _, ok := seen[s.ID]; !ok {
			t.Errorf("sub-state %s (%s) is never reached", s.ID, s.ZH)
		}
	}
}
