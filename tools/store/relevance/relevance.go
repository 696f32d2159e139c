// Package relevance measures how good a store's search and similar-channel
// recall are on a catalog, against what a marketer could do in a
// spreadsheet: the relevance report behind `searchagent relevance`.
//
// For similar recall it ranks the top K (default 20) channels around each
// anchor and measures niche match (the exact category combination), category
// match, the median follower ratio between anchor and result, country and
// language agreement and the low-recall rate, for the store and for two
// baselines computed from the catalog alone: "same category, nearest
// follower count" and "best tag overlap". For keyword search it runs a
// query list per language and counts hits and on-topic@10 (the share of
// the first ten hits in the query's expected category).
package relevance

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
	"searchagent/tools/store"
)

// Systems measured for similar recall.
const (
	// SystemStore is the store's own similar recall.
	SystemStore = "store"
	// SystemCategoryFollowers is the baseline "same category, nearest
	// follower count" (log distance).
	SystemCategoryFollowers = "baseline: same category + nearest followers"
	// SystemTagOverlap is the baseline "best tag overlap" (Jaccard of the
	// tag sets, the category counted as a tag; ties by nearest followers).
	SystemTagOverlap = "baseline: best tag overlap"
)

// Figure is a measured share or ratio; NaN (printed "n/a", null in JSON)
// when the catalog has nothing to measure it on.
type Figure float64

// MarshalJSON writes NaN as null.
func (f Figure) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(f)) {
		return []byte("null"), nil
	}
	return []byte(strconv.FormatFloat(float64(f), 'f', 4, 64)), nil
}

// Similar holds the similar-recall figures of one system.
type Similar struct {
	System string `json:"system"`
	// Anchors is the number of anchors measured.
	Anchors int `json:"anchors"`
	// Niche is the mean share of an anchor's top K that has the anchor's
	// niche (see NicheKey), over NicheAnchors anchors that have one.
	Niche        Figure `json:"niche_at_k"`
	NicheAnchors int    `json:"niche_anchors"`
	// Category is the mean share of the top K in the anchor's category,
	// over CategoryAnchors anchors with a category.
	Category        Figure `json:"category_at_k"`
	CategoryAnchors int    `json:"category_anchors"`
	// FollowerRatio is the median over (anchor, result) pairs of the
	// larger follower count over the smaller (1 = the same audience size).
	FollowerRatio Figure `json:"median_follower_ratio"`
	// Country and Language are the mean shares of the top K with the
	// anchor's country (language), over anchors whose country (language)
	// is known; a result whose value is unknown disagrees.
	Country         Figure `json:"country_agreement"`
	CountryAnchors  int    `json:"country_anchors"`
	Language        Figure `json:"language_agreement"`
	LanguageAnchors int    `json:"language_anchors"`
	// LowRecall is the share of anchors whose similar set is flagged low
	// recall (store.LowRecall): for the store at its default minimum
	// score, for a baseline the candidates it has at all.
	LowRecall Figure `json:"low_recall_rate"`
	// CI holds the 95% bootstrap intervals of the figures over the
	// anchors (see Options.Resamples).
	CI Intervals `json:"ci_95"`
}

// Query is one keyword query of the keyword-search list.
type Query struct {
	Text string `json:"text"`
	// Lang is the query's language, "en" or "zh".
	Lang string `json:"lang"`
	// Category is the taxonomy category a hit should be in to count as on
	// topic.
	Category string `json:"category"`
}

