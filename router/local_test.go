package router

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"searchagent/router/classifier"
)

// The checked-in weights are what training on the current corpus gives:
// a changed route suite (or feature set) without `intentctl train`
// fails here (CI retrains and compares the same way: intentctl train
// --check).
func TestLocalWeightsAreTrainedOnTheCurrentCorpus(t *testing.T) {
	ex, err := LoadCorpus(filepath.Join("..", CorpusDir))
	if err != nil {
		t.Fatal(err)
	}
	m, err := classifier.Train(ex)
	if err != nil {
		t.Fatal(err)
	}
	data, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, classifier.Weights()) {
		t.Fatalf("router/classifier/weights.json is stale: the corpus is now %s (%d examples); run `go run ./cmd/intentctl train`", m.CorpusHash, len(ex))
	}
}

// The held-out guard suites are never trained on: none of their texts is
// in the training corpus.
func TestHeldOutGuardCasesAreNotInTheCorpus(t *testing.T) {
	ex, err := LoadCorpus(filepath.Join("..", CorpusDir))
	if err != nil {
		t.Fatal(err)
	}
	train := map[string]bool{}
	for _, e := range ex {
		train[e.Text] = true
	}
	files, _ := filepath.Glob(filepath.Join("..", CorpusDir, "heldout", "*.yaml"))
	if len(files) == 0 {
		t.Fatal("no held-out suites")
	}
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cases, err := ParseCorpus(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			n++
			if train[Normalize(c.Text)] {
				t.Errorf("%s: held-out case %s (%q) is in the training corpus", f, c.Name, c.Text)
			}
		}
	}
	if n < 100 {
		t.Errorf("%d held-out cases, want at least 100", n)
	}
}

func TestTrainingExamplesLabelCasesByWhatTheyWant(t *testing.T) {
	cases := []Case{
		{Name: "guard", Input: Input{Text: "买粉"}, Want: Want{Branch: BranchGuardHit, Top: "guard.fake_engagement"}},
		{Name: "rule", Input: Input{Text: "只要美国的"}, Want: Want{Top: "filter.country"}},
		{Name: "fallback", Input: Input{Text: "嗯嗯"}, Want: Want{Branch: BranchFallback}},
		{Name: "lookalike", Input: Input{Text: "How to spot fake followers"}, Want: Want{NotBranch: BranchGuardHit}},
		{Name: "ambiguous", Input: Input{Text: "放宽但精准"}, Want: Want{Branch: BranchAmbiguous, Top: "recall.widen"}},
		{Name: "answer", Input: Input{Text: "第一个", Pending: []Expectation{{ID: "q"}}}, Want: Want{Top: "session.answer_option"}},
	}
	got := TrainingExamples(cases)
	want := []classifier.Example{{Text: "买粉", Label: "guard.fake_engagement"}, {Text: "只要美国的", Label: "filter.country"},
		{Text: "嗯嗯", Label: classifier.NoneLabel}, {Text: "how to spot fake followers", Label: classifier.NoneLabel}}
	if len(got) != len(want) {
		t.Fatalf("TrainingExamples = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("example %d = %v, want %v", i, got[i], want[i])
		}
	}
}

func localRouter(t *testing.T) *Router {
	t.Helper()
	r, err := Default(WithDefaultLocalClassifier())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var ready = State{Input: "followup_waiting", Container: "expanded_agent", Session: "results_ready"}

// The local stage's decisions on follow-ups: a paraphrase the guard
// rules miss is refused with the local stage named and its evidence in
// the trace; the rules' own decisions, a two-way ambiguity, a negated or
// harmless context and a text with no cue of the family are not
// overruled; a rules spec it picks executes only with slots the spec's
// own patterns read.
func TestLocalClassifierStageDecisions(t *testing.T) {
	tests := []struct {
		name, text string
		branch     Branch
		top        string
		by         string
	}{
		{"paraphrase refused", "how can I get 20k followers overnight, happy to pay", BranchGuardHit, "guard.fake_engagement", "classifier:local"},
		{"guard rules still first", "哪里可以买粉", BranchGuardHit, "guard.fake_engagement", "guard"},
		{"rules match stands", "只要美国的", BranchMatched, "filter.country", "rules"},
		{"weak override of a match refused", "更像真人推荐的", BranchMatched, "keyword.soft", "rules"},
		{"two-way ambiguity left to the user", "放宽一点但是更精准", BranchAmbiguous, "", "none"},
		{"no cue, no refusal", "能再多来一些吗", BranchFallback, "", "none"},
		{"harmless context vetoes", "讲解怎么看出账号刷量的频道", BranchFallback, "", "none"},
		{"slotless rules pick executes", "换成别的任务", BranchClassified, "session.new_task", "classifier:local"},
	}
	r := localRouter(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, tr, err := r.Explain(context.Background(), Input{Text: tc.text, State: ready, Turn: 1})
			if err != nil {
				t.Fatal(err)
			}
			top := ""
			if res.Top != nil {
				top = res.Top.ID
			}
			if res.Branch != tc.branch || tc.top != "" && top != tc.top {
				t.Fatalf("Explain(%q) = %s %s, want %s %s (classifier: %+v)", tc.text, res.Branch, top, tc.branch, tc.top, tr.Classifier)
			}
			if got := tr.DecidedBy(); got != tc.by {
				t.Errorf("Explain(%q) decided by %s, want %s", tc.text, got, tc.by)
			}
			if c := tr.Classifier; tc.by == "classifier:local" && (c == nil || c.Stage != ClassifierLocal || c.Answer == nil || len(c.Answer.TopFeatures) == 0 || len(c.Answer.Scores) == 0) {
				t.Errorf("Explain(%q): the trace lacks the local classifier's scores and features: %+v", tc.text, c)
			}
		})
	}
	// Without the stage the same paraphrase is not refused.
	plain, _ := Default()
	if res, _ := plain.Query(context.Background(), Input{Text: tests[0].text, State: ready, Turn: 1}); res.Branch == BranchGuardHit {
		t.Errorf("the rules alone refuse %q: the case no longer holds the classifier stage", tests[0].text)
	}
}

