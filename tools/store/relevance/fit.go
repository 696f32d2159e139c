package relevance

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"

	"searchagent/tools/catalog"
	"searchagent/tools/store"
)

// Fitting the hybrid weights (issue 32 item 2). The procedure, which
// `searchagent relevance --fit` runs and whose result is
// tools/store/weights.json:
//
//  1. Each catalog's anchors are split by a seeded hash of their key:
//     HeldOutShare of them are held out, the rest train (SplitAnchor).
//  2. For each anchor the memory store lists its similar set with the
//     hybrid signals of every candidate (store.CandidateSource); a weight
//     vector ranks them exactly as the stores do (tier, score, followers,
//     key) and its top K is measured.
//  3. The objective is listwise, the report's own measures of the top K
//     (Objective): per anchor niche share + ½ category share + ½ the share
//     within MaxFollowerRatio of the anchor's followers + ¼ country share +
//     ¼ language share (the terms the anchor has a value for), averaged
//     over a catalog's train anchors, then over the catalogs, so that no
//     one list dominates. The follower term is a share rather than the
//     median because the median of the pairs is at most MaxFollowerRatio
//     exactly when at least half of them are within it.
//  4. Coordinate ascent from the starting weights: each weight in turn
//     tries 0 and multiples of its value (FitGrid, rounded to three
//     significant digits; FitSeeds when it is 0), keeping a change only
//     when the train objective rises by more than minGain; rounds repeat
//     until none does.
//     Deterministic: same catalogs, seed and start, same weights.
//  5. The figures are reported per catalog on train and held-out anchors,
//     for the starting and the fitted weights.

// Fit defaults.
const (
	// HeldOutShare is the share of anchors held out of the fit.
	HeldOutShare = 0.2
	// FitSeed seeds the split.
	FitSeed = 32
	// fitRounds bounds the coordinate-ascent rounds.
	fitRounds = 8
	// minGain is the least rise of the objective a step must bring (one
	// anchor in ten thousand moving one result: below that is noise).
	minGain = 1e-5
)

// roundSig rounds x to three significant digits, so that the fitted
// weights are the numbers the file shows.
func roundSig(x float64) float64 {
	if x == 0 {
		return 0
	}
	p := math.Pow(10, 2-math.Floor(math.Log10(math.Abs(x))))
	return math.Round(x*p) / p
}

// objectiveWeights are the weights of the report's measures in the
// objective (see the procedure above), by candidate flag bit: niche,
// category, country, language, close.
var objectiveWeights = [5]float64{1, 0.5, 0.25, 0.25, 0.5}

// averaged is how many of the flag bits are measures the figures average
// (niche, category, country, language); close only weighs in the
// objective.
const averaged = 4

// FitGrid are the factors each weight is tried at; a zero weight tries
// FitSeeds instead.
var (
	FitGrid  = []float64{0, 0.1, 0.25, 0.5, 0.8, 1.25, 2, 4, 10}
	FitSeeds = []float64{0.05, 0.2, 1, 5, 20}
)

// SplitAnchor reports whether the anchor with key is held out of the fit
// (a seeded FNV-1a hash of the key: the same key is held out in every run).
func SplitAnchor(key string, seed uint64) bool {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s", seed, key)
	return float64(h.Sum64()%10000) < HeldOutShare*10000
}

// Candidate flags: what a candidate shares with its anchor.
const (
	fNiche = 1 << iota
	fCategory
	fCountry
	fLanguage
	fClose
	fRatio // the follower ratio is known
)

type fitCand struct {
	ch    *catalog.Channel
	sig   store.Signals
	tier  int8
	flags uint8
	ratio float32
}

type fitAnchor struct {
	key     string
	heldOut bool
	// has are the flags the anchor has a value for.
	has   uint8
	cands []fitCand
}

// FitSet is one catalog's anchors with their candidates, ready to be
// ranked under any weights.
type FitSet struct {
	Catalog string
	K       int
	anchors []fitAnchor
}

// Anchors returns the numbers of train and held-out anchors.
func (fs *FitSet) Anchors() (train, heldOut int) {
	for _, a := range fs.anchors {
		if a.heldOut {
			heldOut++
		} else {
			train++
		}
	}
	return train, heldOut
}