// Queries is the default keyword query list: the topics of issue 17 and
// the common categories, in English and Chinese, each with its category.
func Queries() []Query {
	return []Query{
		{"cooking", "en", "food"}, {"food", "en", "food"}, {"makeup", "en", "beauty"}, {"beauty", "en", "beauty"},
		{"funny", "en", "comedy"}, {"humor", "en", "comedy"}, {"comedy", "en", "comedy"},
		{"esports", "en", "gaming"}, {"gaming", "en", "gaming"}, {"football", "en", "sports"},
		{"music", "en", "music"}, {"movies", "en", "film"}, {"tech", "en", "tech"}, {"cars", "en", "automotive"},
		{"美食", "zh", "food"}, {"烹饪", "zh", "food"}, {"化妆", "zh", "beauty"}, {"美妆", "zh", "beauty"},
		{"搞笑", "zh", "comedy"}, {"电竞", "zh", "gaming"}, {"游戏", "zh", "gaming"}, {"足球", "zh", "sports"},
		{"音乐", "zh", "music"}, {"电影", "zh", "film"}, {"科技", "zh", "tech"}, {"汽车", "zh", "automotive"},
	}
}

// QueryResult is the outcome of one keyword query on one platform.
type QueryResult struct {
	Query
	Platform platform.Platform `json:"platform"`
	Hits     int               `json:"hits"`
	// OnTopic is the share of the first ten hits in the query's category
	// (0 without hits).
	OnTopic float64 `json:"on_topic_at_10"`
	// Expansions are the aliases the store added (see store.Expansion).
	Expansions []string `json:"expansions,omitempty"`
}

// Keyword sums the keyword queries of one platform and language.
type Keyword struct {
	Platform platform.Platform `json:"platform"`
	Lang     string            `json:"lang"`
	Queries  int               `json:"queries"`
	// Found is the number of queries with at least one hit; Hits their
	// summed hit counts.
	Found int `json:"found"`
	Hits  int `json:"hits"`
	// OnTopic is the mean on-topic@10 over all queries (a query without
	// hits counts 0).
	OnTopic float64 `json:"on_topic_at_10"`
}

// Report is the relevance report of one catalog.
type Report struct {
	Catalog string    `json:"catalog"`
	K       int       `json:"k"`
	Similar []Similar `json:"similar"`
	// Comparisons are the store against each baseline on each metric
	// (see Compare), baseline by baseline in Metrics order.
	Comparisons []Comparison `json:"comparisons"`
	// NicheCeiling is the best niche match any ranking of the catalog
	// could reach with as many results per anchor as the store gave
	// (every channel of the anchor's niche first): the mean over anchors
	// with a niche of min(niche peers, n) / n for the store's n results.
	NicheCeiling Figure `json:"niche_ceiling"`
	// Resamples and Seed are the bootstrap's.
	Resamples int           `json:"bootstrap_resamples"`
	Seed      uint64        `json:"bootstrap_seed"`
	Keyword   []Keyword     `json:"keyword"`
	Queries   []QueryResult `json:"queries"`
	// Embedders are the embedder figures (see MeasureEmbedder), filled in
	// by callers that measure them.
	Embedders []Embedder `json:"embedders,omitempty"`
}

// Options tune Run.
type Options struct {
	// K is the cut-off (default 20).
	K int
	// MaxAnchors caps the anchors (taken at even intervals over the
	// catalog, so the sample is deterministic); 0 measures every channel.
	MaxAnchors int
	// Queries is the keyword query list (default Queries()).
	Queries []Query
	// Resamples is the number of bootstrap resamples of the anchors for
	// the intervals (default DefaultResamples; negative: no intervals).
	Resamples int
	// Seed seeds the resampling (default DefaultSeed).
	Seed uint64
}

// NicheKey is the niche a channel is matched on: its exact category
// combination. The published lists keep their category columns as a
// channel's tags (one to three of them), so for a channel with at most
// three tags it is the sorted, lower-cased tag set; a channel with more
// tags (the demo catalog's topical tags) has the category and its first
// tag. "" when the channel has neither tags nor a category.
func NicheKey(ch *catalog.Channel) string {
	if len(ch.Tags) == 0 {
		return strings.ToLower(ch.Category)
	}
	if len(ch.Tags) > 3 {
		return strings.ToLower(ch.Category) + "|" + strings.ToLower(strings.TrimSpace(ch.Tags[0]))
	}
	tags := make([]string, 0, len(ch.Tags))
	for _, t := range ch.Tags {
		tags = append(tags, strings.ToLower(strings.TrimSpace(t)))
	}
	slices.Sort(tags)
	return strings.Join(slices.Compact(tags), "|")
}

