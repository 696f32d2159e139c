package store

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// recallFake answers SimilarTo from a fixed list: with NoMinScore every
// other channel with a category, by default only those of the anchor's
// category.
type recallFake struct {
	Store
	cat    *catalog.Catalog
	limits []int
	mixed  bool // the default set is every other channel too, of any category
}

func (f *recallFake) SimilarTo(_ context.Context, q SimilarQuery) (SimilarResult, error) {
	f.limits = append(f.limits, q.Limit)
	a, _ := f.cat.Lookup(q.AnchorKey)
	var res SimilarResult
	for _, ch := range f.cat.Platform(q.Platform) {
		if ch == a || ch.Category == "" || q.MinScore != NoMinScore && !f.mixed && !strings.EqualFold(ch.Category, a.Category) {
			continue
		}
		res.Items = append(res.Items, Hit{Channel: ch})
	}
	res.Total = len(res.Items)
	return res, nil
}

// TestMeasureRecall checks the recall report the similar-channel
// threshold is calibrated with, on a catalog small enough to work out by
// hand.
func TestMeasureRecall(t *testing.T) {
	yt := platform.YouTube
	chs := []*catalog.Channel{
		{Platform: yt, Handle: "a", Name: "A", Category: "music", Followers: 1},
		{Platform: yt, Handle: "b", Name: "B", Category: "Music", Followers: 1},
		{Platform: yt, Handle: "c", Name: "C", Category: "sports", Followers: 1},
		{Platform: yt, Handle: "d", Name: "D", Followers: 1},
		{Platform: platform.TikTok, Handle: "e", Name: "E", Category: "music", Followers: 1},
	}
	cat, _, err := catalog.New("test", chs)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	f := &recallFake{cat: cat}
	rep, err := MeasureRecall(ctx, f, cat, 10, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Anchors a, b, c (d has no category, e no other channel on its
	// platform). Top-2 without a minimum: a→[b c], b→[a c], c→[a b]: 1/2,
	// 1/2, 0 in category. Baselines: 1/3, 1/3, 0 of the 3 others. Default
	// sets: a→[b], b→[a], c→[] (an empty set counts as pure).
	low := 0
	for _, total := range []int{1, 1, 0} {
		if LowRecall(total) {
			low++
		}
	}
	want := RecallReport{Anchors: 3, K: 2, Precision: 1.0 / 3, Baseline: 2.0 / 9, MeanTotal: 2.0 / 3, LowRecall: low, InCategory: 1}
	approx := cmp.Comparer(func(x, y float64) bool { return math.Abs(x-y) < 1e-9 })
	if diff := cmp.Diff(want, rep, approx); diff != "" {
		t.Errorf("MeasureRecall (-want +got):\n%s", diff)
	}
	if math.Abs(rep.Lift()-1.5) > 1e-9 {
		t.Errorf("Lift = %v, want 1.5", rep.Lift())
	}
	if s := rep.String(); !strings.Contains(s, "precision@2 0.333 vs baseline 0.222 (lift 1.5×) over 3 anchors") || !strings.Contains(s, "100% in category") {
		t.Errorf("String() = %q", s)
	}
	if diff := cmp.Diff([]int{2, MaxLimit, 2, MaxLimit, 2, MaxLimit}, f.limits); diff != "" {
		t.Errorf("page sizes asked (-want +got):\n%s", diff)
	}

	// Two anchors out of four candidates: taken at even intervals (a, c).
	if rep, _ := MeasureRecall(ctx, &recallFake{cat: cat}, cat, 2, 2); rep.Anchors != 2 || math.Abs(rep.Precision-0.25) > 1e-9 {
		t.Errorf("n=2: %d anchors, precision %v; want 2 and 0.25", rep.Anchors, rep.Precision)
	}
	for _, nk := range [][2]int{{0, 2}, {2, 0}} {
		if rep, err := MeasureRecall(ctx, &recallFake{cat: cat}, cat, nk[0], nk[1]); err != nil || rep.Anchors != 0 {
			t.Errorf("n=%d k=%d: %+v, %v; want an empty report", nk[0], nk[1], rep, err)
		}
	}
	// Default sets that mix categories: a→[b c] and b→[a c] are half in
	// category, c→[a b] not at all.
	if rep, err := MeasureRecall(ctx, &recallFake{cat: cat, mixed: true}, cat, 10, 2); err != nil || math.Abs(rep.InCategory-1.0/3) > 1e-9 {
		t.Errorf("mixed default sets: in category %v, %v; want 1/3", rep.InCategory, err)
	}
	// One anchor at a cut-off of one is the smallest measure, not none.
	if rep, err := MeasureRecall(ctx, &recallFake{cat: cat}, cat, 1, 1); err != nil || rep.Anchors != 1 || rep.K != 1 {
		t.Errorf("n=1 k=1: %+v, %v; want one anchor", rep, err)
	}
	// An anchor with a single other channel on its platform is measured,
	// even when nothing comes back (precision 0, not NaN); a platform with
	// one channel has no anchor to measure, and the report stays zero.
	for _, tc := range []struct {
		chs  []*catalog.Channel
		want RecallReport
	}{
		{[]*catalog.Channel{
			{Platform: platform.TikTok, Handle: "e", Name: "E", Category: "music", Followers: 1},
			{Platform: platform.TikTok, Handle: "f", Name: "F", Followers: 1},
		}, RecallReport{Anchors: 1, K: 2, LowRecall: 1, InCategory: 1}},
		{[]*catalog.Channel{{Platform: platform.TikTok, Handle: "e", Name: "E", Category: "music", Followers: 1}}, RecallReport{K: 2}},
	} {
		small, _, err := catalog.New("small", tc.chs)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := MeasureRecall(ctx, &recallFake{cat: small}, small, 5, 2)
		if tc.want.LowRecall == 1 && !LowRecall(0) {
			tc.want.LowRecall = 0
		}
		if diff := cmp.Diff(tc.want, rep); err != nil || diff != "" {
			t.Errorf("%d channels: error %v, report (-want +got):\n%s", len(tc.chs), err, diff)
		}
	}
	r := RecallReport{Anchors: 300, K: 20, Precision: 0.9, Baseline: 0.1, MeanTotal: 42.5, LowRecall: 3, InCategory: 0.25}
	if got, want := r.String(), "precision@20 0.900 vs baseline 0.100 (lift 9.0×) over 300 anchors; default min score: mean similar set 42.5, 25% in category, 3 low-recall anchors"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if (RecallReport{Precision: 0.5}).Lift() != 0 {
		t.Error("Lift with a zero baseline is not 0")
	}
}