// Collect lists the candidates of up to maxAnchors anchors of cat (at
// even intervals; 0: all) from src, which serves cat.
func Collect(ctx context.Context, src store.CandidateSource, cat *catalog.Catalog, k, maxAnchors int, seed uint64) (*FitSet, error) {
	if k <= 0 {
		k = 20
	}
	all := cat.All()
	n := len(all)
	if maxAnchors > 0 {
		n = min(n, maxAnchors)
	}
	fs := &FitSet{Catalog: cat.Label(), K: k}
	for i := range n {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		a := all[i*len(all)/n]
		cs, err := src.Candidates(ctx, a.Platform, a.Key())
		if err != nil {
			return nil, fmt.Errorf("anchor %s: %w", a.Key(), err)
		}
		fa := fitAnchor{key: a.Key(), heldOut: SplitAnchor(a.Key(), seed)}
		nk := NicheKey(a)
		if nk != "" {
			fa.has |= fNiche
		}
		if a.Category != "" {
			fa.has |= fCategory
		}
		if a.Country != "" {
			fa.has |= fCountry
		}
		if a.Language != "" {
			fa.has |= fLanguage
		}
		if a.Followers > 0 {
			fa.has |= fClose
		}
		// The stores' tie order after tier and score: followers, most
		// first, then the key. A stable sort by (tier, score) over this
		// order is the stores' order.
		slices.SortStableFunc(cs, func(x, y store.Candidate) int {
			if c := cmp.Compare(y.Channel.Followers, x.Channel.Followers); c != 0 {
				return c
			}
			return strings.Compare(x.Channel.Key(), y.Channel.Key())
		})
		fa.cands = make([]fitCand, 0, len(cs))
		for _, c := range cs {
			fc := fitCand{ch: c.Channel, sig: c.Signals, tier: int8(c.Tier)}
			fc.sig.Shared = nil
			ch := c.Channel
			if nk != "" && NicheKey(ch) == nk {
				fc.flags |= fNiche
			}
			if a.Category != "" && strings.EqualFold(ch.Category, a.Category) {
				fc.flags |= fCategory
			}
			if a.Country != "" && ch.Country == a.Country {
				fc.flags |= fCountry
			}
			if a.Language != "" && ch.Language == a.Language {
				fc.flags |= fLanguage
			}
			if a.Followers > 0 && ch.Followers > 0 {
				fc.flags |= fRatio
				fc.ratio = float32(float64(max(a.Followers, ch.Followers)) / float64(min(a.Followers, ch.Followers)))
				if float64(fc.ratio) <= MaxFollowerRatio {
					fc.flags |= fClose
				}
			}
			fa.cands = append(fa.cands, fc)
		}
		fs.anchors = append(fs.anchors, fa)
	}
	return fs, nil
}

// FitFigures are the report's figures of one catalog's train or held-out
// anchors under some weights, with the objective.
type FitFigures struct {
	Anchors       int    `json:"anchors"`
	Objective     Figure `json:"objective"`
	Niche         Figure `json:"niche_at_k"`
	Category      Figure `json:"category_at_k"`
	FollowerRatio Figure `json:"median_follower_ratio"`
	Country       Figure `json:"country_agreement"`
	Language      Figure `json:"language_agreement"`
}

// scratch is reused across evaluations.
type scratch struct {
	top    []int
	scores []float64
	ratios []float64
}

// topK fills s.top with the indices of a's top k candidates under w, in
// the stores' order.
func (s *scratch) topK(a *fitAnchor, w store.Weights, k int) {
	s.top = s.top[:0]
	s.scores = s.scores[:0]
	better := func(i, j int) bool { // candidate i ranks before j
		ci, cj := &a.cands[i], &a.cands[j]
		if ci.tier != cj.tier {
			return ci.tier > cj.tier
		}
		if si, sj := s.scores[i], s.scores[j]; si != sj {
			return si > sj
		}
		return i < j
	}
	for i := range a.cands {
		s.scores = append(s.scores, a.cands[i].sig.Score(w))
	}
	for i := range a.cands {
		if len(s.top) == k && !better(i, s.top[k-1]) {
			continue
		}
		if len(s.top) < k {
			s.top = append(s.top, i)
		} else {
			s.top[k-1] = i
		}
		for j := len(s.top) - 1; j > 0 && better(s.top[j], s.top[j-1]); j-- {
			s.top[j], s.top[j-1] = s.top[j-1], s.top[j]
		}
	}
}

