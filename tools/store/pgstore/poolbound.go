package pgstore

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"searchagent/tools/store"
	"searchagent/tools/textnorm"
)

// scoreBound is, over channels c, an upper bound of the hybrid score (store.Signals.Score with w) that the
// re-ranker gives each row of a keyword-bounded set, from the row's
// columns alone: the category, counts, country, language and last post
// are exact; the tag overlap and the niche are 1 only where the row's tag
// terms could hold the anchor's tags (a row that shares no term of the
// anchor's tags shares no tag; one without all of them cannot have the
// anchor's very tag set); the content and learned cosines are anything in
// [-1, 1] (a thin channel's content signal is 0 and the learned vector is
// in channel_features; leaving the distance out, which the pool's order
// breaks its ties with, spares computing it twice a row).
//
// exactSQL takes a keyword-bounded set's pool in this bound's order
// instead of the cosine's: the weights make the cosine a small part of
// the score (store/weights.json: content 0.04 against niche 100 and
// category 80), so the 1,000 nearest by cosine missed channels the memory
// store's whole-set ranking puts in the first page (recall@20 0.899
// against it at a million channels, README). A row outside the pool has a
// bound no higher than the pool's last, so the pool holds every row that
// can outrank it. ok is false when the weights make the bound unsafe (a
// negative fit weight: the fit could turn the square's order round);
// the pool is then the nearest by cosine, as before.
func scoreBound(b *builder, ap *store.Profile, w store.Weights, learned bool) (expr string, ok bool) {
	if !boundSafe(w) {
		return "", false
	}
	ach := ap.Channel()
	num := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	// term is w·x at its highest for x in [lo, hi] (SQL expressions).
	term := func(w float64, lo, hi string) string {
		switch {
		case w == 0:
			return ""
		case w > 0:
			return num(w) + `*` + hi
		}
		return num(w) + `*` + lo
	}
	var topic []string
	add := func(s string) {
		if s != "" {
			topic = append(topic, s)
		}
	}
	add(term(w.Content, `-1`, `1`))
	if terms := tagTerms(ach.Tags); len(terms) > 0 {
		// The niche needs every term, which a row that shares none
		// cannot have: one array test for most rows of a set.
		t := b.arg(terms)
		if shared := strings.Join(slices.DeleteFunc([]string{term(w.Tags*ap.LabelShare(), `0`, `1`), term(w.Niche, `0`, `(c.tags_terms @> `+t+`::text[])::int`)}, func(s string) bool { return s == "" }), ` + `); shared != "" {
			add(`(CASE WHEN c.tags_terms && ` + t + `::text[] THEN ` + shared + ` ELSE 0 END)`)
		}
	}
	if ach.Category != "" {
		add(term(w.Category, `0`, `(c.category = `+b.arg(strings.ToLower(ach.Category))+`)::int`))
	}
	if learned {
		add(term(w.Learned, `-1`, `1`))
	}
	t := `0`
	if len(topic) > 0 {
		t = `GREATEST(` + strings.Join(topic, ` + `) + `, 0)`
	}
	fit := []string{`1`}
	if ach.Followers > 0 && w.Audience != 0 {
		fit = append(fit, num(w.Audience)+`*(CASE WHEN c.followers > 0 THEN GREATEST(0, 1 - abs(log(1 + c.followers::float8) - `+num(ap.LogFollowers)+`) / `+num(store.AudienceSpan)+`) ELSE 0 END)`)
	}
	if !math.IsNaN(ap.ViewsRate) && w.Views != 0 {
		fit = append(fit, num(w.Views)+`*(CASE WHEN c.followers > 0 AND c.avg_views > 0 THEN GREATEST(0, 1 - abs(log(c.avg_views::float8 / c.followers) - `+num(ap.ViewsRate)+`)) ELSE 0 END)`)
	}
	if ach.Country != "" && w.Country != 0 {
		fit = append(fit, num(w.Country)+`*(c.country = `+b.arg(ach.Country)+`)::int`)
	}
	if ach.Language != "" && w.Language != 0 {
		fit = append(fit, num(w.Language)+`*(c.language = `+b.arg(ach.Language)+`)::int`)
	}
	if !ach.LastPostAt.IsZero() && w.Activity != 0 {
		fit = append(fit, num(w.Activity)+`*(COALESCE(abs(extract(epoch FROM c.last_post_at - `+b.arg(ach.LastPostAt)+`::timestamptz)) < `+num(store.ActiveWindow.Seconds())+`, false))::int`)
	}
	return `(power(` + t + `, 2)*(` + strings.Join(fit, ` + `) + `))`, true
}

// boundSafe reports whether scoreBound can bound a score with weights w:
// no fit weight is negative (the fit could turn the square's order round).
func boundSafe(w store.Weights) bool {
	return w.Audience >= 0 && w.Views >= 0 && w.Country >= 0 && w.Language >= 0 && w.Activity >= 0
}

// bounded reports whether a similar set of the anchor ap with keywords
// kws takes its pool in scoreBound's order (exactSQL): a keyword bounds
// it, it is not forced through the HNSW index, the anchor is not thin
// (a thin anchor's set is every channel that passes), and the weights
// allow a bound.
func (s *Store) bounded(ap *store.Profile, kws []store.Keyword) bool {
	return boundedByKeyword(kws) && !s.forceHNSW && !ap.Thin() && boundSafe(store.DefaultWeights)
}

// poolFor is the pool of a similar set (the LIMIT of its candidates, and
// its cache key's size): the bounded pool for a set in scoreBound's
// order, else the candidate pool, and need when larger.
func (s *Store) poolFor(ap *store.Profile, kws []store.Keyword, need int) int {
	k := s.poolSize
	if s.bounded(ap, kws) && s.boundedPool > 0 {
		k = min(k, s.boundedPool)
	}
	return max(k, need)
}

// tagTerms are the terms of the tags field that ingest indexes for tags
// (prepare: textnorm's tokens of each tag), without the category's.
func tagTerms(tags []string) []string {
	var out []string
	for _, tg := range tags {
		for tok := range textnorm.Scan(tg) {
			if !slices.Contains(out, tok.Text) {
				out = append(out, tok.Text)
			}
		}
	}
	return out
}
