package router

import (
	"context"
	"errors"
	"sync"
	"testing"
)

// scriptedClassifier answers from a script keyed by input and counts
// calls, standing in for the model-backed classifier.
type scriptedClassifier struct {
	mu      sync.Mutex
	answers map[string]ClassifierAnswer
	errs    map[string]error
	calls   []ClassifyRequest
}

func (s *scriptedClassifier) Classify(ctx context.Context, req ClassifyRequest) (ClassifierAnswer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, req)
	if err := s.errs[req.Input]; err != nil {
		return ClassifierAnswer{}, err
	}
	return s.answers[req.Input], nil
}

var _ Classifier = (*scriptedClassifier)(nil)

func TestClassifierStage(t *testing.T) {
	sc := &scriptedClassifier{
		answers: map[string]ClassifierAnswer{
			"粉丝起码得有个十万吧": {SpecID: "filter.followers", Slots: map[string]string{"followers": "10万"}, Confidence: 0.8, Reason: "a follower floor"},
			"想要那种枫叶国本地的": {SpecID: "filter.country", Slots: map[string]string{"country": "Canada"}, Confidence: 0.8, Reason: "asks for Canadian creators"},
			"再来点":        {SpecID: "filter.country", Slots: map[string]string{"country": "JP"}, Confidence: 0.9},
			"找点不一样的":     {SpecID: "no.such.spec"},
			"来点英格兰的吧":    {SpecID: "filter.country", Slots: map[string]string{"country": "Englund"}, Confidence: 0.7},
			"想要粉丝更多的":    {SpecID: "filter.followers", Confidence: 0.6},
			"嗯":          {},
			"清空，回到经典搜索":  {SpecID: "session.reset", Confidence: 0.9},
			"guard me":   {SpecID: "guard.minors"},
			"extra slot": {SpecID: "recall.widen", Slots: map[string]string{"colour": "red"}},
		},
		errs: map[string]error{"model down": errors.New("503 from model")},
	}
	r, err := Default(WithClassifier(sc))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, input  string
		wantBranch   Branch
		wantTop      string
		wantCommands int
		wantAccepted bool
		wantInvalid  string
		wantMissing  string
		wantErr      bool
	}{
		{"valid answer becomes a command", "粉丝起码得有个十万吧", BranchClassified, "filter.followers", 1, true, "", "", false},
		{"a slot value the follow-up does not say is rejected", "想要那种枫叶国本地的", BranchFallback, "", 0, false, "", "", false},
		{"an invented slot value is rejected", "再来点", BranchFallback, "", 0, false, "", "", false},
		{"unknown spec is rejected", "找点不一样的", BranchFallback, "", 0, false, "", "", false},
		{"invalid slot is kept apart", "来点英格兰的吧", BranchClassified, "filter.country", 0, true, "country", "", false},
		{"missing required slot", "想要粉丝更多的", BranchClassified, "filter.followers", 0, true, "", "followers", false},
		{"no intent keeps fallback", "嗯", BranchFallback, "", 0, false, "", "", false},
		{"ambiguity resolved", "清空，回到经典搜索", BranchClassified, "session.reset", 1, true, "", "", false},
		{"guard spec pick is a guard hit (issue 11)", "guard me", BranchGuardHit, "guard.minors", 0, true, "", "", false},
		{"undeclared slot rejects the answer", "extra slot", BranchFallback, "", 0, false, "", "", false},
		{"classifier error keeps the branch", "model down", BranchFallback, "", 0, false, "", "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, tr, err := r.Explain(context.Background(), Input{Text: tc.input})
			if err != nil {
				t.Fatal(err)
			}
			if res.Branch != tc.wantBranch {
				t.Errorf("Explain(%q).Branch = %s, want %s", tc.input, res.Branch, tc.wantBranch)
			}
			if tc.wantTop != "" && (res.Top == nil || res.Top.ID != tc.wantTop) {
				t.Errorf("Explain(%q).Top = %+v, want %s", tc.input, res.Top, tc.wantTop)
			}
			if len(res.Commands) != tc.wantCommands {
				t.Errorf("Explain(%q) commands = %+v, want %d", tc.input, res.Commands, tc.wantCommands)
			}
			if tr.Classifier == nil || !tr.Classifier.Called {
				t.Fatalf("Explain(%q) classifier trace = %+v, want a call", tc.input, tr.Classifier)
			}
			if tr.Classifier.Accepted != tc.wantAccepted {
				t.Errorf("Explain(%q) classifier accepted = %v (%s), want %v", tc.input, tr.Classifier.Accepted, tr.Classifier.Reason, tc.wantAccepted)
			}
			if (tr.Classifier.Error != "") != tc.wantErr {
				t.Errorf("Explain(%q) classifier error = %q, want error %v", tc.input, tr.Classifier.Error, tc.wantErr)
			}
			if tc.wantInvalid != "" && res.Top.InvalidSlots[tc.wantInvalid] == "" {
				t.Errorf("Explain(%q) invalid = %v, want %s", tc.input, res.Top.InvalidSlots, tc.wantInvalid)
			}
			if tc.wantMissing != "" && (len(res.Top.MissingRequiredSlots) != 1 || res.Top.MissingRequiredSlots[0] != tc.wantMissing) {
				t.Errorf("Explain(%q) missing = %v, want [%s]", tc.input, res.Top.MissingRequiredSlots, tc.wantMissing)
			}
			if res.Branch == BranchGuardHit && (res.Decision.ShouldExecute || res.Decision.Refusal == "" || res.Decision.NextSession != "unsupported") {
				t.Errorf("Explain(%q) guard pick decision = %+v, want a refusal into unsupported", tc.input, res.Decision)
			}
			if res.Branch == BranchFallback && res.Decision.ShouldExecute {
				t.Errorf("Explain(%q) fallback decision executes", tc.input)
			}
		})
	}
	// The classifier sees the spec descriptions, and is never called for
	// deterministic hits.
	before := len(sc.calls)
	for _, in := range []string{"只要美国的", "讲个笑话"} {
		if _, err := r.Query(context.Background(), Input{Text: in}); err != nil {
			t.Fatal(err)
		}
	}
	if len(sc.calls) != before {
		t.Errorf("classifier called %d times for matched/guard inputs, want 0", len(sc.calls)-before)
	}
	if len(sc.calls) == 0 || len(sc.calls[0].Specs) == 0 || sc.calls[0].Specs[0].Description.EN == "" {
		t.Errorf("classifier request lacks spec descriptions")
	}
	guards := 0
	for _, si := range sc.calls[0].Specs {
		if si.Guard {
			guards++
		}
	}
	if guards == 0 {
		t.Errorf("classifier request lists no guard specs")
	}
	// ExplainRules never calls the classifier.
	before = len(sc.calls)
	if res, _, err := r.ExplainRules(context.Background(), Input{Text: "找点不一样的"}); err != nil || res.Branch != BranchFallback {
		t.Fatalf("ExplainRules = %v, %v; want fallback", res, err)
	}
	if res, err := r.QueryRules(context.Background(), Input{Text: "找点不一样的"}); err != nil || res.Branch != BranchFallback {
		t.Fatalf("QueryRules = %v, %v; want fallback", res, err)
	}
	if len(sc.calls) != before {
		t.Errorf("ExplainRules or QueryRules called the classifier")
	}
}

func TestFallbackWithoutClassifierRefuses(t *testing.T) {
	r, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []Input{{Text: "hello"}, {Text: "嗯嗯好的"}} {
		res, tr, err := r.Explain(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		d := res.Decision
		if res.Branch != BranchFallback || d.ActionType != "refuse" || d.ShouldExecute || len(d.MissingData) == 0 || d.Refusal == "" {
			t.Errorf("Explain(%q) decision = %+v, want a refusal that names what is missing", in.Text, d)
		}
		if len(d.NextRecommendations) == 0 {
			t.Errorf("Explain(%q) has no recommendations", in.Text)
		}
		if tr.Classifier != nil {
			t.Errorf("Explain(%q) traced a classifier call without a classifier", in.Text)
		}
	}
}