// measure computes the figures of the anchors heldOut selects under w.
func (fs *FitSet) measure(w store.Weights, heldOut bool, s *scratch) FitFigures {
	var anchors int
	var n [averaged]int
	var sum [averaged]float64
	var sumObj float64
	s.ratios = s.ratios[:0]
	for ai := range fs.anchors {
		a := &fs.anchors[ai]
		if a.heldOut != heldOut {
			continue
		}
		anchors++
		s.topK(a, w, fs.K)
		var cnt [8]int
		for _, i := range s.top {
			c := &a.cands[i]
			for b := range 5 {
				if c.flags&(1<<b) != 0 {
					cnt[b]++
				}
			}
			if c.flags&fRatio != 0 {
				s.ratios = append(s.ratios, float64(c.ratio))
			}
		}
		share := func(b int) float64 {
			if len(s.top) == 0 {
				return 0
			}
			return float64(cnt[b]) / float64(len(s.top))
		}
		obj := 0.0
		for b := range len(objectiveWeights) {
			if a.has&(1<<b) == 0 {
				continue
			}
			if b < averaged {
				n[b]++
				sum[b] += share(b)
			}
			obj += objectiveWeights[b] * share(b)
		}
		sumObj += obj
	}
	div := func(x float64, n int) Figure {
		if n == 0 {
			return Figure(math.NaN())
		}
		return Figure(x / float64(n))
	}
	return FitFigures{Anchors: anchors, Objective: div(sumObj, anchors), Niche: div(sum[0], n[0]), Category: div(sum[1], n[1]),
		FollowerRatio: Figure(median(s.ratios)), Country: div(sum[2], n[2]), Language: div(sum[3], n[3])}
}

// Measure returns the figures of the train and the held-out anchors
// under w.
func (fs *FitSet) Measure(w store.Weights) (train, heldOut FitFigures) {
	var s scratch
	return fs.measure(w, false, &s), fs.measure(w, true, &s)
}

// objective is the mean train objective over the sets.
func objective(sets []*FitSet, w store.Weights, s *scratch) float64 {
	sum := 0.0
	for _, fs := range sets {
		sum += float64(fs.measure(w, false, s).Objective)
	}
	return sum / float64(len(sets))
}

// fittedWeights are the weights coordinate ascent visits, in order: each
// with its name (its key in weights.json) and its field.
var fittedWeights = []struct {
	name  string
	field func(*store.Weights) *float64
}{
	{"content", func(w *store.Weights) *float64 { return &w.Content }},
	{"tags", func(w *store.Weights) *float64 { return &w.Tags }},
	{"niche", func(w *store.Weights) *float64 { return &w.Niche }},
	{"category", func(w *store.Weights) *float64 { return &w.Category }},
	{"learned", func(w *store.Weights) *float64 { return &w.Learned }},
	{"audience", func(w *store.Weights) *float64 { return &w.Audience }},
	{"views", func(w *store.Weights) *float64 { return &w.Views }},
	{"country", func(w *store.Weights) *float64 { return &w.Country }},
	{"language", func(w *store.Weights) *float64 { return &w.Language }},
	{"activity", func(w *store.Weights) *float64 { return &w.Activity }},
}

// FitStep is one accepted change of coordinate ascent.
type FitStep struct {
	Round     int     `json:"round"`
	Weight    string  `json:"weight"`
	From      float64 `json:"from"`
	To        float64 `json:"to"`
	Objective float64 `json:"objective"`
}

// FitResult is the outcome of Fit.
type FitResult struct {
	Start, Weights store.Weights
	// StartObjective and Objective are the mean train objectives.
	StartObjective, Objective float64
	Steps                     []FitStep
	Rounds                    int
}

