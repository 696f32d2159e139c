package pgstore

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
	"searchagent/tools/store/memstore"
)

// TestPostingsProveMatch holds the order of a keyword search the
// postings answer, and of a similar set a keyword bounds, whose keywords
// have no cached expansion outcome: a match proves that no keyword is
// widened, so the EXISTS over the channels (matchesAny: tens of
// milliseconds for a phrase at a million channels) is not sent, and the
// outcome is cached; a search that matches nothing asks it, once per
// keyword, and a keyword no channel has is still widened by the learned
// model, as the memory store widens it.
func TestPostingsProveMatch(t *testing.T) {
	ctx := context.Background()
	dsn := pgdbtest.VectorDSN(t)
	cat, err := demo.Catalog(demo.WithTotal(800))
	if err != nil {
		t.Fatal(err)
	}
	emb, err := embed.NewHashing()
	if err != nil {
		t.Fatal(err)
	}
	base, err := Open(ctx, dsn, emb, true)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	if err := base.Truncate(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := base.Upsert(ctx, cat.All(), 0, nil); err != nil {
		t.Fatal(err)
	}
	if err := base.Finish(ctx, cat.Label()); err != nil {
		t.Fatal(err)
	}
	m, err := cooc.Build(ctx, cat.All(), cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := base.SaveLearned(ctx, m); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	pool, err := pgdb.Open(ctx, dsn, pgdb.WithAfterConnect(RegisterTypes), func(c *pgxpool.Config) { c.ConnConfig.Tracer = rec })
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(ctx, pool, emb)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if st := s.Describe().Learned.State; st != "on" {
		t.Fatalf("the learned model is %q: nothing would be widened", st)
	}
	// Two phrases of two words YouTube channels carry as tags, without
	// aliases (a one-word alias over every field would decide the match
	// from the document frequencies alone).
	type tagged struct{ phrase, country string }
	var phrases []tagged
	for _, ch := range cat.Platform(platform.YouTube) {
		for _, tag := range ch.Tags {
			if strings.Count(tag, " ") == 1 && ch.Country != "" && len(planMatch(store.Keyword{Text: tag, Scope: scope.All}).aliases) == 0 && !slices.ContainsFunc(phrases, func(x tagged) bool { return x.phrase == tag }) {
				phrases = append(phrases, tagged{tag, ch.Country})
			}
		}
	}
	if len(phrases) < 2 {
		t.Fatal("fewer than two two-word tags in the demo catalog")
	}
	exists := func() int {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		n := 0
		for _, q := range rec.qs {
			n += strings.Count(q.sql, "EXISTS (SELECT 1 FROM channels")
		}
		rec.qs = nil
		return n
	}
	search := func(kw string, f store.Filters, sc ...scope.Scope) store.Page {
		t.Helper()
		q := store.SearchQuery{Platform: platform.YouTube, Keywords: []store.Keyword{{Text: kw, Scope: append(sc, scope.All)[0]}}, Filters: f, Limit: 20}
		if !postingShape(q, nil) {
			t.Fatalf("%q %+v is not of the postings' shape", kw, f)
		}
		p, err := s.Search(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	rec.start()
	first, second := phrases[0], phrases[1]
	t.Logf("phrases %+v %+v", first, second)
	if p := search(first.phrase, store.Filters{Countries: []string{first.country}}); p.Total == 0 {
		t.Fatalf("%q in %s: no match", first.phrase, first.country)
	}
	if n := exists(); n != 0 {
		t.Errorf("a search that matched %q sent %d EXISTS over the channels", first.phrase, n)
	}
	// The outcome is cached: a filter no channel passes asks nothing.
	if p := search(first.phrase, store.Filters{Countries: []string{"AQ"}}); p.Total != 0 {
		t.Fatalf("%q in AQ: %d matches", first.phrase, p.Total)
	}
	if n := exists(); n != 0 {
		t.Errorf("a cached outcome sent %d EXISTS", n)
	}
	// A phrase that matches no channel of the country but some of the
	// platform: asked once, then cached, never widened.
	for range 2 {
		if p := search(second.phrase, store.Filters{Countries: []string{"AQ"}}); p.Total != 0 || slices.ContainsFunc(p.Expansions, store.Expansion.Learned) {
			t.Fatalf("%q in AQ: %d matches, expansions %+v", second.phrase, p.Total, p.Expansions)
		}
	}
	if n := exists(); n != 1 {
		t.Errorf("%q in AQ twice: %d EXISTS; want one (then the cached outcome)", second.phrase, n)
	}
	// A word no channel carries as a tag, which the learned model widens,
	// is widened through the postings' path too.
	widened := ""
	for _, w := range []string{"cricket", "tennis", "guitar", "piano", "horror", "吉他"} {
		if p := search(w, store.Filters{}, scope.Tags); slices.ContainsFunc(p.Expansions, store.Expansion.Learned) {
			widened = w
			break
		}
	}
	if widened == "" {
		t.Fatal("none of the words was widened by the learned model")
	}
	// The similar set a keyword bounds: the same order on a store whose
	// cache holds no outcome — a phrase that matches sends no EXISTS, a
	// widened word is widened as the memory store widens it.
	ref, err := memstore.New(ctx, cat, emb, memstore.WithLearned(m))
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := New(ctx, pool, emb)
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	anchor := cat.Platform(platform.YouTube)[0].Key()
	for _, c := range []struct {
		kw     store.Keyword
		exists int
	}{
		{store.Keyword{Text: first.phrase, Scope: scope.All}, 0},
		{store.Keyword{Text: widened, Scope: scope.Tags}, 0},
	} {
		q := store.SimilarQuery{Platform: platform.YouTube, AnchorKey: anchor, Keywords: []store.Keyword{c.kw}, Limit: 20}
		want, err := ref.SimilarTo(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		rec.start()
		got, err := fresh.SimilarTo(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if n := exists(); c.kw.Text == first.phrase && n != c.exists {
			t.Errorf("similar with %q sent %d EXISTS; want %d", c.kw.Text, n, c.exists)
		}
		if got.Total != want.Total || !reflect.DeepEqual(got.Expansions, want.Expansions) || !reflect.DeepEqual(hitKeys(got.Items), hitKeys(want.Items)) {
			t.Errorf("similar with %q: total %d expansions %+v items %v; want %d %+v %v", c.kw.Text, got.Total, got.Expansions, hitKeys(got.Items), want.Total, want.Expansions, hitKeys(want.Items))
		}
	}
}

func hitKeys(hs []store.Hit) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.Channel.Key()
	}
	return out
}
