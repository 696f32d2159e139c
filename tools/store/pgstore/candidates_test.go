package pgstore

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
	"searchagent/tools/store"
)

// TestCandidateColumns: a similar set's pool is ranked from candidateCols
// instead of the documents, so every field the re-ranker reads must come
// back from them as the document holds it (the category folded to lower
// case, which the re-ranker compares case-insensitively), for every
// channel of a demo catalog and for the edges the demo does not make: an
// engagement figure, no tags, no last post, a category in capitals. And a
// channel's profile and score from its columns and channel_features row
// equal those from its document.
func TestCandidateColumns(t *testing.T) {
	ctx := context.Background()
	cat := demoCatalog(t, 400)
	chans := cat.All()
	edge := *chans[0]
	edge.Handle, edge.ID, edge.Aliases, edge.ContentIDs = "edge_case_channel", "", nil, nil
	edge.URL = "https://www.youtube.com/@edge_case_channel"
	edge.Tags, edge.LastPostAt, edge.AvgEngagement, edge.Category = nil, time.Time{}, 4321, "Gaming"
	chans = append(chans, &edge)
	s, _, _ := ingested(t, chans, cat.Label())
	byKey := make(map[string]*catalog.Channel, len(chans))
	for _, ch := range chans {
		byKey[ch.Key()] = ch
	}
	anchor := store.NewProfile(chans[1])
	rows, err := s.pool.Query(ctx, `SELECT c.key, `+candidateCols+`, `+featureCols+` FROM channels c
LEFT JOIN channel_features f ON f.key = c.key AND f.version = `+strconv.Itoa(featuresVersion))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	seen := 0
	for rows.Next() {
		var key string
		var cs candidateScan
		var fs featureScan
		if err := rows.Scan(append(append([]any{&key}, cs.dest()...), fs.dest()...)...); err != nil {
			t.Fatal(err)
		}
		want := byKey[key]
		got := cs.channel(want.Platform)
		if got == nil {
			t.Fatalf("%s: no columns", key)
		}
		seen++
		if !strings.EqualFold(got.Category, want.Category) || got.Country != want.Country || got.Language != want.Language ||
			got.Followers != want.Followers || got.AvgViews != want.AvgViews || got.AvgEngagement != want.AvgEngagement ||
			!got.LastPostAt.Equal(want.LastPostAt) || !slices.Equal(got.Tags, want.Tags) {
			t.Errorf("%s: columns give %+v\nthe document %+v", key, *got, *want)
		}
		ft, err := fs.features()
		if err != nil || ft == nil {
			t.Fatalf("%s: features %v, %v", key, ft, err)
		}
		fromCols, fromDoc := store.NewProfileCovered(got, ft.cov), store.NewProfile(want)
		a, b := store.Compare(&anchor, &fromCols, 0.5), store.Compare(&anchor, &fromDoc, 0.5)
		if a.Score(store.DefaultWeights) != b.Score(store.DefaultWeights) || !slices.Equal(fromCols.Tags, fromDoc.Tags) || fromCols.Thin() != fromDoc.Thin() {
			t.Errorf("%s: the score from the columns %v, from the document %v", key, a.Score(store.DefaultWeights), b.Score(store.DefaultWeights))
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if seen != len(chans) {
		t.Fatalf("read %d channels, want %d", seen, len(chans))
	}
	var none candidateScan
	if none.channel(platform.YouTube) != nil {
		t.Error("a row without columns (a neighbour below the minimum score) gave a channel")
	}
}
