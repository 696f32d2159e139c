package router

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"searchagent/tools/textmatch"
)

// A classifier's slot value must come from the follow-up or from the
// pending question's options (issue 27, DESIGN "Router" stage 3): a model
// that answers "再来点" with filter.country and country=JP has invented the
// country, and its answer is rejected — the rules' reading stands.

// groundSources are the texts a classifier's slot value may come from:
// the follow-up and every option (label, id, aliases) of a live pending
// expectation.
func (e *evaluation) groundSources() []string {
	out := []string{e.in.Text}
	for _, p := range e.in.Pending {
		if !p.live(e.in.Turn) {
			continue
		}
		for _, o := range p.Options {
			out = append(out, o.Label)
			out = append(out, o.Aliases...)
		}
	}
	return out
}

// ungroundedSlot says why the classifier's typed slot is not grounded, or
// "" when it is: its raw value is written in a source (whole words for
// Latin text), or typing a source as the slot reads the same value (the
// same vocabulary terms, count or duration), or it is the slot's default.
func (e *evaluation) ungroundedSlot(cs *compiledSpec, name string, ss *SlotSpec, slot Slot, raw string) string {
	if ss.Default != "" && Normalize(raw) == Normalize(ss.Default) {
		return ""
	}
	nraw := Normalize(raw)
	for _, src := range e.groundSources() {
		n := Normalize(src)
		if n == "" {
			continue
		}
		if nraw != "" && containsWhole(n, nraw) {
			return ""
		}
		got, bad, _ := e.typeSlot(cs, -1, name, ss, []rawVal{{raw: n, orig: src, source: "grounding", start: -1, end: -1}})
		if bad == "" && covers(got.Value, slot.Value) {
			return ""
		}
	}
	return fmt.Sprintf("slot %s=%s is neither in the follow-up nor in the pending options", name, slot.String())
}

// containsWhole reports whether s holds w; a w that starts or ends with a
// Latin letter or digit must not run on into one ("us" is not in "music").
func containsWhole(s, w string) bool {
	for i := 0; i <= len(s); {
		k := strings.Index(s[i:], w)
		if k < 0 {
			return false
		}
		a, b := i+k, i+k+len(w)
		if (!textmatch.IsWordByte(w[0]) || a == 0 || !textmatch.IsWordByte(s[a-1])) && (!textmatch.IsWordByte(w[len(w)-1]) || b == len(s) || !textmatch.IsWordByte(s[b])) {
			return true
		}
		i = a + 1
	}
	return false
}

// covers reports whether the value read from a source includes the
// classifier's value: every element of a multi value, or the same value.
func covers(read, claimed any) bool {
	switch c := claimed.(type) {
	case []string:
		r, ok := read.([]string)
		if !ok {
			if s, isStr := read.(string); isStr {
				r = []string{s}
			}
		}
		for _, v := range c {
			if !slices.Contains(r, v) {
				return false
			}
		}
		return len(c) > 0
	case string:
		if r, ok := read.([]string); ok {
			return slices.Contains(r, c)
		}
	}
	return reflect.DeepEqual(read, claimed)
}
