package router

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ＵＳＡ　Only", "usa only"},
		{"粉絲１ｗ＋", "粉丝1w+"},
		{"  多个   空格\t\n", "多个 空格"},
		{"zero\u200bwidth", "zerowidth"},
		{"關鍵詞，標籤。", "关键词,标签."},
		{"bad\xffutf8", "bad utf8"},
		{"", ""},
		{"\t\n", ""},
		{"trailing ", "trailing"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := Normalize(tc.in); got != tc.want {
				t.Errorf("Normalize(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestNormalizeOffsets(t *testing.T) {
	in := "  Use ＨＴＴＰＳ://YouTube.com/@MKBHD  "
	nt := normalize(in)
	i := strings.Index(nt.s, "https")
	if got, want := nt.origSpan(i, len(nt.s)), "ＨＴＴＰＳ://YouTube.com/@MKBHD"; got != want {
		t.Errorf("origSpan = %q, want %q", got, want)
	}
}

func i64(v int64) *int64 { return &v }

func TestParseCount(t *testing.T) {
	tests := []struct {
		in   string
		want CountRange
	}{
		{"1w+", CountRange{Min: i64(10000)}},
		{"5k-20k", CountRange{Min: i64(5000), Max: i64(20000)}},
		{"1-5w", CountRange{Min: i64(10000), Max: i64(50000)}},
		{"10万以上", CountRange{Min: i64(100000)}},
		{"10万粉以下", CountRange{Max: i64(100000)}},
		{"不超过5万", CountRange{Max: i64(50000)}},
		{"over 100k", CountRange{Min: i64(100000)}},
		{"less than 50k", CountRange{Max: i64(50000)}},
		{"between 10k and 50k", CountRange{Min: i64(10000), Max: i64(50000)}},
		{"1.5 million", CountRange{Min: i64(1500000)}},
		{"三千", CountRange{Min: i64(3000)}},
		{"3000+", CountRange{Min: i64(3000)}},
		{"1,000,000", CountRange{Min: i64(1000000)}},
		{"粉丝5万以内的博主", CountRange{Max: i64(50000)}},
		{"粉丝至多3千", CountRange{Max: i64(3000)}},
		{"up to 2k", CountRange{Max: i64(2000)}},
		{"500 <", CountRange{Min: i64(500)}},
		{"< 500", CountRange{Max: i64(500)}},
		{"粉丝5万的中国博主", CountRange{Min: i64(50000)}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := parseCount(Normalize(tc.in))
			if err != nil {
				t.Fatalf("parseCount(%q) error = %v", tc.in, err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("parseCount(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
	if _, err := parseCount("no number"); err == nil {
		t.Error(`parseCount("no number") error = nil, want error`)
	}
}

func TestConditionValueText(t *testing.T) {
	for _, v := range []any{nil, "camping", 0, -42, 1 << 40, true, false, 2.5, int64(7), []string{"a"}} {
		if got, want := conditionValueText(v), fmt.Sprint(v); got != want {
			t.Errorf("conditionValueText(%#v) = %q, want %q", v, got, want)
		}
	}
}

func TestParseDurationAndOrdinal(t *testing.T) {
	durations := map[string]int64{"30天": 30, "两周": 14, "3个月": 90, "半年": 180, "a week": 7, "2 weeks": 14, "1 year": 365, "半个月": 15, "一个半月": 45, "两个半月": 75,
		"week": 7, "three weeks": 21, "45": 45}
	for in, want := range durations {
		if got, err := parseDuration(Normalize(in)); err != nil || got != want {
			t.Errorf("parseDuration(%q) = %d, %v, want %d", in, got, err, want)
		}
	}
	if got, err := parseDuration("soon"); err == nil {
		t.Errorf(`parseDuration("soon") = %d, nil, want an error`, got)
	}
	// Digits up to three, numerals from 1 to 99.
	ordinals := map[string]int64{"第二个": 2, "第2个": 2, "2nd": 2, "second": 2, "b": 2, "3": 3, "最后一个": -1, "last": -1, "第十": 10,
		"最后": -1, "最后那个": -1, "第100个": 100, "第九十九个": 99}
	for in, want := range ordinals {
		if got, err := parseOrdinal(Normalize(in)); err != nil || got != want {
			t.Errorf("parseOrdinal(%q) = %d, %v, want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"第零个", "第一百个", "第1000个", "随便"} {
		if got, err := parseOrdinal(Normalize(in)); err == nil {
			t.Errorf("parseOrdinal(%q) = %d, nil, want an error", in, got)
		}
	}
}

func TestInputTooLong(t *testing.T) {
	r, err := Default(WithMaxInputBytes(64))
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Query(context.Background(), Input{Text: strings.Repeat("美", 30)})
	if !errors.Is(err, ErrInputTooLong) {
		t.Errorf("Query(90 bytes) error = %v, want ErrInputTooLong", err)
	}
	if _, err := r.Query(context.Background(), Input{Text: strings.Repeat("a", 64)}); err != nil {
		t.Errorf("Query(64 bytes) error = %v, want nil", err)
	}
}

func TestCancelledContext(t *testing.T) {
	r, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Query(ctx, Input{Text: "只要美国的"}); !errors.Is(err, context.Canceled) {
		t.Errorf("Query(cancelled) error = %v, want context.Canceled", err)
	}
}

func TestOptionsValidate(t *testing.T) {
	snap := defaultSnapshot(t)
	for name, opt := range map[string]Option{
		"margin":     WithAmbiguityMargin(1.5),
		"margin 1":   WithAmbiguityMargin(1),
		"margin < 0": WithAmbiguityMargin(-0.01),
		"maxbytes":   WithMaxInputBytes(0),
		"classifier": WithClassifier(nil),
	} {
		if _, err := New(snap, opt); err == nil {
			t.Errorf("New(%s invalid) error = nil, want error", name)
		}
	}
	if _, err := New(nil); err == nil {
		t.Error("New(nil) error = nil, want error")
	}
	// The margin's range is [0, 1): both ends of it are used as given.
	for _, m := range []float64{0, 0.99} {
		r, err := New(snap, WithAmbiguityMargin(m))
		if err != nil {
			t.Fatalf("New(margin %v) error = %v", m, err)
		}
		_, tr, err := r.Explain(context.Background(), Input{Text: "只要美国的"})
		if err != nil {
			t.Fatal(err)
		}
		if tr.AmbiguityMargin != m {
			t.Errorf("Explain with margin %v: trace margin = %v", m, tr.AmbiguityMargin)
		}
	}
}

// TestExplainDeterministic: the same input gives byte-identical JSON, on
// the same snapshot and on an independently compiled one.
func TestExplainDeterministic(t *testing.T) {
	a, b := defaultSnapshot(t), defaultSnapshot(t)
	if a.Revision() != b.Revision() || a.Hash() != b.Hash() {
		t.Fatalf("revisions differ: %d/%s vs %d/%s", a.Revision(), a.Hash(), b.Revision(), b.Hash())
	}
	for _, c := range loadTestCases(t) {
		var outs []string
		for _, s := range []*Snapshot{a, a, b} {
			res, tr, err := s.Explain(c.Input)
			if err != nil {
				t.Fatalf("Explain(%q) error = %v", c.Text, err)
			}
			j, _ := json.Marshal(struct {
				R *Result
				T *Trace
			}{res, tr})
			outs = append(outs, string(j))
		}
		if outs[0] != outs[1] || outs[0] != outs[2] {
			t.Errorf("Explain(%q) is not deterministic", c.Text)
		}
	}
}

func TestLoadDirMatchesEmbedded(t *testing.T) {
	s, err := LoadDir("specs")
	if err != nil {
		t.Fatalf("LoadDir(specs) error = %v", err)
	}
	if got, want := s.Revision(), defaultSnapshot(t).Revision(); got != want {
		t.Errorf("LoadDir revision = %d, want %d", got, want)
	}
	if _, err := LoadDir(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("LoadDir(missing) error = nil, want error")
	}
}

func TestDefaultSpecsLintClean(t *testing.T) {
	specs, err := DefaultSpecs()
	if err != nil {
		t.Fatal(err)
	}
	for _, is := range Lint(specs) {
		t.Errorf("Lint(default) issue: %s", is)
	}
	if n := len(specs); n < 25 {
		t.Errorf("len(default specs) = %d, want >= 25", n)
	}
}

func TestLintFindsProblems(t *testing.T) {
	dir := t.TempDir()
	bad := `specs:
  - id: a.one
    domain: test
    composable: false
    label: {zh: 一, en: one}
    terms:
      - {weight: 0.6, zh: [共享词], en: [shared]}
    patterns:
      - {name: broken, regex: '(?P<x>[', weight: 0.2, triggers: [x]}
      - {name: stray, regex: '(?P<nope>abc)', weight: 0.2}
      - {name: everywhere, regex: '.+', weight: 0.1}
      - {name: uncovered, regex: 'foo|bar', weight: 0.1, triggers: [foo]}
      - {name: dead, regex: 'foo\s*\d', weight: 0.1, triggers: [foo, bar], anchor: trigger}
      - {name: wrong_example, regex: 'foo', weight: 0.1, examples: [bar]}
    slots:
      url: {type: url, required: true}
      kind: {type: enum, enum: [a, b], default: c}
      odd: {type: colour}
    command: {name: fly_away, args: {u: $url, k: $missing}}
    preconditions: [sunny]
    conflicts_with: [ghost]
  - id: a.one
    domain: test
    label: {zh: 二, en: two}
    terms:
      - {weight: 0.6, zh: [共享词], en: [shared]}
    command: {name: reset}
  - id: a.two
    domain: test
    label: {zh: 三, en: three}
    terms:
      - {weight: 0.6, zh: [共享词], en: [shared]}
    command: {name: reset}
`
	if err := os.WriteFile(filepath.Join(dir, "bad.yaml"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "unknown.yaml"), []byte("specs:\n  - id: x\n    colour: red\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	issues, err := LintDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]bool{}
	for _, is := range issues {
		codes[is.Code] = true
	}
	for _, want := range []string{"parse", "duplicate_id", "regex", "group", "unfillable", "command", "command_slot", "default", "slot_type", "precondition", "conflicts_with", "shared_term", "trigger", "hint", "example"} {
		if !codes[want] {
			t.Errorf("LintDir: no %q issue in %v", want, issues)
		}
	}
	if _, err := LoadDir(dir); err == nil {
		t.Error("LoadDir(bad) error = nil, want error")
	}
}

// TestSpecVersion: a candidate carries its spec's version, 1 when the
// spec gives none.
func TestSpecVersion(t *testing.T) {
	snap := compileDoc(t, `specs:
  - id: v.one
    domain: test
    label: {zh: 一, en: one}
    terms: [{weight: 0.6, en: [unversioned]}]
    command: {name: reset}
  - id: v.three
    domain: test
    version: 3
    label: {zh: 三, en: three}
    terms: [{weight: 0.6, en: [versioned]}]
    command: {name: reset}
`)
	for text, want := range map[string]int{"unversioned": 1, "versioned": 3} {
		res, err := snap.Query(Input{Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if res.Top == nil || res.Top.Version != want {
			t.Errorf("Query(%q) top = %+v, want version %d", text, res.Top, want)
		}
	}
}

func TestUnknownFieldRejected(t *testing.T) {
	_, err := ParseSpecs("x.yaml", []byte("specs:\n  - id: a\n    domian: typo\n"))
	if !errors.Is(err, ErrSpec) {
		t.Errorf("ParseSpecs(unknown field) error = %v, want ErrSpec", err)
	}
}

const colorSpecs = `specs:
  - id: paint.color
    domain: test
    composable: true
    label: {zh: 颜色, en: colour}
    terms:
      - {weight: 0.3, zh: [颜色], en: [color, colour]}
      - {weight: 0.4, zh: [涂成], en: [paint it]}
    patterns:
      - {name: color, regex: 'colou?r\s+(?P<color>[a-z]+)', weight: 0.3, triggers: [color, colour]}
    slots:
      color: {type: enum, required: true, enum: [red, green, blue]}
    command: {name: add_soft_preference, args: {preference: $color}}
  - id: paint.reset
    domain: test
    label: {zh: 重来, en: redo}
    terms:
      - {weight: 0.45, zh: [重来], en: [redo]}
      - {weight: 0.2, zh: [全部], en: [all]}
    command: {name: reset}
`

func TestTraceCounterfactuals(t *testing.T) {
	s := compileDoc(t, colorSpecs)
	// An invalid enum value names the nearest valid one.
	res, tr, err := s.Explain(Input{Text: "color grean"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Top == nil || res.Top.InvalidSlots["color"] == "" {
		t.Fatalf("Explain(color grean) top = %+v, want invalid color", res.Top)
	}
	if len(tr.SlotHints) != 1 || tr.SlotHints[0].Nearest != "green" {
		t.Errorf("SlotHints = %+v, want nearest green", tr.SlotHints)
	}
	if !res.Decision.NeedsClarification || res.Decision.ShouldExecute {
		t.Errorf("Decision = %+v, want clarification and no execution", res.Decision)
	}
	// A near miss names the missing term that would cross the threshold.
	_, tr, err = s.Explain(Input{Text: "redo"})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Branch != BranchFallback || len(tr.NearMisses) != 1 {
		t.Fatalf("Explain(redo) = %s with %d near misses, want fallback with 1", tr.Branch, len(tr.NearMisses))
	}
	nm := tr.NearMisses[0]
	if nm.ID != "paint.reset" || nm.Gap != 0.05 || !strings.Contains(nm.MissingTerm, `"all"`) {
		t.Errorf("near miss = %+v, want paint.reset gap 0.05 missing all", nm)
	}
	// The runner-up of a matched default-spec input says what it lacked.
	_, tr, err = defaultSnapshot(t).Explain(Input{Text: "全部清空，重新找德国的博主"})
	if err != nil {
		t.Fatal(err)
	}
	if tr.RunnerUp == nil || tr.RunnerUp.Note == "" {
		t.Errorf("RunnerUp = %+v, want a note", tr.RunnerUp)
	}
}

func TestCompileErrors(t *testing.T) {
	for _, sp := range []Spec{
		{ID: "x", Domain: "d", Command: &CommandSpec{Name: "nope"}},
		{ID: "x", Domain: "guard", Stage: StageGuard, Metadata: map[string]string{"local_classifier_min_cue": "high"}},
		{ID: "x", Domain: "guard", Stage: StageGuard, Metadata: map[string]string{"local_classifier_min_cue": "1.5"}},
	} {
		if _, err := Compile([]Spec{sp}); !errors.Is(err, ErrCompile) {
			t.Errorf("Compile(%+v) error = %v, want ErrCompile", sp, err)
		}
	}
}
