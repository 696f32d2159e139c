package contract

import (
	"encoding/json"
	"unicode/utf8"
)

// fastDecode parses a JSON document into the same generic value
// decodeJSON yields (objects as map[string]any, arrays as non-nil []any,
// numbers as json.Number, strings with invalid UTF-8 replaced as
// encoding/json does) in one pass over the bytes, without the reflection
// and the two scans of encoding/json. ok is false for anything it does not
// handle itself (a syntax error, trailing data, deep nesting); the caller
// then uses decodeJSON, which also words the error. FuzzFastDecode holds
// it to decodeJSON.
func fastDecode(data []byte) (doc any, ok bool) {
	d := fastDecoder{data: data}
	d.skipSpace()
	v, ok := d.value(0)
	if !ok {
		return nil, false
	}
	d.skipSpace()
	if d.pos != len(d.data) {
		return nil, false
	}
	return v, true
}

// maxFastDepth bounds the nesting fastDecode handles; deeper documents go
// to encoding/json.
const maxFastDepth = 256

type fastDecoder struct {
	data []byte
	pos  int
}

func (d *fastDecoder) skipSpace() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

func (d *fastDecoder) value(depth int) (any, bool) {
	if d.pos >= len(d.data) || depth > maxFastDepth {
		return nil, false
	}
	switch c := d.data[d.pos]; {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		return d.str()
	case c == 't':
		return true, d.literal("true")
	case c == 'f':
		return false, d.literal("false")
	case c == 'n':
		return nil, d.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	}
	return nil, false
}

func (d *fastDecoder) literal(lit string) bool {
	if len(d.data)-d.pos < len(lit) || string(d.data[d.pos:d.pos+len(lit)]) != lit {
		return false
	}
	d.pos += len(lit)
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number reads -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, kept as
// its text.
func (d *fastDecoder) number() (any, bool) {
	b, start := d.data, d.pos
	i := start
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	default:
		return nil, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || !isDigit(b[i]) {
			return nil, false
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !isDigit(b[i]) {
			return nil, false
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	d.pos = i
	return json.Number(b[start:i]), true
}

// str reads a string. Escapes and invalid UTF-8 are rare in model output:
// such a string is handed to encoding/json, so that it unquotes exactly
// as before.
func (d *fastDecoder) str() (any, bool) {
	s, ok := d.strValue()
	return s, ok
}

func (d *fastDecoder) strValue() (string, bool) {
	b := d.data
	start := d.pos + 1
	plain := true
	i := start
	for ; i < len(b); i++ {
		c := b[i]
		if c == '"' {
			break
		}
		if c < 0x20 {
			return "", false
		}
		if c == '\\' {
			plain = false
			i++ // the escaped byte cannot end the string
			continue
		}
		if c >= utf8.RuneSelf {
			plain = false
		}
	}
	if i >= len(b) {
		return "", false
	}
	d.pos = i + 1
	raw := b[start:i]
	if plain || utf8.Valid(raw) && !hasBackslash(raw) {
		return internString(raw), true
	}
	var s string
	if err := json.Unmarshal(b[start-1:i+1], &s); err != nil {
		return "", false
	}
	return s, true
}

func hasBackslash(b []byte) bool {
	for _, c := range b {
		if c == '\\' {
			return true
		}
	}
	return false
}

// internedStrings are the slot document's keys and enum values, shared
// instead of allocated per document.
var internedStrings = func() map[string]string {
	m := map[string]string{}
	add := func(ss ...string) {
		for _, s := range ss {
			m[s] = s
		}
	}
	add(SlotNames...)
	add("text", "tone", "loading", "id", "kind", "field", "op", "value", "label", "source", "status",
		"options", "action_id", "reason", "action_ids", "min", "max")
	add(toStrings(Tones)...)
	add(toStrings(Kinds)...)
	add(toStrings(Ops)...)
	add(toStrings(Sources)...)
	add(toStrings(CondStatuses)...)
	add(toStrings(Scopes)...)
	return m
}()

func internString(b []byte) string {
	if s, ok := internedStrings[string(b)]; ok {
		return s
	}
	return string(b)
}

func (d *fastDecoder) object(depth int) (any, bool) {
	d.pos++ // '{'
	m := make(map[string]any)
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == '}' {
		d.pos++
		return m, true
	}
	for {
		if d.pos >= len(d.data) || d.data[d.pos] != '"' {
			return nil, false
		}
		k, ok := d.strValue()
		if !ok {
			return nil, false
		}
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return nil, false
		}
		d.pos++
		d.skipSpace()
		v, ok := d.value(depth + 1)
		if !ok {
			return nil, false
		}
		m[k] = v // a repeated key: the last wins, as in encoding/json
		if more, ok := d.separator('}'); !ok {
			return nil, false
		} else if !more {
			return m, true
		}
	}
}

// separator reads what follows a member or element: a comma (more is
// true) or the closing byte (more is false); ok is false for anything
// else.
func (d *fastDecoder) separator(closing byte) (more, ok bool) {
	d.skipSpace()
	if d.pos >= len(d.data) {
		return false, false
	}
	switch d.data[d.pos] {
	case ',':
		d.pos++
		d.skipSpace()
		return true, true
	case closing:
		d.pos++
		return false, true
	}
	return false, false
}

func (d *fastDecoder) array(depth int) (any, bool) {
	d.pos++ // '['
	arr := make([]any, 0, 4)
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == ']' {
		d.pos++
		return arr, true
	}
	for {
		v, ok := d.value(depth + 1)
		if !ok {
			return nil, false
		}
		arr = append(arr, v)
		if more, ok := d.separator(']'); !ok {
			return nil, false
		} else if !more {
			return arr, true
		}
	}
}
