package agent

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"searchagent/api"
)

// TestAliasExpansionIsVisible: a keyword widened with aliases says so in
// the results (labelled in the session's locale) and in the trace (issue 17:
// never silently).
func TestAliasExpansionIsVisible(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "en")
	snap := b.send("search.submit", api.Args{Text: "cooking"})
	if snap.Results == nil || len(snap.Results.Expansions) != 1 {
		t.Fatalf("search cooking: results %+v, want one expansion", snap.Results)
	}
	e := snap.Results.Expansions[0]
	if e.Keyword != "cooking" || !strings.HasPrefix(e.Label, "cooking · also matches food") {
		t.Errorf("expansion = %+v, want cooking · also matches food, …", e)
	}
	doc, err := a.Trace(context.Background(), b.id, b.token)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(doc)
	if !strings.Contains(string(raw), `"also_matches":["food"`) {
		t.Errorf("the trace does not show the expansion: %.400s…", raw)
	}
}

// TestSimilarItemsSayWhy: every similar channel carries its "why this
// match" reasons in the session's locale, and the trace says on what basis
// the anchor was matched.
func TestSimilarItemsSayWhy(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	snap := b.send("search.submit", api.Args{Text: "https://www.youtube.com/@gadgetgrid"})
	if snap.Results == nil || len(snap.Results.Items) == 0 {
		t.Fatalf("similar search: results %+v", snap.Results)
	}
	for _, it := range snap.Results.Items {
		if len(it.Reasons) == 0 {
			t.Errorf("%s has no reasons", it.Channel.Handle)
		}
	}
	if r := snap.Results.Items[0].Reasons[0]; !strings.Contains(r.Text, "：") {
		t.Errorf("first reason %+v is not in Chinese", r)
	}
	doc, err := a.Trace(context.Background(), b.id, b.token)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(doc)
	if !strings.Contains(string(raw), `"basis":{"code":"content"`) {
		t.Errorf("the trace does not say the basis: %.300s…", raw)
	}
}