// Run measures s on cat; s must serve the channels of cat.
func Run(ctx context.Context, s store.Store, cat *catalog.Catalog, opt Options) (Report, error) {
	if opt.K <= 0 {
		opt.K = 20
	}
	opt.K = min(opt.K, store.MaxLimit)
	if opt.Queries == nil {
		opt.Queries = Queries()
	}
	if opt.Resamples == 0 {
		opt.Resamples = DefaultResamples
	}
	opt.Resamples = max(opt.Resamples, 0)
	if opt.Seed == 0 {
		opt.Seed = DefaultSeed
	}
	rep := Report{Catalog: cat.Label(), K: opt.K, Resamples: opt.Resamples, Seed: opt.Seed}
	accs, ceiling, err := similar(ctx, s, cat, opt)
	if err != nil {
		return rep, err
	}
	rep.Similar = make([]Similar, len(accs))
	for i, a := range accs {
		rep.Similar[i] = a.done()
	}
	rep.NicheCeiling = ceiling
	bootstrap(accs, rep.Similar, opt.Resamples, opt.Seed)
	for _, b := range rep.Similar[1:] {
		for _, m := range Metrics {
			rep.Comparisons = append(rep.Comparisons, Compare(rep.Similar[0], b, m))
		}
	}
	for _, p := range cat.Platforms() {
		byLang := map[string]*Keyword{}
		var langs []string
		for _, q := range opt.Queries {
			page, err := s.Search(ctx, store.SearchQuery{Platform: p, Keywords: []store.Keyword{{Text: q.Text}}, Limit: 10})
			if err != nil {
				return rep, fmt.Errorf("keyword %q on %s: %w", q.Text, p, err)
			}
			qr := QueryResult{Query: q, Platform: p, Hits: page.Total}
			for _, e := range page.Expansions {
				qr.Expansions = append(qr.Expansions, e.Also...)
			}
			if len(page.Items) > 0 {
				on := 0
				for _, h := range page.Items {
					if strings.EqualFold(h.Channel.Category, q.Category) {
						on++
					}
				}
				qr.OnTopic = float64(on) / float64(len(page.Items))
			}
			rep.Queries = append(rep.Queries, qr)
			k := byLang[q.Lang]
			if k == nil {
				k = &Keyword{Platform: p, Lang: q.Lang}
				byLang[q.Lang] = k
				langs = append(langs, q.Lang)
			}
			k.Queries++
			k.Hits += qr.Hits
			k.OnTopic += qr.OnTopic
			if qr.Hits > 0 {
				k.Found++
			}
		}
		for _, l := range langs {
			k := byLang[l]
			k.OnTopic /= float64(k.Queries)
			rep.Keyword = append(rep.Keyword, *k)
		}
	}
	return rep, nil
}

// anchorFig is what one anchor's top K contributes to a system's
// figures: its shares (NaN where the anchor has no value: no niche,
// category, country or language) and its follower-count ratios.
type anchorFig struct {
	niche, category, country, language float64
	ratios                             []float64
	low                                bool
}

// acc accumulates the figures of one system, anchor by anchor, so that
// the bootstrap can resample them.
type acc struct {
	system  string
	anchors []anchorFig
}

