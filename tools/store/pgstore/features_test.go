package pgstore

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/store"
)

// TestChannelFeatures: Upsert writes every channel's channel_features row
// (its coverage, and no learned vector before a model is learned);
// DeriveFeatures brings every row to the model SaveLearned made, once
// (a second run finds nothing to do), each row what deriveFeatures
// derives; an upsert that changes a channel rewrites its row under the
// store's model in the same transaction; and a similar search answers
// the same, page and scores, read with the rows, with rows of an old
// version (ignored) and with none.
func TestChannelFeatures(t *testing.T) {
	ctx := context.Background()
	cat := demoCatalog(t, 600)
	chans := cat.All()
	s, e, dsn := ingested(t, chans, cat.Label())
	count := func(cond string, args ...any) int {
		t.Helper()
		var n int
		if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM channel_features WHERE `+cond, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(`version = $1 AND learned_model = '' AND learned IS NULL`, featuresVersion); n != len(chans) {
		t.Fatalf("after Upsert without a model: %d current rows, want %d", n, len(chans))
	}

	m, err := cooc.Build(ctx, chans, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveLearned(ctx, m); err != nil {
		t.Fatal(err)
	}
	var progressed int
	n, err := s.DeriveFeatures(ctx, 250, func(done int) { progressed = done })
	if err != nil {
		t.Fatal(err)
	}
	if n != len(chans) || progressed != n {
		t.Fatalf("DeriveFeatures wrote %d rows (progress %d), want %d", n, progressed, len(chans))
	}
	if n, err := s.DeriveFeatures(ctx, 250, nil); err != nil || n != 0 {
		t.Fatalf("DeriveFeatures again: %d rows, %v; want 0", n, err)
	}
	checkRows := func(when string, chans []*catalog.Channel) {
		t.Helper()
		for _, ch := range chans {
			want := deriveFeatures(ch.Key(), ch, m)
			var content, labels int
			var fields, model string
			var learned []byte
			if err := s.pool.QueryRow(ctx, `SELECT content_features, label_features, fields, learned_model, learned FROM channel_features WHERE key = $1 AND version = $2`,
				ch.Key(), featuresVersion).Scan(&content, &labels, &fields, &model, &learned); err != nil {
				t.Fatalf("%s: %s: %v", when, ch.Key(), err)
			}
			if content != want.cov.Content || labels != want.cov.Labels || fields != strings.Join(want.cov.Fields, fieldSep) ||
				model != m.Name() || !bytes.Equal(learned, want.learned) {
				t.Fatalf("%s: %s: row (%d, %d, %q, %s, %d bytes), want %+v", when, ch.Key(), content, labels, fields, model, len(learned), want)
			}
		}
	}
	checkRows("after DeriveFeatures", chans)

	changed := *chans[7]
	changed.Tags = append(slices.Clone(changed.Tags), "underwater welding")
	changed.Description += " Underwater welding lessons every week."
	if _, err := s.Upsert(ctx, []*catalog.Channel{&changed}, 0, nil); err != nil {
		t.Fatal(err)
	}
	checkRows("after an upsert", []*catalog.Channel{&changed})
	// A batch that holds a channel twice keeps its last version's row.
	first, second := *chans[9], *chans[9]
	first.Description += " Crochet patterns for beginners."
	second.Tags = append(slices.Clone(second.Tags), "crochet", "knitting", "yarn")
	if _, err := s.Upsert(ctx, []*catalog.Channel{&first, &second}, 0, nil); err != nil {
		t.Fatal(err)
	}
	checkRows("after a batch with a channel twice", []*catalog.Channel{&second})
	if n, err := s.DeriveFeatures(ctx, 0, nil); err != nil || n != 0 {
		t.Fatalf("DeriveFeatures after an upsert: %d rows, %v; want 0", n, err)
	}

	// The same answers with the rows, with old rows and without any; a
	// fresh store each time, so that no candidate is in its cache.
	var anchors []*catalog.Channel
	for _, p := range cat.Platforms() {
		anchors = append(anchors, cat.Platform(p)[:3]...)
	}
	answers := func(when string) []string {
		t.Helper()
		fresh, err := Open(ctx, dsn, e, false)
		if err != nil {
			t.Fatal(err)
		}
		defer fresh.Close()
		var out []string
		for _, a := range anchors {
			res, err := fresh.SimilarTo(ctx, store.SimilarQuery{Platform: a.Platform, AnchorKey: a.Key(), Limit: 20})
			if err != nil {
				t.Fatalf("%s: %s: %v", when, a.Key(), err)
			}
			for _, h := range res.Items {
				var reasons []string
				for _, r := range h.Reasons {
					reasons = append(reasons, string(r.Code))
				}
				out = append(out, fmt.Sprintf("%s %s %.6f %.6f %s", a.Key(), h.Channel.Key(), h.Score, h.Similarity, strings.Join(reasons, ",")))
			}
			out = append(out, fmt.Sprintf("total %d", res.Total))
		}
		return out
	}
	with := answers("with the rows")
	if len(with) <= len(anchors) {
		t.Fatalf("similar searches found nothing: %v", with)
	}
	if _, err := s.pool.Exec(ctx, `UPDATE channel_features SET version = 0, content_features = 0, label_features = 0, learned = NULL`); err != nil {
		t.Fatal(err)
	}
	if old := answers("with rows of an old version"); !slices.Equal(old, with) {
		t.Errorf("rows of an old version change the answers:\n%s\nwant\n%s", strings.Join(old, "\n"), strings.Join(with, "\n"))
	}
	if _, err := s.pool.Exec(ctx, `DELETE FROM channel_features`); err != nil {
		t.Fatal(err)
	}
	if none := answers("without rows"); !slices.Equal(none, with) {
		t.Errorf("answers without rows differ:\n%s\nwant\n%s", strings.Join(none, "\n"), strings.Join(with, "\n"))
	}
	if n, err := s.DeriveFeatures(ctx, 0, nil); err != nil || n != len(chans) {
		t.Fatalf("DeriveFeatures after the rows were deleted: %d rows, %v; want %d", n, err, len(chans))
	}
}
