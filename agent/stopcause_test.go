package agent

import (
	"context"
	"errors"
	"strings"
	"testing"

	"searchagent/api"
)

// TestStoppedTurnReportsWhy: a turn whose caller stops it with an *Error
// cause (the server at the end of its shutdown timeout) fails with that
// error, on the stream as in the answer, and commits nothing.
func TestStoppedTurnReportsWhy(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "en")
	why := &Error{Kind: ErrUnavailable, Code: "unavailable", Message: "the service is restarting"}
	ctx, cancel := context.WithCancelCause(context.Background())
	var events []api.StreamEvent
	_, err := a.Handle(ctx, b.id, b.token, api.EventRequest{Event: "search.submit", Args: api.Args{Text: "swim vest"}}, func(e api.StreamEvent) error {
		if e.Name == api.EventTurnStarted {
			cancel(why)
		}
		events = append(events, e)
		return nil
	})
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Handle = %v, want the stop cause (ErrUnavailable)", err)
	}
	var sawError bool
	for _, e := range events {
		if e.Name == api.EventTurnError {
			sawError = true
			if !strings.Contains(string(e.Data), `"code":"unavailable"`) {
				t.Errorf("turn.error = %s, want code unavailable", e.Data)
			}
		}
	}
	if !sawError {
		t.Errorf("no turn.error among %d events", len(events))
	}
	snap, err := a.Snapshot(context.Background(), b.id, b.token)
	if err != nil || snap.Version != 1 {
		t.Errorf("after the stopped turn: version %d, %v; want 1 (nothing committed)", snap.Version, err)
	}
}
