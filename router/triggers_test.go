package router

import (
	"fmt"
	"strings"
	"testing"
)

// renderSets renders literal sets in order: "a,b | c", a set of more
// than 8 literals as "first…last (n)".
func renderSets(sets [][]string) string {
	var out []string
	for _, s := range sets {
		if len(s) > 8 {
			out = append(out, fmt.Sprintf("%s…%s (%d)", s[0], s[len(s)-1], len(s)))
			continue
		}
		out = append(out, strings.Join(s, ","))
	}
	return strings.Join(out, " | ")
}

// TestRequiredLiteralsBestFirst: the literal sets of a regex, best first
// (longer shortest literals, then fewer literals), with the bounds of
// the analysis: a class of at most 16 runes, a set of at most 64
// literals, at most 4 sets kept per alternation.
func TestRequiredLiteralsBestFirst(t *testing.T) {
	tests := []struct{ re, want string }{
		{`\d+\s*(?:粉丝|订阅)`, "粉丝,订阅 | 0…9 (10)"},
		{`abc\s*(?:粉丝|订阅)`, "粉丝,订阅 | abc"},
		{`ab\s*(?:cd|ef)`, "ab | cd,ef"},
		{`colou?r`, "colour,color"},
		{`[a-p]`, "a…p (16)"},
		{`[0-9a-h]`, ""},
		{`[a-p][w-z]`, "aw…pz (64)"},
		{`[0-9][0-9]`, "0…9 (10) | 0…9 (10)"},
		{`(?:[a-p][w-y]|[0-7][89])z`, "awz…79z (64)"},
		{`(?:[a-p][w-y]\d*|[0-7][89]\d*)`, "aw…79 (64)"},
		{`(?:粉丝\d*频道|博主\d*a\d*b\d*c)`, "粉丝,博主 | 频道,博主 | 粉丝,a | 粉丝,b"},
		{`(?:a\d*b\d*c\d*d\d*粉丝|x)`, "粉丝,x | a,x | b,x | c,x"},
	}
	for _, tc := range tests {
		if got := renderSets(requiredLiterals(tc.re)); got != tc.want {
			t.Errorf("requiredLiterals(%q) = %q, want %q", tc.re, got, tc.want)
		}
	}
}

// TestLintTriggerHints: what Lint says about a pattern's triggers, the
// declared ones (a match without any of them, an anchor no match starts
// with) and the derived ones (none to derive, or only white space).
func TestLintTriggerHints(t *testing.T) {
	const slots = `a: {type: string}, b: {type: string}, city: {type: enum, enum: [york, paris]}, shape: {type: enum, enum: [circle, square]}`
	tests := []struct{ pattern, want string }{
		{`regex: '(?:on sale|discount)', triggers: [discount]`,
			`hint: pattern p: a match can hold none of its triggers (one with "on sale", say): the pattern misses it; drop triggers to derive them from the regex`},
		{`regex: '(?P<city>{{lex:city}})', triggers: [go]`,
			`hint: pattern p: a match can hold none of its triggers: the pattern misses it; drop triggers to derive them from the regex`},
		{`regex: 'foo\s*\d', triggers: [foo, bar], anchor: trigger`,
			`hint: pattern p: anchor: trigger, but no match starts with trigger "bar"`},
		{`regex: '(?P<a>[a-z]+) (?P<b>[a-z]+)'`,
			`trigger: pattern p has no triggers, and its regex none to derive: it runs on every input`},
		{`regex: 'from (?P<a>\d+)', triggers: [from]`, ""},
		{`regex: 'colou?r'`, ""},
		{`regex: '(?P<city>{{lex:city}})'`, ""},
		{`regex: '(?P<city>{{lex:city}})\s+(?P<shape>{{lex:shape}})', triggers: ["{{lex:shape}}"]`, ""},
	}
	for _, tc := range tests {
		specs, err := ParseSpecs("t.yaml", []byte(oneSpec(tc.pattern, slots)))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, is := range Lint(specs) {
			got = append(got, is.Code+": "+is.Message)
		}
		if g := strings.Join(got, "\n"); g != tc.want {
			t.Errorf("Lint(%s) = %q, want %q", tc.pattern, g, tc.want)
		}
	}
}
