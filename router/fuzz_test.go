package router

import (
	"context"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzQuery: no panic on any bytes; over-limit inputs are refused with
// ErrInputTooLong; results are always well-formed, and the input they echo
// is valid UTF-8 (invalid bytes replaced), whatever the bytes.
func FuzzQuery(f *testing.F) {
	for _, s := range []string{"只要美国的，粉丝 1w+，不要游戏", "", "\xff\xfe", "第二个", "https://www.youtube.com/@x", "'; DROP TABLE x; --",
		"粉丝" + strings.Repeat("9", 40) + "w+", "均播 1e308", "\u202eRTL\u202c", "😀 only", strings.Repeat("不要", 500)} {
		f.Add(s, 3)
	}
	snap, err := DefaultSnapshot()
	if err != nil {
		f.Fatal(err)
	}
	r, err := New(snap)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string, turn int) {
		in := Input{Text: s, Turn: turn % 10, Platform: "youtube",
			Pending: []Expectation{{ID: "q", Kind: ExpectChoice, DeclaredTurn: 2, Options: []Choice{{ID: "a", Label: s}, {ID: "b", Label: "美国"}}},
				{ID: "u", Kind: ExpectURL, DeclaredTurn: 2}},
			Conditions: []Condition{{ID: "k", Kind: "keyword", Value: s}}}
		res, tr, err := r.Explain(context.Background(), in)
		if len(s) > DefaultMaxInputBytes {
			if !errors.Is(err, ErrInputTooLong) {
				t.Fatalf("Explain(%d bytes) error = %v, want ErrInputTooLong", len(s), err)
			}
			return
		}
		if err != nil {
			t.Fatalf("Explain(%q) error = %v", s, err)
		}
		if res.Branch == "" || tr.Branch != res.Branch {
			t.Fatalf("Explain(%q) branch %q / trace %q", s, res.Branch, tr.Branch)
		}
		if res.Decision.ActionType == "" && res.Branch != BranchMatched {
			t.Fatalf("Explain(%q) decision without action type: %+v", s, res.Decision)
		}
		if !utf8.ValidString(tr.Normalized) || !utf8.ValidString(res.Input) {
			t.Fatalf("Explain(%q) normalised text %q or input %q is not UTF-8", s, tr.Normalized, res.Input)
		}
	})
}

func TestHugeInputs(t *testing.T) {
	r, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{strings.Repeat("不要游戏，", 270), strings.Repeat("a", DefaultMaxInputBytes), strings.Repeat("\xff", 4000), strings.Repeat("粉丝1w+", 400)} {
		if _, err := r.Query(context.Background(), Input{Text: s}); err != nil && !errors.Is(err, ErrInputTooLong) {
			t.Errorf("Query(%d bytes) error = %v", len(s), err)
		}
	}
	if _, err := r.Query(context.Background(), Input{Text: strings.Repeat("x", 100_000)}); !errors.Is(err, ErrInputTooLong) {
		t.Errorf("Query(100 KB) error = %v, want ErrInputTooLong", err)
	}
}
