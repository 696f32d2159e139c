package router

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestClassifierAnswerIsTypedAndBounded pins what an accepted or rejected
// classifier answer turns into: the confidence the candidate carries (an
// answer outside [0, 1] counts as 0 for a rules spec and is clamped for a
// guard pick), slot defaults and derived slots, a blank slot left missing,
// the 256-byte bound on a slot value, and the trace's reason.
func TestClassifierAnswerIsTypedAndBounded(t *testing.T) {
	long := strings.Repeat("a", maxClassifierSlot)
	sc := &scriptedClassifier{answers: map[string]ClassifierAnswer{
		"粉丝起码得有个十万吧":    {SpecID: "filter.followers", Slots: map[string]string{"followers": "100000"}, Confidence: 1},
		"粉丝起码得有十万吧":     {SpecID: "filter.followers", Slots: map[string]string{"followers": "十万"}, Confidence: 1.5},
		"粉丝得有个十万吧":      {SpecID: "filter.followers", Slots: map[string]string{"followers": "10w+"}, Confidence: -0.2},
		"想要那种枫叶国本地的":    {SpecID: "filter.country", Slots: map[string]string{"country": "Canada"}, Confidence: 1},
		"枫叶国":           {SpecID: "filter.country", Slots: map[string]string{"country": "  "}, Confidence: 0.5},
		"最好是常发视频的":      {SpecID: "filter.activity", Confidence: 0.7},
		"换那个科技区的大号":     {SpecID: "anchor.replace", Slots: map[string]string{"url": "https://www.youtube.com/@mkbhd"}, Confidence: 0.6},
		"三个国家":          {SpecID: "filter.country", Slots: map[string]string{"country": "USA, UK and Canada"}, Confidence: 0.5},
		"a long answer": {SpecID: "filter.country", Slots: map[string]string{"country": long}, Confidence: 0.5},
		"a longer one":  {SpecID: "filter.country", Slots: map[string]string{"country": long + "a"}, Confidence: 0.5},
		"帮我找点特别的":       {SpecID: "guard.minors", Confidence: 1.7, Reason: " minors "},
		"小朋友":           {SpecID: "guard.minors", Confidence: -1},
	}}
	r, err := Default(WithClassifier(sc))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		input      string
		branch     Branch
		confidence float64
		slots      string // the top's slot values as JSON
		missing    []string
		commands   string // JSON
		reason     string // the classifier trace's reason
	}{
		{"粉丝起码得有个十万吧", BranchClassified, 1, `{"followers":{"min":100000}}`, nil,
			`[{"name":"add_filter","args":{"field":"followers","op":"gte","value":100000},"spec":"filter.followers"}]`, "accepted filter.followers"},
		{"粉丝起码得有十万吧", BranchClassified, 0, `{"followers":{"min":100000}}`, nil,
			`[{"name":"add_filter","args":{"field":"followers","op":"gte","value":100000},"spec":"filter.followers"}]`, "accepted filter.followers"},
		{"粉丝得有个十万吧", BranchClassified, 0, `{"followers":{"min":100000}}`, nil,
			`[{"name":"add_filter","args":{"field":"followers","op":"gte","value":100000},"spec":"filter.followers"}]`, "accepted filter.followers"},
		// A value no word of the follow-up says is rejected (issue 27).
		{"想要那种枫叶国本地的", BranchFallback, 0, `{}`, nil, `null`, "rejected: slot country=CA is neither in the follow-up nor in the pending options"},
		{"枫叶国", BranchClassified, 0.5, `{}`, []string{"country"}, `null`, "accepted filter.country"},
		{"最好是常发视频的", BranchClassified, 0.7, `{"days":30}`, nil,
			`[{"name":"add_filter","args":{"field":"last_active","op":"within_days","value":30},"spec":"filter.activity"}]`, "accepted filter.activity"},
		{"换那个科技区的大号", BranchFallback, 0, `{}`, nil, `null`, "rejected: slot url=https://www.youtube.com/@mkbhd is neither in the follow-up nor in the pending options"},
		{"三个国家", BranchFallback, 0, `{}`, nil, `null`, "rejected: slot country=US,GB,CA is neither in the follow-up nor in the pending options"},
		{"a long answer", BranchClassified, 0.5, `{"country":null}`, nil, `null`, "accepted filter.country"},
		{"a longer one", BranchFallback, 0, `{}`, nil, `null`, `rejected: slot "country" is longer than 256 bytes`},
		{"帮我找点特别的", BranchGuardHit, 1, `{}`, nil, `null`, "accepted guard guard.minors"},
		{"小朋友", BranchGuardHit, 0, `{}`, nil, `null`, "accepted guard guard.minors"},
	}
	for _, tc := range tests {
		t.Run(tc.input, func(t *testing.T) {
			res, tr, err := r.Explain(context.Background(), Input{Text: tc.input})
			if err != nil {
				t.Fatal(err)
			}
			if res.Branch != tc.branch {
				t.Errorf("Explain(%q).Branch = %s, want %s", tc.input, res.Branch, tc.branch)
			}
			conf, slots := 0.0, "{}"
			var missing []string
			if res.Top != nil {
				conf, missing = res.Top.Confidence, res.Top.MissingRequiredSlots
				slots = canonicalJSON(slotValues(res.Top.Slots))
			}
			if conf != tc.confidence {
				t.Errorf("Explain(%q).Top.Confidence = %v, want %v", tc.input, conf, tc.confidence)
			}
			if slots != tc.slots {
				t.Errorf("Explain(%q) top slots = %s, want %s", tc.input, slots, tc.slots)
			}
			if !slices.Equal(missing, tc.missing) {
				t.Errorf("Explain(%q).Top.MissingRequiredSlots = %v, want %v", tc.input, missing, tc.missing)
			}
			cmds, _ := json.Marshal(res.Commands)
			if string(cmds) != tc.commands {
				t.Errorf("Explain(%q).Commands = %s, want %s", tc.input, cmds, tc.commands)
			}
			if tr.Classifier == nil || tr.Classifier.Reason != tc.reason {
				t.Errorf("Explain(%q) classifier trace = %+v, want reason %q", tc.input, tr.Classifier, tc.reason)
			}
		})
	}
}

