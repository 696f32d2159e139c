package relevance

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Bootstrap defaults.
const (
	// DefaultResamples is the number of bootstrap resamples of the anchors.
	DefaultResamples = 1000
	// DefaultSeed seeds the resampling, so that a report is reproducible.
	DefaultSeed = 1
)

// Interval is a 95% percentile-bootstrap confidence interval of a figure
// (NaN bounds when the figure has none).
type Interval struct {
	Lo Figure `json:"lo"`
	Hi Figure `json:"hi"`
}

// Overlaps reports whether the intervals share a point.
func (iv Interval) Overlaps(o Interval) bool {
	return iv.Lo <= o.Hi && o.Lo <= iv.Hi
}

// Valid reports whether the interval has bounds.
func (iv Interval) Valid() bool {
	return !math.IsNaN(float64(iv.Lo)) && !math.IsNaN(float64(iv.Hi))
}

// Intervals are the 95% intervals of a system's similar-recall figures,
// from resampling its anchors with replacement (a resampled anchor brings
// all of its top K).
type Intervals struct {
	Niche         Interval `json:"niche_at_k"`
	Category      Interval `json:"category_at_k"`
	FollowerRatio Interval `json:"median_follower_ratio"`
	Country       Interval `json:"country_agreement"`
	Language      Interval `json:"language_agreement"`
}

// Metrics compared between the store and a baseline.
const (
	MetricNiche         = "niche"
	MetricCategory      = "category"
	MetricFollowerRatio = "follower ratio"
	MetricCountry       = "country"
	MetricLanguage      = "language"
)

// Metrics lists the compared metrics in the report's order.
var Metrics = []string{MetricNiche, MetricCategory, MetricFollowerRatio, MetricCountry, MetricLanguage}

// Verdicts of a comparison.
const (
	// VerdictStore: the store is better and the two intervals are apart.
	VerdictStore = "store"
	// VerdictBaseline: the baseline is better and the intervals are apart.
	VerdictBaseline = "baseline"
	// VerdictTie: the intervals overlap, whatever the point figures say.
	VerdictTie = "tie"
	// VerdictNone: the catalog has nothing to measure the figure on.
	VerdictNone = "n/a"
)

// Comparison is the store against one baseline on one metric. Lower is
// better for the follower ratio, higher for every other metric.
type Comparison struct {
	Metric   string   `json:"metric"`
	Baseline string   `json:"baseline"`
	Store    Figure   `json:"store"`
	StoreCI  Interval `json:"store_ci_95"`
	Other    Figure   `json:"other"`
	OtherCI  Interval `json:"other_ci_95"`
	Verdict  string   `json:"verdict"`
}

// Figure returns the point figure and interval of metric in s.
func (s Similar) Figure(metric string) (Figure, Interval) {
	switch metric {
	case MetricNiche:
		return s.Niche, s.CI.Niche
	case MetricCategory:
		return s.Category, s.CI.Category
	case MetricFollowerRatio:
		return s.FollowerRatio, s.CI.FollowerRatio
	case MetricCountry:
		return s.Country, s.CI.Country
	case MetricLanguage:
		return s.Language, s.CI.Language
	}
	panic(fmt.Sprintf("relevance: unknown metric %q", metric))
}

// Compare compares the store st with the baseline b on metric.
func Compare(st, b Similar, metric string) Comparison {
	c := Comparison{Metric: metric, Baseline: b.System}
	c.Store, c.StoreCI = st.Figure(metric)
	c.Other, c.OtherCI = b.Figure(metric)
	switch {
	case !c.StoreCI.Valid() || !c.OtherCI.Valid():
		c.Verdict = VerdictNone
	case c.StoreCI.Overlaps(c.OtherCI):
		c.Verdict = VerdictTie
	case (c.Store > c.Other) != (metric == MetricFollowerRatio):
		c.Verdict = VerdictStore
	default:
		c.Verdict = VerdictBaseline
	}
	return c
}

// bootstrap fills in the intervals of every system from resamples of
// the anchors (the same resamples for every system), seeded: the same
// inputs give the same intervals.
func bootstrap(sys []*acc, out []Similar, resamples int, seed uint64) {
	if len(sys) == 0 || resamples <= 0 {
		return
	}
	n := len(sys[0].anchors)
	if n == 0 {
		return
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	idx := make([]int, n)
	draws := make([][]Similar, len(sys))
	var buf []float64
	for range resamples {
		for i := range idx {
			idx[i] = rng.IntN(n)
		}
		for s, a := range sys {
			f := figures(a.anchors, idx, &buf)
			draws[s] = append(draws[s], f)
		}
	}
	for s := range sys {
		d := draws[s]
		iv := func(get func(Similar) Figure) Interval {
			xs := make([]float64, 0, len(d))
			for _, x := range d {
				if v := float64(get(x)); !math.IsNaN(v) {
					xs = append(xs, v)
				}
			}
			if len(xs) < len(d) {
				// A resample without the figure: the point figure is
				// NaN too, or rests on so few anchors that no interval
				// is honest.
				return Interval{Figure(math.NaN()), Figure(math.NaN())}
			}
			slices.Sort(xs)
			return Interval{Figure(quantile(xs, 0.025)), Figure(quantile(xs, 0.975))}
		}
		out[s].CI = Intervals{
			Niche:         iv(func(x Similar) Figure { return x.Niche }),
			Category:      iv(func(x Similar) Figure { return x.Category }),
			FollowerRatio: iv(func(x Similar) Figure { return x.FollowerRatio }),
			Country:       iv(func(x Similar) Figure { return x.Country }),
			Language:      iv(func(x Similar) Figure { return x.Language }),
		}
	}
}

// quantile is the q-quantile of sorted xs, linearly interpolated.
func quantile(xs []float64, q float64) float64 {
	pos := q * float64(len(xs)-1)
	i := int(pos)
	if i+1 >= len(xs) {
		return xs[len(xs)-1]
	}
	return xs[i] + (pos-float64(i))*(xs[i+1]-xs[i])
}
