package memstore

import (
	"strings"

	lru "github.com/hashicorp/golang-lru/v2"

	"searchagent/tools/catalog"
	"searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/store"
)

// learned is a partition's view of the store's learned model: every
// channel's vector in it, the label terms the platform's channels carry
// (the only terms a keyword may be widened to here), and the last
// keywords' expansions.
type learned struct {
	model  *cooc.Model
	dims   int
	vecs   []float32 // len(chans)*dims, unit rows (zero: no known term)
	labels map[string]bool
	exps   *lru.Cache[store.Keyword, learnedExp]
}

// learnedExp is one keyword's learned expansion, ok false for none.
type learnedExp struct {
	exp store.Expansion
	ok  bool
}

// learnedCacheSize bounds the per-partition cache of expansions.
const learnedCacheSize = 1024

func newLearned(m *cooc.Model, chans []*catalog.Channel) (*learned, error) {
	c, err := lru.New[store.Keyword, learnedExp](learnedCacheSize)
	if err != nil {
		return nil, err
	}
	l := &learned{model: m, dims: m.Dimensions(), vecs: make([]float32, len(chans)*m.Dimensions()), labels: map[string]bool{}, exps: c}
	for i, ch := range chans {
		m.ChannelVector(ch, l.vecs[i*l.dims:(i+1)*l.dims:(i+1)*l.dims])
		if ch.Category != "" {
			l.labels[cooc.CategoryKey(ch.Category)] = true
		}
		for _, t := range ch.Tags {
			l.labels[cooc.TagKey(t)] = true
		}
	}
	return l, nil
}

// cosine is the learned-space cosine of documents a and b (0 without a
// model).
func (l *learned) cosine(a, b int) float64 {
	if l == nil {
		return 0
	}
	return float64(embed.Dot(l.vecs[a*l.dims:(a+1)*l.dims], l.vecs[b*l.dims:(b+1)*l.dims]))
}

// expansion is keyword k's learned expansion on this partition: it is
// tried only when the keyword's own words and aliases match no channel
// (own, called only when the outcome is not
// cached: the partition is immutable, so a keyword's outcome is fixed),
// so a word the catalog has keeps exactly its matches (a niche of two
// channels stays two channels).
func (p *partition) expansion(k store.Keyword, own func() int) (store.Expansion, bool) {
	l := p.learned
	if l == nil || !store.LearnedEligible(k) {
		return store.Expansion{}, false
	}
	key := store.Keyword{Text: strings.TrimSpace(k.Text), Scope: k.Scope}
	if e, ok := l.exps.Get(key); ok {
		return e.exp, e.ok
	}
	var e store.Expansion
	ok := false
	if own() == 0 {
		e, ok = store.LearnedExpansion(l.model, key, func(term string) bool { return l.labels[term] })
	}
	l.exps.Add(key, learnedExp{e, ok})
	return e, ok
}

// expansions lists the alias-table expansions of kws and the learned
// expansions the partition applied, in keyword order.
func (p *partition) expansions(kws []store.Keyword) []store.Expansion {
	out := store.Expansions(kws)
	if p == nil || p.learned == nil {
		return out
	}
	for _, k := range kws {
		own := func() int { m, _ := p.ownMatch(k, false); return len(m) }
		if e, ok := p.expansion(k, own); ok {
			out = append(out, e)
		}
	}
	return out
}
