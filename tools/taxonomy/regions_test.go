package taxonomy

import (
	"slices"
	"strings"
	"testing"
)

// TestRegionsWellFormed: every member is a country of the vocabulary,
// once; every spelling names one region; an abbreviation read only in
// capitals is written in capitals.
func TestRegionsWellFormed(t *testing.T) {
	names := map[string]string{}
	for _, r := range Regions {
		if r.ZH == "" || r.EN == "" || len(r.Countries) < 2 {
			t.Errorf("%s: incomplete region", r.EN)
		}
		seen := map[string]bool{}
		for _, c := range r.Countries {
			if _, ok := Countries.ByCode(c); !ok || seen[c] {
				t.Errorf("%s: member %q is no country of the vocabulary, or twice", r.EN, c)
			}
			seen[c] = true
		}
		for _, n := range append(append([]string{}, r.Names...), r.Caps...) {
			k := strings.ToLower(n)
			if o, dup := names[k]; dup {
				t.Errorf("%q names both %s and %s", n, o, r.EN)
			}
			names[k] = r.EN
			if _, ok := Countries.Lookup(n); ok {
				t.Errorf("%q names a region and a country", n)
			}
		}
		for _, n := range r.Caps {
			if n != strings.ToUpper(n) {
				t.Errorf("%s: abbreviation %q read in capitals is not written in them", r.EN, n)
			}
		}
	}
}

// TestRegionMembers pins the members of the regions briefs abbreviate.
func TestRegionMembers(t *testing.T) {
	members := func(name string) []string {
		for _, r := range Regions {
			for _, n := range append(append([]string{}, r.Names...), r.Caps...) {
				if strings.EqualFold(n, name) {
					return r.Countries
				}
			}
		}
		return nil
	}
	tests := []struct {
		name     string
		has, not []string
	}{
		{"MENA", []string{"AE", "SA", "EG", "MA", "DZ", "JO", "KW", "IQ"}, []string{"TR"}},
		{"SEA", []string{"ID", "MY", "SG", "TH", "VN", "PH"}, []string{"IN", "CN"}},
		{"ANZ", []string{"AU", "NZ"}, []string{"GB"}},
		{"gcc", []string{"AE", "SA", "KW"}, []string{"EG", "IL"}},
		{"APAC", []string{"JP", "KR", "AU", "IN", "SG"}, []string{"US", "GB"}},
		{"EMEA", []string{"GB", "DE", "PL", "AE", "EG", "NG", "ZA"}, []string{"US", "JP", "BR"}},
		{"CEE", []string{"PL", "CZ", "HU", "RO"}, []string{"DE", "FR"}},
		{"EU", []string{"DE", "FR", "PL", "IE"}, []string{"GB", "CH", "NO"}},
		{"中东", []string{"AE", "SA", "TR"}, []string{"MA"}},
	}
	for _, tt := range tests {
		got := members(tt.name)
		for _, c := range tt.has {
			if !slices.Contains(got, c) {
				t.Errorf("%s: %v lacks %s", tt.name, got, c)
			}
		}
		for _, c := range tt.not {
			if slices.Contains(got, c) {
				t.Errorf("%s: %v holds %s", tt.name, got, c)
			}
		}
	}
}
