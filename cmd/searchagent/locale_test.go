package main

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"testing"
	"time"
	"unicode"

	"searchagent/api"
)

// hasHan reports whether s has a Chinese character.
func hasHan(s string) bool {
	return slices.ContainsFunc([]rune(s), func(r rune) bool { return unicode.Is(unicode.Han, r) })
}

// patchLocale sends PATCH /v1/sessions/{id} {"locale"} and returns the
// status and body.
func (c *client) patchLocale(locale string) (int, []byte) {
	c.t.Helper()
	resp, b := do(c.t, "PATCH", c.base+"/v1/sessions/"+c.id, api.UpdateSessionRequest{Locale: locale}, map[string]string{"X-Session-Token": c.token})
	if resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(b, &c.snap); err != nil {
			c.t.Fatal(err)
		}
	}
	return resp.StatusCode, b
}

// TestLocaleSwitchKeepsTheSession is issue 31 item 3: switching zh/en is
// a session setting (PATCH /v1/sessions/{id}), not a new session. The
// session keeps its conditions (same ids and values), its results (same
// channels, same total) and its state; the chips, slots, buttons and
// result reasons come back in the new locale; other readers of the
// session's stream see the change as one committed turn.
func TestLocaleSwitchKeepsTheSession(t *testing.T) {
	srv := apiServer(t)
	c := newClient(t, srv.URL, "youtube", "zh")
	c.send("search.submit", api.Args{Text: "找英国的健身博主，最近三个月有更新，粉丝一万以上"})
	before := c.snap
	if before.Results == nil || before.Results.Total == 0 || len(before.Context.Conditions) < 3 {
		t.Fatalf("the zh search found %v with conditions %v; the test needs results and conditions", before.Results, before.Context.Conditions)
	}
	if !hasHan(before.Slots.Status.Text) {
		t.Fatalf("zh status %q has no Chinese", before.Slots.Status.Text)
	}
	lastSeq := int64(0)
	for _, e := range c.evs {
		lastSeq = max(lastSeq, e.Seq)
	}

	// Another reader follows the session from the last committed event.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/v1/sessions/"+c.id+"/stream?token="+c.token+"&lastEventId="+strconv.FormatInt(lastSeq, 10), nil)
	stream, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()

	if code, b := c.patchLocale("en-US"); code != http.StatusOK {
		t.Fatalf("PATCH locale en-US = %d %s", code, b)
	}
	after := c.snap
	if after.SessionID != before.SessionID || after.Locale != "en" || after.Turn != before.Turn+1 || after.Version != before.Version+1 {
		t.Errorf("after the switch: session %s locale %s turn %d version %d, want %s en %d %d",
			after.SessionID, after.Locale, after.Turn, after.Version, before.SessionID, before.Turn+1, before.Version+1)
	}
	if after.State != before.State || after.Substate != before.Substate {
		t.Errorf("state %v/%s, want it unchanged %v/%s", after.State, after.Substate, before.State, before.Substate)
	}
	if len(after.Context.Conditions) != len(before.Context.Conditions) {
		t.Fatalf("conditions %v, want the same %d as before", after.Context.Conditions, len(before.Context.Conditions))
	}
	for i, c := range after.Context.Conditions {
		b := before.Context.Conditions[i]
		if c.ID != b.ID || c.Field != b.Field || c.Op != b.Op {
			t.Errorf("condition %d = %s %s %s, want %s %s %s", i, c.ID, c.Field, c.Op, b.ID, b.Field, b.Op)
		}
		if hasHan(c.Label) {
			t.Errorf("condition %s label %q is not English", c.ID, c.Label)
		}
	}
	if after.Results == nil || after.Results.Total != before.Results.Total || len(after.Results.Items) != len(before.Results.Items) {
		t.Fatalf("results after the switch %v, want the same %d", after.Results, before.Results.Total)
	}
	for i, it := range after.Results.Items {
		if it.Channel.Key() != before.Results.Items[i].Channel.Key() {
			t.Errorf("result %d = %s, want %s (same results)", i, it.Channel.Key(), before.Results.Items[i].Channel.Key())
		}
	}
	if s := after.Slots.Status.Text; s == "" || hasHan(s) {
		t.Errorf("status after the switch %q, want English", s)
	}
	if hasHan(after.Slots.TaskSummary) {
		t.Errorf("task summary %q, want English", after.Slots.TaskSummary)
	}
	for _, a := range after.Actions {
		if hasHan(a.Label) {
			t.Errorf("button %q (%s) is not English", a.Label, a.Event)
		}
	}

	// The stream reader got the change as a committed turn.
	evs := readSSE(t, stream.Body, 1000)
	var names []string
	for _, e := range evs {
		names = append(names, e.name)
		if e.name == api.EventTurnDone {
			break
		}
	}
	if len(names) == 0 || names[0] != api.EventTurnStarted || names[len(names)-1] != api.EventTurnDone || !slices.Contains(names, api.EventSlots) {
		t.Errorf("the stream saw %v, want turn.started … slots … turn.done", names)
	}
	var started api.TurnStarted
	if len(evs) > 0 {
		_ = json.Unmarshal([]byte(evs[0].data), &started)
	}
	if started.Event != api.TurnSessionUpdate {
		t.Errorf("turn.started event %q, want %q", started.Event, api.TurnSessionUpdate)
	}

	// Back to zh; a follow-up still refines the same search.
	if code, b := c.patchLocale("zh"); code != http.StatusOK || !hasHan(c.snap.Slots.Status.Text) {
		t.Fatalf("PATCH locale zh = %d %s", code, b)
	}
	c.send("followup.submit", api.Args{Text: "只要粉丝 5 万以上的"})
	if c.snap.Results == nil || c.snap.Results.Total > before.Results.Total {
		t.Errorf("the follow-up after two switches found %v, want at most the %d of the first search", c.snap.Results, before.Results.Total)
	}

	for _, bad := range []string{"fr", "english", ""} {
		code, b := c.patchLocale(bad)
		var eb api.ErrorBody
		_ = json.Unmarshal(b, &eb)
		if code != http.StatusBadRequest || eb.Error.Code != "bad_locale" {
			t.Errorf("PATCH locale %q = %d %s, want 400 bad_locale", bad, code, b)
		}
	}
	resp, b := do(t, "PATCH", srv.URL+"/v1/sessions/"+c.id, api.UpdateSessionRequest{Locale: "en"}, nil)
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("PATCH without the token = %d %s, want 401", resp.StatusCode, b)
	}
}
