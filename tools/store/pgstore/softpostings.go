package pgstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"searchagent/tools/store"
)

// softShape reports whether softSearch answers q (canonical, with the
// learned expansions lx): relevance order, every keyword soft (it ranks,
// never filters) or excluded, at least one soft keyword with a phrase or
// an alias to score, and no learned expansion. Its filters may be any:
// they are tested over channels, as the exclusions. Any other search is
// postingSearch's or the SQL of Search over channels.
func softShape(q store.SearchQuery, lx learnedExps) bool {
	if _, ok := q.Sort.Field(); ok || q.Sort == store.SortRecent {
		return false
	}
	scored := false
	for _, k := range q.Keywords {
		if k.Soft == k.Excluded {
			return false // required (postingSearch or the SQL)
		}
		if _, ok := lx.of(k); ok {
			return false
		}
		if k.Soft {
			m := planMatch(k)
			scored = scored || len(m.own.units) > 0 || len(m.aliases) > 0
		}
	}
	return scored
}

// softSearch is Search for a query of softShape, the natural-language
// searches' shape ("美国 汽配 评测 … 粉丝 5k-20k 最近活跃": the filters
// choose the channels, the soft keyword orders them). One statement reads
// the channels the filters and exclusions keep (key, followers, last post:
// an index-only scan where an index holds the filters) and the postings
// of the soft keywords' terms of those channels only (by the postings'
// primary key: platform, term, country, key); each channel is scored here
// as postingScorer scores a required keyword, except that a keyword that
// does not match adds 0 instead of rejecting the channel (scoreExpr's
// soft keyword). In SQL the score is a subquery per row over the arrays
// of four fields per term (about 35 µs a row at 20,000 channels). The
// page's documents are read in the same snapshot (a read-only
// repeatable-read transaction).
//
// With key (not nil) the scored channels are kept as the ranked set of
// the search, under wideKey when that is the search without its
// last-post bound and its rows were few enough to read them all (widen).
func (s *Store) softSearch(ctx context.Context, q store.SearchQuery, lx learnedExps, key, wideKey *rankKey, bound time.Time) (store.Page, error) {
	exps := lx.append(store.Expansions(q.Keywords), q.Keywords)
	var plans []kwMatch
	var all []string
	addTerms := func(pl kwPlan) {
		for _, t := range pl.terms {
			if !slices.Contains(all, t) {
				all = append(all, t)
			}
		}
	}
	for _, k := range q.Keywords {
		if !k.Soft {
			continue
		}
		m := planMatch(k)
		if len(m.own.units) == 0 && len(m.aliases) == 0 {
			continue // scoreExpr skips it: it adds nothing
		}
		plans = append(plans, m)
		addTerms(m.own)
		for _, a := range m.aliases {
			addTerms(a)
		}
	}
	st, ok, err := s.termStats(ctx, q.Platform, all)
	if err != nil {
		return store.Page{}, err
	}
	if !ok {
		return store.Page{Items: []store.Hit{}, Total: 0, NextOffset: -1, Expansions: exps}, nil
	}
	weights, err := s.postingWeights(ctx, q, plans, st)
	if err != nil {
		return store.Page{}, err
	}
	b := &builder{learned: lx}
	filters := q.Filters
	if wideKey != nil {
		wq, _ := activeBound(q)
		filters = wq.Filters
	}
	where, err := s.where(b, q.Platform, q.Keywords, filters)
	if err != nil {
		return store.Page{}, err
	}
	with, inSet, wide := `WITH `, "true", "false"
	if wideKey != nil {
		if with, inSet, wide, err = s.widen(b, q, filters, bound); err != nil {
			return store.Page{}, err
		}
		where += ` AND (` + inSet + ` OR ` + wide + `)`
	}
	terms := b.arg(all)
	sql := with + `f AS MATERIALIZED (SELECT c.key, c.country, c.followers, c.last_post_at, ` + inSet + ` AS within FROM channels c WHERE ` + where + `)
SELECT 0, f.key, f.followers, f.last_post_at, f.within, ` + wide + `, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer,
  NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer[]
FROM f
UNION ALL
SELECT 1, p.key, NULL, NULL, NULL, NULL, array_position(` + terms + `::text[], p.term), p.tf_tags, p.tf_name, p.tf_description, p.tf_content,
  p.len_tags, p.len_name, p.len_description, p.len_content, p.pos
FROM f JOIN channel_postings p ON p.platform = ` + b.arg(string(q.Platform)) + ` AND p.term = ANY(` + terms + `::text[]) AND p.country = f.country AND p.key = f.key`
	ix := make(map[string]int, len(all))
	for i, t := range all {
		ix[t] = i
	}
	sc := &postingScorer{st: &st, idf: make([]float64, len(all))}
	for i, t := range all {
		sc.idf[i] = st.idf(t)
	}
	kws := make([]idxKeyword, len(plans))
	for i, m := range plans {
		kws[i] = idxKeyword{own: indexed(m.own, ix), fields: m.fields, weight: weights[i]}
		for _, a := range m.aliases {
			kws[i].aliases = append(kws[i].aliases, indexed(a, ix))
		}
	}
	var total int
	var items []store.Hit
	err = pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly, IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
		docs, widened, err := readSoft(ctx, tx, sql, slices.Concat(s.planEach, b.args), len(all))
		if err != nil {
			return err
		}
		for _, d := range docs {
			sc.softScore(&d.postingDoc, kws)
		}
		slices.SortFunc(docs, func(a, b *softDoc) int {
			if c := cmp.Compare(b.score, a.score); c != 0 {
				return c
			}
			if c := cmp.Compare(b.followers, a.followers); c != 0 {
				return c
			}
			return strings.Compare(a.key, b.key)
		})
		in := docs
		if widened {
			in = make([]*softDoc, 0, len(docs))
			for _, d := range docs {
				if d.within {
					in = append(in, d)
				}
			}
		}
		total = len(in)
		page := in[min(q.Offset, len(in)):min(q.Offset+q.Limit, len(in))]
		keys := make([]string, len(page))
		for i, d := range page {
			keys[i] = d.key
		}
		version, raws, err := pageDocs(ctx, tx, keys)
		if err != nil {
			return err
		}
		var set *rankedSet
		if key != nil && version == st.version && len(docs) <= maxRankedRows {
			set = &rankedSet{version: version, total: len(docs), rows: make([]rankRow, len(docs)), recent: true,
				made: pageOf{by: q.Sort, offset: q.Offset, limit: q.Limit}}
			for i, d := range docs {
				set.rows[i] = rankRow{key: d.key, score: d.score, followers: d.followers, lastPost: d.lastPost}
			}
		}
		items = make([]store.Hit, 0, len(page))
		for _, d := range page {
			raw, ok := raws[d.key]
			if !ok {
				return fmt.Errorf("channel %s is gone in the snapshot that read it", d.key)
			}
			ch, err := s.docs.decode(d.key, raw)
			if err != nil {
				return err
			}
			items = append(items, store.Hit{Channel: ch, Score: d.score})
		}
		switch {
		case set == nil:
		case widened:
			s.ranked.put(*wideKey, set, items)
		default:
			s.ranked.put(*key, set, items)
		}
		return nil
	})
	if err != nil {
		return store.Page{}, fmt.Errorf("pgstore: soft keyword postings: %w", err)
	}
	store.LearnedReasons(items, exps)
	return store.Page{Items: items, Total: total, NextOffset: nextOffset(q.Offset, len(items), total), Expansions: exps}, nil
}

