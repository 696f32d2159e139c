package router

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// wideGuardDoc is a guard family of MaxPatterns patterns (more than 64:
// one spec, so its trace and refusal name one family): 64 fillers first,
// then a cancelling negation (64), a request (80), and two halves that
// refuse only together (100 and the last, 127), all in the mask's second
// word.
func wideGuardDoc() string {
	var b strings.Builder
	b.WriteString(`specs:
  - id: guard.wide
    domain: test
    stage: guard
    priority: 90
    label: {zh: 宽, en: wide}
    patterns:
`)
	named := map[int]string{
		64:              `{name: cancel, weight: -1.0, regex: '\bnever\s+zorbify\b'}`,
		80:              `{name: request, weight: 0.6, regex: '\bzorbify\b'}`,
		100:             `{name: half_a, weight: 0.3, regex: '\bquux\b'}`,
		MaxPatterns - 1: `{name: half_b, weight: 0.3, regex: '\bplugh\b'}`,
	}
	for i := range MaxPatterns {
		p, ok := named[i]
		if !ok {
			p = fmt.Sprintf(`{name: filler%d, weight: 0.1, regex: '\bfiller%d\b'}`, i, i)
		}
		b.WriteString("      - " + p + "\n")
	}
	return b.String()
}

// TestWideGuardFamily pins a guard family of more than 64 patterns end to
// end: the patterns past the 64th fire, add their weights, cancel and are
// scoped to their clause, and the decision and the trace name them.
func TestWideGuardFamily(t *testing.T) {
	snap := compileDoc(t, wideGuardDoc())
	tests := []struct {
		input       string
		hit         bool
		patterns    []string // the guard's hit patterns in the trace
		otherClause []string
	}{
		{"please zorbify the counts", true, []string{"request"}, nil},
		{"quux and plugh together", true, []string{"half_a", "half_b"}, nil},
		{"quux on its own", false, nil, nil},
		{"plugh on its own", false, nil, nil},
		{"we never zorbify anything", false, nil, nil},
		{"we never zorbify. zorbify it now please", true, []string{"request"}, []string{"cancel"}},
		{"filler3 filler70 filler126", false, nil, nil},
		{"filler3 filler70 filler126 filler99 filler65 filler1", true, []string{"filler1", "filler3", "filler65", "filler70", "filler99", "filler126"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			res, tr, err := snap.Explain(Input{Text: tt.input})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Branch == BranchGuardHit; got != tt.hit {
				t.Fatalf("guard hit = %v (branch %s), want %v", got, res.Branch, tt.hit)
			}
			if !tt.hit {
				return
			}
			if res.Top == nil || res.Top.ID != "guard.wide" {
				t.Fatalf("top = %+v, want guard.wide", res.Top)
			}
			if len(tr.Guard) != 1 || tr.Guard[0].ID != "guard.wide" {
				t.Fatalf("trace guard = %+v, want guard.wide alone", tr.Guard)
			}
			if g := tr.Guard[0]; !slices.Equal(g.HitPatterns, tt.patterns) || !slices.Equal(g.OtherClause, tt.otherClause) {
				t.Errorf("trace patterns = %v, other clause %v; want %v, %v", g.HitPatterns, g.OtherClause, tt.patterns, tt.otherClause)
			}
		})
	}
}

// TestPatMask pins the two-word set's operations at the word edges.
func TestPatMask(t *testing.T) {
	var m patMask
	for _, i := range []int{0, 63, 64, MaxPatterns - 1} {
		m = m.with(i)
	}
	var got []int
	for run := m; !run.empty(); run = run.rest() {
		got = append(got, run.first())
	}
	if want := []int{0, 63, 64, MaxPatterns - 1}; !slices.Equal(got, want) {
		t.Fatalf("members = %v, want %v", got, want)
	}
	if m.has(62) || !m.has(64) || m.has(MaxPatterns) || m.has(-1) {
		t.Error("has is wrong at an edge")
	}
	o := patMask{}.with(64).with(5)
	if a := m.and(o); a.first() != 64 || !a.rest().empty() {
		t.Errorf("and = %v", a)
	}
	if u := m.or(o); !u.has(5) || !u.has(MaxPatterns-1) {
		t.Errorf("or = %v", u)
	}
	if w := m.without(64); w.has(64) || !w.has(63) {
		t.Errorf("without = %v", w)
	}
	if (patMask{}).first() != -1 {
		t.Error("first of the empty set is not -1")
	}
}
