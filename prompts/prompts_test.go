package prompts_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"searchagent/prompts"
)

func TestDefaultLoads(t *testing.T) {
	s, err := prompts.Default()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"classify", "parse_conditions", "write_slots"}
	if got := s.IDs(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("IDs() = %v, want %v", got, want)
	}
}

func TestRender(t *testing.T) {
	s, err := prompts.Default()
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]any{"input": "more like this", "locale": "en", "state": "x", "branch": "fallback", "candidates": "[]", "specs": "[]", "conditions": "[]", "options": "[]"}
	a, err := s.Render("classify", vars, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.ID != "classify" || a.Version != "2" || len(a.Hash) != 64 || !strings.Contains(a.User, "Follow-up: more like this") || strings.Contains(a.System, "Contract:") || !strings.Contains(a.System, "Follow-up: 再来点") {
		t.Errorf("Render = %+v", a)
	}
	if !json.Valid(a.Schema) {
		t.Errorf("schema is not JSON")
	}
	b, _ := s.Render("classify", vars, nil)
	if a.Hash != b.Hash {
		t.Errorf("rendering is not deterministic")
	}
	vars["input"] = "更多类似的"
	c, _ := s.Render("classify", vars, nil)
	if c.Hash == a.Hash {
		t.Errorf("different inputs, same hash")
	}
	for _, tc := range []struct {
		name string
		vars map[string]any
	}{
		{"missing input", map[string]any{"input": "x"}},
		{"undeclared input", map[string]any{"input": "x", "locale": "en", "state": "x", "branch": "fallback", "candidates": "[]", "specs": "[]", "conditions": "[]", "options": "[]", "extra": 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := s.Render("classify", tc.vars, nil); err == nil {
				t.Errorf("Render(%v) = nil error", tc.vars)
			}
		})
	}
	if _, err := s.Render("nope", nil, nil); !errors.Is(err, prompts.ErrUnknown) {
		t.Errorf("unknown id: %v", err)
	}
}

func TestBadFilesFailLoad(t *testing.T) {
	good := "---\nid: p\nversion: \"1\"\ncontract: c\noutput_schema: contract\ninputs: [x]\nsystem: s\n---\nhello {{.x}}\n"
	for _, tc := range []struct {
		name, file string
	}{
		{"no header", "hello"},
		{"id mismatch", strings.Replace(good, "id: p", "id: q", 1)},
		{"no version", strings.Replace(good, "version: \"1\"\n", "", 1)},
		{"unknown header field", strings.Replace(good, "contract: c", "contract: c\ncolour: red", 1)},
		{"broken template", strings.Replace(good, "{{.x}}", "{{.x", 1)},
		{"missing schema", strings.Replace(good, "output_schema: contract", "output_schema: nothere", 1)},
		{"no contract excerpt", strings.Replace(good, "contract: c\n", "", 1)},
		{"examples without their template", strings.Replace(good, "system: s\n", "system: s\nexamples:\n  - {q: a}\n", 1)},
		{"an example template without examples", strings.Replace(good, "system: s\n", "system: s\nexample_template: \"Q: {{.q}}\"\n", 1)},
		{"an example that breaks the template", strings.Replace(good, "system: s\n", "system: s\nexample_template: \"Q: {{.q}}\"\nexamples:\n  - {q: \"{{.nope\"}\n", 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := prompts.Load(fstest.MapFS{"files/p.prompt": {Data: []byte(tc.file)}})
			if !errors.Is(err, prompts.ErrInvalid) {
				t.Errorf("Load = %v, want ErrInvalid", err)
			}
		})
	}
	if _, err := prompts.Load(fstest.MapFS{"files/p.prompt": {Data: []byte(good)}}); err != nil {
		t.Errorf("good file: %v", err)
	}
	shots := strings.Replace(good, "system: s\n", "system: s\nexample_template: \"Q: {{.q}}\"\nexamples:\n  - {q: one}\n  - {q: two}\n", 1)
	set, err := prompts.Load(fstest.MapFS{"files/p.prompt": {Data: []byte(shots)}})
	if err != nil {
		t.Fatalf("few-shot file: %v", err)
	}
	r, err := set.Render("p", map[string]any{"x": "in"}, []byte(`{"type":"object"}`))
	if err != nil || r.System != "s\n\nQ: one\n\nQ: two" || r.User != "hello in" {
		t.Errorf("few-shot Render = system %q user %q (%v), want the examples after the system text", r.System, r.User, err)
	}
}
