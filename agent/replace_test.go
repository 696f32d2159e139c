package agent

import (
	"fmt"
	"slices"
	"testing"

	"searchagent/api"
)

// TestFollowupReplacesAValue: "swap the US for Canada" and "replace the
// US with Canada" after a US search keep Canada alone; the US leaves the
// filter and nothing else is lost (before, the reading wanted both and
// the removal verb took the whole set out).
func TestFollowupReplacesAValue(t *testing.T) {
	a := newTestAgent(t)
	for _, text := range []string{"swap the US for canada, keep everything else", "replace the US with Canada"} {
		t.Run(text, func(t *testing.T) {
			b := newBox(t, a, "youtube", "en")
			s := b.send("search.submit", api.Args{Text: "US tech reviewers"})
			snap := b.send(followupEvent(s), api.Args{Text: text})
			var country, category []string
			for _, c := range snap.Context.Conditions {
				switch c.Field {
				case "country":
					country = append(country, fmt.Sprintf("%s %v", c.Op, c.Value))
				case "category":
					category = append(category, fmt.Sprint(c.Value))
				}
			}
			if !slices.Equal(country, []string{"eq CA"}) {
				t.Errorf("%q: country conditions %q, want only eq CA", text, country)
			}
			if len(category) != 1 {
				t.Errorf("%q: category conditions %q, want the tech one kept", text, category)
			}
			if snap.Results == nil || snap.Results.Total == 0 {
				t.Errorf("%q: no results", text)
			}
		})
	}
}
