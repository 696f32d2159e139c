package taxonomy

import "testing"

func TestVocabulariesWellFormed(t *testing.T) {
	for name, v := range map[string]*Vocabulary{"countries": Countries, "languages": Languages, "categories": Categories} {
		codes := map[string]bool{}
		for _, term := range v.Terms() {
			if codes[term.Code] {
				t.Errorf("%s: duplicate code %s", name, term.Code)
			}
			codes[term.Code] = true
			if term.ZH == "" || term.EN == "" {
				t.Errorf("%s: %s lacks a zh or en name", name, term.Code)
			}
			for _, n := range []string{term.Code, term.ZH, term.EN} {
				if got, ok := v.Lookup(n); !ok || got.Code != term.Code {
					t.Errorf("%s.Lookup(%q) = %q, %v; want %s", name, n, got.Code, ok, term.Code)
				}
			}
		}
	}
}

func TestLookup(t *testing.T) {
	cases := []struct {
		v     *Vocabulary
		in    string
		want  string
		found bool
	}{
		{Countries, "美国", "US", true},
		{Countries, " usa ", "US", true},
		{Countries, "United Kingdom", "GB", true},
		{Countries, "Unknown", "", false},
		{Languages, "英语", "en", true},
		{Languages, "Mandarin", "zh", true},
		{Categories, "汽配", "automotive", true},
		{Categories, "Sports with a ball", "sports", true},
		{Categories, "Videogame", "gaming", true},
		{Categories, "", "", false},
	}
	for _, tc := range cases {
		got, ok := tc.v.Lookup(tc.in)
		if ok != tc.found || got.Code != tc.want {
			t.Errorf("Lookup(%q) = %q, %v; want %q, %v", tc.in, got.Code, ok, tc.want, tc.found)
		}
	}
	if got, _ := Countries.ByCode("us"); got.EN != "United States" {
		t.Errorf("ByCode(us) = %+v", got)
	}
	names := Countries.Names()
	for i := 1; i < len(names); i++ {
		if len([]rune(names[i].Name)) > len([]rune(names[i-1].Name)) {
			t.Fatalf("Names() not longest-first at %d: %q after %q", i, names[i].Name, names[i-1].Name)
		}
	}
	if (Term{ZH: "美国", EN: "United States"}).Name("zh-CN") != "美国" {
		t.Error("Name(zh-CN) should be the zh name")
	}
}
