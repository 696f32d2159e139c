package condparse

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ValueType says which member of a Value is set.
type ValueType string

// The value types and their JSON forms.
const (
	// ValueString is a JSON string (a code, a keyword, a URL).
	ValueString ValueType = "string"
	// ValueStrings is a JSON array of strings (codes for in/not_in).
	ValueStrings ValueType = "strings"
	// ValueInt is a JSON integer (counts, days).
	ValueInt ValueType = "int"
	// ValueRange is a JSON object {"min": int, "max": int}.
	ValueRange ValueType = "range"
)

// Range is an inclusive integer range.
type Range struct {
	Min int64 `json:"min"`
	Max int64 `json:"max"`
}

// Value is the typed value of a condition. Exactly the member named by Type
// is meaningful; it marshals to a plain JSON string, array, integer or
// {"min","max"} object, so the wire form depends only on the op.
type Value struct {
	Type  ValueType
	Str   string
	Strs  []string
	Int   int64
	Range Range
}

// StringValue returns a string value.
func StringValue(s string) Value { return Value{Type: ValueString, Str: s} }

// StringsValue returns a string-array value.
func StringsValue(ss ...string) Value { return Value{Type: ValueStrings, Strs: ss} }

// IntValue returns an integer value.
func IntValue(n int64) Value { return Value{Type: ValueInt, Int: n} }

// RangeValue returns a range value.
func RangeValue(lo, hi int64) Value { return Value{Type: ValueRange, Range: Range{Min: lo, Max: hi}} }

// String renders the value for messages and tests.
func (v Value) String() string {
	switch v.Type {
	case ValueString:
		return strconv.Quote(v.Str)
	case ValueStrings:
		return "[" + strings.Join(v.Strs, ",") + "]"
	case ValueInt:
		return strconv.FormatInt(v.Int, 10)
	case ValueRange:
		return fmt.Sprintf("%d..%d", v.Range.Min, v.Range.Max)
	}
	return "<none>"
}

// Codes lists a set value's codes: the one code of eq, the codes of in
// and not_in; nil for any other value.
func (v Value) Codes() []string {
	switch v.Type {
	case ValueString:
		return []string{v.Str}
	case ValueStrings:
		return v.Strs
	}
	return nil
}

// MarshalJSON implements json.Marshaler.
func (v Value) MarshalJSON() ([]byte, error) {
	switch v.Type {
	case ValueString:
		return json.Marshal(v.Str)
	case ValueStrings:
		if v.Strs == nil {
			return []byte("[]"), nil
		}
		return json.Marshal(v.Strs)
	case ValueInt:
		return []byte(strconv.FormatInt(v.Int, 10)), nil
	case ValueRange:
		return json.Marshal(v.Range)
	case "":
		return []byte("null"), nil
	}
	return nil, fmt.Errorf("condparse: unknown value type %q", v.Type)
}

// UnmarshalJSON implements json.Unmarshaler; the type follows the JSON
// token: string, array of strings, integer, or {"min","max"} object.
func (v *Value) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*v = Value{}
		return nil
	}
	switch b[0] {
	case '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*v = StringValue(s)
	case '[':
		var ss []string
		if err := json.Unmarshal(b, &ss); err != nil {
			return err
		}
		*v = StringsValue(ss...)
	case '{':
		var r Range
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			return fmt.Errorf("condparse: range value: %w", err)
		}
		*v = Value{Type: ValueRange, Range: r}
	default:
		n, err := strconv.ParseInt(string(b), 10, 64)
		if err != nil {
			return fmt.Errorf("condparse: value %s is not a string, array, integer or range", b)
		}
		*v = IntValue(n)
	}
	return nil
}
