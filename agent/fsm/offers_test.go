package fsm

import (
	"searchagent/tools/states"
	"slices"
	"testing"
)

// TestOffer: an event is offered only when a row of it starts here and a
// plausible click passes its guard, and the offered row is the one the
// current context fires when that is known.
func TestOffer(t *testing.T) {
	reg := Default()
	repair := State{Input: states.FollowupWaiting, Container: states.ExpandedRepair, Session: states.EmptyRepair}
	classicIdle := State{Input: states.EmptyInput, Container: states.CompactClassic, Session: states.Idle}
	cases := []struct {
		name  string
		state State
		event Event
		facts Facts
		want  string // "" = not offered
	}{
		{"fix URL after no results (no link)", repair, RepairFixURL, Facts{RepairReason: states.RepairNoResults}, ""},
		{"fix URL after an invalid link", repair, RepairFixURL, Facts{RepairReason: states.RepairURLInvalid}, "A_REPAIR_FIX_URL"},
		{"replace the anchor with no anchor", repair, RepairReplaceAnchor, Facts{RepairReason: states.RepairNoResults}, ""},
		{"dismiss the hint in a repair", repair, HintDismissLowRecall, Facts{RepairReason: states.RepairNoResults}, ""},
		{"switch to words without text", repair, RepairSwitchToNL, Facts{RepairReason: states.RepairNoResults}, "A_REPAIR_SWITCH_TO_NL"},
		{"delete a tag when there is none", State{Input: states.CommittedAnchor, Container: states.CompactClassic, Session: states.ResultsReady}, TagDelete, Facts{HasAnchor: true}, ""},
		{"delete the last tag, anchor kept", State{Input: states.CommittedKeyword, Container: states.CompactClassic, Session: states.ResultsReady}, TagDelete, Facts{Tags: 1, HasAnchor: true}, "A_COMMITTED_KEYWORD__TAG_DELETE__COMMITTED_ANCHOR__02"},
		{"search from a blank box: a typed keyword", classicIdle, SearchSubmit, Facts{}, "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_CLASSIC__01"},
		{"search a natural draft next to an anchor", State{Input: states.DraftKeyword, Container: states.CompactClassic, Session: states.ResultsReady}, SearchSubmit, Facts{HasAnchor: true, Draft: ShapeNatural}, "A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__09"},
		{"commit a sentence as a keyword", State{Input: states.DraftKeyword, Container: states.CompactClassic, Session: states.ResultsReady}, InputCommit, Facts{HasAnchor: true, Draft: ShapeNatural}, ""},
		{"sort without results", State{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.ResultsReady}, ResultsSort, Facts{}, ""},
		{"next page when there is one", State{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.ResultsReady}, ResultsPage, Facts{HasResults: true, MoreResults: true}, "A_RESULTS_READY__RESULTS_PAGE__RESULTS_READY__01"},
		{"answer with no question", State{Input: states.FollowupWaiting, Container: states.ExpandedClarifying, Session: states.Clarifying}, ClarifyAnswer, Facts{}, ""},
		{"a system event is never offered", State{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Retrieving}, SysResults, Facts{}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := ""
			if a := reg.Offer(tc.state, tc.event, tc.facts); a != nil {
				got = a.ID
			}
			if got != tc.want {
				t.Errorf("Offer(%s, %s, %+v) = %q, want %q", tc.state, tc.event, tc.facts, got, tc.want)
			}
		})
	}
}

// TestOffersKept: the offers the registry keeps are the ones it computes,
// for every state and a spread of facts (each bool flipped alone and
// with the others, tag counts, drafts, repairs), asked twice (computed,
// then kept); and a caller changing its answer changes no later one.
func TestOffersKept(t *testing.T) {
	reg := NewRegistry(table())
	var facts []Facts
	for bits := range 1 << 5 {
		for _, tags := range []int{0, 2} {
			for _, draft := range []Shape{ShapeNone, ShapeNatural} {
				facts = append(facts, Facts{Tags: tags, Draft: draft, DraftHasURL: draft == ShapeURL,
					HasAnchor: bits&1 != 0, HasResults: bits&2 != 0, MoreResults: bits&4 != 0,
					PendingQuestion: bits&8 != 0, OnlyExplicit: bits&16 != 0, Relaxable: bits&16 == 0,
					TagIsLast: tags == 1, RepairReason: []states.RepairReason{states.RepairNone, states.RepairNoResults, states.RepairURLInvalid}[bits%3]})
			}
		}
	}
	offered := 0
	for _, i := range states.Inputs {
		for _, c := range states.Containers {
			for _, s := range states.Sessions {
				st := State{Input: i, Container: c, Session: s}
				for _, f := range facts {
					want := reg.offersOf(st, f)
					offered += len(want)
					for round := range 2 {
						if got := reg.Offers(st, f); !slices.Equal(got, want) {
							t.Fatalf("%s %+v, round %d: %d offers, want %d", st, f, round, len(got), len(want))
						}
					}
				}
			}
		}
	}
	if offered == 0 {
		t.Fatal("nothing offered: the test compares nothing")
	}
	if n := reg.offersN.Load(); n != offersCap {
		t.Errorf("the registry kept %d answers, want its bound %d", n, offersCap)
	}
	st, f := State{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.ResultsReady}, Facts{HasResults: true, MoreResults: true}
	first := reg.Offers(st, f)
	if len(first) == 0 {
		t.Fatal("no offers in results_ready: the check tests nothing")
	}
	first[0] = nil
	if again := reg.Offers(st, f); again[0] == nil {
		t.Error("a caller's change of its offers reached the next caller")
	}
}