// Fit fits the hybrid weights on the train anchors of sets by coordinate
// ascent from start (see the procedure at the top of this file); logf,
// when not nil, is told of each accepted step.
func Fit(ctx context.Context, sets []*FitSet, start store.Weights, logf func(format string, args ...any)) (FitResult, error) {
	var s scratch
	w := start
	best := objective(sets, w, &s)
	res := FitResult{Start: start, StartObjective: best}
	for round := 1; round <= fitRounds; round++ {
		res.Rounds = round
		improved := false
		for _, fw := range fittedWeights {
			name, cur := fw.name, *fw.field(&w)
			var tries []float64
			if cur == 0 {
				tries = FitSeeds
			} else {
				for _, f := range FitGrid {
					tries = append(tries, roundSig(cur*f))
				}
			}
			for _, v := range tries {
				if err := ctx.Err(); err != nil {
					return res, err
				}
				if v == *fw.field(&w) {
					continue
				}
				next := w
				*fw.field(&next) = v
				if j := objective(sets, next, &s); j > best+minGain {
					res.Steps = append(res.Steps, FitStep{Round: round, Weight: name, From: *fw.field(&w), To: v, Objective: j})
					if logf != nil {
						logf("round %d: %s %g → %g, objective %.5f", round, name, *fw.field(&w), v, j)
					}
					best, w = j, next
					improved = true
				}
			}
		}
		if !improved {
			break
		}
	}
	res.Weights, res.Objective = w, best
	return res, nil
}

// FittedCatalog is one catalog's figures in the weights file: train and
// held-out anchors under the starting and the fitted weights.
type FittedCatalog struct {
	Catalog string `json:"catalog"`
	// SHA256 is the catalog file's digest (empty for the generated demo
	// catalog, which Seed and the demo generator determine).
	SHA256  string `json:"sha256,omitempty"`
	Train   Pair   `json:"train"`
	HeldOut Pair   `json:"held_out"`
}

// Pair is a set's figures under the starting and the fitted weights.
type Pair struct {
	Start  FitFigures `json:"start"`
	Fitted FitFigures `json:"fitted"`
}

// WeightsFile is tools/store/weights.json: the fitted weights (read by
// store.ParseWeights) and how they were fitted.
type WeightsFile struct {
	Version        int             `json:"version"`
	Procedure      string          `json:"procedure"`
	Command        string          `json:"command"`
	K              int             `json:"k"`
	Seed           uint64          `json:"split_seed"`
	HeldOutShare   float64         `json:"held_out_share"`
	Start          store.Weights   `json:"start"`
	Weights        store.Weights   `json:"weights"`
	StartObjective float64         `json:"start_objective"`
	Objective      float64         `json:"objective"`
	Rounds         int             `json:"rounds"`
	Steps          []FitStep       `json:"steps"`
	Catalogs       []FittedCatalog `json:"catalogs"`
}

// Procedure is the fit procedure in one paragraph, as the weights file
// states it.
const Procedure = "coordinate ascent (each weight tried at 0 and ×0.1, ×0.25, ×0.5, ×0.8, ×1.25, ×2, ×4, ×10 of its value, or 0.05, 0.2, 1, 5, 20 when 0; rounded to 3 significant digits; a change kept when the train objective rises by more than 1e-5; rounds until none does) from the hand-set weights, on the train anchors of every catalog (a seeded FNV-1a hash of the anchor key holds 20% out); listwise objective per anchor over the stores' own top K: niche share + 0.5 category share + 0.5 share within 1.15× of the anchor's followers + 0.25 country share + 0.25 language share, averaged over a catalog's anchors, then over the catalogs"

// NewWeightsFile describes res on sets; digests name the catalog files'
// SHA-256 by catalog label.
func NewWeightsFile(res FitResult, sets []*FitSet, command string, seed uint64, digests map[string]string, label func(string) string) WeightsFile {
	f := WeightsFile{Version: store.WeightsFileVersion, Procedure: Procedure, Command: command, Seed: seed, HeldOutShare: HeldOutShare,
		Start: res.Start, Weights: res.Weights, StartObjective: res.StartObjective, Objective: res.Objective, Rounds: res.Rounds, Steps: res.Steps}
	for _, fs := range sets {
		f.K = fs.K
		var c FittedCatalog
		c.Catalog = label(fs.Catalog)
		c.SHA256 = digests[fs.Catalog]
		c.Train.Start, c.HeldOut.Start = fs.Measure(res.Start)
		c.Train.Fitted, c.HeldOut.Fitted = fs.Measure(res.Weights)
		f.Catalogs = append(f.Catalogs, c)
	}
	return f
}
