package router

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The scan's contract, spec by spec: which terms hit, which windows and
// anchors a pattern runs at, what its groups capture and how vocabulary
// hits are masked, seen through Query on small compiled spec sets.

// TestTermWordBoundaries: an ASCII term hits only as a whole word (a
// plural "s" may follow), for terms that begin or end with each edge of
// the word bytes; a Chinese term hits anywhere.
func TestTermWordBoundaries(t *testing.T) {
	tests := []struct {
		term, text string
		want       bool
	}{
		{"ant", "ant", true},
		{"ant", "xant", false},
		{"ant", "ants", true},
		{"ant", "antx", false},
		{"zed", "zed", true},
		{"zed", "xzed", false},
		{"fizz", "fizzy", false},
		{"007", "agent 007", true},
		{"007", "x007", false},
		{"9gag", "x9gag", false},
		{"web0", "web0x", false},
		{"f9", "f9x", false},
		{"f9", "f9 only", true},
		{"美国", "只要美国的", true},
	}
	for _, tc := range tests {
		s := compileDoc(t, `specs:
  - id: t.term
    domain: test
    label: {zh: 词, en: term}
    terms:
      - {weight: 0.6, en: ["`+tc.term+`"]}
    command: {name: reset}
`)
		if got := routed(t, s, tc.text) != "-"; got != tc.want {
			t.Errorf("term %q: Query(%q) matched = %v, want %v", tc.term, tc.text, got, tc.want)
		}
	}
}

