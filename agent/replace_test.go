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

// TestFollowupReplacesACategory: a category replaced in words (en and
// zh, with and without a router command) leaves the new category alone:
// no exclusion of the old one beside it, no set of both.
func TestFollowupReplacesACategory(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ loc, first, text, field, want string }{
		{"en", "gaming creators in Canada", "replace gaming with music", "category", "eq music"},
		{"zh", "加拿大的游戏博主", "游戏换成音乐", "category", "eq music"},
		{"zh", "加拿大的游戏博主", "把加拿大改成英国", "country", "eq GB"},
		{"en", "Spanish-speaking food creators", "switch spanish to portuguese", "language", "eq pt"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			b := newBox(t, a, "youtube", tc.loc)
			s := b.send("search.submit", api.Args{Text: tc.first})
			snap := b.send(followupEvent(s), api.Args{Text: tc.text})
			var got []string
			for _, c := range snap.Context.Conditions {
				if c.Field == tc.field {
					got = append(got, fmt.Sprintf("%s %v", c.Op, c.Value))
				}
			}
			if !slices.Equal(got, []string{tc.want}) {
				t.Errorf("%q after %q: %s conditions %q, want only %q", tc.text, tc.first, tc.field, got, tc.want)
			}
		})
	}
}
