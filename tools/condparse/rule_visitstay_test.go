package condparse

import (
	"testing"

	"searchagent/tools/condition"
)

// TestStayedIsAVisit: a place the creators stayed in ("stayed in Japan",
// 住过日本的) is a destination that ranks, never their country, and the
// stay word is frame; the base said beside it filters.
func TestStayedIsAVisit(t *testing.T) {
	for _, tc := range []struct{ in, place, base string }{
		{"travel vloggers who stayed in Japan last year, from Canada", "Japan", "CA"},
		{"旅行博主，住过日本的，美国的", "日本", "US"},
		{"food creators staying in Portugal, based in the UK", "Portugal", "GB"},
		// the stay word after the place (在X待过): a past stay, not the base
		{"旅行博主，在日本待过的，美国的", "日本", "US"},
		{"美食博主，在泰国住过一年，坐标英国", "泰国", "GB"},
		{"在意大利留学过的时尚博主，现在人在法国", "意大利", "FR"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			r, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			ranked, base := false, false
			for _, c := range r.Conditions {
				switch {
				case c.Field == condition.Country:
					codes := c.Value.Codes()
					base = len(codes) == 1 && codes[0] == tc.base
					if !base {
						t.Errorf("country %+v, want %s alone", c.Value, tc.base)
					}
				case c.Kind == condition.KindKeyword:
					if c.Value.Str != tc.place || c.Status != condition.StatusReference {
						t.Errorf("term %q (%s), want only %q ranking", c.Value.Str, c.Status, tc.place)
					}
					ranked = true
				}
			}
			if !ranked || !base {
				t.Errorf("ranked %v, base %v: %+v", ranked, base, r.Conditions)
			}
		})
	}
}

// TestLivingThereIsTheBase: a stay said without 过 (在日本生活的) is where
// the creators are, so it filters.
func TestLivingThereIsTheBase(t *testing.T) {
	for _, tc := range []struct{ in, base string }{
		{"在日本生活的美食博主", "JP"},
		{"在德国工作的中国留学生博主", "DE"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			r, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range r.Conditions {
				if c.Field == condition.Country {
					if codes := c.Value.Codes(); len(codes) != 1 || codes[0] != tc.base {
						t.Errorf("country %+v, want %s", c.Value, tc.base)
					}
					return
				}
			}
			t.Errorf("no country, want %s: %+v", tc.base, r.Conditions)
		})
	}
}
