package api

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"searchagent/contract"
	"searchagent/tools/fields"
	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/states"
	"searchagent/tools/store"
)

// PathOpenAPI serves the OpenAPI document (OpenAPIJSON).
const PathOpenAPI = "/openapi.json"

// openapiYAML is the hand-written OpenAPI 3.1 document of the API.
//
//go:embed openapi.yaml
var openapiYAML []byte

// ContractSchemaPrefix names the contract's per-state slot schemas inside
// the served document: components.schemas["contract.<key>"].
const ContractSchemaPrefix = "contract."

// ErrOpenAPI is returned when the embedded document cannot be bundled.
var ErrOpenAPI = errors.New("api: openapi document")

var (
	openapiMu   sync.Mutex
	openapiKey  string
	openapiDoc  []byte
	openapiErr  error
	openapiDone bool
)

// OpenAPIYAML returns the hand-written document as embedded (without the
// contract's schemas).
func OpenAPIYAML() []byte { return append([]byte(nil), openapiYAML...) }

// OpenAPIJSON returns the served document: api/openapi.yaml as JSON with
// the response contract's per-state slot schemas bundled under
// components.schemas["contract.<key>"], referenced (never copied) by
// Slots (any of them) and SlotsEvent (the one its "schema" names).
// events is the closed event vocabulary (the state machine's UserEvents):
// the wire types import no agent package, so the caller passes it in. The
// document is bundled once per vocabulary.
func OpenAPIJSON(events []string) ([]byte, error) {
	key := strings.Join(events, "\n")
	openapiMu.Lock()
	defer openapiMu.Unlock()
	if !openapiDone || key != openapiKey {
		openapiDoc, openapiErr = bundleOpenAPI(events)
		openapiKey, openapiDone = key, true
	}
	return openapiDoc, openapiErr
}

func bundleOpenAPI(events []string) ([]byte, error) {
	var doc map[string]any
	if err := yaml.Unmarshal(openapiYAML, &doc); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrOpenAPI, err)
	}
	comps, _ := doc["components"].(map[string]any)
	schemas, _ := comps["schemas"].(map[string]any)
	slots, _ := schemas["Slots"].(map[string]any)
	slotsEvent, _ := schemas["SlotsEvent"].(map[string]any)
	if slots == nil || slotsEvent == nil {
		return nil, fmt.Errorf("%w: components.schemas lacks Slots or SlotsEvent", ErrOpenAPI)
	}
	var anyOf, perKey, keys []any
	for _, id := range contract.SchemaIDs() {
		raw, err := contract.Schema(id, false)
		if err != nil {
			return nil, fmt.Errorf("%w: contract schema %s: %v", ErrOpenAPI, id, err)
		}
		var s map[string]any
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("%w: contract schema %s: %v", ErrOpenAPI, id, err)
		}
		name := ContractSchemaPrefix + string(id)
		if _, dup := schemas[name]; dup {
			return nil, fmt.Errorf("%w: %s is written in openapi.yaml; it comes from the contract package", ErrOpenAPI, name)
		}
		schemas[name] = s
		ref := map[string]any{"$ref": "#/components/schemas/" + name}
		anyOf = append(anyOf, ref)
		keys = append(keys, string(id))
		perKey = append(perKey, map[string]any{
			"if":   map[string]any{"properties": map[string]any{"schema": map[string]any{"const": string(id)}}},
			"then": map[string]any{"properties": map[string]any{"slots": ref}},
		})
	}
	if err := fillVocabularies(schemas, events); err != nil {
		return nil, err
	}
	slots["anyOf"] = anyOf
	slotsEvent["allOf"] = perKey
	if props, ok := slotsEvent["properties"].(map[string]any); ok {
		props["schema"] = map[string]any{"type": "string", "enum": keys, "description": "The contract schema key the slots were checked against."}
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrOpenAPI, err)
	}
	return b, nil
}

// vocabularies are the closed word lists the document's enums come from
// (each has one home package; the YAML names it with x-vocabulary).
func vocabularies(events []string) map[string][]string {
	strs := func(n int, at func(int) string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = at(i)
		}
		return out
	}
	scenes := []string{}
	subs := strs(len(states.Catalogue), func(i int) string { return states.Catalogue[i].ID })
	for _, s := range states.Catalogue {
		if len(scenes) == 0 || scenes[len(scenes)-1] != string(s.Scene) {
			scenes = append(scenes, string(s.Scene))
		}
	}
	return map[string][]string{
		"platforms":        strs(len(platform.All()), func(i int) string { return string(platform.All()[i]) }),
		"input_states":     strs(len(states.Inputs), func(i int) string { return string(states.Inputs[i]) }),
		"container_states": strs(len(states.Containers), func(i int) string { return string(states.Containers[i]) }),
		"session_states":   strs(len(states.Sessions), func(i int) string { return string(states.Sessions[i]) }),
		"scenes":           scenes,
		"substates":        subs,
		"scopes":           strs(len(scope.List()), func(i int) string { return string(scope.List()[i]) }),
		"events":           append([]string(nil), events...),
		"filter_fields":    fields.Names(),
		"sorts":            append([]string{string(store.SortSimilarity)}, strs(len(store.Sorts()), func(i int) string { return string(store.Sorts()[i]) })...),
	}
}

// fillVocabularies sets the enum of every schema that names a vocabulary
// with x-vocabulary, so the document never holds a copy of a word list.
func fillVocabularies(schemas map[string]any, events []string) error {
	vocab := vocabularies(events)
	for name, v := range schemas {
		s, ok := v.(map[string]any)
		if !ok {
			continue
		}
		key, ok := s["x-vocabulary"].(string)
		if !ok {
			continue
		}
		list, ok := vocab[key]
		if !ok {
			return fmt.Errorf("%w: schema %s names an unknown vocabulary %q", ErrOpenAPI, name, key)
		}
		enum := make([]any, len(list))
		for i, w := range list {
			enum[i] = w
		}
		s["enum"] = enum
	}
	return nil
}
