package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// train writes the weights the router embeds; --check passes on the
// checked-in file and fails on a stale one without writing.
func TestTrainWritesAndChecksTheWeights(t *testing.T) {
	corpus := "../../evals/suites/route"
	out, err := run(t, "train", "--corpus", corpus, "--out", "../../router/classifier/weights.json", "--check")
	if err != nil || !strings.Contains(out, "is up to date") {
		t.Fatalf("train --check on the checked-in weights = %q, %v", out, err)
	}
	tmp := filepath.Join(t.TempDir(), "w.json")
	if out, err = run(t, "train", "--corpus", corpus, "--out", tmp); err != nil || !strings.Contains(out, "wrote "+tmp) {
		t.Fatalf("train = %q, %v", out, err)
	}
	got, _ := os.ReadFile(tmp)
	want, _ := os.ReadFile("../../router/classifier/weights.json")
	if string(got) != string(want) {
		t.Error("train wrote other weights than the checked-in ones")
	}
	if err := os.WriteFile(tmp, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = run(t, "train", "--corpus", corpus, "--out", tmp, "--check")
	if !errors.Is(err, errFindings) || !strings.Contains(out, "is stale") {
		t.Errorf("train --check on a stale file = %q, %v; want stale and a findings exit", out, err)
	}
	if data, _ := os.ReadFile(tmp); string(data) != "{}" {
		t.Error("train --check wrote the file")
	}
	if _, err := run(t, "train", "--corpus", t.TempDir()); err == nil {
		t.Error("train on an empty corpus succeeded")
	}
}
