package router

import (
	"slices"
	"strings"
	"testing"
)

// Every default spec's own examples route to it, in the context its
// preconditions ask for.
func TestDefaultSpecsRouteTheirOwnExamples(t *testing.T) {
	specs, err := DefaultSpecs()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range specs {
		n += len(s.Examples)
	}
	if n < 40 {
		t.Fatalf("the default specs have %d examples, want >= 40", n)
	}
	for _, is := range LintRouting(specs) {
		t.Errorf("LintRouting(default): %s", is)
	}
}

// A spec change that stops a spec from recognising its own example is a
// lint error naming the spec and the example: a dropped pattern, a lost
// term, a weight shifted under the threshold.
func TestLintExamplesNamesTheSpecThatLostItsExample(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(*Spec)
		spec   string
		expect string
	}{
		{"dropped pattern", func(s *Spec) {
			if s.ID == "guard.fake_engagement" {
				s.Patterns = slices.DeleteFunc(s.Patterns, func(p Pattern) bool { return p.Name == "buy_en" })
			}
		}, "guard.fake_engagement", `its own example "buy 10k followers" does not route to it`},
		{"weight under the threshold", func(s *Spec) {
			if s.ID == "filter.activity" {
				for i := range s.Terms {
					s.Terms[i].Weight /= 3
				}
			}
		}, "filter.activity", `its own example "最近活跃的" does not route to it`},
		{"precondition context: an anchor", func(s *Spec) {
			if s.ID == "anchor.remove" {
				s.Terms, s.Patterns = nil, nil
			}
		}, "anchor.remove", "does not route to it"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			specs, err := DefaultSpecs()
			if err != nil {
				t.Fatal(err)
			}
			for i := range specs {
				tc.edit(&specs[i])
			}
			var got []string
			for _, is := range LintRouting(specs) {
				if is.Severity != SeverityError || is.Code != "example_route" {
					t.Errorf("issue %s: want an example_route error", is)
				}
				if is.SpecID == tc.spec && strings.Contains(is.Message, tc.expect) {
					return
				}
				got = append(got, is.String())
			}
			t.Errorf("LintRouting after %s = %q, want an issue of %s containing %q", tc.name, got, tc.spec, tc.expect)
		})
	}
}

// The context of an example follows its spec's preconditions: an open
// question, an anchor, only explicit conditions.
func TestExampleInputMeetsThePreconditions(t *testing.T) {
	for _, pre := range []string{PrePendingQuestion, PreHasAnchor, PreHasConditions, PreOnlyExplicitConditions, PreNoPendingQuestion, PreNoRepair} {
		in := exampleInput(&Spec{Preconditions: []string{pre}}, "x")
		if ok, why := in.checkPrecondition(pre); !ok {
			t.Errorf("exampleInput(%s) fails it: %s", pre, why.EN)
		}
	}
}
