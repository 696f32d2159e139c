package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/agent/agenttest"
	"searchagent/agent/sessions"
	"searchagent/api"
)

// TestSnapshotCarriesTheResultsEventsBytes: a turn that emits results
// encodes them once; the committed snapshot carries the results event's
// bytes, and it decodes to the same session as encoding the whole session
// would give. A turn without a results event encodes its results itself.
func TestSnapshotCarriesTheResultsEventsBytes(t *testing.T) {
	tests := []struct {
		name  string
		turns []api.EventRequest
	}{
		{"natural search", []api.EventRequest{{Event: "search.submit", Args: api.Args{Text: agenttest.NaturalZH}}}},
		{"anchor, next page", []api.EventRequest{{Event: "search.submit", Args: api.Args{Text: agenttest.AnchorMany}}, {Event: "results.sort", Args: api.Args{By: "followers"}}}},
		{"search, then typing (no results event)", []api.EventRequest{{Event: "search.submit", Args: api.Args{Text: "swim vest"}}, {Event: "input.type", Args: api.Args{Text: "swim"}}}},
	}
	a := newTestAgent(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newBox(t, a, "youtube", "zh")
			for _, r := range tc.turns {
				b.send(r.Event, r.Args)
			}
			rec, err := a.cfg.Sessions.Get(context.Background(), b.id)
			if err != nil {
				t.Fatal(err)
			}
			stored, err := a.decode(rec)
			if err != nil {
				t.Fatal(err)
			}
			var fields map[string]json.RawMessage
			if err := json.Unmarshal(rec.Snapshot, &fields); err != nil {
				t.Fatal(err)
			}
			last := tc.turns[len(tc.turns)-1]
			var resultsEvent json.RawMessage
			for _, e := range b.events {
				if e.Name == api.EventResults {
					resultsEvent = e.Data
				}
			}
			if resultsEvent != nil && !bytes.Equal(fields["results"], resultsEvent) {
				t.Errorf("after %s the snapshot's results are not the results event's bytes:\nsnapshot %.200s\nevent    %.200s", last.Event, fields["results"], resultsEvent)
			}
			if resultsEvent == nil && fields["results"] == nil {
				t.Fatalf("after %s the snapshot has no results", last.Event)
			}
			whole, err := json.Marshal(stored)
			if err != nil {
				t.Fatal(err)
			}
			again, err := a.decode(sessions.Record{Snapshot: whole})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(again, stored); diff != "" {
				t.Errorf("the stored snapshot decodes to another session than encoding it whole (-whole +stored):\n%s", diff)
			}
		})
	}
}

// searchedAndCached runs one search and returns the agent, the stored
// session record and the results cached for its next turn.
func searchedAndCached(t *testing.T) (*Agent, sessions.Record, decodedResults) {
	t.Helper()
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "en")
	b.send("search.submit", api.Args{Text: "swim vest"})
	rec, err := a.cfg.Sessions.Get(context.Background(), b.id)
	if err != nil {
		t.Fatal(err)
	}
	cached, ok := a.results.c.Get(b.id)
	if !ok {
		t.Fatal("the committed turn's results are not cached")
	}
	return a, rec, cached
}

// TestCachedResultsDecodeAsTheSnapshot: the next turn reads the results
// its session's last turn encoded from the cache (no second decoding),
// they equal decoding the stored snapshot, and marking them stale
// replaces them instead of changing the shared value.
func TestCachedResultsDecodeAsTheSnapshot(t *testing.T) {
	a, rec, cached := searchedAndCached(t)
	got, err := a.decode(rec)
	if err != nil {
		t.Fatal(err)
	}
	if got.Results != cached.results {
		t.Errorf("decode did not take the cached results")
	}
	var plain Session
	if err := json.Unmarshal(rec.Snapshot, &plain); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&plain, got); diff != "" {
		t.Errorf("decode with cached results differs from decoding the snapshot (-plain +cached):\n%s", diff)
	}
	got.markStale()
	if cached.results.Stale || !got.Results.Stale {
		t.Errorf("markStale: shared results stale %v, the session's %v; want the session's replaced by stale ones and the shared ones unchanged", cached.results.Stale, got.Results.Stale)
	}
}

// TestDecodeBesideTheCachedResults: a snapshot that ends with the cached
// results' bytes is decoded without reading them and equals decoding it
// whole; any other snapshot (other results, results encoded inside the
// session, no results, a results member in the rest) is not taken.
func TestDecodeBesideTheCachedResults(t *testing.T) {
	_, rec, cached := searchedAndCached(t)
	var whole Session
	if err := json.Unmarshal(rec.Snapshot, &whole); err != nil {
		t.Fatal(err)
	}
	other := *cached.results
	other.Total++
	otherRaw, _ := json.Marshal(&other)
	inside, _ := json.Marshal(&whole)
	noResults := whole
	noResults.Results = nil
	bare, _ := json.Marshal(&noResults)
	twice := append(bytes.TrimSuffix(bare, []byte("}")), []byte(`,"results":`+string(cached.raw)+`,"results":`+string(cached.raw)+`}`)...)
	tests := []struct {
		name string
		snap []byte
		want bool
	}{
		{"encoded beside the results event's bytes", rec.Snapshot, true},
		{"other results", append(bytes.TrimSuffix(bare, []byte("}")), []byte(`,"results":`+string(otherRaw)+`}`)...), false},
		{"results encoded with the session", inside, false},
		{"no results", bare, false},
		{"a results member in the rest", twice, false},
		{"too short", []byte(`}`), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := decodeBeside(tc.snap, cached)
			if ok != tc.want {
				t.Fatalf("decodeBeside(%.80s…) ok = %v, want %v", tc.snap, ok, tc.want)
			}
			if !ok {
				return
			}
			if got.Results != cached.results {
				t.Errorf("decodeBeside did not take the cached results")
			}
			if diff := cmp.Diff(&whole, got); diff != "" {
				t.Errorf("decodeBeside differs from decoding the snapshot whole (-whole +beside):\n%s", diff)
			}
		})
	}
}