// TestClassifierPickLeadsTheCandidates: the accepted pick of an ambiguous
// input is the first candidate, followed by the rules' other candidates,
// itself not repeated; the trace and decision say it was picked.
func TestClassifierPickLeadsTheCandidates(t *testing.T) {
	sc := &scriptedClassifier{answers: map[string]ClassifierAnswer{
		"清空，回到经典搜索": {SpecID: "session.reset", Confidence: 0.9, Reason: "clear first"},
	}}
	r, err := Default(WithClassifier(sc))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := r.QueryRules(context.Background(), Input{Text: "清空，回到经典搜索"})
	if err != nil {
		t.Fatal(err)
	}
	if rules.Branch != BranchAmbiguous {
		t.Fatalf("QueryRules(清空，回到经典搜索).Branch = %s, want ambiguous", rules.Branch)
	}
	var want []string
	want = append(want, "session.reset")
	for _, c := range rules.Candidates {
		if c.ID != "session.reset" {
			want = append(want, c.ID)
		}
	}
	res, err := r.Query(context.Background(), Input{Text: "清空，回到经典搜索"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range res.Candidates {
		got = append(got, c.ID)
	}
	if !slices.Equal(got, want) || len(got) < 2 {
		t.Errorf("Query(清空，回到经典搜索) candidates = %v, want %v", got, want)
	}
	if res.Top.Reason != "classifier: clear first" {
		t.Errorf("Query(清空，回到经典搜索).Top.Reason = %q, want %q", res.Top.Reason, "classifier: clear first")
	}
	if want := "classifier picked session.reset; session.reset: classifier: clear first"; res.Decision.Reason != want {
		t.Errorf("Query(清空，回到经典搜索).Decision.Reason = %q, want %q", res.Decision.Reason, want)
	}
}

// TestSpecInfosListEveryGuardAndRulesSpec: the classifier is offered every
// spec, in id order, the guard specs marked as such.
func TestSpecInfosListEveryGuardAndRulesSpec(t *testing.T) {
	snap := defaultSnapshot(t)
	var want []string
	for _, s := range snap.Specs() {
		want = append(want, s.ID)
	}
	slices.Sort(want)
	var got []string
	for _, si := range snap.SpecInfos() {
		got = append(got, si.ID)
		if isGuard := strings.HasPrefix(si.ID, "guard."); si.Guard != isGuard {
			t.Errorf("SpecInfos() %s.Guard = %v, want %v", si.ID, si.Guard, isGuard)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("SpecInfos() ids = %v, want %v", got, want)
	}
}
