package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"searchagent/tools/llm/llmtest"
)

// TestEvalModelModes runs a scenario that calls the model in the three
// model modes against a scripted OpenAI-compatible server: record writes
// cassettes, replay answers from them without the server, and a replay
// with no cassette for a call fails the case, naming the key.
func TestEvalModelModes(t *testing.T) {
	model := llmtest.New(t)
	model.Respond(scriptedModel)
	dir := t.TempDir()
	suite := filepath.Join(dir, "scenario", "model.yaml")
	if err := os.MkdirAll(filepath.Dir(suite), 0o755); err != nil {
		t.Fatal(err)
	}
	body := `kind: scenario
cases:
  - id: natural_search_with_unread_words
    platform: youtube
    locale: zh
    steps:
      - event: search.submit
        args: {text: "` + modelTurns[0].text + `"}
        expect: {state: {container: expanded_agent, session: results_ready}}
`
	if err := os.WriteFile(suite, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SEARCHAGENT_CHAT_MODEL", "scripted-1")
	t.Setenv("OPENAI_BASE_URL", model.BaseURL())
	cas := filepath.Join(dir, "cassettes")
	eval := func(mode, cassettes string) (string, string, int) {
		return cli(t, "", "eval", "--model", mode, "--cassettes", cassettes, "--probe-buttons=false", "--min-coverage", "0", "-j", "1", suite)
	}

	if _, errOut, code := eval("replay", cas); code != 2 || !strings.Contains(errOut, "no cassette folder") {
		t.Fatalf("replay before any recording: exit %d, stderr %q; want 2 and a message naming the missing folder", code, errOut)
	}
	out, errOut, code := eval("record", cas)
	if code != 0 {
		t.Fatalf("record: exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "model-written slots: turns 1, valid at the first answer 1") {
		t.Errorf("record: the report does not count the model-written slots:\n%s", out)
	}
	calls := len(model.Requests())
	files, _ := filepath.Glob(filepath.Join(cas, "*"))
	if calls == 0 || len(files) == 0 {
		t.Fatalf("record: %d model calls, %d cassettes; want both", calls, len(files))
	}
	if out, errOut, code := eval("replay", cas); code != 0 || len(model.Requests()) != calls {
		t.Fatalf("replay: exit %d, %d new model calls\n%s\n%s", code, len(model.Requests())-calls, out, errOut)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.MkdirAll(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	out, _, code = eval("replay", empty)
	if code != 1 || !strings.Contains(out, "model replay miss") || len(model.Requests()) != calls {
		t.Fatalf("replay with no cassettes: exit %d, %d new model calls; want exit 1, a replay miss reported, no call\n%s", code, len(model.Requests())-calls, out)
	}
}
