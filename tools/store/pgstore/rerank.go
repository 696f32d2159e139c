package pgstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"searchagent/tools/catalog"
	emb "searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/platform"
	"searchagent/tools/store"
)

// similar is one candidate of an anchor search: the channel, its key, its
// cosine with the anchor, the hybrid score (store.Compare) and its tier
// (1: at or above the store's default threshold, or any candidate of a
// thin anchor).
type similar struct {
	ch    *catalog.Channel
	key   string
	cos   float64
	score float64
	tier  int
	// learned is the learned-space cosine with the anchor (0: no model).
	learned float64
	// prof is the channel's profile, made once when the candidate is
	// scanned: the page's reasons read it again.
	prof store.Profile
	// full: ch is the channel's whole document; otherwise ch holds
	// only candidateCols' fields, and fillDocs reads the document
	// when the candidate is on a page.
	full bool
}

// similarSet is what an anchor search ranks: the candidates, the size of
// the whole similar set, and the anchor's profile.
type similarSet struct {
	cands  []similar
	total  int
	anchor store.Profile
	// complete: cands is the whole similar set (a thin anchor's, or a
	// pool that reached the minimum score or holds every channel of the
	// set), which every sort ranks alike.
	complete bool
	// atLeast: total is a lower bound (a full pool of the nearest
	// neighbours, all at or above the minimum score, of a set no keyword
	// bounds: store.SimilarResult.TotalAtLeast).
	atLeast bool
	// learned are the keywords' learned expansions the set was formed
	// with.
	learned learnedExps
}

// similarSet forms the similar set of an anchor as the memory store does:
// the database returns the candidates (the pool of the anchor's nearest
// neighbours at or above minScore that pass the keywords and filters, or,
// for a thin anchor whose vector is hash noise, every channel that passes
// them), and the shared re-ranker of package store scores them here, so
// both stores rank alike. When the whole pool is at or above minScore the
// set may go on beyond it: a count over the filtered rows gives the exact
// total, and a sort other than similarity takes the first need channels
// of the whole set in its order instead of the pool.
//
// The set cache (setcache.go) keeps the pool it ranked, under the catalog
// version read with the anchor: the next page, a count or a sort of the
// same search reuses it instead of querying again.
func (s *Store) similarSet(ctx context.Context, a anchored, p platform.Platform, kws []store.Keyword, f store.Filters, minScore float64, by store.Sort, need int) (similarSet, error) {
	anchorPK := a.pk
	lm := s.learnedModel()
	ap := store.NewProfile(a.ch)
	key, err := s.newSetKey(a.version, lm, anchorPK, &ap, p, kws, f, minScore, need)
	if err != nil {
		return similarSet{}, err
	}
	if set, ok := s.sets.get(key, by); ok {
		return set, nil
	}
	return s.sets.do(ctx, key, by, func(ctx context.Context) (similarSet, error) {
		return s.rankSet(ctx, a, lm, key, p, kws, f, minScore, by, need)
	})
}

// rankSet queries the similar set that similarSet did not find in the
// cache, and keeps it there under key.
//
// Whether a keyword not in the expansions' cache matches any channel
// (matchesAny, tens of milliseconds for a phrase at a million channels)
// is asked only when the set needs it: a set a keyword bounds is read as
// if no such keyword were widened, which a row of it proves (each keyword
// then matches a channel of p); an empty set resolves the outcomes and,
// when one widens a keyword, is read again with the expansion.
func (s *Store) rankSet(ctx context.Context, a anchored, lm *cooc.Model, key setKey, p platform.Platform, kws []store.Keyword, f store.Filters, minScore float64, by store.Sort, need int) (similarSet, error) {
	lx, todo := s.knownExpansions(p, kws)
	if ap := store.NewProfile(a.ch); len(todo) > 0 && (!boundedByKeyword(kws) || s.forceHNSW || ap.Thin()) {
		var err error
		if lx, err = s.resolveExpansions(ctx, p, lx, todo); err != nil {
			return similarSet{}, err
		}
		todo = nil
	}
	set, matched, err := s.rankSetWith(ctx, a, lm, key, p, kws, f, minScore, by, need, lx, len(todo) > 0)
	if err != nil || len(todo) == 0 {
		return set, err
	}
	if matched {
		s.matchedExpansions(p, todo)
		return set, nil
	}
	resolved, err := s.resolveExpansions(ctx, p, lx, todo)
	if err != nil {
		return similarSet{}, err
	}
	if len(resolved) == len(lx) {
		s.sets.put(key, set) // nothing widened: the empty set stands
		return set, nil
	}
	set, _, err = s.rankSetWith(ctx, a, lm, key, p, kws, f, minScore, by, need, resolved, false)
	return set, err
}

