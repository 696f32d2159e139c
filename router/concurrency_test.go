package router

import (
	"context"
	"sync"
	"testing"

	"searchagent/internal/testwait"
)

// TestConcurrentQueriesWhileSwapping runs many goroutines querying while
// the snapshot is swapped back and forth; run with -race.
func TestConcurrentQueriesWhileSwapping(t *testing.T) {
	a := defaultSnapshot(t)
	b := compileDoc(t, colorSpecs)
	r, err := New(a)
	if err != nil {
		t.Fatal(err)
	}
	inputs := []string{"只要美国的，粉丝 1w+，不要游戏", "color red", "讲个笑话", "第二个", "hello", "去掉粉丝限制", "redo all"}
	revs := map[int64]bool{a.Revision(): true, b.Revision(): true}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				in := Input{Text: inputs[(g+i)%len(inputs)], Conditions: []Condition{{ID: "c1", Kind: "hard", Field: "followers"}}}
				res, _, err := r.Explain(context.Background(), in)
				if err != nil {
					errs <- err
					return
				}
				if !revs[res.SnapshotRevision] {
					t.Errorf("unknown revision %d", res.SnapshotRevision)
					return
				}
			}
		}(g)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 200; i++ {
			next := a
			if i%2 == 0 {
				next = b
			}
			if _, err := r.Swap(next); err != nil {
				errs <- err
				return
			}
		}
	}()
	testwait.WaitGroup(t, &wg, "the querying and swapping goroutines to finish")
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
