package agent

import (
	"testing"

	"searchagent/agent/fsm"
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
