package agent

import (
	"slices"
	"testing"

	"searchagent/agent/modelpath"
	"searchagent/api"
	"searchagent/router"
	"searchagent/tools/llm/llmtest"
	"searchagent/tools/store"
	"searchagent/tools/taxonomy"
	"searchagent/tools/urlresolve"
)

// TestNoNextCursorAfterTheLastFullPage: paging a result set whose size
// is an exact multiple of the page size ends on a full last page without
// next_cursor: no phantom empty page.
func TestNoNextCursorAfterTheLastFullPage(t *testing.T) {
	st := demoStore(t)
	keyword, total := "", 0
probe:
	for _, term := range taxonomy.Categories.Terms() {
		for _, w := range append([]string{term.ZH}, term.Aliases...) {
			n, err := st.Count(t.Context(), store.CountQuery{Platform: "youtube", Keywords: []store.Keyword{{Text: w}}})
			if err != nil {
				t.Fatal(err)
			}
			if n >= 2*store.DefaultLimit && n <= 10*store.DefaultLimit && n%store.DefaultLimit == 0 {
				keyword, total = w, n
				break probe
			}
		}
	}
	if keyword == "" {
		t.Fatalf("precondition: no category keyword on youtube matches a multiple of %d channels; pick another probe", store.DefaultLimit)
	}
	b := newBox(t, newTestAgent(t), "youtube", "zh")
	b.send("input.type", api.Args{Text: keyword})
	b.send("input.commit", api.Args{})
	b.send("search.submit", api.Args{})
	if b.snap.Results == nil || b.snap.Results.Total != total {
		t.Fatalf("precondition: %q matches %d channels in the store, the search shows %+v", keyword, total, b.snap.Results)
	}
	seen := len(b.snap.Results.Items)
	for pages := 1; b.snap.Results.NextCursor != ""; pages++ {
		if pages > total/store.DefaultLimit {
			t.Fatalf("page %d offered after %d of %d results: next_cursor %q leads past the end", pages+1, seen, total, b.snap.Results.NextCursor)
		}
		b.send("results.page", api.Args{Cursor: b.snap.Results.NextCursor})
		if len(b.snap.Results.Items) == 0 {
			t.Fatalf("next_cursor led to an empty page after %d of %d results", seen, total)
		}
		seen += len(b.snap.Results.Items)
	}
	if seen != total {
		t.Errorf("paging showed %d of %d results", seen, total)
	}
}

// TestClassifiedFollowupSlotsByTheModel: with the slots stage on, the
// model words the slots of a turn whose reading involved it: a follow-up
// the rules leave to the classifier gets model slots; a search the
// deterministic stages read gets template slots and no model call.
func TestClassifiedFollowupSlotsByTheModel(t *testing.T) {
	srv := llmtest.New(t)
	srv.Respond(func(req llmtest.ChatRequest) llmtest.Reply {
		if req.SchemaName() == "classifier" {
			return llmtest.Reply{Content: `{"spec_id":"recall.widen","slots":[],"confidence":0.8,"reason":"more of the same"}`}
		}
		return llmtest.Reply{Content: echoDraft(req)}
	})
	cfg := testConfig(t)
	mp := testModelPathAt(t, srv.BaseURL(), modelpath.Stages{Classifier: true, Slots: true})
	r, err := router.Default(router.WithClassifier(mp.Classifier()))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Router, cfg.ModelPath = r, mp
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b := newBox(t, a, "youtube", "en")
	for _, tc := range []struct {
		event, text string
		source      string
		schemas     []string // the model requests of the turn
	}{
		{"search.submit", "find camping review channels in the US", modelpath.SourceTemplate, nil},
		{"followup.submit", "more like this", modelpath.SourceModel, []string{"classifier", "slot_texts"}},
	} {
		before := len(srv.Requests())
		b.send(tc.event, api.Args{Text: tc.text})
		var schemas []string
		for _, r := range srv.Requests()[before:] {
			s := r.Body.SchemaName()
			schemas = append(schemas, s)
		}
		tr := b.lastTrace()
		if tr.Contract == nil || tr.Contract.Source != tc.source || !slices.Equal(schemas, tc.schemas) {
			t.Errorf("%s(%q): slots from %+v after the model requests %q, want %s after %q", tc.event, tc.text, tr.Contract, schemas, tc.source, tc.schemas)
		}
	}
}

// TestAnchorLinkIsShownCanonical: a channel link typed with another host,
// case, path or tracking parameters is pinned as the canonical URL of the
// channel it names.
func TestAnchorLinkIsShownCanonical(t *testing.T) {
	a := newTestAgent(t)
	const want = "https://www.youtube.com/@gadgetgrid"
	for _, tc := range []struct{ locale, text string }{
		{"en", "https://m.youtube.com/@GadgetGrid/videos?si=abc"},
		{"zh", "youtube.com/@gadgetgrid/"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.text})
		an := b.snap.Context.Anchor
		if an == nil || an.Resolution != string(urlresolve.StateExact) || an.URL != want {
			t.Errorf("search.submit(%q) pins %+v, want %s resolved", tc.text, an, want)
		}
	}
}

// TestSortByTheOtherSearchKind: the sort a results list offers depends on
// the search: around an anchor "relevance" is the similarity to it, and
// without one "similarity" is the keyword relevance; the results say
// which order they are in.
func TestSortByTheOtherSearchKind(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ text, by, want string }{
		{"https://www.youtube.com/@gadgetgrid", "relevance", "similarity"},
		{"https://www.youtube.com/@gadgetgrid", "followers", "followers"},
		{"find camping review channels in the US", "similarity", "relevance"},
		{"帮我找美国做露营评测的博主", "followers", "followers"},
	} {
		b := newBox(t, a, "youtube", "en")
		b.send("search.submit", api.Args{Text: tc.text})
		b.send("results.sort", api.Args{By: tc.by})
		if r := b.snap.Results; r == nil || r.Sort != tc.want || len(r.Items) == 0 {
			t.Errorf("after search.submit(%q), results.sort(%s) gives %+v, want results sorted by %s", tc.text, tc.by, r, tc.want)
		}
	}
}

// TestSourceStageSaysWhereResultsCameFrom: results of a first search are
// first_round and those of a follow-up followup; only a repair makes them
// post_repair (contract 4.3).
func TestSourceStageSaysWhereResultsCameFrom(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ locale, search, followup string }{
		{"zh", "帮我找美国做露营评测的博主", "不要游戏"},
		{"en", "find camping review channels in the US", "no gaming"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.search})
		if got := b.snap.Context.SourceStage; got != StageFirstRound || b.snap.State.Session != "results_ready" {
			t.Errorf("search.submit(%q): source_stage %q in %s, want first_round in results_ready", tc.search, got, stateString(b.snap.State))
		}
		b.send("followup.submit", api.Args{Text: tc.followup})
		if got := b.snap.Context.SourceStage; got != StageFollowup || b.snap.State.Session != "results_ready" {
			t.Errorf("followup.submit(%q): source_stage %q in %s, want followup in results_ready", tc.followup, got, stateString(b.snap.State))
		}
	}
}
