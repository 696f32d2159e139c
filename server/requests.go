package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// jsonReason says what is wrong with the client's JSON in the API's terms
// and in both languages: the field and the JSON types, never a Go type
// name (issue 33: "cannot unmarshal array into Go value of type
// api.EventRequest").
func jsonReason(err error) msg {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		want, got := jsonKind(te.Type), jsonValueKind(te.Value)
		if te.Field == "" {
			return msg{fmt.Sprintf("请求体必须是%s，而不是%s", want.zh, got.zh), fmt.Sprintf("the body must be %s, not %s", want.en, got.en)}
		}
		f := jsonReasonKey(te.Field)
		return msg{fmt.Sprintf("字段 %s 必须是%s，而不是%s", f, want.zh, got.zh), fmt.Sprintf("field %s must be %s, not %s", f, want.en, got.en)}
	case errors.As(err, &se):
		return msg{fmt.Sprintf("第 %d 字节处的 JSON 格式错误", se.Offset), fmt.Sprintf("malformed JSON at byte %d", se.Offset)}
	}
	if k, ok := strings.CutPrefix(strings.TrimPrefix(err.Error(), "json: "), "unknown field "); ok {
		k = jsonReasonKey(strings.Trim(k, `"`))
		return msg{fmt.Sprintf("未知字段 %q", k), fmt.Sprintf("unknown field %q", k)}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return msg{"JSON 不完整", "the JSON ends too early"}
	}
	return msg{"请求体不是预期结构的 JSON 对象", "the body is not a JSON object of the expected shape"}
}

// jsonKind names the JSON type a Go type decodes from.
func jsonKind(t reflect.Type) msg {
	if t == nil {
		return msg{"一个 JSON 值", "a JSON value"}
	}
	switch t.Kind() {
	case reflect.String:
		return msg{"字符串", "a string"}
	case reflect.Bool:
		return msg{"布尔值", "a boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return msg{"数字", "a number"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return msg{"一个 JSON 值", "a JSON value"} // json.RawMessage
		}
		return msg{"数组", "an array"}
	case reflect.Map, reflect.Struct:
		return msg{"对象", "an object"}
	}
	return msg{"一个 JSON 值", "a JSON value"}
}

// jsonValueKind names the JSON value encoding/json found ("array",
// "number 3", "string", "bool", "object").
func jsonValueKind(v string) msg {
	switch kind, _, _ := strings.Cut(v, " "); kind {
	case "array":
		return msg{"数组", "an array"}
	case "object":
		return msg{"对象", "an object"}
	case "string":
		return msg{"字符串", "a string"}
	case "number":
		return msg{"数字", "a number"}
	case "bool":
		return msg{"布尔值", "a boolean"}
	}
	return msg{"其他值", "another value"}
}

// jsonReasonKey bounds a client's key quoted back in a reason.
func jsonReasonKey(k string) string {
	if len(k) > 60 {
		return strings.ToValidUTF8(k[:60], "") + "…"
	}
	return k
}
