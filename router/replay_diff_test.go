package router

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReplayReportsErrorsTopAndFailures pins what `intentctl diff` and the
// eval runner read from a replay: an input the router refuses is an
// outcome with its error and a failure (not a silent pass), a matched
// case carries its top intent and slots, and a wrong expectation is
// listed as a failure.
func TestReplayReportsErrorsTopAndFailures(t *testing.T) {
	snap := defaultSnapshot(t)
	cases, err := ParseCases([]byte(`
cases:
  - name: too_long
    input: "` + strings.Repeat("a", DefaultMaxInputBytes+1) + `"
    want: {branch: matched}
  - name: country
    input: 只要美国的
    state: {input: followup_waiting, container: expanded_agent, session: results_ready}
    want: {branch: matched, top: filter.country}
  - name: wrong_top
    input: 只要美国的
    state: {input: followup_waiting, container: expanded_agent, session: results_ready}
    want: {top: filter.language}
`))
	if err != nil {
		t.Fatal(err)
	}
	out := Replay(snap, cases)
	if len(out) != 3 {
		t.Fatalf("Replay returned %d outcomes, want 3", len(out))
	}
	tooLong := out[0]
	wantErr := "router: input too long: 4097 bytes, the limit is 4096"
	if tooLong.Err != wantErr || len(tooLong.Failures) != 1 || tooLong.Failures[0] != "error: "+wantErr {
		t.Errorf("too_long outcome = %+v, want the error and one failure naming it", tooLong)
	}
	if tooLong.Branch != "" || tooLong.Top != "" {
		t.Errorf("too_long outcome has branch %q top %q, want none", tooLong.Branch, tooLong.Top)
	}
	country := out[1]
	if country.Err != "" || country.Branch != BranchMatched || country.Top != "filter.country" || len(country.Failures) != 0 {
		t.Errorf("country outcome = %+v, want matched filter.country without failures", country)
	}
	if !strings.Contains(country.Slots, `"US"`) {
		t.Errorf("country outcome slots = %s, want US", country.Slots)
	}
	if !strings.Contains(country.Commands, `"add_filter"`) || !strings.Contains(country.Decision, "execute=true") {
		t.Errorf("country outcome commands %s decision %s, want add_filter executed", country.Commands, country.Decision)
	}
	if want := []string{`top = "filter.country", want "filter.language"`}; !cmp.Equal(out[2].Failures, want) {
		t.Errorf("wrong_top failures = %q, want %q", out[2].Failures, want)
	}
}

// TestDiffOutcomesListsEachChangedField pins `intentctl diff`: every field
// that changed between two replays is one change with its old and new
// value, an added case is listed, an unchanged case is not.
func TestDiffOutcomesListsEachChangedField(t *testing.T) {
	old := []Outcome{
		{Name: "same", Branch: BranchMatched, Top: "a", Commands: "[]", Slots: "{}", Decision: "d"},
		{Name: "moved", Branch: BranchMatched, Top: "a", Commands: "[1]", Slots: "{1}", Decision: "d1"},
		{Name: "broke", Branch: BranchMatched},
	}
	cur := []Outcome{
		{Name: "same", Branch: BranchMatched, Top: "a", Commands: "[]", Slots: "{}", Decision: "d"},
		{Name: "moved", Branch: BranchAmbiguous, Top: "b", Commands: "[2]", Slots: "{2}", Decision: "d2"},
		{Name: "broke", Err: "boom"},
		{Name: "new", Branch: BranchFallback},
	}
	want := []Change{
		{Case: "moved", Field: "branch", Old: "matched", New: "ambiguous"},
		{Case: "moved", Field: "top", Old: "a", New: "b"},
		{Case: "moved", Field: "commands", Old: "[1]", New: "[2]"},
		{Case: "moved", Field: "slots", Old: "{1}", New: "{2}"},
		{Case: "moved", Field: "decision", Old: "d1", New: "d2"},
		{Case: "broke", Field: "error", Old: "", New: "boom"},
		{Case: "broke", Field: "branch", Old: "matched", New: ""},
		{Case: "new", Field: "case", Old: "", New: "added"},
	}
	if diff := cmp.Diff(want, DiffOutcomes(old, cur)); diff != "" {
		t.Errorf("DiffOutcomes mismatch (-want +got):\n%s", diff)
	}
	if got := DiffOutcomes(cur, cur); len(got) != 0 {
		t.Errorf("DiffOutcomes(x, x) = %+v, want none", got)
	}
}
