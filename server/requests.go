package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"reflect"
	"strings"

	"github.com/gin-gonic/gin"
)

// CodeUnsupportedMediaType is the code of a 415.
const CodeUnsupportedMediaType = "unsupported_media_type"

var msgNotJSON = msg{"请求体必须是 JSON（Content-Type: application/json）", "the body must be JSON (Content-Type: application/json)"}

// requireJSON refuses a POST or PATCH whose Content-Type is not application/json
// with 415 (issue 33: any type was accepted, so a cross-site form or a
// text/plain fetch — "simple" requests no CORS preflight stops — could
// create sessions and send events when no API key is set).
func (s *Server) requireJSON(c *gin.Context) {
	mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type"))
	if err != nil || mt != "application/json" {
		s.fail(c, newHTTPError(c.Request, http.StatusUnsupportedMediaType, CodeUnsupportedMediaType, msgNotJSON,
			map[string]string{"want": "application/json"}, fmt.Errorf("content-type %q", c.GetHeader("Content-Type"))))
		return
	}
	c.Next()
}

// duplicateKey returns the first key that appears twice in one object of
// the JSON document b (compared as encoding/json matches fields: without
// regard to case), or "". b must be valid JSON.
func duplicateKey(b []byte) string {
	dec := json.NewDecoder(bytes.NewReader(b))
	type frame struct {
		keys   map[string]bool
		object bool
		isKey  bool // the next token of an object is a key
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.object && top.isKey {
			if d, ok := tok.(json.Delim); ok && d == '}' {
				stack = stack[:len(stack)-1]
				continue
			}
			k := strings.ToLower(fmt.Sprint(tok))
			if top.keys[k] {
				return fmt.Sprint(tok)
			}
			top.keys[k] = true
			top.isKey = false
			continue
		}
		if top != nil && top.object {
			top.isKey = true // a value: the next token is a key again
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{keys: map[string]bool{}, object: true, isKey: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim(']'), json.Delim('}'):
			stack = stack[:len(stack)-1]
		}
	}
}

// jsonReason says what is wrong with the client's JSON in the API's terms:
// the field and the JSON types, never a Go type name (issue 33: "cannot
// unmarshal array into Go value of type api.EventRequest").
func jsonReason(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		where := "the body"
		if te.Field != "" {
			where = "field " + te.Field
		}
		return fmt.Sprintf("%s must be %s, not %s", where, jsonKind(te.Type), te.Value)
	case errors.As(err, &se):
		return fmt.Sprintf("malformed JSON at byte %d", se.Offset)
	}
	s := strings.TrimPrefix(err.Error(), "json: ")
	if strings.Contains(s, "Go ") || strings.Contains(s, "struct") {
		return "the body is not a JSON object of the expected shape"
	}
	const max = 200
	if len(s) > max {
		s = strings.ToValidUTF8(s[:max], "") + "…"
	}
	return s
}

// jsonKind names the JSON type a Go type decodes from.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "a JSON value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return "a JSON value" // json.RawMessage
		}
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "a JSON value"
}

// jsonReasonKey bounds a client's key quoted back in a reason.
func jsonReasonKey(k string) string {
	if len(k) > 60 {
		return strings.ToValidUTF8(k[:60], "") + "…"
	}
	return k
}
