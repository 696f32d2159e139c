package router

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// longColor is an enum value of 64 runes, the longest the nearest-value
// search compares.
var longColor = strings.Repeat("a", 64)

// TestNearestValidValue: an invalid enum value's hint names the valid
// value closest by edit distance, the earlier of two equally close ones,
// up to half the value's length plus one edits (at least two); a value
// further from every valid one gets no hint.
func TestNearestValidValue(t *testing.T) {
	snap := compileDoc(t, `specs:
  - id: pick.color
    domain: test
    composable: true
    label: {zh: 颜色, en: colour}
    patterns:
      - {name: color, regex: 'colou?r\s+(?P<color>[a-z]+)', weight: 0.6, triggers: [color, colour]}
    slots:
      color: {type: enum, required: true, enum: [red, green, blue, `+longColor+`]}
    command: {name: add_soft_preference, args: {preference: $color}}
`)
	for _, tc := range []struct{ value, want string }{
		{"grean", "green"},
		{"bled", "red"},    // red and blue are both two edits away
		{"gxxxn", "green"}, // three edits: the most a five-letter value may be off
		{"gxxxx", ""},      // four
		{"xxxxxx", ""},     // six edits from anything, two more than its limit
		{strings.Repeat("a", 63) + "b", longColor},
	} {
		_, tr, err := snap.Explain(Input{Text: "color " + tc.value})
		if err != nil {
			t.Fatal(err)
		}
		want := []SlotHint{{SpecID: "pick.color", Slot: "color", Value: tc.value, Nearest: tc.want}}
		if diff := cmp.Diff(want, tr.SlotHints); diff != "" {
			t.Errorf("Explain(color %s) slot hints (-want +got):\n%s", tc.value, diff)
		}
	}
}

// TestKeywordPiecesLoseTheirAffixes: each piece of a keyword list loses
// the slot's strip words at either end ("露营博主" is the keyword 露营,
// "关键词美食" the keyword 美食), in zh and en.
func TestKeywordPiecesLoseTheirAffixes(t *testing.T) {
	snap := defaultSnapshot(t)
	for _, tc := range []struct {
		input string
		want  []string
	}{
		{"加上露营博主、美食", []string{"露营", "美食"}},
		{"加上露营、关键词美食", []string{"露营", "美食"}},
		{"add camping videos & hiking", []string{"camping", "hiking"}},
		{"add camping & keyword hiking", []string{"camping", "hiking"}},
	} {
		res, err := snap.Query(Input{Text: tc.input})
		if err != nil {
			t.Fatal(err)
		}
		want := []Command{{Name: "add_keyword", Spec: "keyword.add", Args: Args{"keywords": tc.want}}}
		if diff := cmp.Diff(want, res.Commands); diff != "" {
			t.Errorf("Query(%q) commands (-want +got):\n%s", tc.input, diff)
		}
	}
}

// TestIntSlot: an int slot reads digits and Chinese numerals; a capture
// without a number is an invalid slot that says so.
func TestIntSlot(t *testing.T) {
	snap := compileDoc(t, `specs:
  - id: pick.top
    domain: test
    composable: true
    label: {zh: 前几, en: top}
    patterns:
      - {name: top, regex: '(?:top|前)\s*(?P<n>\S+)', weight: 0.6, triggers: [top, 前]}
    slots:
      n: {type: int, required: true}
    command: {name: narrow}
`)
	for _, tc := range []struct {
		input   string
		want    any
		invalid string
	}{
		{"top 20", int64(20), ""},
		{"前二十", int64(20), ""},
		{"top many", nil, `no integer in "many"`},
	} {
		res, err := snap.Query(Input{Text: tc.input})
		if err != nil {
			t.Fatal(err)
		}
		if res.Top == nil {
			t.Fatalf("Query(%q) has no top candidate", tc.input)
		}
		sl, _ := res.Top.Slots.Get("n")
		if got := res.Top.InvalidSlots["n"]; got != tc.invalid || tc.invalid == "" && sl.Value != tc.want {
			t.Errorf("Query(%q) slot n = %v (invalid %q), want %v (invalid %q)", tc.input, sl.Value, got, tc.want, tc.invalid)
		}
	}
}
