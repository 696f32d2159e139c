package router

import (
	"maps"
	"strings"
	"testing"
)

// TestCompiledPatterns: how Compile sets a pattern up, seen in what it
// matches: patterns that run on every input (two specs with one each),
// a pattern without triggers searching the whole input, a whole-input
// regex with a negated class, a regex with a control byte, and a
// lex-anchored pattern gated by its declared triggers.
func TestCompiledPatterns(t *testing.T) {
	always := compileDoc(t, `specs:
  - id: t.hex
    domain: test
    label: {zh: 十六进制, en: hex}
    patterns:
      - {name: p, weight: 0.6, regex: '(?P<a>[0-9a-f]{4,}) [0-9a-f]{4,}'}
    slots: {a: {type: string}}
    command: {name: reset}
  - id: t.words
    domain: test
    label: {zh: 词, en: words}
    patterns:
      - {name: p, weight: 0.6, regex: '(?P<a>[g-z]{3,}) [g-z]{3,}'}
    slots: {a: {type: string}}
    command: {name: reset}
`)
	span := compileDoc(t, oneSpec(`regex: 'from (?P<a>\d+)[^,]* until (?P<b>\d+)'`, `a: {type: int}, b: {type: int}`))
	// A regex holding a control byte compiles (normalised text holds
	// none, so it never matches).
	ctrl := compileDoc(t, oneSpec(`regex: 'x\d*\x01'`, ``))
	plain := compileDoc(t, oneSpec(`regex: '^(?P<a>[^0-9@]+)@$'`, `a: {type: string}`))
	city := compileDoc(t, oneSpec(`regex: '(?P<city>{{lex:city}})', anchor: 'lex:city', triggers: [visit, 去]`,
		`city: {type: enum, enum: [york, paris], aliases: {paris: [巴黎]}}`))
	tests := []struct {
		s          *Snapshot
		text, want string
	}{
		{always, "beef 1234", "t.hex a=beef"},
		{always, "quiz show", "t.words a=quiz"},
		{span, "from 1 and then for a long while, much longer than a window, until 2", "-"},
		{span, "from 1 and then for a long while and much longer than a window until 2", "t.one a=1 b=2"},
		{plain, "ünïcode text@", "t.one a=ünïcode text"},
		{plain, "4 texts@", "-"},
		{ctrl, "x1", "-"},
		{city, "visit paris", "t.one city=paris"},
		{city, "去巴黎", "t.one city=paris"},
		{city, "paris", "-"},
	}
	for _, tc := range tests {
		if got := routed(t, tc.s, tc.text); got != tc.want {
			t.Errorf("Query(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestTermListedTwice: a term a spec lists twice (in zh and en, in two
// cases) is one hit, and its reason names it once.
func TestTermListedTwice(t *testing.T) {
	s := compileDoc(t, `specs:
  - id: t.term
    domain: test
    label: {zh: 词, en: term}
    terms:
      - {weight: 0.6, zh: [vlog], en: [Vlog, vlogs]}
    command: {name: reset}
`)
	res, err := s.Query(Input{Text: "vlog"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Top == nil || res.Top.Reason != "terms: vlog (0.60, threshold 0.50)" {
		t.Errorf("Query(vlog) top = %+v, want reason %q", res.Top, "terms: vlog (0.60, threshold 0.50)")
	}
}

// TestDefaultsNotShared: a slot's default in one result is the caller's
// to change; the next result has the default again (a count, an int and
// a multi enum).
func TestDefaultsNotShared(t *testing.T) {
	s := compileDoc(t, `specs:
  - id: t.def
    domain: test
    label: {zh: 默认, en: defaults}
    terms:
      - {weight: 0.6, zh: [默认], en: [defaults]}
    slots:
      n: {type: count, default: 1w+}
      k: {type: int, default: "3"}
      tags: {type: enum, multi: true, enum: [a, b], default: a}
    command: {name: reset}
`)
	for i := 0; i < 2; i++ {
		res, err := s.Query(Input{Text: "defaults"})
		if err != nil {
			t.Fatal(err)
		}
		if res.Top == nil {
			t.Fatalf("Query(defaults) = %s, want t.def", res.Branch)
		}
		sl := res.Top.Slots
		if got := sl["n"].String() + " " + sl["k"].String() + " " + sl["tags"].String(); got != ">=10000 3 a" {
			t.Fatalf("Query(defaults) #%d slots n, k, tags = %q, want %q", i+1, got, ">=10000 3 a")
		}
		if n, ok := sl["n"].Value.(CountRange); ok && n.Min != nil {
			*n.Min = 1
		}
		if tags, ok := sl["tags"].Value.([]string); ok && len(tags) > 0 {
			tags[0] = strings.ToUpper(tags[0])
		}
	}
}

// TestInvalidDefaults: a default its slot's type rejects (Lint checks
// only enum defaults) is reported invalid on every query, and the
// decision asks instead of executing.
func TestInvalidDefaults(t *testing.T) {
	s := compileDoc(t, `specs:
  - id: t.def
    domain: test
    label: {zh: 默认, en: defaults}
    terms:
      - {weight: 0.6, zh: [默认], en: [defaults]}
    slots:
      k: {type: int, default: "99", max: 10}
      d: {type: duration, default: forever}
    command: {name: reset}
`)
	want := map[string]string{"d": `no duration in "forever"`, "k": "99 is above the maximum 10"}
	for _, text := range []string{"defaults", "默认"} {
		res, err := s.Query(Input{Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if res.Top == nil || !maps.Equal(res.Top.InvalidSlots, want) || !res.Decision.NeedsClarification {
			t.Errorf("Query(%q) top = %+v, decision %+v; want invalid slots %v and a clarification", text, res.Top, res.Decision, want)
		}
	}
}
