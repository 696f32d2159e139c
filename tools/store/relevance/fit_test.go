package relevance

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"
	"time"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/store"
	"searchagent/tools/store/memstore"
)

// smallDemo is a 1200-channel demo catalog with its memory store (with a
// learned model, so every signal is live).
func smallDemo(t *testing.T) (*catalog.Catalog, *memstore.Store) {
	t.Helper()
	cat, err := demo.Catalog(demo.WithNow(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)), demo.WithTotal(1200))
	if err != nil {
		t.Fatal(err)
	}
	m, err := cooc.BuildCatalog(context.Background(), cat, false, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := memstore.New(context.Background(), cat, hashing(t), memstore.WithLearned(m), memstore.WithSimilarCache(0))
	if err != nil {
		t.Fatal(err)
	}
	return cat, s
}

// TestFitRanksAsTheStore holds the fit to the stores' order: under any
// weights, the top K the fit measures is the store's own SimilarTo page.
func TestFitRanksAsTheStore(t *testing.T) {
	cat, s := smallDemo(t)
	fs, err := Collect(context.Background(), s, cat, 20, 60, FitSeed)
	if err != nil {
		t.Fatal(err)
	}
	saved := store.DefaultWeights
	t.Cleanup(func() { store.DefaultWeights = saved })
	for _, w := range []store.Weights{saved, store.HandSetWeights, {Content: 1}, {Tags: 3, Niche: 10, Audience: 5, Country: 1}, {Learned: 2, Language: 4, Activity: 1}} {
		t.Run(fmt.Sprintf("%+v", w), func(t *testing.T) {
			store.DefaultWeights = w
			var sc scratch
			for ai := range fs.anchors {
				a := &fs.anchors[ai]
				ch, err := s.ChannelByKey(context.Background(), a.key)
				if err != nil {
					t.Fatal(err)
				}
				res, err := s.SimilarTo(context.Background(), store.SimilarQuery{Platform: ch.Platform, AnchorKey: a.key, Limit: 20})
				if err != nil {
					t.Fatal(err)
				}
				sc.topK(a, w, 20)
				if len(sc.top) != len(res.Items) {
					t.Fatalf("anchor %s: fit ranks %d, the store %d", a.key, len(sc.top), len(res.Items))
				}
				for i, h := range res.Items {
					if got := a.cands[sc.top[i]].ch; got != h.Channel {
						t.Fatalf("anchor %s, rank %d: fit has %s, the store %s", a.key, i+1, got.Key(), h.Channel.Key())
					}
				}
			}
		})
	}
}

func TestSplitAnchorHoldsOutAFifth(t *testing.T) {
	held := 0
	for i := range 5000 {
		key := fmt.Sprintf("youtube/channel-%d", i)
		first := SplitAnchor(key, FitSeed)
		if again := SplitAnchor(key, FitSeed); again != first {
			t.Fatalf("SplitAnchor(%q) is not deterministic", key)
		}
		if first {
			held++
		}
	}
	if share := float64(held) / 5000; math.Abs(share-HeldOutShare) > 0.02 {
		t.Errorf("held out %.3f of 5000 keys, want %.2f ± 0.02", share, HeldOutShare)
	}
}

// TestFitIsReproducibleAndClimbs fits twice on the same anchors: the same
// weights, a train objective no lower than the start's, every step a rise.
func TestFitIsReproducibleAndClimbs(t *testing.T) {
	cat, s := smallDemo(t)
	fs, err := Collect(context.Background(), s, cat, 20, 150, FitSeed)
	if err != nil {
		t.Fatal(err)
	}
	train, held := fs.Anchors()
	if train+held != 150 || held == 0 || held > 50 {
		t.Errorf("anchors: %d train, %d held out; want 150 with about a fifth held out", train, held)
	}
	a, err := Fit(context.Background(), []*FitSet{fs}, store.HandSetWeights, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Fit(context.Background(), []*FitSet{fs}, store.HandSetWeights, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Weights != b.Weights || a.Objective != b.Objective {
		t.Errorf("two fits: %+v (%.5f) and %+v (%.5f)", a.Weights, a.Objective, b.Weights, b.Objective)
	}
	if a.Objective < a.StartObjective {
		t.Errorf("objective %.5f → %.5f: a fit never descends", a.StartObjective, a.Objective)
	}
	prev := a.StartObjective
	for _, st := range a.Steps {
		if st.Objective <= prev {
			t.Errorf("step %+v does not rise from %.5f", st, prev)
		}
		prev = st.Objective
	}
	if tr, _ := fs.Measure(a.Weights); math.Abs(float64(tr.Objective)-a.Objective) > 1e-12 {
		t.Errorf("train objective %.6f measured, %.6f reported", tr.Objective, a.Objective)
	}
}

// TestCommittedWeightsAreTheDefault reads tools/store/weights.json: its
// weights are store.DefaultWeights, it was fitted by the current procedure
// from the hand-set weights on every published list and the demo catalog,
// and on every catalog's held-out anchors the fitted weights do no worse
// than the hand-set ones.
func TestCommittedWeightsAreTheDefault(t *testing.T) {
	data, err := os.ReadFile("../weights.json")
	if err != nil {
		t.Fatal(err)
	}
	var f WeightsFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if f.Weights != store.DefaultWeights {
		t.Errorf("weights.json has %+v, store.DefaultWeights is %+v", f.Weights, store.DefaultWeights)
	}
	if f.Procedure != Procedure || f.Start != store.HandSetWeights || f.Seed != FitSeed || f.HeldOutShare != HeldOutShare {
		t.Errorf("weights.json was fitted by another procedure (%q from %+v, seed %d, held out %.2f): run %s", f.Procedure, f.Start, f.Seed, f.HeldOutShare, f.Command)
	}
	lists := map[string]bool{}
	for _, c := range f.Catalogs {
		lists[c.Catalog] = true
		if c.HeldOut.Fitted.Anchors == 0 || c.Train.Fitted.Anchors == 0 {
			t.Errorf("%s: %d train and %d held-out anchors", c.Catalog, c.Train.Fitted.Anchors, c.HeldOut.Fitted.Anchors)
		}
		if c.HeldOut.Fitted.Objective < c.HeldOut.Start.Objective-0.005 {
			t.Errorf("%s: held-out objective %.4f fitted, %.4f hand-set", c.Catalog, c.HeldOut.Fitted.Objective, c.HeldOut.Start.Objective)
		}
	}
	for _, want := range []string{"influencers-instagram-2022-12.csv", "influencers-tiktok-2022-12.csv", "influencers-youtube-2022-12.csv", "top-youtubers-with-links.csv"} {
		if !lists[want] {
			t.Errorf("weights.json was not fitted on %s (catalogs %v)", want, lists)
		}
	}
}
