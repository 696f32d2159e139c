package agent

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

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
	}
	for _, tc := range tests {
		var v condparse.Value
		err := decodeValue(json.RawMessage(tc.raw), tc.op, &v)
		if (err == nil) != tc.ok {
			t.Errorf("decodeValue(%s, %s) = %v, want ok=%v", tc.raw, tc.op, err, tc.ok)
		}
	}
}
