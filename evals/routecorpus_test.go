package evals

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"searchagent/agent/fsm"
	"searchagent/router"
)

// The route suites (held-out ones aside) give every spec at least five
// cases in Chinese and five in English, reach every resting state that
// takes a follow-up, and hold at least 40 ambiguous cases (issue 30 item
// 1: 407 of 440 cases were in one state, 3 ambiguous, 6 intents had one
// case).
func TestRouteCasesCoverIntentsStatesAndAmbiguity(t *testing.T) {
	suites, err := LoadPaths("suites/route")
	if err != nil {
		t.Fatal(err)
	}
	perSpec := map[string]map[string]int{}
	states := map[string]int{}
	ambiguous, n := 0, 0
	for _, s := range suites {
		if s.Kind != KindRoute || strings.Contains(filepath.ToSlash(s.File), "/heldout/") {
			continue
		}
		for _, c := range s.Cases {
			rc := c.Route
			n++
			states[rc.State.Container+"/"+rc.State.Session]++
			if rc.Want.Branch == router.BranchAmbiguous {
				ambiguous++
			}
			if rc.Want.Top == "" {
				continue
			}
			lang := "en"
			if strings.IndexFunc(rc.Text, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0 {
				lang = "zh"
			}
			if perSpec[rc.Want.Top] == nil {
				perSpec[rc.Want.Top] = map[string]int{}
			}
			perSpec[rc.Want.Top][lang]++
		}
	}
	specs, err := router.DefaultSpecs()
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range specs {
		if zh, en := perSpec[sp.ID]["zh"], perSpec[sp.ID]["en"]; zh < 5 || en < 5 {
			t.Errorf("spec %s: %d zh and %d en route cases, want >= 5 each", sp.ID, zh, en)
		}
	}
	if ambiguous < 40 {
		t.Errorf("%d ambiguous route cases, want >= 40", ambiguous)
	}
	var followup []string
	for _, cell := range allowedCells(fsm.Default()) {
		if st, ok := strings.CutSuffix(cell, " × "+string(fsm.FollowupSubmit)); ok {
			followup = append(followup, st)
		}
	}
	if len(followup) < 5 {
		t.Fatalf("only %d resting states take a follow-up: %v", len(followup), followup)
	}
	for _, st := range followup {
		if states[st] < 5 {
			t.Errorf("state %s takes a follow-up and has %d route cases, want >= 5", st, states[st])
		}
	}
	t.Logf("%d route cases; %d ambiguous; follow-up states %v", n, ambiguous, followup)
}
