package classifier

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestFeaturesReadCJKAndLatinRuns(t *testing.T) {
	tests := []struct {
		in   string
		want []string // a subset that must be present
		not  []string
	}{
		{"买粉丝", []string{"c:买", "c:买粉", "c:买粉丝", "c:粉丝"}, nil},
		{"buy followers", []string{"w:buy", "w:followers", "b:buy_followers", "g:<bu", "g:ers>"}, nil},
		{"粉丝5万", []string{"c:丝0", "c:0万"}, []string{"c:5"}},
		{"粉丝50万", []string{"c:丝0", "c:0万"}, nil},
		{"get 10k fans", []string{"w:0k", "b:get_0k"}, nil},
		{"ig粉丝", []string{"w:ig", "c:粉丝"}, []string{"b:ig_粉丝"}},
	}
	for _, tc := range tests {
		got := Features(tc.in)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("Features(%q) = %v, missing %q", tc.in, got, w)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(got, n) {
				t.Errorf("Features(%q) has %q", tc.in, n)
			}
		}
	}
	if got := Features(" ,.!"); len(got) != 0 {
		t.Errorf("Features of punctuation = %v, want none", got)
	}
}

var toy = []Example{
	{"买粉丝", "guard.fake"}, {"刷粉丝刷赞", "guard.fake"}, {"buy followers cheap", "guard.fake"},
	{"只要美国的", "filter.country"}, {"us only", "filter.country"}, {"美国的博主", "filter.country"},
	{"你好", NoneLabel}, {"thanks", NoneLabel},
}

func TestTrainedModelPredictsItsClassesWithEvidence(t *testing.T) {
	m, err := Train(toy)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{{"想买点粉丝", "guard.fake"}, {"buy some followers", "guard.fake"}, {"美国的", "filter.country"}}
	for _, tc := range tests {
		p := m.Predict(tc.in)
		if p.Scores[0].Class != tc.want {
			t.Errorf("Predict(%q) top = %v, want %s", tc.in, p.Scores[0], tc.want)
		}
		if p.Known == 0 || p.Margin <= 0 || len(p.Top) == 0 {
			t.Errorf("Predict(%q) = %+v, want known features, a positive margin and top features", tc.in, p)
		}
		var sum float64
		for _, s := range p.Scores {
			sum += s.Prob
		}
		if sum < 0.99 || sum > 1.01 {
			t.Errorf("Predict(%q) posteriors sum to %v", tc.in, sum)
		}
	}
	if p := m.Predict("zzzz qqqq"); p.Known != 0 || p.Margin != 0 || len(p.Top) != 0 {
		t.Errorf("Predict of unseen text = %+v, want no evidence", p)
	}
}

func TestWeightsRoundTripAndHashIgnoresOrder(t *testing.T) {
	m, err := Train(toy)
	if err != nil {
		t.Fatal(err)
	}
	data, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := back.Marshal()
	if string(again) != string(data) {
		t.Error("Load(Marshal(m)) does not marshal to the same file")
	}
	if a, b := m.Predict("买粉丝"), back.Predict("买粉丝"); a.Scores[0] != b.Scores[0] || a.Margin != b.Margin {
		t.Errorf("a loaded model predicts %v, the trained one %v", b.Scores[0], a.Scores[0])
	}
	rev := slices.Clone(toy)
	slices.Reverse(rev)
	m2, _ := Train(rev)
	d2, _ := m2.Marshal()
	if string(d2) != string(data) || CorpusHash(rev) != CorpusHash(toy) {
		t.Error("training on the same corpus in another order gives another file")
	}
	if CorpusHash(toy[1:]) == CorpusHash(toy) {
		t.Error("a changed corpus has the same hash")
	}
}

func TestLoadRefusesForeignWeights(t *testing.T) {
	for name, data := range map[string]string{
		"not json":      "{",
		"other version": `{"version":99,"feature_set":"` + FeatureSet + `","alpha":0.1,"classes":[{"id":"a"}],"counts":{}}`,
		"other feature": `{"version":1,"feature_set":"words","alpha":0.1,"classes":[{"id":"a"}],"counts":{}}`,
		"odd counts":    `{"version":1,"feature_set":"` + FeatureSet + `","alpha":0.1,"classes":[{"id":"a"}],"counts":{"w:x":[0]}}`,
		"bad class":     `{"version":1,"feature_set":"` + FeatureSet + `","alpha":0.1,"classes":[{"id":"a"}],"counts":{"w:x":[3,1]}}`,
		"no classes":    `{"version":1,"feature_set":"` + FeatureSet + `","alpha":0.1,"classes":[],"counts":{}}`,
	} {
		if _, err := Load([]byte(data)); !errors.Is(err, ErrWeights) {
			t.Errorf("Load(%s) = %v, want ErrWeights", name, err)
		}
	}
	if _, err := Train(nil); err == nil {
		t.Error("Train(nil) succeeded")
	}
	if _, err := Train([]Example{{Text: "x"}}); err == nil || !strings.Contains(err.Error(), "no label") {
		t.Errorf("Train of an unlabelled example = %v", err)
	}
}

func TestDefaultWeightsLoad(t *testing.T) {
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if m.Examples == 0 || !strings.HasPrefix(m.CorpusHash, "sha256:") || !slices.ContainsFunc(m.Classes, func(c Class) bool { return c.ID == NoneLabel }) {
		t.Errorf("embedded weights: %d examples, hash %q, classes %v", m.Examples, m.CorpusHash, m.Classes)
	}
}

// A word seen only in a class that is neither the top nor the
// runner-up weighs the same against both: the mean
// margin counts it, the pair margin does not.
func TestPairMarginIgnoresFeaturesNeitherClassSaw(t *testing.T) {
	m, err := Train([]Example{{"alpha bravo", "a"}, {"delta", "c"}, {"echo", "d"}})
	if err != nil {
		t.Fatal(err)
	}
	p := m.Predict("alpha bravo delta echo")
	if p.Scores[0].Class != "a" {
		t.Fatalf("scores = %v, want a first", p.Scores)
	}
	if !(p.PairMargin > p.Margin) || p.Margin <= 0 {
		t.Errorf("pair margin %v, margin %v: want the pair margin above the diluted mean", p.PairMargin, p.Margin)
	}
	word := map[string]string{"c": "delta", "d": "echo"}[p.Scores[1].Class]
	q := m.Predict("alpha bravo " + word)
	if q.Scores[1].Class != p.Scores[1].Class || q.PairMargin != q.Margin {
		t.Errorf("%v: pair margin %v != margin %v with every feature seen in the top class or the runner-up", q.Scores, q.PairMargin, q.Margin)
	}
}
