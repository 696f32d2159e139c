package condparse

import (
	"testing"

	"searchagent/tools/condition"
)

// TestPortugueseNoIsIn: in a Portuguese sentence "no"/"na" before a
// platform or a place are "in the", never an exclusion, and its words
// rank, never filter; the English and Spanish "no" still exclude.
func TestPortugueseNoIsIn(t *testing.T) {
	for _, tc := range []struct {
		in       string
		field    condition.Field
		excluded bool
	}{
		{"criadores que ensinam crescimento orgânico no Instagram, sem comprar seguidores", condition.Platform, false},
		{"canais que comparam planos de celular das operadoras no Brasil", condition.Country, false},
		{"médicos que explicam vacinas e injeções no TikTok", condition.Platform, false},
		{"receitas saudáveis para a família, canais na Argentina com mais de 10 mil seguidores", condition.Country, false},
		{"no gaming, US beauty creators", condition.Category, true},
		{"creadores de cocina en México, no de Argentina", condition.Country, true},
	} {
		t.Run(tc.in, func(t *testing.T) {
			r, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			seen := false
			for _, c := range r.Conditions {
				// "sem comprar seguidores" leaves out "comprar" as "without
				// buying followers" leaves out "buying" (issue 26, B1)
				if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied && c.Op != condition.OpNotContains {
					t.Errorf("hard keyword %q from an unmarked phrase", c.Value.Str)
				}
				if c.Field != tc.field {
					continue
				}
				neg := c.Op == condition.OpNotIn || c.Excluded
				if neg == tc.excluded {
					seen = true
				}
			}
			if !seen {
				t.Errorf("no %s condition excluded=%v: %+v", tc.field, tc.excluded, r.Conditions)
			}
		})
	}
}
