package contract

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// decodeSeeds are documents that probe the corners of JSON decoding.
var decodeSeeds = []string{
	``, ` `, `{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `-0.5e+10`, `1E3`, `01`, `1.`, `.5`, `-`, `1e`, `+1`,
	`"a"`, `"\u00e9\n\t\"\\\/"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\x"`, "\"a\x01\"", "\"\xff\xfe\"", "\"\xe4\xb8\"", `"é"`,
	`{"a":1,"a":2}`, `{"a" : [ 1 , 2 ] }`, `{"a":1,}`, `[1,]`, `[1 2]`, `{"a" 1}`, `{a:1}`, `{"a":1}}`, `{"a":1} x`,
	`{"a":1} {"b":2}`, "\ufeff{}", `{"status":{"text":"正在搜索…","tone":"progress","loading":true}}`, ` {"x": null } `,
	`nul`, `tru`, `[`, `{`, `"`, strings.Repeat("[", 300) + strings.Repeat("]", 300), strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
}

// checkDecode compares fastDecode with decodeJSON on one input: when the
// fast path accepts, decodeJSON must accept with the same value.
func checkDecode(t *testing.T, data []byte) {
	t.Helper()
	got, ok := fastDecode(data)
	want, err := decodeJSON(data)
	if !ok {
		return // the caller falls back to decodeJSON itself
	}
	if err != nil {
		t.Fatalf("fastDecode(%q) accepted what decodeJSON rejects: %v", data, err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("fastDecode(%q) (-decodeJSON +fast):\n%s", data, diff)
	}
}

// TestFastDecodeMatchesDecodeJSON runs the seeds and every corpus
// document through both decoders, and checks that the fast path does
// handle the ordinary documents itself.
func TestFastDecodeMatchesDecodeJSON(t *testing.T) {
	for _, s := range decodeSeeds {
		checkDecode(t, []byte(s))
	}
	fast := 0
	cases := loadCorpus(t)
	for _, c := range cases {
		data := c.document(t)
		checkDecode(t, data)
		if _, ok := fastDecode(data); ok {
			fast++
		}
	}
	if fast < len(cases)*9/10 {
		t.Errorf("fastDecode handled %d of %d corpus documents, want nearly all", fast, len(cases))
	}
}

// FuzzFastDecode holds fastDecode to decodeJSON on arbitrary input.
func FuzzFastDecode(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	_, s := typicalInput()
	if data, err := json.Marshal(s); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecode(t, data)
	})
}