// postingWeights are the alias factors of plans (scoreExpr's, in keyword
// order; 0 for a keyword without aliases), kept per catalog version
// (aliasFactors).
func (s *Store) postingWeights(ctx context.Context, q store.SearchQuery, plans []kwMatch, st bm25Stats) ([]float64, error) {
	weights := make([]float64, len(plans))
	fq := &factorQuery{bm: &bm25{b: &builder{}, st: st}}
	var withAliases []int
	for i, m := range plans {
		if len(m.aliases) > 0 {
			fq.add(m.own, m.aliases, m.fields)
			withAliases = append(withAliases, i)
		}
	}
	if len(withAliases) == 0 {
		return weights, nil
	}
	ws, err := s.aliasFactors(ctx, q.Platform, st.version, fq)
	if err != nil {
		return nil, err
	}
	for j, i := range withAliases {
		weights[i] = ws[j]
	}
	return weights, nil
}

// softDoc is a channel softSearch read: its postings of the search's
// terms (none when it has none of them) and its last post.
type softDoc struct {
	postingDoc
	lastPost *time.Time
	within   bool
}

// readSoft reads softSearch's rows: a row per channel (kind 0: key,
// followers, last post, whether it is within the last-post bound, and
// whether the rows are those of the search without it), then its
// postings (kind 1: key, the term's index among n, the posting's
// columns), in any order.
func readSoft(ctx context.Context, tx pgx.Tx, sql string, args []any, n int) (docs []*softDoc, widened bool, err error) {
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	byKey := map[string]*softDoc{}
	type posted struct {
		key string
		ti  int
		p   posting
		len [4]int32
	}
	var ps []posted
	for rows.Next() {
		var kind int
		var key string
		var followers *int64
		var lastPost *time.Time
		var within, wide *bool
		var ti *int32
		var tf, lens [4]*int32
		var pos []int32
		if err := rows.Scan(&kind, &key, &followers, &lastPost, &within, &wide, &ti, &tf[0], &tf[1], &tf[2], &tf[3], &lens[0], &lens[1], &lens[2], &lens[3], &pos); err != nil {
			return nil, false, err
		}
		if kind == 0 {
			d := &softDoc{postingDoc: postingDoc{key: key, followers: *followers, terms: make([]posting, n)}, lastPost: lastPost, within: *within}
			byKey[key] = d
			docs = append(docs, d)
			widened = *wide
			continue
		}
		if ti == nil || *ti < 1 || int(*ti) > n {
			return nil, false, fmt.Errorf("a posting of term %v of %d", ti, n)
		}
		pp := posted{key: key, ti: int(*ti) - 1, p: posting{pos: pos, has: true}}
		for f := range tf {
			pp.p.tf[f], pp.len[f] = *tf[f], *lens[f]
		}
		ps = append(ps, pp)
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	for _, pp := range ps {
		d := byKey[pp.key]
		if d == nil {
			return nil, false, fmt.Errorf("a posting of %s, which the filters did not keep", pp.key)
		}
		d.lens = pp.len
		d.terms[pp.ti] = pp.p
	}
	return docs, widened, nil
}

// softScore sets d's score for soft keywords: per keyword, the BM25F
// score of its own words where they match, else its alias factor times
// the best score of the aliases that match, else 0 (scoreExpr's
// coalesce(…, 0) of a soft keyword), summed over the keywords in order.
func (sc *postingScorer) softScore(d *postingDoc, kws []idxKeyword) {
	var score float64
	for _, k := range kws {
		if sc.matches(d, k.own, k.fields) {
			score += sc.phraseScore(d, k.own, k.fields)
			continue
		}
		best, found := 0.0, false
		for _, a := range k.aliases {
			if !sc.matches(d, a, k.fields) {
				continue
			}
			if s := sc.phraseScore(d, a, k.fields); !found || s > best {
				best, found = s, true
			}
		}
		if found {
			score += k.weight * best
		}
	}
	d.score = score
}
