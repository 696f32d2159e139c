package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"searchagent/tools/store"
	"searchagent/tools/store/relevance"
)

// TestRelevanceCommandPrintsIntervals: the report gives every similar
// figure a bootstrap interval, compares the store with each baseline and
// checks the targets; the same seed prints the same report.
func TestRelevanceCommandPrintsIntervals(t *testing.T) {
	out, errOut, code := cli(t, "", "relevance", "--catalog", mini, "--learned=false", "--resamples", "200")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"95% intervals: 200 bootstrap resamples of the anchors, seed 1", "store vs", "niche ceiling", "target (issue 32)", "] "} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	args := []string{"relevance", "--catalog", mini, "--learned=false", "--resamples", "100", "--seed", "7", "--json"}
	a, _, code := cli(t, "", args...)
	b, _, _ := cli(t, "", args...)
	if code != 0 || a != b {
		t.Fatalf("exit %d; two runs with seed 7 differ:\n%s\n%s", code, a, b)
	}
	reps := decode[[]relevance.Report](t, a)
	if len(reps) != 1 || reps[0].Seed != 7 || reps[0].Resamples != 100 || len(reps[0].Comparisons) != 10 {
		t.Fatalf("reports %+v: want one, seed 7, 100 resamples, 2 baselines × 5 metrics", reps)
	}
	if st := reps[0].Similar[0]; !st.CI.Niche.Valid() || st.Niche < st.CI.Niche.Lo || st.Niche > st.CI.Niche.Hi {
		t.Errorf("store niche %.3f, interval %s", st.Niche, st.CI.Niche)
	}
}

// TestRelevanceFitWritesWeights: --fit writes a weights file the stores
// can read, naming the catalog and its digest and the train and held-out
// figures.
func TestRelevanceFitWritesWeights(t *testing.T) {
	path := filepath.Join(t.TempDir(), "weights.json")
	out, errOut, code := cli(t, "", "relevance", "--fit", "--fit-out", path, "--catalog", mini, "--learned=false")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "fitted weights") || !strings.Contains(out, "held out") {
		t.Errorf("fit output:\n%s", out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := store.ParseWeights(data)
	if err != nil {
		t.Fatal(err)
	}
	var f relevance.WeightsFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if f.Weights != w || f.Start != store.HandSetWeights || f.Procedure != relevance.Procedure || len(f.Catalogs) != 1 {
		t.Fatalf("weights file %+v", f)
	}
	c := f.Catalogs[0]
	if c.Catalog != "mini.csv" || len(c.SHA256) != 64 || c.Train.Fitted.Anchors+c.HeldOut.Fitted.Anchors != 6 {
		t.Errorf("catalog %+v: want mini.csv with its digest and 6 anchors", c)
	}
	if !strings.Contains(f.Command, "--catalog mini.csv") {
		t.Errorf("command %q does not say how to run the fit again", f.Command)
	}
}
