package agent

import (
	"testing"

	"searchagent/api"
	"searchagent/render"
)

// TestKeywordRepairOffersTheScopesWithHits is issue 31 item 5: a keyword
// with no hits in its scope (tags) is offered the narrowest field that has
// hits, with its count, and every field ("从全部来源" / all sources) when
// that finds more; choosing one gives the promised count. In the repair
// the tag's words can be edited, which searches again.
func TestKeywordRepairOffersTheScopesWithHits(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "beginners"})
	if b.snap.Substate != "repair-empty" {
		t.Fatalf("beginners (in no channel's tags) landed in %s, want repair-empty", b.snap.Substate)
	}
	s := mustSession(t, a, b)
	counts := map[string]int{}
	for _, r := range s.Relaxations {
		if r.Change == render.RelaxScope {
			counts[string(r.Scope)] = r.Count
		}
	}
	if counts["description"] == 0 || counts["all"] <= counts["description"] || len(counts) != 2 {
		t.Fatalf("scope repairs %v, want the narrowest field with hits (description) and all sources with more", counts)
	}
	var all api.AllowedAction
	for _, x := range b.snap.Actions {
		if x.Event == "A_REPAIR_EXPAND_RECALL_SCOPE" && x.Args != nil && x.Args.Scope == "all" {
			all = x
		}
	}
	if all.Args == nil {
		t.Fatalf("no all-sources button among %v", b.actions())
	}
	b.send(all.Event, *all.Args)
	if b.snap.Results == nil || b.snap.Results.Total != counts["all"] {
		t.Errorf("all sources gave %v, want the promised %d", b.snap.Results, counts["all"])
	}

	r := newBox(t, a, "youtube", "en")
	r.send("search.submit", api.Args{Text: "beginners"})
	tag := r.snap.Context.KeywordTags[0].ID
	r.send("tag.edit", api.Args{TagID: tag})
	r.send("tag.edit_submit", api.Args{TagID: tag, Text: "camping"})
	if r.snap.Results == nil || r.snap.Results.Total == 0 || r.snap.Context.KeywordTags[0].Text != "camping" {
		t.Errorf("editing the tag in the repair: tags %v, results %v; want camping searched", r.snap.Context.KeywordTags, r.snap.Results)
	}
}
