package store

import (
	"context"
	"fmt"
	"strings"

	"searchagent/tools/catalog"
)

// RecallReport measures how well a store's similar-channel recall groups
// channels, over anchors sampled from a catalog.
type RecallReport struct {
	// Anchors is the number of anchors measured, K the cut-off.
	Anchors, K int
	// Precision is the mean share of an anchor's top-K similar channels
	// (ranked with no minimum score) that share the anchor's category.
	Precision float64
	// Baseline is the precision a random ranking would get: the mean share
	// of the anchor's category among the other channels of its platform.
	Baseline float64
	// MeanTotal is the mean size of the similar set at the store's default
	// minimum score; LowRecall counts the anchors whose similar set is
	// small enough to be flagged (see LowRecall).
	MeanTotal float64
	LowRecall int
	// InCategory is the mean share of the default similar set's first
	// MaxLimit channels that share the anchor's category (1 for an empty
	// set: it mixes in nothing).
	InCategory float64
}

// Lift is Precision over Baseline (0 when the baseline is 0).
func (r RecallReport) Lift() float64 {
	if r.Baseline == 0 {
		return 0
	}
	return r.Precision / r.Baseline
}

// String formats the report for logs and benchmark output.
func (r RecallReport) String() string {
	return fmt.Sprintf("precision@%d %.3f vs baseline %.3f (lift %.1f×) over %d anchors; default min score: mean similar set %.1f, %.0f%% in category, %d low-recall anchors",
		r.K, r.Precision, r.Baseline, r.Lift(), r.Anchors, r.MeanTotal, 100*r.InCategory, r.LowRecall)
}

// MeasureRecall samples up to n anchors from cat (every channel with a
// category, taken at even intervals, so the sample is deterministic) and
// measures s's similar recall around them: precision@k against the random
// baseline, and the size and purity of the default similar set. s must
// serve the channels of cat.
func MeasureRecall(ctx context.Context, s Store, cat *catalog.Catalog, n, k int) (RecallReport, error) {
	rep := RecallReport{K: k}
	var pool []*catalog.Channel
	for _, ch := range cat.All() {
		if ch.Category != "" {
			pool = append(pool, ch)
		}
	}
	if len(pool) == 0 || n < 1 || k < 1 {
		return rep, nil
	}
	n = min(n, len(pool))
	catCount := map[string]int{} // platform/category → channels
	for _, ch := range pool {
		catCount[string(ch.Platform)+"/"+strings.ToLower(ch.Category)]++
	}
	limit := min(k, MaxLimit)
	for i := range n {
		a := pool[i*len(pool)/n]
		others := len(cat.Platform(a.Platform)) - 1
		if others < 1 {
			continue
		}
		top, err := s.SimilarTo(ctx, SimilarQuery{Platform: a.Platform, AnchorKey: a.Key(), Limit: limit, MinScore: NoMinScore})
		if err != nil {
			return rep, fmt.Errorf("anchor %s: %w", a.Key(), err)
		}
		same := 0
		for _, h := range top.Items {
			if strings.EqualFold(h.Channel.Category, a.Category) {
				same++
			}
		}
		if len(top.Items) > 0 {
			rep.Precision += float64(same) / float64(len(top.Items))
		}
		rep.Baseline += float64(catCount[string(a.Platform)+"/"+strings.ToLower(a.Category)]-1) / float64(others)

		def, err := s.SimilarTo(ctx, SimilarQuery{Platform: a.Platform, AnchorKey: a.Key(), Limit: MaxLimit})
		if err != nil {
			return rep, fmt.Errorf("anchor %s: %w", a.Key(), err)
		}
		rep.MeanTotal += float64(def.Total)
		if LowRecall(def.Total) {
			rep.LowRecall++
		}
		if len(def.Items) > 0 {
			same = 0
			for _, h := range def.Items {
				if strings.EqualFold(h.Channel.Category, a.Category) {
					same++
				}
			}
			rep.InCategory += float64(same) / float64(len(def.Items))
		} else {
			rep.InCategory++ // an empty similar set mixes in no other category
		}
		rep.Anchors++
	}
	if rep.Anchors > 0 {
		f := float64(rep.Anchors)
		rep.Precision /= f
		rep.Baseline /= f
		rep.MeanTotal /= f
		rep.InCategory /= f
	}
	return rep, nil
}
