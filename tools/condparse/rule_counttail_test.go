package condparse

import (
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// TestCountShapes: a result count said with an approximation or bound
// after a request ("give me about 20", "find at least 10 …"), with its
// own tail ("30 or so", "about 30 of them"), or as a dozen after a
// request with words the vocabulary does not know ("give me at least a
// dozen VTubers") is named as a count: never a term, never "not
// understood", never a follower bound. A count with a unit stays a
// follower figure.
func TestCountShapes(t *testing.T) {
	for _, tc := range []struct {
		in, quantity, term string
	}{
		{"travel creators in Australia, 25k+, give me about 20", "20", ""},
		{"find 30 or so beauty creators in Korea", "30 or so", ""},
		{"beauty creators in Korea, about 30 of them", "30 of them", ""},
		{"give me at least a dozen VTubers in Mexico", "at least a dozen", "VTubers"},
		{"find at least 10 gaming channels in Brazil", "10", ""},
		{"pet creators in Canada, send me around 25", "25", ""},
	} {
		t.Run(tc.in, func(t *testing.T) {
			r, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if r.Quantity == nil || !strings.HasPrefix(r.Quantity.Text, tc.quantity) {
				t.Errorf("quantity %+v, want %q", r.Quantity, tc.quantity)
			}
			for _, sp := range r.Remainder {
				t.Errorf("not understood: %q", sp.Text)
			}
			for _, c := range r.Conditions {
				if c.Field == condition.Followers && c.Value.Int < 1000 {
					t.Errorf("a follower bound %+v", c)
				}
				if c.Kind == condition.KindKeyword && c.Value.Str != tc.term {
					t.Errorf("term %q, want only %q", c.Value.Str, tc.term)
				}
			}
		})
	}
}
