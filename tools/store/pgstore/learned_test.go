package pgstore_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/store"
	"searchagent/tools/store/pgstore"
)

// TestLearnedModel holds the learned similarity in PostgreSQL (issue 32):
// off until ingest saves a model; saved, it is in learned_models, Describe
// names it (also after a fresh Open, which loads it), and anchor search
// scores the learned-space cosine as the memory store does (a hit close
// in the learned space says so); a re-ingest without it turns it off.
func TestLearnedModel(t *testing.T) {
	ctx := context.Background()
	cat, err := demo.Catalog(demo.WithTotal(800))
	if err != nil {
		t.Fatal(err)
	}
	h, err := embed.NewHashing()
	if err != nil {
		t.Fatal(err)
	}
	s := load(t, cat, h)
	if st := s.Describe().Learned.State; st != pgstore.LearnedOff {
		t.Fatalf("before SaveLearned: %q", st)
	}
	if !strings.Contains(s.Settings(), "learned=off") {
		t.Errorf("Settings() = %q", s.Settings())
	}
	m, err := cooc.Build(ctx, cat.All(), cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveLearned(ctx, m); err != nil {
		t.Fatal(err)
	}
	if got := s.Describe().Learned; got.State != "on" || got.Model != m.Name() || got.Terms != m.Stats().Terms {
		t.Fatalf("after SaveLearned: %+v, want %s", got, m.Name())
	}
	again, err := pgstore.Open(ctx, pgdbtest.VectorDSN(t), h, false)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if got := again.Describe().Learned.Model; got != m.Name() {
		t.Fatalf("a fresh Open loads %q, want %q", got, m.Name())
	}

	anchor := cat.Platform(cat.Platforms()[0])[3]
	res, err := again.SimilarTo(ctx, store.SimilarQuery{Platform: anchor.Platform, AnchorKey: anchor.Key(), Limit: 20})
	if err != nil {
		t.Fatal(err)
	}
	av, _ := m.ChannelVector(anchor, nil)
	close := 0
	for _, hit := range res.Items {
		hv, _ := m.ChannelVector(hit.Channel, nil)
		want := float64(embed.Dot(av, hv)) >= store.LearnedReasonMin
		got := slices.ContainsFunc(hit.Reasons, func(r store.Reason) bool { return r.Code == store.ReasonLearned })
		if got != want {
			t.Errorf("%s: learned reason %v, want %v (cosine %.3f)", hit.Channel.Key(), got, want, embed.Dot(av, hv))
		}
		if got {
			close++
		}
	}
	if len(res.Items) == 0 || close == 0 {
		t.Errorf("%d hits, %d close in the learned space: want some", len(res.Items), close)
	}

	if err := again.Finish(ctx, cat.Label()); err != nil {
		t.Fatal(err)
	}
	if st := again.Describe().Learned.State; st != pgstore.LearnedOff {
		t.Errorf("a re-ingest without a model leaves %q, want off", st)
	}
}
