package memstore

import (
	"context"
	"slices"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/embed"
	"searchagent/tools/store"
)

func newStore(t testing.TB, chans []*catalog.Channel, opts ...Option) (*Store, *catalog.Catalog) {
	t.Helper()
	cat, conflicts, err := catalog.New("test", chans)
	if err != nil {
		t.Fatalf("catalog.New: %v", err)
	}
	if len(conflicts) > 0 {
		t.Fatalf("catalog.New conflicts: %v", conflicts)
	}
	emb, err := embed.NewHashing()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(context.Background(), cat, emb, opts...)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return s, cat
}

// names lists hits as "<platform>/<handle>".
func names(hits []store.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = string(h.Channel.Platform) + "/" + h.Channel.Handle
	}
	return out
}

// sorted returns a sorted copy.
func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	if s == nil {
		s = []string{}
	}
	return s
}