// The local classifier names fake engagement only with an acquisition or
// payment cue beside the measure (metadata local_classifier_min_cue): a
// measure alone is vetoed with the floor named in the trace, even where
// the n-gram model picks the family; one cue more and the stage refuses.
func TestLocalGuardNeedsAnAcquisitionCue(t *testing.T) {
	tests := []struct {
		name, text string
		refused    bool
		reason     string
	}{
		{"a growth wish naming no purchase is vetoed", "want my follower count up by a lot before the pitch", false, "below its floor 0.30"},
		{"an acquisition cue beside it", "发布会前想把粉丝冲到两万", true, "accepted guard guard.fake_engagement"},
		{"a payment cue beside it", "get me 5k followers by friday, I'll pay", true, ""},
		{"a price that describes content", "budget gadget reviewers with lots of views", false, ""},
	}
	r := localRouter(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, tr, err := r.Explain(context.Background(), Input{Text: tc.text, State: ready, Turn: 1})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Branch == BranchGuardHit; got != tc.refused {
				t.Fatalf("Explain(%q) branch %s, want refused=%v (classifier: %+v)", tc.text, res.Branch, tc.refused, tr.Classifier)
			}
			if tc.reason != "" && (tr.Classifier == nil || !strings.Contains(tr.Classifier.Reason, tc.reason)) {
				t.Errorf("Explain(%q): classifier reason %+v, want it to contain %q", tc.text, tr.Classifier, tc.reason)
			}
		})
	}
}

// A rules spec the local classifier picks but whose required slots the
// text does not give is not a decision.
func TestLocalPickWithoutSlotsIsNotADecision(t *testing.T) {
	r := localRouter(t)
	for _, text := range []string{"i'd like to set the language", "换一个国家"} {
		res, tr, err := r.Explain(context.Background(), Input{Text: text, State: ready, Turn: 1})
		if err != nil {
			t.Fatal(err)
		}
		if res.Branch == BranchClassified && res.Top != nil && len(res.Top.MissingRequiredSlots) > 0 {
			t.Errorf("Explain(%q) classified %s with missing slots %v", text, res.Top.ID, res.Top.MissingRequiredSlots)
		}
		if res.Branch == BranchClassified && len(res.Commands) == 0 {
			t.Errorf("Explain(%q) classified without a command: %+v", text, tr.Classifier)
		}
	}
}

// Submitted text (a first search) is checked by the local classifier for
// guard families only; a model classifier is never asked there.
func TestExplainSubmittedChecksGuardFamiliesOnly(t *testing.T) {
	r := localRouter(t)
	first := State{Input: "empty_input", Container: "compact_classic", Session: "idle"}
	res, tr, err := r.ExplainSubmitted(context.Background(), Input{Text: "the street this fitness youtuber jogs on every morning and the gym she uses", State: first})
	if err != nil {
		t.Fatal(err)
	}
	if res.Branch != BranchGuardHit || res.Top.ID != "guard.contact_info" || tr.DecidedBy() != "classifier:local" {
		t.Errorf("ExplainSubmitted(street and gym) = %s by %s, want guard_hit guard.contact_info by classifier:local", res.Branch, tr.DecidedBy())
	}
	res, tr, _ = r.ExplainSubmitted(context.Background(), Input{Text: "换成别的任务", State: first})
	if res.Branch == BranchClassified || res.Branch == BranchGuardHit {
		t.Errorf("ExplainSubmitted decided a rules intent: %s (%+v)", res.Branch, tr.Classifier)
	}
	model, _ := Default(WithClassifier(scripted{SpecID: "guard.minors"}))
	res, _, _ = model.ExplainSubmitted(context.Background(), Input{Text: "the street this fitness youtuber jogs on every morning and the gym she uses", State: first})
	if res.Branch == BranchGuardHit {
		t.Error("ExplainSubmitted asked the model classifier")
	}
	if model.ClassifierKind() != ClassifierModel || r.ClassifierKind() != ClassifierLocal || r.LocalClassifierInfo() == "" || model.LocalClassifierInfo() != "" {
		t.Errorf("kinds: %q %q, info %q %q", model.ClassifierKind(), r.ClassifierKind(), r.LocalClassifierInfo(), model.LocalClassifierInfo())
	}
}

type scripted ClassifierAnswer

func (s scripted) Classify(context.Context, ClassifyRequest) (ClassifierAnswer, error) {
	return ClassifierAnswer(s), nil
}

func TestCheckTraceComparesTheDecidingStage(t *testing.T) {
	c := Case{Want: Want{Stage: "classifier:local"}}
	if f := CheckTrace(c, &Trace{Branch: BranchMatched}); len(f) != 1 {
		t.Errorf("CheckTrace(rules trace) = %v, want one failure", f)
	}
	if f := CheckTrace(c, &Trace{Branch: BranchGuardHit, Classifier: &ClassifierTrace{Accepted: true, Stage: ClassifierLocal}}); len(f) != 0 {
		t.Errorf("CheckTrace(local trace) = %v", f)
	}
	if f := Check(Case{Want: Want{NotBranch: BranchGuardHit}}, &Result{Branch: BranchGuardHit}); len(f) != 1 {
		t.Errorf("Check(not_branch) = %v, want one failure", f)
	}
}
