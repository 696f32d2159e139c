package taxonomy

import (
	"slices"
	"strings"
	"testing"
)

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

func TestSynonymsWellFormed(t *testing.T) {
	topics := map[string]bool{}
	for _, g := range Synonyms.Groups() {
		if topics[g.Topic] {
			t.Errorf("duplicate topic %s", g.Topic)
		}
		topics[g.Topic] = true
		if _, ok := Categories.ByCode(g.Category); !ok {
			t.Errorf("topic %s: category %q is not in Categories", g.Topic, g.Category)
		}
		var zh, en bool
		for _, w := range g.Words {
			for _, r := range w {
				if r >= 0x4e00 && r <= 0x9fff {
					zh = true
				} else if r < 0x80 {
					en = true
				}
			}
		}
		if !zh || !en {
			t.Errorf("topic %s: words %q lack a zh or an en word", g.Topic, g.Words)
		}
	}
}

func TestSynonymLookup(t *testing.T) {
	cases := []struct {
		in   string
		want string
	}{
		{"cooking", "food"}, {"美食", "food"}, {"烹饪", "food"}, {"Makeup", "beauty"}, {"化妆", "beauty"},
		{"funny", "comedy"}, {"搞笑", "comedy"}, {"esports", "gaming"}, {"電競", "gaming"}, {"soccer", "football"},
		{"nothing here", ""},
	}
	for _, tc := range cases {
		got := ""
		if gs := Synonyms.Lookup(tc.in); len(gs) > 0 {
			got = gs[0].Topic
		}
		if got != tc.want {
			t.Errorf("Synonyms.Lookup(%q) topic = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSubtopicWordsStandAlone: a subtopic word is neither a category's
// own name nor an alias of another category, nor a word of another
// group, so the condition parser reads it one way ("pranks" is the
// comedy category, "prank" the subtopic). A hobby its own category
// names as an alias (钓鱼 of outdoor) stays one: the router and the
// loaders read the alias, the parser's lexicon the subtopic.
func TestSubtopicWordsStandAlone(t *testing.T) {
	seen := map[string]string{}
	for _, g := range Synonyms.Groups() {
		for _, w := range g.Words {
			if o, dup := seen[strings.ToLower(w)]; dup && (g.Sub || Synonyms.Lookup(w)[0].Sub) {
				t.Errorf("%q is in %s and %s", w, o, g.Topic)
			}
			seen[strings.ToLower(w)] = g.Topic
			if !g.Sub {
				continue
			}
			if c, ok := Categories.Lookup(w); ok && (c.Code != g.Category || strings.EqualFold(w, c.EN) || w == c.ZH) {
				t.Errorf("subtopic %s: %q is a name of category %s", g.Topic, w, c.Code)
			}
		}
	}
}

// TestCitiesHaveACountry: every city's (and state's) country is a
// country of the vocabulary and every one has both names.
func TestCitiesHaveACountry(t *testing.T) {
	for _, c := range slices.Concat(Cities, States, Subregions) {
		if _, ok := Countries.ByCode(c.Country); !ok || c.ZH == "" || c.EN == "" {
			t.Errorf("city %+v: country %q unknown or a name missing", c, c.Country)
		}
	}
}

// TestInitials: a Chinese name's first character stands for its term only
// where no other name starts with it.
func TestInitials(t *testing.T) {
	c := Countries.Initials()
	for r, want := range map[rune]string{'德': "DE", '法': "FR", '意': "IT", '西': "ES", '美': "US", '加': "CA"} {
		if c[r] != want {
			t.Errorf("Countries.Initials()[%c] = %q, want %q", r, c[r], want)
		}
	}
	if code, ok := c['印']; ok {
		t.Errorf("印 (印度, 印度尼西亚) is ambiguous, got %q", code)
	}
	if l := Languages.Initials(); l['中'] != "zh" || l['英'] != "en" {
		t.Errorf("Languages.Initials() = %v, want 中 zh and 英 en", l)
	}
}

// TestUnlistedCountriesAreUnlisted: no name of an unlisted country is a
// name the Countries vocabulary (or a region) reads, and none repeats.
func TestUnlistedCountriesAreUnlisted(t *testing.T) {
	seen := map[string]bool{}
	for _, u := range UnlistedCountries {
		if u.ZH == "" || u.EN == "" {
			t.Errorf("unlisted country %+v lacks a name", u)
		}
		for _, n := range append([]string{u.ZH, u.EN}, u.Aliases...) {
			if _, ok := Countries.Lookup(n); ok {
				t.Errorf("unlisted %q is a Countries name", n)
			}
			if seen[strings.ToLower(n)] {
				t.Errorf("unlisted %q twice", n)
			}
			seen[strings.ToLower(n)] = true
		}
	}
}