// rankSetWith is rankSet with the keywords' learned expansions lx; it
// reports whether any channel passed the keywords and filters (a row
// below the minimum score counts). With unproven (some keyword's outcome
// is not known), a set no channel passed is not kept.
func (s *Store) rankSetWith(ctx context.Context, a anchored, lm *cooc.Model, key setKey, p platform.Platform, kws []store.Keyword, f store.Filters, minScore float64, by store.Sort, need int, lx learnedExps, unproven bool) (similarSet, bool, error) {
	anchorPK := a.pk
	set := similarSet{anchor: store.NewProfile(a.ch)}
	ap := &set.anchor
	av := anchorVector(lm, a.ch)
	set.learned = lx
	matched := false
	b := &builder{learned: lx}
	var sql string
	var settings func(context.Context, pgx.Tx) error
	counted := false
	if ap.Thin() {
		where, err := s.where(b, p, kws, f)
		if err != nil {
			return set, false, err
		}
		sql = s.withFeatures(b, `SELECT c.key, `+candidateCols+`, 0::float8 FROM channels c WHERE c.key <> `+b.arg(anchorPK)+` AND `+where)
	} else if boundedByKeyword(kws) && !s.forceHNSW {
		// A keyword bounds the set: one pass gives the pool and the
		// total (exactSQL).
		var err error
		if sql, err = s.exactSQL(b, anchorPK, ap, av != nil, p, kws, f, minScore, need); err != nil {
			return set, false, err
		}
		sql = s.withFeatures(b, sql)
		counted = true
	} else {
		var err error
		if sql, err = s.similarSQL(b, anchorPK, p, kws, f, minScore, need); err != nil {
			return set, false, err
		}
		sql = s.withFeatures(b, sql)
		settings = s.hnswSettings(s.forceIndex(p, f))
	}
	// scan adds the rows of (key, candidateCols, cosine) to the
	// candidates; a row without candidateCols is a neighbour below the
	// minimum score. With counted, each row also carries the whole set's
	// total (exactSQL). A candidate is ranked from its columns and its
	// channel_features row; one without a row of the current version (or
	// of the store's learned model) is ranked from its document, read
	// after the scan (pending).
	total := -1
	type pendingDoc struct {
		i  int
		ft *features
	}
	var pending []pendingDoc
	keep := func(c *similar, vec []float32, hasVec bool) bool {
		if ap.Thin() && !store.InBand(ap, &c.prof) {
			return false
		}
		if hasVec && av != nil {
			c.learned = float64(emb.Dot(av, vec))
		}
		sig := store.Compare(ap, &c.prof, c.cos)
		sig.Learned = c.learned
		c.score = sig.Score(store.DefaultWeights)
		if ap.Thin() || c.cos >= s.minScore {
			c.tier = 1
		}
		return true
	}
	scan := func(rows pgx.Rows) (below int, err error) {
		defer rows.Close()
		for rows.Next() {
			matched = true
			var c similar
			var cs candidateScan
			var fs featureScan
			dest := append(append([]any{&c.key}, cs.dest()...), &c.cos)
			if counted {
				dest = append(dest, &total)
			}
			if err := rows.Scan(append(dest, fs.dest()...)...); err != nil {
				return below, err
			}
			if c.ch = cs.channel(p); c.ch == nil {
				below++
				continue
			}
			ft, err := fs.features()
			if err != nil {
				return below, err
			}
			vec, hasVec, known := ft.learnedUnder(lm)
			if ft == nil || (lm != nil && !known) {
				pending = append(pending, pendingDoc{len(set.cands), ft})
				set.cands = append(set.cands, c)
				continue
			}
			c.prof = store.NewProfileCovered(c.ch, ft.cov)
			if keep(&c, vec, hasVec) {
				set.cands = append(set.cands, c)
			}
		}
		return below, rows.Err()
	}
	// resolve ranks the pending candidates from their documents, in tx.
	resolve := func(tx pgx.Tx) error {
		if len(pending) == 0 {
			return nil
		}
		keys := make([]string, len(pending))
		for i, pd := range pending {
			keys[i] = set.cands[pd.i].key
		}
		raws, _, err := docRows(ctx, tx, keys)
		if err != nil {
			return err
		}
		drop := make(map[int]bool)
		for _, pd := range pending {
			c := &set.cands[pd.i]
			raw, ok := raws[c.key]
			if !ok {
				drop[pd.i] = true // deleted since the scan's snapshot
				continue
			}
			var vec []float32
			var hasVec bool
			if c.ch, c.prof, vec, hasVec, err = s.docs.candidate(c.key, raw, lm, pd.ft); err != nil {
				return err
			}
			c.full = true
			if !keep(c, vec, hasVec) {
				drop[pd.i] = true
			}
		}
		pending = pending[:0]
		if len(drop) > 0 {
			kept := set.cands[:0]
			for i, c := range set.cands {
				if !drop[i] {
					kept = append(kept, c)
				}
			}
			set.cands = kept
		}
		return nil
	}
	err := s.inTx(ctx, settings, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, sql, b.args...)
		if err != nil {
			return err
		}
		below, err := scan(rows)
		if err != nil {
			return err
		}
		if err := resolve(tx); err != nil {
			return err
		}
		set.total = len(set.cands)
		if ap.Thin() || below > 0 {
			set.complete = true
			if !unproven || matched {
				s.sets.put(key, set)
			}
			return nil
		}
		// The pool ended at or above the minimum score: exactSQL counted
		// the whole set; a full pool of the index scan says the set goes
		// on (store.SimilarResult.TotalAtLeast: counting it reads every
		// filtered channel's embedding); a pool the scan left short is
		// counted.
		wb := &builder{learned: lx}
		cond, score, err := s.wholeSet(wb, anchorPK, p, kws, f, minScore)
		if err != nil {
			return err
		}
		switch {
		case counted && total >= 0:
			set.total = total
		case !counted && len(set.cands) >= max(s.poolSize, need):
			set.atLeast = true
		default:
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM channels c WHERE `+cond, wb.args...).Scan(&set.total); err != nil {
				return err
			}
		}
		set.complete = !set.atLeast && set.total <= len(set.cands)
		if !unproven || matched {
			s.sets.put(key, set)
		}
		order := sortColumn(by)
		if set.complete || order == "" {
			return nil
		}
		// A sort by a column: its first need channels of the whole set,
		// with every channel tied with the last one (the re-ranker breaks
		// those ties as the memory store does).
		set.cands = set.cands[:0]
		page := s.withFeatures(wb, `SELECT c.key, `+candidateCols+`, `+score+` FROM channels c WHERE `+cond+
			` ORDER BY `+order+` FETCH FIRST `+wb.arg(max(need, 1))+` ROWS WITH TIES`)
		rows, err = tx.Query(ctx, page, wb.args...)
		if err != nil {
			return err
		}
		counted = false // the page's rows carry no total
		if _, err = scan(rows); err != nil {
			return err
		}
		return resolve(tx)
	})
	if err != nil {
		return set, false, fmt.Errorf("pgstore: similar: %w", err)
	}
	return set, matched, nil
}

// sortColumn is the leading ORDER BY term of a sort by a column, "" for
// the similarity order.
func sortColumn(by store.Sort) string {
	if fd, ok := by.Field(); ok {
		return `(` + fd.Column + `) DESC`
	}
	if by == store.SortRecent {
		return `c.last_post_at DESC NULLS LAST`
	}
	return ""
}

// rankSimilar orders the candidates as the memory store does for the sort
// (ties: followers, most first, then the key in byte order) and returns
// the page [offset, offset+limit) with each hit's similarity and reasons,
// its channels read whole (fillDocs; version is the set's catalog
// version).
func (s *Store) rankSimilar(ctx context.Context, cands []similar, ap store.Profile, by store.Sort, offset, limit int, version int64) ([]store.Hit, error) {
	tie := func(a, b similar) int {
		if c := cmpDesc(a.ch.Followers, b.ch.Followers); c != 0 {
			return c
		}
		return strings.Compare(a.key, b.key)
	}
	cmp := func(a, b similar) int {
		if a.tier != b.tier {
			return b.tier - a.tier
		}
		if c := cmpDesc(a.score, b.score); c != 0 {
			return c
		}
		return tie(a, b)
	}
	if fd, ok := by.Field(); ok {
		cmp = func(a, b similar) int {
			if c := cmpDesc(fd.Number(a.ch), fd.Number(b.ch)); c != 0 {
				return c
			}
			if c := cmpDesc(a.score, b.score); c != 0 {
				return c
			}
			return tie(a, b)
		}
	}
	switch by {
	case store.SortRecent:
		cmp = func(a, b similar) int {
			if c := b.ch.LastPostAt.Compare(a.ch.LastPostAt); c != 0 { // zero time is oldest: last
				return c
			}
			return tie(a, b)
		}
	}
	slices.SortFunc(cands, cmp)
	if offset >= len(cands) {
		return []store.Hit{}, nil
	}
	page, err := s.fillDocs(ctx, cands[offset:min(len(cands), offset+limit)], version)
	if err != nil {
		return nil, err
	}
	hits := make([]store.Hit, len(page))
	for i := range page {
		c := &page[i]
		sig := store.Compare(&ap, &c.prof, c.cos)
		sig.Learned = c.learned
		hits[i] = store.Hit{Channel: c.ch, Score: c.score, Similarity: sig.Content, Reasons: sig.Reasons(&ap, &c.prof, s.minScore)}
	}
	return hits, nil
}

func cmpDesc[T int64 | float64](a, b T) int { return cmp.Compare(b, a) }
