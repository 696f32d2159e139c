package contract

import (
	"encoding/json"
	"regexp"
	"unicode/utf8"
)

// fastSchema is a yes/no validator for the subset of JSON Schema the
// contract's schema files use (type, enum, pattern, maxLength, minItems,
// maxItems, properties, required, additionalProperties, items, anyOf, plus
// annotations). It only answers "valid"; a document it rejects goes to the
// jsonschema library, which says why. So that skipping the library is
// safe, it is compiled only from schemas whose every keyword it knows and
// implements each keyword with the library's semantics
// (TestFastSchemaMatchesLibrary holds it to the library).
type fastSchema struct {
	types     uint8 // bit set of jsonType; 0 means any type
	enum      []any // strings, bools and nulls only; nil means no enum
	hasEnum   bool
	match     func(string) bool // pattern
	maxLength int               // -1: none
	minItems  int               // -1: none
	maxItems  int               // -1: none
	props     map[string]*fastSchema
	required  []string
	// additional is the schema of properties outside props; nil with
	// noAdditional false allows any.
	additional   *fastSchema
	noAdditional bool
	items        *fastSchema
	anyOf        []*fastSchema
}

const (
	jtNull uint8 = 1 << iota
	jtBool
	jtNumber
	jtString
	jtArray
	jtObject
)

var jsonTypeBits = map[string]uint8{
	"null": jtNull, "boolean": jtBool, "number": jtNumber, "string": jtString, "array": jtArray, "object": jtObject,
}

// annotationKeywords carry no assertion.
var annotationKeywords = map[string]bool{
	"$schema": true, "$comment": true, "title": true, "description": true, "examples": true, "default": true,
}

// knownPatterns maps the schemas' patterns to their Go matchers (a test
// checks each against the regexp); any other pattern uses regexp, as the
// library does.
var knownPatterns = map[string]func(string) bool{
	idPattern: matchID, fieldPattern: matchField, actionPattern: matchAction,
	repairPattern: matchRepair, hintActionPattern: matchHintAction,
}

// compileFast compiles a decoded schema document; ok is false when the
// schema uses anything outside the supported subset.
func compileFast(doc any) (*fastSchema, bool) {
	m, ok := doc.(map[string]any)
	if !ok {
		return nil, false // boolean schemas are left to the library
	}
	s := &fastSchema{maxLength: -1, minItems: -1, maxItems: -1}
	for k, v := range m {
		switch k {
		case "type":
			switch t := v.(type) {
			case string:
				b, ok := jsonTypeBits[t]
				if !ok {
					return nil, false
				}
				s.types = b
			case []any:
				if len(t) == 0 {
					return nil, false
				}
				for _, e := range t {
					name, _ := e.(string)
					b, ok := jsonTypeBits[name]
					if !ok {
						return nil, false
					}
					s.types |= b
				}
			default:
				return nil, false
			}
		case "enum":
			arr, ok := v.([]any)
			if !ok {
				return nil, false
			}
			for _, e := range arr {
				switch e.(type) {
				case string, bool, nil:
				default:
					return nil, false
				}
			}
			s.enum, s.hasEnum = arr, true
		case "pattern":
			p, ok := v.(string)
			if !ok {
				return nil, false
			}
			if f, ok := knownPatterns[p]; ok {
				s.match = f
				break
			}
			re, err := regexp.Compile(p)
			if err != nil {
				return nil, false
			}
			s.match = re.MatchString
		case "maxLength", "minItems", "maxItems":
			n, ok := nonNegInt(v)
			if !ok {
				return nil, false
			}
			switch k {
			case "maxLength":
				s.maxLength = n
			case "minItems":
				s.minItems = n
			default:
				s.maxItems = n
			}
		case "properties":
			pm, ok := v.(map[string]any)
			if !ok {
				return nil, false
			}
			s.props = make(map[string]*fastSchema, len(pm))
			for name, sub := range pm {
				fs, ok := compileFast(sub)
				if !ok {
					return nil, false
				}
				s.props[name] = fs
			}
		case "required":
			arr, ok := v.([]any)
			if !ok {
				return nil, false
			}
			for _, e := range arr {
				name, ok := e.(string)
				if !ok {
					return nil, false
				}
				s.required = append(s.required, name)
			}
		case "additionalProperties":
			switch a := v.(type) {
			case bool:
				s.noAdditional = !a
			default:
				fs, ok := compileFast(a)
				if !ok {
					return nil, false
				}
				s.additional = fs
			}
		case "items":
			fs, ok := compileFast(v)
			if !ok {
				return nil, false
			}
			s.items = fs
		case "anyOf":
			arr, ok := v.([]any)
			if !ok || len(arr) == 0 {
				return nil, false
			}
			for _, sub := range arr {
				fs, ok := compileFast(sub)
				if !ok {
					return nil, false
				}
				s.anyOf = append(s.anyOf, fs)
			}
		default:
			if !annotationKeywords[k] {
				return nil, false
			}
		}
	}
	return s, true
}

// nonNegInt reads a schema's non-negative integer (a json.Number or a
// float64 without a fraction).
func nonNegInt(v any) (int, bool) {
	switch x := v.(type) {
	case json.Number:
		n, err := x.Int64()
		if err != nil || n < 0 || n > 1<<30 {
			return 0, false
		}
		return int(n), true
	case float64:
		if x < 0 || x > 1<<30 || x != float64(int(x)) {
			return 0, false
		}
		return int(x), true
	}
	return 0, false
}

// valid reports whether v satisfies the schema.
func (s *fastSchema) valid(v any) bool {
	var t uint8
	switch v.(type) {
	case nil:
		t = jtNull
	case bool:
		t = jtBool
	case json.Number:
		t = jtNumber
	case string:
		t = jtString
	case []any:
		t = jtArray
	case map[string]any:
		t = jtObject
	default:
		return false // not a decoded JSON value: let the library judge
	}
	if s.types != 0 && s.types&t == 0 {
		return false
	}
	if s.hasEnum && !enumHas(s.enum, v, t) {
		return false
	}
	switch x := v.(type) {
	case string:
		if s.maxLength >= 0 && utf8.RuneCountInString(x) > s.maxLength {
			return false
		}
		if s.match != nil && !s.match(x) {
			return false
		}
	case []any:
		if s.minItems >= 0 && len(x) < s.minItems || s.maxItems >= 0 && len(x) > s.maxItems {
			return false
		}
		if s.items != nil {
			for _, e := range x {
				if !s.items.valid(e) {
					return false
				}
			}
		}
	case map[string]any:
		for _, name := range s.required {
			if _, ok := x[name]; !ok {
				return false
			}
		}
		for k, e := range x {
			if sub, ok := s.props[k]; ok {
				if !sub.valid(e) {
					return false
				}
				continue
			}
			if s.noAdditional || s.additional != nil && !s.additional.valid(e) {
				return false
			}
		}
	}
	if s.anyOf != nil {
		for _, sub := range s.anyOf {
			if sub.valid(v) {
				return true
			}
		}
		return false
	}
	return true
}

func enumHas(enum []any, v any, t uint8) bool {
	for _, e := range enum {
		switch x := e.(type) {
		case string:
			if s, ok := v.(string); ok && s == x {
				return true
			}
		case bool:
			if b, ok := v.(bool); ok && b == x {
				return true
			}
		case nil:
			if t == jtNull {
				return true
			}
		}
	}
	return false
}
