package contract

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestFastSchemaCoversEverySchema keeps every schema file inside the
// fastSchema subset, so that no document pays for the library unless it
// has a schema error.
func TestFastSchemaCoversEverySchema(t *testing.T) {
	full, strict := newValidators(t)
	for _, v := range []*Validator{full, strict} {
		for _, id := range SchemaIDs() {
			if v.fast[id] == nil {
				t.Errorf("schema %s (strict=%v) is outside the fastSchema subset", id, v.strict)
			}
		}
	}
}

// mutations returns variants of a decoded document: each value replaced by
// values of other types and shapes, each object key dropped, an unknown
// key added to each object.
func mutations(doc any) []any {
	repl := []any{nil, true, json.Number("3"), json.Number("1.5"), "", "x", strings.Repeat("长", 300), "A_REPAIR_X", "bad id!", []any{}, []any{"a", "b"}, map[string]any{}, map[string]any{"min": json.Number("1"), "max": nil}}
	var out []any
	var walk func(v any, set func(any) any)
	walk = func(v any, set func(any) any) {
		for _, r := range repl {
			out = append(out, set(r))
		}
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(e, func(n any) any {
					return set(withKey(x, k, n, true))
				})
				out = append(out, set(withKey(x, k, nil, false)))
			}
			out = append(out, set(withKey(x, "zz_unknown", "x", true)))
		case []any:
			for i, e := range x {
				walk(e, func(n any) any {
					c := append([]any(nil), x...)
					c[i] = n
					return set(c)
				})
			}
			out = append(out, set(append(append([]any(nil), x...), x...)))
		}
	}
	walk(doc, func(n any) any { return n })
	return out
}

func withKey(m map[string]any, k string, v any, keep bool) map[string]any {
	c := make(map[string]any, len(m)+1)
	for kk, vv := range m {
		c[kk] = vv
	}
	if keep {
		c[k] = v
	} else {
		delete(c, k)
	}
	return c
}

// TestFastSchemaMatchesLibrary holds the fast validator to the jsonschema
// library: on every corpus document under every schema, and on thousands
// of mutations of them under their own schema, both must give the same
// yes/no answer.
func TestFastSchemaMatchesLibrary(t *testing.T) {
	full, strict := newValidators(t)
	cases := loadCorpus(t)
	checked, invalid := 0, 0
	check := func(v *Validator, id SchemaID, name string, doc any) {
		t.Helper()
		want := v.schemas[id].Validate(doc) == nil
		if got := v.fast[id].valid(doc); got != want {
			data, _ := json.Marshal(doc)
			t.Errorf("%s: fast valid = %v, library valid = %v under %s (strict=%v) for %s", name, got, want, id, v.strict, data)
		}
		checked++
		if !want {
			invalid++
		}
	}
	for _, c := range cases {
		doc, err := decodeJSON(c.document(t))
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		own, err := Resolve(c.State, c.Context)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		for _, v := range []*Validator{full, strict} {
			for _, id := range SchemaIDs() {
				check(v, id, c.Name, doc)
			}
			for _, m := range mutations(doc) {
				check(v, own, c.Name+" (mutated)", m)
			}
		}
	}
	if invalid == 0 || invalid == checked {
		t.Errorf("checked %d documents, %d invalid: want both kinds", checked, invalid)
	}
	t.Logf("fast schema agreed with the library on %d documents (%d invalid)", checked, invalid)
}
