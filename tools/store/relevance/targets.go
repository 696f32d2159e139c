package relevance

import (
	"fmt"
	"math"
)

// Issue 32's acceptance targets for similar recall on a catalog with
// categories.
const (
	// NicheMargin is how far above the better baseline's niche match the
	// store must be.
	NicheMargin = 0.03
	// MaxFollowerRatio is the largest median follower ratio accepted.
	MaxFollowerRatio = 1.15
)

// Target statuses.
const (
	// TargetMet: the figure reaches the target (and a comparison is won
	// with the intervals apart).
	TargetMet = "met"
	// TargetTie: the comparison's intervals overlap.
	TargetTie = "tie"
	// TargetMissed: the figure does not reach the target.
	TargetMissed = "missed"
)

// Target is one acceptance target checked on a report.
type Target struct {
	Name   string `json:"name"`
	Want   string `json:"want"`
	Got    string `json:"got"`
	Status string `json:"status"`
}

// Targets checks issue 32's acceptance targets on r: niche match at least
// the better baseline's + NicheMargin with the intervals apart, a median
// follower ratio at most MaxFollowerRatio, country agreement above the
// better baseline's with the intervals apart. A catalog without niches
// (no categories) has none.
func Targets(r Report) []Target {
	if len(r.Similar) < 3 || r.Similar[0].NicheAnchors == 0 {
		return nil
	}
	st := r.Similar[0]
	better := func(metric string) Similar {
		b := r.Similar[1]
		for _, o := range r.Similar[2:] {
			x, _ := o.Figure(metric)
			y, _ := b.Figure(metric)
			if x > y || math.IsNaN(float64(y)) {
				b = o
			}
		}
		return b
	}
	var out []Target
	b := better(MetricNiche)
	c := Compare(st, b, MetricNiche)
	t := Target{Name: "niche", Want: fmt.Sprintf("≥ %.3f (%s + %.2f), intervals apart", float64(b.Niche)+NicheMargin, b.System, NicheMargin),
		Got: fmt.Sprintf("%.3f %s vs %.3f %s (ceiling %.3f)", st.Niche, c.StoreCI, b.Niche, c.OtherCI, r.NicheCeiling)}
	switch {
	case c.Verdict == VerdictTie:
		t.Status = TargetTie
	case c.Verdict == VerdictStore && float64(st.Niche) >= float64(b.Niche)+NicheMargin:
		t.Status = TargetMet
	default:
		t.Status = TargetMissed
	}
	out = append(out, t)
	t = Target{Name: "follower ratio", Want: fmt.Sprintf("≤ %.2f×", MaxFollowerRatio), Got: fmt.Sprintf("%.3f× %s", st.FollowerRatio, st.CI.FollowerRatio), Status: TargetMissed}
	if st.FollowerRatio <= MaxFollowerRatio {
		t.Status = TargetMet
	}
	out = append(out, t)
	b = better(MetricCountry)
	c = Compare(st, b, MetricCountry)
	t = Target{Name: "country", Want: fmt.Sprintf("≥ %s's %.3f, intervals apart", b.System, b.Country),
		Got: fmt.Sprintf("%.3f %s vs %.3f %s", st.Country, c.StoreCI, b.Country, c.OtherCI)}
	switch c.Verdict {
	case VerdictStore:
		t.Status = TargetMet
	case VerdictTie:
		t.Status = TargetTie
	default:
		t.Status = TargetMissed
	}
	return append(out, t)
}

// String is the interval as "[lo, hi]".
func (iv Interval) String() string {
	if !iv.Valid() {
		return "[n/a]"
	}
	return fmt.Sprintf("[%.3f, %.3f]", iv.Lo, iv.Hi)
}
