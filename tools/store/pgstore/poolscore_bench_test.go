package pgstore

import (
	"context"
	"encoding/json"
	"testing"

	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/store"
)

// BenchmarkPoolCandidate is what the re-ranking of a similar set's pool
// costs per candidate, without the database: decoding the document,
// the profile, the learned cosine and the hybrid score (rankSetWith's
// scan). Allocations are the deterministic measure.
func BenchmarkPoolCandidate(b *testing.B) {
	cat, err := demo.Catalog(demo.WithTotal(4000))
	if err != nil {
		b.Fatal(err)
	}
	chans := cat.All()
	m, err := cooc.Build(context.Background(), chans, cooc.Options{})
	if err != nil {
		b.Fatal(err)
	}
	raws := make([][]byte, len(chans))
	for i, ch := range chans {
		if raws[i], err = json.Marshal(ch); err != nil {
			b.Fatal(err)
		}
	}
	anchor := chans[0]
	ap := store.NewProfile(anchor)
	av := anchorVector(m, anchor)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ch, err := decodeDoc(raws[i%len(raws)])
		if err != nil {
			b.Fatal(err)
		}
		prof := store.NewProfile(ch)
		sig := store.Compare(&ap, &prof, 0.5)
		sig.Learned = learnedCosine(m, ch, av)
		_ = sig.Score(store.DefaultWeights)
	}
}
