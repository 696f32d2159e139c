package router

// The package's test harness: the default snapshot, a snapshot compiled
// from a YAML document, and what a snapshot makes of one text.

import (
	"strings"
	"testing"
)

// defaultSnapshot is the snapshot of the default specs.
func defaultSnapshot(t testing.TB) *Snapshot {
	t.Helper()
	s, err := DefaultSnapshot()
	if err != nil {
		t.Fatalf("DefaultSnapshot() error = %v", err)
	}
	return s
}

// compileDoc compiles a YAML spec document; the specs must lint without
// errors.
func compileDoc(t testing.TB, doc string) *Snapshot {
	t.Helper()
	specs, err := ParseSpecs("test.yaml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Compile(specs)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// routed renders what s makes of text: the top candidate's id and slots
// ("t.one a=1 b=x"), "-" when nothing matched.
func routed(t testing.TB, s *Snapshot, text string) string {
	t.Helper()
	res, err := s.Query(Input{Text: text})
	if err != nil {
		t.Fatalf("Query(%q) error = %v", text, err)
	}
	if res.Branch != BranchMatched || res.Top == nil {
		return "-"
	}
	out := []string{res.Top.ID}
	for _, name := range sortedKeys(res.Top.Slots) {
		out = append(out, name+"="+res.Top.Slots[name].String())
	}
	return strings.Join(out, " ")
}

// oneSpec is a spec document of one pattern spec: the pattern's YAML
// fields and the slots' YAML (both one line each).
func oneSpec(pattern, slots string) string {
	return `specs:
  - id: t.one
    domain: test
    label: {zh: 测试, en: test}
    patterns:
      - {name: p, weight: 0.6, ` + pattern + `}
    slots: {` + slots + `}
    command: {name: reset}
`
}
