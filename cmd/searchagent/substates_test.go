package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/agent/agenttest"
	"searchagent/agent/fsm"
	"searchagent/api"
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

// TestPickerData replays the scripted sessions through the API and checks
// the page's picker data (which events reach which sub-state) is what the
// service does now; -update rewrites it.
func TestPickerData(t *testing.T) {
	srv := apiServer(t)
	reach := map[string]pickerEntry{}
	note := func(sub string, sc agenttest.Scenario, n int) {
		if _, ok := reach[sub]; ok {
			return
		}
		steps := []pickStep{}
		for _, st := range sc.Steps[:n] {
			steps = append(steps, pickStep{Event: st.Event, Args: st.Args})
		}
		reach[sub] = pickerEntry{Scenario: sc.Name, Platform: sc.Platform, Locale: sc.Locale, Steps: steps}
	}
	for _, sc := range agenttest.Catalogue {
		c := newClient(t, srv.URL, sc.Platform, sc.Locale)
		note(c.snap.Substate, sc, 0)
		for i, st := range sc.Steps {
			c.send(st.Event, st.Args)
			for _, e := range c.evs {
				if e.Name == api.EventTransition {
					var tr api.Transition
					json.Unmarshal(e.Data, &tr)
					note(tr.Substate, sc, i+1)
				}
			}
			note(c.snap.Substate, sc, i+1)
		}
	}
	var got []pickerEntry
	for _, s := range fsm.Catalogue {
		e, ok := reach[s.ID]
		if !ok {
			t.Errorf("no scripted session reaches %s", s.ID)
			continue
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
		t.Fatalf("%v (run go test ./cmd/searchagent -run TestPickerData -update)", err)
	}
	if !bytes.Equal(b, want) {
		t.Errorf("%s is out of date (run with -update):\n%s", pickerFile, cmp.Diff(string(want), string(b)))
	}
}
