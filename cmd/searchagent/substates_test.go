package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/agent/agenttest"
	"searchagent/api"
	"searchagent/tools/states"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// pickerFile is the demo page's scene → sub-state picker data: for each
// of the 39 sub-states, the scripted events (agent/agenttest) that reach
// it through the API.
const pickerFile = "../../server/web/static/substates.json"

// pickerEntry is one sub-state of the picker.
type pickerEntry struct {
	Scene     string     `json:"scene"`
	Substate  string     `json:"substate"`
	ZH        string     `json:"zh"`
	EN        string     `json:"en"`
	Transient bool       `json:"transient"`
	Scenario  string     `json:"scenario"`
	Platform  string     `json:"platform"`
	Locale    string     `json:"locale"`
	Steps     []pickStep `json:"steps"`
}

type pickStep struct {
	Event string   `json:"event"`
	Args  api.Args `json:"args"`
}

// pickerRecorder collects, while TestAPIReachesEverySubstate replays the
// scripted sessions, which events first reach each sub-state, and checks
// the page's picker data against it (-update rewrites the file).
type pickerRecorder struct{ reach map[string]pickerEntry }

func newPickerRecorder() *pickerRecorder { return &pickerRecorder{reach: map[string]pickerEntry{}} }

// note records that sub was reached after the first n steps of sc.
func (p *pickerRecorder) note(sub string, sc agenttest.Scenario, n int) {
	if _, ok := p.reach[sub]; ok {
		return
	}
	steps := []pickStep{}
	for _, st := range sc.Steps[:n] {
		steps = append(steps, pickStep{Event: st.Event, Args: st.Args})
	}
	p.reach[sub] = pickerEntry{Scenario: sc.Name, Platform: sc.Platform, Locale: sc.Locale, Steps: steps}
}

// check compares the recorded data with pickerFile, or rewrites it.
func (p *pickerRecorder) check(t *testing.T) {
	t.Helper()
	var got []pickerEntry
	for _, s := range states.Catalogue {
		e, ok := p.reach[s.ID]
		if !ok {
			continue // TestAPIReachesEverySubstate reports it
		}
		e.Scene, e.Substate, e.ZH, e.EN, e.Transient = string(s.Scene), s.ID, s.ZH, s.EN, s.Transient
		got = append(got, e)
	}
	b, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	if *update {
		if err := os.WriteFile(pickerFile, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(pickerFile)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/searchagent -run TestAPIReachesEverySubstate -update)", err)
	}
	if !bytes.Equal(b, want) {
		t.Errorf("%s is out of date (run go test ./cmd/searchagent -run TestAPIReachesEverySubstate -update):\n%s", pickerFile, cmp.Diff(string(want), string(b)))
	}
}
