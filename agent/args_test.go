package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"searchagent/tools/condition"
	"strings"
	"testing"
	"unicode/utf8"

	"searchagent/api"
	"searchagent/tools/condparse"
)

func TestCheckArgs(t *testing.T) {
	tests := []struct {
		name     string
		args     api.Args
		wantCode string
	}{
		{"plain zh and en", api.Args{Text: "只要美国的 swim vest", TagID: "t1"}, ""},
		{"tab and line breaks", api.Args{Text: "swim\tvest\r\nkayak"}, ""},
		{"nul in a text", api.Args{Text: "swim\x00vest"}, "bad_text"},
		{"escape in a tag id", api.Args{TagID: "t\x1b[1"}, "bad_text"},
		{"C1 control", api.Args{Text: "a\u0085b"}, "bad_text"},
		{"DEL", api.Args{OptionID: "o\x7f"}, "bad_text"},
		{"invalid UTF-8", api.Args{Text: "swim \xff vest"}, "bad_text"},
		{"replacement character", api.Args{URL: "https://x.com/\uFFFD"}, "bad_text"},
		{"too long", api.Args{Text: strings.Repeat("a", MaxTextBytes+1)}, "too_large"},
		{"too long cursor", api.Args{Cursor: strings.Repeat("1", MaxTextBytes+1)}, "too_large"},
		{"value with NUL", api.Args{Value: json.RawMessage(`"a\u0000"`)}, "bad_text"},
		{"value with a lone surrogate", api.Args{Value: json.RawMessage(`["\ud800"]`)}, "bad_text"},
		{"value key with NUL", api.Args{Value: json.RawMessage(`{"\u0000":1}`)}, "bad_text"},
		{"value with a surrogate pair", api.Args{Value: json.RawMessage(`"\ud83d\ude00"`)}, ""},
		{"value range", api.Args{Value: json.RawMessage(`{"min":1,"max":2}`)}, ""},
		{"value not JSON", api.Args{Value: json.RawMessage(`{"min":`)}, "bad_value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := checkArgs(tc.args)
			var ae *Error
			switch {
			case tc.wantCode == "" && err != nil:
				t.Fatalf("checkArgs(%+v) = %v, want nil", tc.args, err)
			case tc.wantCode != "" && (!errors.As(err, &ae) || ae.Code != tc.wantCode):
				t.Fatalf("checkArgs(%+v) = %v, want code %s", tc.args, err, tc.wantCode)
			}
		})
	}
}

func TestDecodeValueBounds(t *testing.T) {
	tests := []struct {
		op, raw string
		ok      bool
	}{
		{"within_days", `30`, true},
		{"within_days", `3650`, true},
		{"within_days", `3651`, false},
		{"within_days", `9223372036854775807`, false},
		{"within_days", `0`, false},
		{"gte", `10000000000`, true},
		{"gte", `10000000001`, false},
		{"lte", `-1`, false},
		{"between", `{"min": 5000, "max": 20000}`, true},
		{"between", `{"min": 0, "max": 9223372036854775807}`, false},
		{"between", `{"min": 20000, "max": 5000}`, false},
		// An open range (max 0) is bounded by its min alone.
		{"between", `{"min": 10000000000, "max": 0}`, true},
		{"between", `{"min": 10000000001, "max": 0}`, false},
	}
	for _, tc := range tests {
		var v condparse.Value
		err := decodeValue(json.RawMessage(tc.raw), condition.Op(tc.op), &v)
		if (err == nil) != tc.ok {
			t.Errorf("decodeValue(%s, %s) = %v, want ok=%v", tc.raw, tc.op, err, tc.ok)
		}
	}
}

func TestCheckKeyword(t *testing.T) {
	tests := []struct {
		text   string
		reason string
	}{
		{"美食", ""},
		{strings.Repeat("k", 100), ""},
		{strings.Repeat("k", 101), "too_long"},
		{strings.Repeat("美", 60), ""},
		{strings.Repeat("美", 61), "too_long"},
		{"🔥🔥", "no_searchable_word"},
		{"!!!", "no_searchable_word"},
		{"c++", ""},
	}
	for _, tc := range tests {
		err := checkKeyword(tc.text)
		var ae *Error
		switch {
		case tc.reason == "" && err != nil:
			t.Errorf("checkKeyword(%q) = %v, want nil", tc.text, err)
		case tc.reason != "" && (!errors.As(err, &ae) || ae.Code != "bad_keyword" || ae.Details.(map[string]any)["reason"] != tc.reason):
			t.Errorf("checkKeyword(%q) = %v, want bad_keyword (%s)", tc.text, err, tc.reason)
		}
	}
}

// FuzzCheckArgsAcceptsOnlyStorable: whatever checkArgs accepts, every
// store can hold: no NUL escape and no string a decoder had to repair
// (a lone surrogate) in the JSON of the args.
func FuzzCheckArgsAcceptsOnlyStorable(f *testing.F) {
	f.Add("美食", `"x"`)
	f.Add("a\x00", `"\u0000"`)
	f.Add("\xed\xa0\x80", `["\ud800",{"\udc00":1}]`)
	f.Fuzz(func(t *testing.T, text, value string) {
		args := api.Args{Text: text, Value: json.RawMessage(value)}
		if checkArgs(args) != nil {
			return
		}
		b, err := json.Marshal(args)
		if err != nil {
			return // the value is not JSON: the decoder refused it before
		}
		if strings.Contains(string(b), `\u0000`) {
			t.Fatalf("checkArgs accepted %q: NUL escape in %s", args, b)
		}
		var back struct {
			Text  string `json:"text"`
			Value any    `json:"value"`
		}
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if strings.ContainsRune(back.Text, utf8.RuneError) || strings.ContainsRune(fmt.Sprint(back.Value), utf8.RuneError) {
			t.Fatalf("checkArgs accepted %+v: a string a decoder repaired", args)
		}
	})
}
