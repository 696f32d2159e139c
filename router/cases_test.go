package router

import (
	"os"
	"sort"
	"strings"
	"testing"
)

// loadTestCases reads the route suites: the hand-written cases.yaml and
// the cases generated with the filter registry's specs (fields.gen.yaml).
func loadTestCases(t testing.TB) []Case {
	t.Helper()
	var cases []Case
	for _, name := range []string{"cases.yaml", "fields.gen.yaml"} {
		data, err := os.ReadFile("../evals/suites/route/" + name)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := ParseCases(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cases = append(cases, cs...)
	}
	return cases
}

// TestRoutingCases runs evals/suites/route/cases.yaml and checks its coverage: at
// least 150 cases, every default spec and every deterministic branch.
func TestRoutingCases(t *testing.T) {
	snap := defaultSnapshot(t)
	cases := loadTestCases(t)
	if len(cases) < 150 {
		t.Errorf("len(cases) = %d, want >= 150", len(cases))
	}
	specHit := map[string]bool{}
	branchHit := map[Branch]bool{}
	multi := 0
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			res, err := snap.Query(c.Input)
			if err != nil {
				t.Fatalf("Query(%q) error = %v", c.Text, err)
			}
			for _, f := range Check(c, res) {
				t.Errorf("Query(%q): %s", c.Text, f)
			}
			branchHit[res.Branch] = true
			if res.Top != nil {
				specHit[res.Top.ID] = true
			}
			for _, cmd := range res.Commands {
				specHit[cmd.Spec] = true
			}
			if len(res.Commands) > 1 {
				multi++
			}
		})
	}
	var uncovered []string
	for _, s := range snap.Specs() {
		if !specHit[s.ID] {
			uncovered = append(uncovered, s.ID)
		}
	}
	sort.Strings(uncovered)
	if len(uncovered) > 0 {
		t.Errorf("specs no case routes to: %s", strings.Join(uncovered, ", "))
	}
	for _, b := range []Branch{BranchGuardHit, BranchExpectationHit, BranchMatched, BranchAmbiguous, BranchFallback} {
		if !branchHit[b] {
			t.Errorf("no case ends in branch %s", b)
		}
	}
	if multi < 8 {
		t.Errorf("%d multi-command cases, want >= 8", multi)
	}
}
