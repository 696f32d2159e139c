package agent

import (
	"testing"

	"searchagent/api"
	"searchagent/tools/urlresolve"
)

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
