package pgstore

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"searchagent/tools/catalog/demo"
	emb "searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/store"
)

// BenchmarkPoolCandidate is what the re-ranking of a similar set's pool
// costs per candidate, without the database: the document, the profile,
// the learned cosine and the hybrid score (rankSetWith's scan). "cold"
// reads each document for the first time (decoding it, tokenising its
// text for the profile and the learned vector); "warm" reads documents
// the store's cache holds with what they derive (a pool that shares
// channels with an earlier one, the next page of a set); "cold, stored
// features" reads a document for the first time with its channel_features
// row (the coverage and learned vector stored at ingest); "columns,
// stored features" reads no document (candidateCols). Allocations are
// the deterministic measure.
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
	// rows are the channels' channel_features rows; a candidate reads
	// its row's columns as a similar query's scan does (featureScan).
	rows := make([]featureRow, len(chans))
	for i, ch := range chans {
		rows[i] = deriveFeatures(ch.Key(), ch, m)
	}
	var withFeatures bool
	score := func(b *testing.B, d docCache, i int) {
		var ft *features
		if withFeatures {
			r := rows[i]
			content, labels := int32(r.cov.Content), int32(r.cov.Labels)
			fields := strings.Join(r.cov.Fields, fieldSep)
			fs := featureScan{content: &content, labels: &labels, fields: &fields, model: &r.model, learned: r.learned}
			var err error
			if ft, err = fs.features(); err != nil {
				b.Fatal(err)
			}
		}
		_, prof, vec, ok, err := d.candidate(chans[i].Key(), raws[i], m, ft)
		if err != nil {
			b.Fatal(err)
		}
		sig := store.Compare(&ap, &prof, 0.5)
		if ok {
			sig.Learned = float64(emb.Dot(av, vec))
		}
		_ = sig.Score(store.DefaultWeights)
	}
	b.Run("cold", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			score(b, docCache{}, i%len(raws))
		}
	})
	b.Run("cold, stored features", func(b *testing.B) {
		withFeatures = true
		defer func() { withFeatures = false }()
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			score(b, docCache{}, i%len(raws))
		}
	})
	// "columns, stored features" is how a pool is ranked now: the
	// candidate's candidateCols and channel_features row, no document
	// (fillDocs decodes only the page's).
	scans := make([]candidateScan, len(chans))
	for i, ch := range chans {
		cat, last := strings.ToLower(ch.Category), ch.LastPostAt
		scans[i] = candidateScan{category: &cat, country: &ch.Country, language: &ch.Language, followers: &ch.Followers,
			views: &ch.AvgViews, eng: &ch.AvgEngagement, last: &last, tags: ch.Tags}
	}
	b.Run("columns, stored features", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			j := i % len(chans)
			r := rows[j]
			content, labels := int32(r.cov.Content), int32(r.cov.Labels)
			fields := strings.Join(r.cov.Fields, fieldSep)
			fs := featureScan{content: &content, labels: &labels, fields: &fields, model: &r.model, learned: r.learned}
			ft, err := fs.features()
			if err != nil {
				b.Fatal(err)
			}
			ch := scans[j].channel(chans[j].Platform)
			prof := store.NewProfileCovered(ch, ft.cov)
			sig := store.Compare(&ap, &prof, 0.5)
			if vec, ok, _ := ft.learnedUnder(m); ok {
				sig.Learned = float64(emb.Dot(av, vec))
			}
			_ = sig.Score(store.DefaultWeights)
		}
	})
	b.Run("warm", func(b *testing.B) {
		d := newDocCache(len(raws))
		for i := range raws {
			score(b, d, i)
		}
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			score(b, d, i%len(raws))
		}
	})
}