func (a *acc) add(anchor *catalog.Channel, items []*catalog.Channel, low bool) {
	f := anchorFig{niche: math.NaN(), category: math.NaN(), country: math.NaN(), language: math.NaN(), low: low}
	share := func(same func(*catalog.Channel) bool) float64 {
		if len(items) == 0 {
			// An anchor without results contributes zeros where it has a value.
			return 0
		}
		c := 0
		for _, it := range items {
			if same(it) {
				c++
			}
		}
		return float64(c) / float64(len(items))
	}
	if nk := NicheKey(anchor); nk != "" {
		f.niche = share(func(c *catalog.Channel) bool { return NicheKey(c) == nk })
	}
	if anchor.Category != "" {
		f.category = share(func(c *catalog.Channel) bool { return strings.EqualFold(c.Category, anchor.Category) })
	}
	if anchor.Country != "" {
		f.country = share(func(c *catalog.Channel) bool { return c.Country == anchor.Country })
	}
	if anchor.Language != "" {
		f.language = share(func(c *catalog.Channel) bool { return c.Language == anchor.Language })
	}
	for _, it := range items {
		if anchor.Followers > 0 && it.Followers > 0 {
			hi, lo := max(anchor.Followers, it.Followers), min(anchor.Followers, it.Followers)
			f.ratios = append(f.ratios, float64(hi)/float64(lo))
		}
	}
	a.anchors = append(a.anchors, f)
}

// done computes the figures over every anchor.
func (a *acc) done() Similar {
	s := figures(a.anchors, nil, nil)
	s.System = a.system
	return s
}

// figures computes a system's figures over the anchors idx names (every
// anchor when idx is nil, in order); buf is scratch for the ratios.
func figures(all []anchorFig, idx []int, buf *[]float64) Similar {
	var s Similar
	n := len(all)
	if idx != nil {
		n = len(idx)
	}
	var niche, category, country, language float64
	low := 0
	var ratios []float64
	if buf != nil {
		ratios = (*buf)[:0]
	}
	for i := range n {
		f := &all[i]
		if idx != nil {
			f = &all[idx[i]]
		}
		s.Anchors++
		if f.low {
			low++
		}
		if !math.IsNaN(f.niche) {
			s.NicheAnchors++
			niche += f.niche
		}
		if !math.IsNaN(f.category) {
			s.CategoryAnchors++
			category += f.category
		}
		if !math.IsNaN(f.country) {
			s.CountryAnchors++
			country += f.country
		}
		if !math.IsNaN(f.language) {
			s.LanguageAnchors++
			language += f.language
		}
		ratios = append(ratios, f.ratios...)
	}
	div := func(x float64, n int) Figure {
		if n == 0 {
			return Figure(math.NaN())
		}
		return Figure(x / float64(n))
	}
	s.Niche = div(niche, s.NicheAnchors)
	s.Category = div(category, s.CategoryAnchors)
	s.Country = div(country, s.CountryAnchors)
	s.Language = div(language, s.LanguageAnchors)
	s.LowRecall = div(float64(low), s.Anchors)
	s.FollowerRatio = Figure(median(ratios))
	if buf != nil {
		*buf = ratios
	}
	return s
}

// median sorts xs and returns its median, NaN when it is empty.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 0 {
		return (xs[m-1] + xs[m]) / 2
	}
	return xs[m]
}

// similar ranks the top K of the store and the baselines around each
// anchor (the store's system first) and the niche ceiling of the store's
// result counts (Report.NicheCeiling).
func similar(ctx context.Context, s store.Store, cat *catalog.Catalog, opt Options) ([]*acc, Figure, error) {
	counts := nicheCounts(cat)
	ceiling, ceilingAnchors := 0.0, 0
	all := cat.All()
	n := len(all)
	if opt.MaxAnchors > 0 {
		n = min(n, opt.MaxAnchors)
	}
	sys := []*acc{{system: SystemStore}, {system: SystemCategoryFollowers}, {system: SystemTagOverlap}}
	for i := range n {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		a := all[i*len(all)/n]
		res, err := s.SimilarTo(ctx, store.SimilarQuery{Platform: a.Platform, AnchorKey: a.Key(), Limit: opt.K})
		if err != nil {
			return nil, 0, fmt.Errorf("anchor %s: %w", a.Key(), err)
		}
		if nk := NicheKey(a); nk != "" {
			ceilingAnchors++
			ceiling += ceilingShare(counts[nicheOf{a.Platform, nk}]-1, len(res.Items))
		}
		items := make([]*catalog.Channel, 0, len(res.Items))
		for _, h := range res.Items {
			items = append(items, h.Channel)
		}
		sys[0].add(a, items, store.LowRecall(res.Total))
		peers := cat.Platform(a.Platform)
		byCat, nCat := categoryFollowers(a, peers, opt.K)
		sys[1].add(a, byCat, store.LowRecall(nCat))
		byTag, nTag := tagOverlap(a, peers, opt.K)
		sys[2].add(a, byTag, store.LowRecall(nTag))
	}
	if ceilingAnchors == 0 {
		return sys, Figure(math.NaN()), nil
	}
	return sys, Figure(ceiling / float64(ceilingAnchors)), nil
}