// TestPatternScan: where a pattern runs and what it captures, by mode:
// the windows around its triggers (merged when they overlap or touch,
// widened to whole words, at most 16), the starts it is anchored at
// (trigger and number hits, at most 16), and its groups.
func TestPatternScan(t *testing.T) {
	many := func(sep string, n int, f func(i int) string) string {
		var b []string
		for i := 1; i <= n; i++ {
			b = append(b, f(i))
		}
		return strings.Join(b, sep)
	}
	tests := []struct {
		name, pattern, slots, text, want string
	}{
		// Two windows of 4 bytes around "from" and "to" overlap: the
		// regex runs over both, so a match that spans them is found.
		{"overlapping windows", `regex: 'from (?P<a>\d+) to (?P<b>\d+)', triggers: [from, to], window: 4`,
			`a: {type: int}, b: {type: int}`, "from 10 to 20", "t.one a=10 b=20"},
		{"overlapping windows zh", `regex: '从(?P<a>\d+)到(?P<b>\d+)', triggers: [从, 到], window: 2`,
			`a: {type: int}, b: {type: int}`, "从10到20", "t.one a=10 b=20"},
		// The windows of "从" ([0, 4)) and "到" ([4, 8)) touch.
		{"touching windows", `regex: '从 (?P<a>[a-z])到', triggers: [从, 到], window: 1`,
			`a: {type: string}`, "从 x到", "t.one a=x"},
		// A match in the first of two windows that do not overlap.
		{"first window", `regex: 'from (?P<a>\d+)', triggers: [from, to], window: 4`,
			`a: {type: int}`, "from 10, and later on much further away to", "t.one a=10"},
		{"first window later", `regex: 'from (?P<a>\d+)', triggers: [from, to], window: 4`,
			`a: {type: int}`, "well, from 10, and later on much further away to", "t.one a=10"},
		// A regex with no literal to check still runs in its window.
		{"window without literals", `regex: '(?P<a>[a-z]+)', triggers: [word], window: 6`,
			`a: {type: string}`, "one word", "t.one a=one"},
		// A window's edges move to word boundaries: the number a window
		// of 2 bytes cuts is read whole, at either edge.
		{"window end in a word", `regex: 'from (?P<a>\d+)', triggers: [from], window: 2`,
			`a: {type: int}`, "from 12345 on", "t.one a=12345"},
		{"window end in a word at the end", `regex: 'from (?P<a>\d+)', triggers: [from], window: 2`,
			`a: {type: int}`, "from 12345", "t.one a=12345"},
		{"window start in a word", `regex: '(?P<a>\d+) followers', triggers: [followers], window: 2`,
			`a: {type: int}`, "x 12345 followers", "t.one a=12345"},
		// At most 16 windows run: the 17th trigger's match is not read.
		{"16 windows", `regex: 'go (?P<a>\d+)', triggers: [go], window: 3`,
			`a: {type: string, multi: true}`, many(" ... ", 17, func(i int) string { return fmt.Sprintf("go %d", i) }),
			"t.one a=" + many(",", 16, func(i int) string { return fmt.Sprint(i) })},
		// A window holds at most 3 bytes after "go": no match is found,
		// and none after the 16th window either.
		{"matches longer than their windows", `regex: 'go (?P<a>\d+) \d+', triggers: [go], window: 3`,
			`a: {type: string, multi: true}`, many(" ... ", 17, func(i int) string { return fmt.Sprintf("go %d %d", i%10, i%10) }), "-"},
		// Anchored at a trigger or a number one byte into the input.
		{"trigger at byte 1", `regex: 'go (?P<a>\d+)', triggers: [go], anchor: trigger`,
			`a: {type: int}`, "(go 5)", "t.one a=5"},
		{"number at byte 1", `regex: '(?P<a>\d+) pcs', triggers: [pcs], anchor: number`,
			`a: {type: int}`, "~5 pcs", "t.one a=5"},
		// At most 16 anchors are tried.
		{"16 trigger anchors", `regex: 'go (?P<a>\d+)', triggers: [go], anchor: trigger`,
			`a: {type: string, multi: true}`, many(", ", 17, func(i int) string { return fmt.Sprintf("go %d", i) }),
			"t.one a=" + many(",", 16, func(i int) string { return fmt.Sprint(i) })},
		{"16 numbers", `regex: '(?P<a>\d+) pcs', triggers: [pcs], anchor: number`,
			`a: {type: string, multi: true}`, many(" ", 17, func(i int) string { return fmt.Sprintf("%d pcs", i) }),
			"t.one a=" + many(",", 16, func(i int) string { return fmt.Sprint(i) })},
		// Numbers start at every digit, 0 and 9 included, but not after a
		// decimal point, and again after any non-number.
		{"numbers 0 and 9", `regex: '(?P<a>\d+) pcs', triggers: [pcs], anchor: number`,
			`a: {type: string, multi: true}`, "9 pcs 0 pcs", "t.one a=9,0"},
		{"decimal", `regex: '(?P<a>\d+(?:\.\d+)?) pcs', triggers: [pcs], anchor: number`,
			`a: {type: string, multi: true}`, "1.5 pcs", "t.one a=1.5"},
		{"number at the end", `regex: '(?P<a>\d+) pcs', triggers: [pcs], anchor: number`,
			`a: {type: string, multi: true}`, "pcs 5 pcs 7", "t.one a=5"},
		{"numbers after words", `regex: '(?P<a>\d+) pcs', triggers: [pcs], anchor: number`,
			`a: {type: string, multi: true}`, "5 pcs and 6 pcs 7 pcs", "t.one a=5,6,7"},
		{"numbers zh", `regex: '(?P<a>\d+|[一二三四五六七八九十]+)个', triggers: [个], anchor: number`,
			`a: {type: string, multi: true}`, "九个和0个，三个", "t.one a=九,0,三"},
		// Groups: a second group that ends the match is captured; an
		// empty or unmatched one is not.
		{"second group at the end", `regex: '(?P<a>\d+)-(?P<b>\d+)', triggers: ["-"]`,
			`a: {type: int}, b: {type: int}`, "3-4", "t.one a=3 b=4"},
		{"empty group", `regex: 'x(?P<a>\d*)-(?P<b>\d+)', triggers: ["-"]`,
			`a: {type: string, default: none}, b: {type: int}`, "x-5", "t.one a=none b=5"},
		{"three groups", `regex: '(?P<a>\d+)-(?P<b>\d*)-(?P<c>\d+)', triggers: ["-"]`,
			`a: {type: int}, b: {type: string, default: none}, c: {type: int}`, "1--3", "t.one a=1 b=none c=3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := compileDoc(t, oneSpec(tc.pattern, tc.slots))
			if got := routed(t, s, tc.text); got != tc.want {
				t.Errorf("Query(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

// TestDefaultCounts: follower and view counts the default specs read at
// a number, zh and en, with 0 and 9 as first digits, decimals, a number
// at the end and a second number after words.
func TestDefaultCounts(t *testing.T) {
	snap := defaultSnapshot(t)
	tests := []struct{ text, want string }{
		{"9万粉丝", "add_filter followers gte90000"},
		{"90k followers", "add_filter followers gte90000"},
		{"0.5万粉丝", "add_filter followers gte5000"},
		{"1.5万粉丝", "add_filter followers gte15000"},
		{"1万粉丝和5000播放", "add_filter followers gte10000; add_filter avg_views gte5000"},
		{"10k followers and 5000 views", "add_filter followers gte10000; add_filter avg_views gte5000"},
	}
	for _, tc := range tests {
		res, err := snap.Query(Input{Text: tc.text})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range res.Commands {
			got = append(got, fmt.Sprintf("%s %v %v%v", c.Name, c.Args["field"], c.Args["op"], c.Args["value"]))
		}
		if g := strings.Join(got, "; "); g != tc.want {
			t.Errorf("Query(%q) commands = %q, want %q", tc.text, g, tc.want)
		}
	}
}

// TestMaskedVocabularies: a {{lex:SLOT}} macro matches the longest
// vocabulary name at each start, names right after one another, and two
// vocabularies in one pattern.
func TestMaskedVocabularies(t *testing.T) {
	const slots = `city: {type: enum, enum: [york, new york, new york city], aliases: {york: [约克], new york: [纽约]}}, shape: {type: enum, enum: [circle, square], aliases: {circle: [圆], square: [方]}}`
	tests := []struct{ pattern, text, want string }{
		{`regex: 'in (?P<city>{{lex:city}})', triggers: [in]`, "in new york city", "t.one city=new york city"},
		{`regex: 'in (?P<city>{{lex:city}})', triggers: [in]`, "in new york", "t.one city=new york"},
		{`regex: 'in (?P<city>{{lex:city}})', triggers: [in]`, "in york", "t.one city=york"},
		{`regex: '去(?P<city>{{lex:city}})(?P<shape>{{lex:shape}})', triggers: [去]`, "去纽约圆", "t.one city=new york shape=circle"},
		{`regex: '(?P<city>{{lex:city}})\s+(?P<shape>{{lex:shape}})', triggers: ["{{lex:shape}}"]`, "york square", "t.one city=york shape=square"},
		{`regex: '(?P<city>{{lex:city}})(?P<shape>{{lex:shape}})'`, "约克方", "t.one city=york shape=square"},
	}
	for _, tc := range tests {
		s := compileDoc(t, oneSpec(tc.pattern, slots))
		if got := routed(t, s, tc.text); got != tc.want {
			t.Errorf("%s: Query(%q) = %q, want %q", tc.pattern, tc.text, got, tc.want)
		}
	}
}

// TestManySpecs: with more than 64 specs every one is still scored, the
// last ones included, and several fire together.
func TestManySpecs(t *testing.T) {
	var b strings.Builder
	b.WriteString("specs:\n")
	for i := 0; i < 70; i++ {
		fmt.Fprintf(&b, `  - id: t.s%02d
    domain: test
    composable: true
    label: {zh: 测试%d, en: test %d}
    terms:
      - {weight: 0.6, en: [word%02d]}
    command: {name: reset}
`, i, i, i, i)
	}
	s := compileDoc(t, b.String())
	for _, i := range []int{0, 63, 64, 69} {
		text := fmt.Sprintf("word%02d", i)
		if got, want := routed(t, s, text), fmt.Sprintf("t.s%02d", i); got != want {
			t.Errorf("Query(%q) = %q, want %q", text, got, want)
		}
	}
	res, err := s.Query(Input{Text: "word69 word01 word66"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range res.Commands {
		ids = append(ids, c.Spec)
	}
	slices.Sort(ids)
	if want := []string{"t.s01", "t.s66", "t.s69"}; !slices.Equal(ids, want) {
		t.Errorf("Query(word69 word01 word66) commands from %v, want %v", ids, want)
	}
}
