package router

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"gopkg.in/yaml.v3"
)

// TestSlotsJSON: Slots and Args encode exactly as the maps they replace
// and decode back.
func TestSlotsJSON(t *testing.T) {
	var s Slots
	for _, name := range []string{"op", "country", "zeta", "alpha", "country"} {
		s = s.set(name, Slot{Type: SlotString, Raw: name, Value: name + "<&>", Source: "pattern:p"})
	}
	if got := strings.Join(s.Names(), ","); got != "alpha,country,op,zeta" {
		t.Fatalf("Slots names = %s, want alpha,country,op,zeta", got)
	}
	m := map[string]Slot{}
	for _, x := range s {
		m[x.Name] = x.Slot
	}
	got, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(m)
	if string(got) != string(want) {
		t.Errorf("json.Marshal(Slots) = %s, want %s", got, want)
	}
	var back Slots
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	if back.Names()[0] != "alpha" || len(back) != 4 {
		t.Errorf("Unmarshal(Slots) = %v", back)
	}
	if sl, ok := s.Get("op"); !ok || sl.Raw != "op" {
		t.Errorf("Slots.Get(op) = %v, %v", sl, ok)
	}
	if s.Has("missing") {
		t.Errorf("Slots.Has(missing) = true")
	}

	a := ArgsOf(map[string]any{"value": []string{"US"}, "field": "country", "op": "in"})
	a = a.set("action_id", "A_X")
	a = a.set("op", "not_in")
	got, _ = json.Marshal(a)
	want, _ = json.Marshal(a.Map())
	if string(got) != string(want) {
		t.Errorf("json.Marshal(Args) = %s, want %s", got, want)
	}
	if a.Get("op") != "not_in" || a.Get("nothing") != nil {
		t.Errorf("Args.Get = %v, %v", a.Get("op"), a.Get("nothing"))
	}
	var y struct{ Args Args }
	if err := yaml.Unmarshal([]byte("args: {b: 1, a: x}"), &y); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(Args{{Key: "a", Value: "x"}, {Key: "b", Value: 1}}, y.Args); diff != "" {
		t.Errorf("yaml Args (-want +got):\n%s", diff)
	}
	if b, _ := json.Marshal(Command{Name: "reset"}); string(b) != `{"name":"reset","spec":""}` {
		t.Errorf("empty args = %s, want omitted", b)
	}
}

// splitListRef is the plain definition splitList replaces.
func splitListRef(s string) []string {
	var parts []string
	last := 0
	for i := 0; i < len(s); {
		matched := 0
		for _, sep := range listSeps {
			if strings.HasPrefix(s[i:], sep) {
				matched = len(sep)
				break
			}
		}
		if matched > 0 {
			parts = append(parts, s[last:i])
			i += matched
			last = i
			continue
		}
		_, sz := utf8.DecodeRuneInString(s[i:])
		i += sz
	}
	return append(parts, s[last:])
}

// trimRef trims white space and trimCutset to a fixpoint.
func trimRef(s string) string {
	for {
		t := strings.Trim(strings.TrimSpace(s), trimCutset)
		if t == s {
			return t
		}
		s = t
	}
}

func TestSplitAndTrimFastPaths(t *testing.T) {
	alphabet := []string{"游", "戏", "a", "b", " ", "、", ",", "和", "以及", " and ", "或者", "&", "/", "+", "“", "”", "（", "\t", "\u3000", ".", "。", "\xe4", "\xbb", "以", "\"", "'", "【"}
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 50000; i++ {
		var b strings.Builder
		for n := rng.Intn(12); n > 0; n-- {
			b.WriteString(alphabet[rng.Intn(len(alphabet))])
		}
		s := b.String()
		if diff := cmp.Diff(splitListRef(s), splitList(s)); diff != "" {
			t.Fatalf("splitList(%q) (-ref +got):\n%s", s, diff)
		}
		if got, want := trimQuotes(s), trimRef(s); got != want {
			t.Fatalf("trimQuotes(%q) = %q, want %q", s, got, want)
		}
	}
}
