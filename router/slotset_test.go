package router

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSlotsAndArgsJSON: Slots and Args are maps, so their JSON has
// sorted keys whatever the insertion order, and empty arguments are
// omitted from a command.
func TestSlotsAndArgsJSON(t *testing.T) {
	var s Slots
	for _, name := range []string{"op", "country", "zeta", "alpha", "country"} {
		s = s.set(name, Slot{Type: SlotString, Raw: name, Value: name, Source: "pattern:p"})
	}
	if diff := cmp.Diff([]string{"alpha", "country", "op", "zeta"}, s.Names()); diff != "" {
		t.Errorf("Slots.Names() (-want +got):\n%s", diff)
	}
	var a Args
	a = a.set("value", []string{"US"}).set("field", "country").set("op", "in").set("op", "not_in")
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"slots", Slots{"b": {Type: SlotInt, Value: 2}, "a": {Type: SlotString, Raw: "x", Value: "x"}},
			`{"a":{"type":"string","raw":"x","value":"x","source":""},"b":{"type":"int","value":2,"source":""}}`},
		{"args", a, `{"field":"country","op":"not_in","value":["US"]}`},
		{"empty args", Command{Name: "reset"}, `{"name":"reset","spec":""}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("json.Marshal(%v) = %s, want %s", tc.v, got, tc.want)
			}
		})
	}
	if a.Get("op") != "not_in" || a.Get("nothing") != nil {
		t.Errorf("Args.Get = %v, %v", a.Get("op"), a.Get("nothing"))
	}
	if sl, ok := s.Get("op"); !ok || sl.Raw != "op" || s.Has("missing") {
		t.Errorf("Slots.Get(op) = %v, %v; Has(missing) = %v", sl, ok, s.Has("missing"))
	}
}

// TestSplitListAndTrim: list separators in their order, quotes and
// white space trimmed from both ends.
func TestSplitListAndTrim(t *testing.T) {
	tests := []struct {
		in    string
		split []string
		trim  string
	}{
		{"游戏、美妆和vlog", []string{"游戏", "美妆", "vlog"}, "游戏、美妆和vlog"},
		{"cats and dogs", []string{"cats", "dogs"}, "cats and dogs"},
		{"以及和", []string{"", "", ""}, "以及和"},
		{" “gaming” ", []string{" “gaming” "}, "gaming"},
		{"「a,b」。", []string{"「a", "b」。"}, "a,b"},
		{"", []string{""}, ""},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.split, splitList(tc.in)); diff != "" {
			t.Errorf("splitList(%q) (-want +got):\n%s", tc.in, diff)
		}
		if got := trimQuotes(tc.in); got != tc.trim {
			t.Errorf("trimQuotes(%q) = %q, want %q", tc.in, got, tc.trim)
		}
	}
}

// TestSplitListMatchesRegexp: splitList splits where a leftmost-first
// alternation of listSeps does (regexp.Split, the oracle).
func TestSplitListMatchesRegexp(t *testing.T) {
	q := make([]string, len(listSeps))
	for i, sep := range listSeps {
		q[i] = regexp.QuoteMeta(sep)
	}
	re := regexp.MustCompile(strings.Join(q, "|"))
	for _, in := range []string{"", "、", "a and b or c", "以及或者和", "游戏、美妆和vlog/asmr+旅行", "x &y;z,", " and ", "和和", "pets or\xffand cats", "仅以"} {
		if got, want := splitList(in), re.Split(in, -1); !slices.Equal(got, want) {
			t.Errorf("splitList(%q) = %q, want %q", in, got, want)
		}
	}
}
