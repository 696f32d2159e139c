package main

import (
	"flag"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"searchagent/tools/llm/llmtest"
)

var recordCassettes = flag.Bool("record-cassettes", false, "re-record evals/cassettes/scripted from the in-process scripted model")

// The committed cassettes of the scenario suites (evals/cassettes/scripted)
// and the environment that replays them. They were recorded from the
// in-process scripted server (scriptedNeutral), not a real model: they
// hold the model path's wiring (prompts, schemas, keys, grounding, the
// slots merge and its checks) still, not a model's quality.
const (
	scriptedCassettes = "../../evals/cassettes/scripted"
	scriptedModelName = "scripted-neutral"
)

var scriptedSuites = []string{"../../evals/suites/scenario"}

// scriptedNeutral answers every prompt as a model with no opinion would:
// the classifier picks nothing, the parser proposes nothing beyond the
// deterministic reading, the slot writer returns the draft it was shown.
// A replay of the scenario suites must then reach what --model off
// reaches, through every model stage.
func scriptedNeutral(req llmtest.ChatRequest) llmtest.Reply {
	user := ""
	for _, m := range req.Messages {
		if m.Role == "user" {
			user = m.Content
		}
	}
	switch req.SchemaName() {
	case "classifier":
		return llmtest.Reply{Content: `{"spec_id":"","slots":[],"confidence":0,"reason":"scripted: no opinion"}`, PromptTokens: 900, CompletionTokens: 20}
	case "conditions":
		return llmtest.Reply{Content: `{"guard":null,"anchor_url":null,"keywords":[],"hard":[],"soft":[],"derived":[]}`, PromptTokens: 700, CompletionTokens: 30}
	case "slot_texts":
		return llmtest.Reply{Content: llmtest.JSON(draftSentences(user)), PromptTokens: 700, CompletionTokens: 40}
	}
	return llmtest.Reply{Status: http.StatusBadRequest}
}

// TestScriptedCassettesReplay replays the scenario suites through every
// model stage from the committed cassettes, strictly: a request with no
// cassette fails its case by name, never a silent fallback. With
// -record-cassettes it records them again from scriptedNeutral (each
// identical request asked once).
func TestScriptedCassettesReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("replays every scenario suite")
	}
	t.Setenv("SEARCHAGENT_CHAT_MODEL", scriptedModelName)
	t.Setenv("SEARCHAGENT_MODEL_STAGES", "")
	t.Setenv("OPENAI_API_KEY", "")
	eval := func(mode, dir string, suites ...string) (string, string, int) {
		args := append([]string{"eval", "--model", mode, "--cassettes", dir, "--probe-buttons=false"}, suites...)
		return cli(t, "", args...)
	}
	if *recordCassettes {
		model := llmtest.New(t)
		model.Respond(scriptedNeutral)
		t.Setenv("OPENAI_BASE_URL", model.BaseURL())
		if err := os.RemoveAll(scriptedCassettes); err != nil {
			t.Fatal(err)
		}
		out, errOut, code := eval("record", scriptedCassettes, scriptedSuites...)
		if code != 0 {
			t.Fatalf("record: exit %d\n%s\n%s", code, out, errOut)
		}
		files, _ := filepath.Glob(filepath.Join(scriptedCassettes, "*.json"))
		t.Logf("recorded %d cassettes from %d model calls", len(files), len(model.Requests()))
	}
	t.Setenv("OPENAI_BASE_URL", "")
	out, errOut, code := eval("replay", scriptedCassettes, scriptedSuites...)
	if code != 0 {
		t.Fatalf("replay of the committed cassettes: exit %d\n%s\n%s", code, lastPart(out), errOut)
	}
	if !strings.Contains(out, "model-written slots: turns") {
		t.Errorf("the replay wrote no slots through the model path:\n%s", lastPart(out))
	}

	// One cassette gone: its case fails, naming the cassette.
	files, _ := filepath.Glob(filepath.Join(scriptedCassettes, "*.json"))
	var gone string
	for _, f := range files {
		if strings.HasPrefix(filepath.Base(f), "parse_conditions@") {
			gone = filepath.Base(f)
			break
		}
	}
	if gone == "" {
		t.Fatalf("no parse_conditions cassette among %d", len(files))
	}
	dir := t.TempDir()
	for _, f := range files {
		if filepath.Base(f) == gone {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, _, code = eval("replay", dir, scriptedSuites...)
	if code != 1 || !strings.Contains(out, "model replay miss") || !strings.Contains(out, strings.TrimSuffix(gone, ".json")) || !strings.Contains(out, "\nFAIL ") {
		t.Fatalf("replay without %s: exit %d; want 1 and the failing case naming it\n%s", gone, code, lastPart(out))
	}
}

func lastPart(s string) string {
	if len(s) > 6000 {
		return "…" + s[len(s)-6000:]
	}
	return s
}