// nicheCounts counts the channels of each (platform, niche).
func nicheCounts(cat *catalog.Catalog) map[nicheOf]int {
	counts := map[nicheOf]int{}
	for _, c := range cat.All() {
		if nk := NicheKey(c); nk != "" {
			counts[nicheOf{c.Platform, nk}]++
		}
	}
	return counts
}

type nicheOf struct {
	p     platform.Platform
	niche string
}

// ceilingShare is the best niche share of n results for an anchor whose
// niche has peers other channels: all of them first.
func ceilingShare(peers, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(min(peers, n)) / float64(n)
}

// logDist is the distance of two follower counts on a log scale.
func logDist(a, b int64) float64 {
	return math.Abs(math.Log1p(float64(a)) - math.Log1p(float64(b)))
}

type scored struct {
	ch    *catalog.Channel
	score float64 // higher first
	dist  float64 // lower first
}

func topOf(cands []scored, k int) []*catalog.Channel {
	slices.SortFunc(cands, func(x, y scored) int {
		if c := cmp.Compare(y.score, x.score); c != 0 {
			return c
		}
		if c := cmp.Compare(x.dist, y.dist); c != 0 {
			return c
		}
		return strings.Compare(x.ch.Key(), y.ch.Key())
	})
	out := make([]*catalog.Channel, 0, min(k, len(cands)))
	for _, c := range cands[:min(k, len(cands))] {
		out = append(out, c.ch)
	}
	return out
}

// categoryFollowers is the first baseline: the channels of the anchor's
// category, nearest follower count first; it has nothing for an anchor
// without a category. It returns the top k and the number of candidates.
func categoryFollowers(a *catalog.Channel, peers []*catalog.Channel, k int) ([]*catalog.Channel, int) {
	if a.Category == "" {
		return nil, 0
	}
	var cands []scored
	for _, c := range peers {
		if c != a && strings.EqualFold(c.Category, a.Category) {
			cands = append(cands, scored{ch: c, dist: logDist(a.Followers, c.Followers)})
		}
	}
	return topOf(cands, k), len(cands)
}

// tagSet is a channel's lower-cased tags with its category.
func tagSet(ch *catalog.Channel) map[string]bool {
	m := make(map[string]bool, len(ch.Tags)+1)
	for _, t := range ch.Tags {
		if t = strings.ToLower(strings.TrimSpace(t)); t != "" {
			m[t] = true
		}
	}
	if ch.Category != "" {
		m["category:"+strings.ToLower(ch.Category)] = true
	}
	return m
}

// tagOverlap is the second baseline: channels ranked by the Jaccard
// overlap of their tag sets (category included) with the anchor's, ties
// by nearest follower count; channels sharing nothing are not candidates.
func tagOverlap(a *catalog.Channel, peers []*catalog.Channel, k int) ([]*catalog.Channel, int) {
	at := tagSet(a)
	if len(at) == 0 {
		return nil, 0
	}
	var cands []scored
	for _, c := range peers {
		if c == a {
			continue
		}
		ct := tagSet(c)
		inter := 0
		for t := range ct {
			if at[t] {
				inter++
			}
		}
		if inter == 0 {
			continue
		}
		j := float64(inter) / float64(len(at)+len(ct)-inter)
		cands = append(cands, scored{ch: c, score: j, dist: logDist(a.Followers, c.Followers)})
	}
	return topOf(cands, k), len(cands)
}
