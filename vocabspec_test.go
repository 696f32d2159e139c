package searchagent_test

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"searchagent/tools/condition"
	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/taxonomy"
)

// knownSpecDrift are spec words the vocabulary lacks on purpose, each with
// why; an entry the specs no longer use is logged (the router fixes it on
// its own branch, and merging that must not break this test).
var knownSpecDrift = map[string]string{}

// TestSpecsSpeakTheVocabulary fails when an intent spec names a country,
// language, category, platform, scope, condition field or operator that
// the vocabulary packages lack: in a slot's enum (by the slot's name) or
// as a literal field or op of the command it emits.
func TestSpecsSpeakTheVocabulary(t *testing.T) {
	paths, err := filepath.Glob("router/specs/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no specs under router/specs (%v)", err)
	}
	known := func(slot, word string) bool {
		switch slot {
		case "category":
			_, ok := taxonomy.Categories.ByCode(word)
			return ok
		case "country":
			_, ok := taxonomy.Countries.ByCode(word)
			return ok
		case "language":
			_, ok := taxonomy.Languages.ByCode(word)
			return ok
		case "platform":
			return platform.Platform(word).Valid()
		case "scope":
			return scope.Scope(word).Valid()
		case "field":
			return condition.Field(word).Valid()
		case "op":
			return condition.Op(word).Valid()
		}
		return true
	}
	found := map[string]bool{}
	checked := 0
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := yaml.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		report := func(slot, word string) {
			checked++
			if !known(slot, word) {
				found[fmt.Sprintf("%s: %s %s", filepath.ToSlash(path), slot, word)] = true
			}
		}
		walkYAML(doc, func(key string, m map[string]any) {
			switch key {
			case "slots":
				for name, def := range m {
					d, _ := def.(map[string]any)
					enum, _ := d["enum"].([]any)
					for _, e := range enum {
						report(name, fmt.Sprint(e))
					}
				}
			case "args":
				for _, k := range []string{"field", "op"} {
					if v, ok := m[k].(string); ok && !strings.HasPrefix(v, "$") {
						report(k, v)
					}
				}
			}
		})
	}
	if checked < 20 {
		t.Fatalf("checked only %d spec words; the walk no longer finds the slots and args", checked)
	}
	for _, k := range slices.Sorted(maps.Keys(found)) {
		if _, ok := knownSpecDrift[k]; !ok {
			t.Errorf("%s: not in the vocabulary packages (tools/taxonomy, platform, scope, condition)", k)
		}
	}
	for k := range knownSpecDrift {
		if !found[k] {
			t.Logf("%s is listed in knownSpecDrift but the specs no longer use it; remove it from the list", k)
		}
	}
}

// walkYAML calls fn for every mapping value held under a key.
func walkYAML(n any, fn func(key string, m map[string]any)) {
	switch x := n.(type) {
	case map[string]any:
		for k, v := range x {
			if m, ok := v.(map[string]any); ok {
				fn(k, m)
			}
			walkYAML(v, fn)
		}
	case []any:
		for _, v := range x {
			walkYAML(v, fn)
		}
	}
}
