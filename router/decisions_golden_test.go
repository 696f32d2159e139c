package router

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/decisions.golden.json")

// decisionOutcome is what the golden file pins for one input: the branch,
// the top intent, the commands and the whole decision the agent executes.
type decisionOutcome struct {
	Name     string    `json:"name"`
	Input    string    `json:"input"`
	Branch   Branch    `json:"branch"`
	Top      string    `json:"top,omitempty"`
	Commands []Command `json:"commands,omitempty"`
	Decision Decision  `json:"decision"`
}

// TestDecisionsGolden pins the decision of every input of
// testdata/decisions.yaml: scope, intent and action type, the execute,
// clarify and confirm flags, what is missing, the data updates, the plan
// steps with their reasons, the recommendations, the reason and the
// refusal, in zh and en. go test ./router -run TestDecisionsGolden -update
// rewrites the golden file; review its diff.
func TestDecisionsGolden(t *testing.T) {
	data, err := os.ReadFile("testdata/decisions.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := ParseCases(data)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	sc := &scriptedClassifier{
		answers: map[string]ClassifierAnswer{
			"粉丝起码得有个十万吧": {SpecID: "filter.followers", Slots: map[string]string{"followers": "10万"}, Confidence: 0.8, Reason: "a follower floor"},
			"想要那种枫叶国本地的": {SpecID: "filter.country", Slots: map[string]string{"country": "Canada"}, Confidence: 0.8, Reason: "maple-leaf country is Canada"},
		},
		errs: map[string]error{"something different": errors.New("503 from model")},
	}
	withClassifier, err := Default(WithClassifier(sc))
	if err != nil {
		t.Fatal(err)
	}
	var got []decisionOutcome
	for _, c := range cases {
		r := plain
		if strings.HasPrefix(c.Name, "classifier_") {
			r = withClassifier
		}
		res, err := r.Query(context.Background(), c.Input)
		if err != nil {
			t.Fatalf("Query(%q) error = %v", c.Text, err)
		}
		o := decisionOutcome{Name: c.Name, Input: c.Text, Branch: res.Branch, Commands: res.Commands, Decision: res.Decision}
		if res.Top != nil {
			o.Top = res.Top.ID
		}
		got = append(got, o)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(got); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/decisions.golden.json"
	if *updateGolden {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./router -run TestDecisionsGolden -update)", err)
	}
	var wantOut []decisionOutcome
	if err := json.Unmarshal(want, &wantOut); err != nil {
		t.Fatalf("%s: %v", golden, err)
	}
	byName := map[string]decisionOutcome{}
	for _, o := range wantOut {
		byName[o.Name] = o
	}
	if len(wantOut) != len(got) {
		t.Errorf("%s holds %d outcomes, testdata/decisions.yaml %d cases", golden, len(wantOut), len(got))
	}
	for _, o := range got {
		w, ok := byName[o.Name]
		if !ok {
			t.Errorf("%s: no outcome for case %s", golden, o.Name)
			continue
		}
		gj, _ := json.MarshalIndent(o, "", "  ")
		wj, _ := json.MarshalIndent(w, "", "  ")
		if !bytes.Equal(gj, wj) {
			t.Errorf("Query(%q) [%s] =\n%s\nwant\n%s", o.Input, o.Name, gj, wj)
		}
	}
}
