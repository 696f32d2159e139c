package cooc

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/platform"
)

// demoModel learns a model of n demo channels over a vocabulary of
// vocab terms (small, so that the tests stay quick under -race).
func demoModel(t *testing.T, n, vocab int) (*catalog.Catalog, *Model) {
	t.Helper()
	cat, err := demo.Catalog(demo.WithTotal(n))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Build(context.Background(), cat.All(), Options{MaxVocab: vocab})
	if err != nil {
		t.Fatal(err)
	}
	return cat, m
}

// TestBuildIsDeterministic: the same catalog gives the same model name and
// vectors (fixed seed), and the name is versioned "cooc-…@dims".
func TestBuildIsDeterministic(t *testing.T) {
	cat, a := demoModel(t, 800, 400)
	b, err := Build(context.Background(), cat.All(), Options{MaxVocab: 400})
	if err != nil {
		t.Fatal(err)
	}
	if a.Name() != b.Name() || !slices.Equal(a.vecs, b.vecs) || !slices.Equal(a.terms, b.terms) {
		t.Fatalf("two builds differ: %s vs %s", a.Name(), b.Name())
	}
	if !regexp.MustCompile(`^cooc-ppmi-v1-[0-9a-f]{8}@64$`).MatchString(a.Name()) {
		t.Errorf("name %q", a.Name())
	}
	c, err := Build(context.Background(), cat.All(), Options{MaxVocab: 400, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if c.Name() == a.Name() {
		t.Errorf("another seed keeps the name %s", c.Name())
	}
}

// TestNeighboursAreTopical: on the demo catalog, the nearest labels of a
// tag are of its category, across languages (篮球 and basketball meet
// through the category they share), and vectors are unit length.
func TestNeighboursAreTopical(t *testing.T) {
	_, m := demoModel(t, 3000, 1200)
	for _, tc := range []struct{ word, category string }{
		{"basketball", "sports"}, {"篮球", "sports"}, {"lipstick", "beauty"}, {"口红", "beauty"}, {"guitar", "music"},
	} {
		ns := m.Neighbours(tc.word, 1, 0.3, func(k string) bool { return strings.HasPrefix(k, KindCategory) })
		if len(ns) == 0 || ns[0].Key != CategoryKey(tc.category) {
			t.Errorf("%s: nearest category %v, want %s", tc.word, ns, tc.category)
		}
	}
	if m.Neighbours("zzzqqq", 5, 0, nil) != nil {
		t.Error("an unknown word has neighbours")
	}
	for i := range m.terms {
		var n float32
		for _, x := range m.vec(int32(i)) {
			n += x * x
		}
		if n < 0.999 || n > 1.001 {
			t.Fatalf("term %s has norm² %v", m.terms[i], n)
		}
	}
}

// TestMarshalRoundTrip: a model read back is the same model.
func TestMarshalRoundTrip(t *testing.T) {
	cat, m := demoModel(t, 800, 400)
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	ch := cat.All()[5]
	v1, _ := m.ChannelVector(ch, nil)
	v2, _ := r.ChannelVector(ch, nil)
	if r.Name() != m.Name() || !slices.Equal(v1, v2) || r.Stats() != m.Stats() {
		t.Fatalf("round trip: %+v vs %+v", r.Stats(), m.Stats())
	}
	if _, err := Unmarshal(b[:len(b)/2]); err == nil {
		t.Error("a cut model decodes")
	}
}

// TestBuildRejects: bad options and a corpus too small to learn from.
func TestBuildRejects(t *testing.T) {
	if _, err := Build(context.Background(), nil, Options{Dims: 1}); !errors.Is(err, ErrBadOptions) {
		t.Errorf("dims 1: %v", err)
	}
	tiny := []*catalog.Channel{{Platform: platform.YouTube, Handle: "a", Name: "a", Tags: []string{"x"}}}
	if _, err := Build(context.Background(), tiny, Options{}); !errors.Is(err, ErrEmpty) {
		t.Errorf("tiny corpus: %v", err)
	}
}

// BenchmarkBuild measures learning the model of the default demo catalog
// (20,000 channels): time, allocations and the model's size.
func BenchmarkBuild(b *testing.B) {
	cat, err := demo.Catalog()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		m, err := Build(context.Background(), cat.All(), Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(m.vecs)*4)/1e6, "vector-MB")
		b.ReportMetric(float64(len(m.terms)), "terms")
	}
}

// TestBuildCatalogKeepsTheLastModel: the same text learned twice is one
// model; a changed tag, another option or another catalog is learned anew.
func TestBuildCatalogKeepsTheLastModel(t *testing.T) {
	ctx := context.Background()
	opts := Options{MaxVocab: 300}
	cat, err := demo.Catalog(demo.WithTotal(600))
	if err != nil {
		t.Fatal(err)
	}
	a, err := BuildCatalog(ctx, cat, false, opts)
	if err != nil {
		t.Fatal(err)
	}
	again, err := demo.Catalog(demo.WithTotal(600))
	if err != nil {
		t.Fatal(err)
	}
	if b, err := BuildCatalog(ctx, again, false, opts); err != nil || b != a {
		t.Fatalf("the same text learned again: %p vs %p (%v)", b, a, err)
	}
	if c, err := BuildCatalog(ctx, again, false, Options{MaxVocab: 300, Seed: 9}); err != nil || c == a {
		t.Fatalf("another seed returned the kept model (%v)", err)
	}
	chans := slices.Clone(again.All())
	changed := *chans[0]
	changed.Tags = append(slices.Clone(changed.Tags), "a tag nobody else has")
	chans[0] = &changed
	if fingerprint(chans, opts) == fingerprint(again.All(), opts) {
		t.Fatal("a changed tag keeps the fingerprint")
	}
}

// TestChannelVectorSumsItsTerms: a channel's vector is the idf-weighted
// sum of its known terms' vectors, each once at its largest weight, in
// the order terms lists them — the terms Build learned from. ChannelVector
// looks its terms up without making their keys; the vectors must be the
// very same floats.
func TestChannelVectorSumsItsTerms(t *testing.T) {
	cat, m := demoModel(t, 600, 400)
	seen := map[string]int{}
	known := 0
	for _, ch := range cat.All() {
		want := make([]float32, m.Dimensions())
		any := false
		for _, tm := range terms(ch, nil, seen) {
			i, ok := m.index[tm.key]
			if !ok {
				continue
			}
			any = true
			w := tm.w * m.idf(i)
			for d, x := range m.vec(i) {
				want[d] += w * x
			}
		}
		embed.Normalize(want)
		got, ok := m.ChannelVector(ch, nil)
		if ok != any || !slices.Equal(got, want) {
			t.Fatalf("%s: ChannelVector = %v (%v), want the sum of its terms %v (%v)", ch.Key(), got[:4], ok, want[:4], any)
		}
		if ok {
			known++
		}
	}
	if known == 0 {
		t.Fatal("no channel has a known term: the test compares nothing")
	}
}
