package store

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/catalog"
	"searchagent/tools/scope"
)

func TestAliases(t *testing.T) {
	tests := []struct {
		kw   Keyword
		want []string
	}{
		{Keyword{Text: "cooking", Scope: scope.Tags}, []string{"food", "recipes", "foodie", "美食", "烹饪", "做饭", "料理"}},
		{Keyword{Text: "Cooking", Scope: scope.Tags}, []string{"food", "recipes", "foodie", "美食", "烹饪", "做饭", "料理"}},
		{Keyword{Text: "足球", Scope: scope.Tags}, []string{"football", "soccer", "sports"}},
		{Keyword{Text: "funny", Scope: scope.Tags, Excluded: true}, []string{"humor", "humour", "comedy", "jokes", "搞笑", "幽默", "喜剧"}},
		{Keyword{Text: "cooking", Scope: scope.Tags, Exact: true}, nil},
		{Keyword{Text: "cooking", Scope: scope.All}, nil},
		{Keyword{Text: "cooking", Scope: scope.Name}, nil},
		{Keyword{Text: "露营", Scope: scope.All, Excluded: true}, nil},
		// a subtopic meets its other language, never its whole category.
		{Keyword{Text: "烘焙", Scope: scope.All, Excluded: true}, []string{"baking", "bakery", "烘培"}},
		{Keyword{Text: "耳机", Scope: scope.Tags, Soft: true}, []string{"headphones", "headphone", "earbuds", "wireless earbuds"}},
		{Keyword{Text: "cooking show", Scope: scope.Tags}, nil},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, Aliases(tc.kw)); diff != "" {
			t.Errorf("Aliases(%+v) mismatch (-want +got):\n%s", tc.kw, diff)
		}
	}
}

func TestExpansionLabel(t *testing.T) {
	exps := Expansions([]Keyword{{Text: "tuning", Scope: scope.Tags}, {Text: "esports", Scope: scope.Tags}, {Text: "耳机", Scope: scope.All, Soft: true}})
	if len(exps) != 2 || exps[0].Keyword != "esports" || len(exps[0].Also) == 0 || exps[1].Keyword != "耳机" {
		t.Fatalf("Expansions = %+v, want two (esports, and the ranking term 耳机, with their aliases)", exps)
	}
	e := Expansion{Keyword: "cooking", Scope: scope.Tags, Also: []string{"food", "美食"}}
	for _, tc := range []struct{ locale, want string }{
		{"en", "cooking · also matches food, 美食"},
		{"zh-CN", "cooking · 同时匹配 food、美食"},
	} {
		if got := e.Label(tc.locale); got != tc.want {
			t.Errorf("Label(%q) = %q, want %q", tc.locale, got, tc.want)
		}
	}
}

// TestAliasReasons: a result met through an alias says which keyword and
// tag met; one with the keyword's own word, or with neither, says nothing.
func TestAliasReasons(t *testing.T) {
	exps := []Expansion{{Keyword: "耳机", Scope: scope.All, Also: []string{"headphones", "earbuds"}}}
	tests := []struct {
		tags []string
		want []string
	}{
		{[]string{"tech", "Headphones"}, []string{"“耳机” matches the tag Headphones"}},
		{[]string{"耳机", "headphones"}, nil},
		{[]string{"laptop"}, nil},
	}
	for _, tc := range tests {
		var got []string
		for _, r := range AliasReasons(&catalog.Channel{Tags: tc.tags}, exps) {
			if r.Code != ReasonAlias || r.ZH == "" {
				t.Errorf("reason %+v: want code %s and a zh text", r, ReasonAlias)
			}
			got = append(got, r.Text("en"))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("AliasReasons(%v) mismatch (-want +got):\n%s", tc.tags, diff)
		}
	}
}
