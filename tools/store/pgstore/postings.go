package pgstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"searchagent/tools/store"
)

// Keyword postings (migration 00010): a row per channel and distinct
// term with the term's frequency per field, the field lengths, the
// unit positions and the columns a common filter reads. Upsert keeps them
// with the channels; postingSearch ranks a keyword search of the common
// shape from them.

// posShift packs a unit position with its field: field << posShift | position.
const posShift = 20

// maxTF caps a term frequency as the memory store's postings do (uint16).
const maxTF = 65535

// posting is one row of channel_postings for a channel being written.
type posting struct {
	term string
	tf   [4]int32
	pos  []int32
	has  bool // read (postingDoc.terms)
}

// postings are r's rows of channel_postings, in the order of r.all (the
// distinct terms): per field, how often the term occurs in the field's
// terms and where it stands in its unit sequence (the 1-based index in
// the sequence split at spaces, as the migration's backfill numbers it).
func (r row) postings() []posting {
	idx := make(map[string]int, len(r.all))
	out := make([]posting, len(r.all))
	for i, t := range r.all {
		idx[t] = i
		out[i].term = t
	}
	for f := range r.terms {
		for _, t := range r.terms[f] {
			if p := &out[idx[t]]; p.tf[f] < maxTF {
				p.tf[f]++
			}
		}
		for i, u := range strings.Split(r.seqs[f], " ") {
			if u == "" || u == seqSep {
				continue
			}
			p := &out[idx[u]]
			p.pos = append(p.pos, int32(f<<posShift|(i+1)))
		}
	}
	return out
}

// postingRow is what an upsert batch writes of one channel's postings.
type postingRow struct {
	platform, country, key string
	followers              int64
	r                      row
}

// writePostings replaces the postings of the channels a batch wrote: the
// previous version of each (old: platform, country and distinct terms by
// key, as the table held them) comes out, the last version the batch
// holds of each goes in.
func writePostings(ctx context.Context, tx pgx.Tx, old map[string]oldPostings, rows []postingRow) error {
	var dp, dt, dc, dk []string
	for key, o := range old {
		for _, t := range o.terms {
			dp, dt, dc, dk = append(dp, o.platform), append(dt, t), append(dc, o.country), append(dk, key)
		}
	}
	if len(dk) > 0 {
		if _, err := tx.Exec(ctx, `DELETE FROM channel_postings p USING unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS d(platform, term, country, key)
WHERE p.platform = d.platform AND p.term = d.term AND p.country = d.country AND p.key = d.key`, dp, dt, dc, dk); err != nil {
			return fmt.Errorf("channel_postings: %w", err)
		}
	}
	last := map[string]int{}
	for i, pr := range rows {
		last[pr.key] = i
	}
	var ip, it, ic, ik []string
	var ipos []*string
	var ifl []int64
	var tf, ln [4][]int32
	for i, pr := range rows {
		if last[pr.key] != i {
			continue
		}
		var lens [4]int32
		for f := range lens {
			lens[f] = int32(len(pr.r.terms[f]))
		}
		for _, p := range pr.r.postings() {
			ip, it, ic, ik, ifl = append(ip, pr.platform), append(it, p.term), append(ic, pr.country), append(ik, pr.key), append(ifl, pr.followers)
			for f := range tf {
				tf[f] = append(tf[f], p.tf[f])
				ln[f] = append(ln[f], lens[f])
			}
			ipos = append(ipos, intArrayLiteral(p.pos))
		}
	}
	if len(ik) == 0 {
		return nil
	}
	// pos goes as text: unnest cannot take a ragged two-dimensional array.
	if _, err := tx.Exec(ctx, `INSERT INTO channel_postings (platform, term, country, key, followers, tf_tags, tf_name, tf_description, tf_content,
  len_tags, len_name, len_description, len_content, pos)
SELECT platform, term, country, key, followers, t0, t1, t2, t3, l0, l1, l2, l3, pos::integer[]
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::integer[], $7::integer[], $8::integer[], $9::integer[],
  $10::integer[], $11::integer[], $12::integer[], $13::integer[], $14::text[]) AS u(platform, term, country, key, followers, t0, t1, t2, t3, l0, l1, l2, l3, pos)`,
		ip, it, ic, ik, ifl, tf[0], tf[1], tf[2], tf[3], ln[0], ln[1], ln[2], ln[3], ipos); err != nil {
		return fmt.Errorf("channel_postings: %w", err)
	}
	return nil
}

// oldPostings locate a channel's rows of channel_postings as the table
// holds them before a batch.
type oldPostings struct {
	platform, country string
	terms             []string
}

// intArrayLiteral is ps as an integer[] literal, nil (NULL, as the
// migration's backfill leaves a term that is not a unit) for none.
func intArrayLiteral(ps []int32) *string {
	if len(ps) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(p)))
	}
	b.WriteByte('}')
	lit := b.String()
	return &lit
}

// postingColumns are the columns of channel_postings a filter clause may
// read there (the registry's column names, which channels has too).
var postingColumns = []string{"country", "followers"}

// postingShape reports whether postingSearch answers q (canonical, with
// the learned expansions lx): relevance order, at least one keyword,
// every keyword required (not excluded, not soft) with words of its own
// and no learned expansion, and every filter a clause on a column the
// postings hold (country, followers). Any other search is the SQL of
// Search over channels.
func postingShape(q store.SearchQuery, lx learnedExps) bool {
	if _, ok := q.Sort.Field(); ok || q.Sort == store.SortRecent || len(q.Keywords) == 0 {
		return false
	}
	for _, k := range q.Keywords {
		if k.Excluded || k.Soft {
			return false
		}
		if _, ok := lx.of(k); ok {
			return false
		}
		if len(planKeyword(k.Text).units) == 0 {
			return false
		}
	}
	for _, c := range q.Filters.Clauses() {
		if !slices.Contains(postingColumns, c.Field.Column) {
			return false
		}
	}
	return true
}

// postingDoc is one channel's postings of a search's terms.
type postingDoc struct {
	key       string
	followers int64
	lens      [4]int32
	// terms are its postings, by the index of the term in the search's
	// terms (a zero posting: none).
	terms []posting
	score float64
}

// postingSearch is Search for a query of postingShape: the rows of the
// query's terms on the platform that pass the filters are read from
// channel_postings (by its primary key: platform, term, country), and
// each channel is matched, scored and ranked here as the memory store
// does over its inverted index (BM25F with the kept statistics, the
// alias factors of scoreExpr); the total counts the matches, and only
// the page's documents are read from channels. Both reads are one
// snapshot (a read-only repeatable-read transaction).
//
// With key (not nil), the matched channels are kept as the ranked set of
// the search (rankCache) when the catalog version read with the page's
// documents is the one the statistics were read at, and, unless
// keepEmpty, some channel matched (postingsFirst: no match may mean a
// keyword is widened, under another key).
func (s *Store) postingSearch(ctx context.Context, q store.SearchQuery, lx learnedExps, key *rankKey, keepEmpty bool) (store.Page, error) {
	b := &builder{learned: lx}
	plans := make([]kwMatch, len(q.Keywords))
	var all []string
	addTerms := func(pl kwPlan) {
		for _, t := range pl.terms {
			if !slices.Contains(all, t) {
				all = append(all, t)
			}
		}
	}
	for i, k := range q.Keywords {
		plans[i] = planMatch(k)
		addTerms(plans[i].own)
		for _, a := range plans[i].aliases {
			addTerms(a)
		}
	}
	st, ok, err := s.termStats(ctx, q.Platform, all)
	if err != nil {
		return store.Page{}, err
	}
	exps := lx.append(store.Expansions(q.Keywords), q.Keywords)
	if !ok {
		return store.Page{Items: []store.Hit{}, Total: 0, NextOffset: -1, Expansions: exps}, nil
	}
	// The alias factors, as scoreExpr computes them (keyword order).
	weights := make([]float64, len(plans))
	fq := &factorQuery{bm: &bm25{b: &builder{}, st: st}}
	var withAliases []int
	for i, m := range plans {
		if len(m.aliases) > 0 {
			fq.add(m.own, m.aliases, m.fields)
			withAliases = append(withAliases, i)
		}
	}
	if len(withAliases) > 0 {
		ws, err := s.aliasFactors(ctx, q.Platform, st.version, fq)
		if err != nil {
			return store.Page{}, err
		}
		for j, i := range withAliases {
			weights[i] = ws[j]
		}
	}
	// A channel a phrase matches has every term of the phrase: the
	// candidates are the channels with the rarest term (by document
	// frequency) of some phrase, and only their postings are read:
	// "game review" in the US, 15,814 rows of the 10,114 channels with
	// "game" instead of 39,773 ("review" is common). The statement is
	// planned with its values (planEach): a common term's rows are hashed
	// (migration 00010 keeps 1,000 most common terms' statistics), a rare
	// one's probed. The term comes back as its index in all
	// (array_position: no string per row).
	var filters []string
	for _, c := range q.Filters.Clauses() {
		sql, err := clauseSQL(b, c)
		if err != nil {
			return store.Page{}, err
		}
		filters = append(filters, " AND "+sql)
	}
	var rare []string
	for _, m := range plans {
		for _, p := range append([]kwPlan{m.own}, m.aliases...) {
			if t := rarest(p, &st); t != "" && !slices.Contains(rare, t) {
				rare = append(rare, t)
			}
		}
	}
	pl := b.arg(string(q.Platform))
	terms := b.arg(all)
	where := `platform = ` + pl + ` AND term = ANY(` + terms + `::text[])` + strings.Join(filters, "")
	if len(rare) < len(all) {
		where += ` AND key IN (SELECT key FROM channel_postings WHERE platform = ` + pl + ` AND term = ANY(` + b.arg(rare) + `::text[])` + strings.Join(filters, "") + `)`
	}
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
		docs, err := readPostings(ctx, tx, `SELECT key, array_position(`+terms+`::text[], term), followers, tf_tags, tf_name, tf_description, tf_content,
  len_tags, len_name, len_description, len_content, pos
FROM channel_postings WHERE `+where, slices.Concat(s.planEach, b.args), len(all))
		if err != nil {
			return err
		}
		matched := docs[:0]
		for _, d := range docs {
			if sc.score(d, kws) {
				matched = append(matched, d)
			}
		}
		total = len(matched)
		slices.SortFunc(matched, func(a, b *postingDoc) int {
			if c := cmp.Compare(b.score, a.score); c != 0 {
				return c
			}
			if c := cmp.Compare(b.followers, a.followers); c != 0 {
				return c
			}
			return strings.Compare(a.key, b.key)
		})
		lo, hi := min(q.Offset, len(matched)), min(q.Offset+q.Limit, len(matched))
		page := matched[lo:hi]
		keys := make([]string, len(page))
		for i, d := range page {
			keys[i] = d.key
		}
		version, raws, err := pageDocs(ctx, tx, keys)
		if err != nil {
			return err
		}
		var set *rankedSet
		if key != nil && version == st.version && len(matched) <= maxRankedRows && (keepEmpty || len(matched) > 0) {
			set = &rankedSet{version: version, total: total, rows: make([]rankRow, len(matched)),
				made: pageOf{by: q.Sort, offset: q.Offset, limit: q.Limit}}
			for i, d := range matched {
				set.rows[i] = rankRow{key: d.key, score: d.score, followers: d.followers}
			}
		}
		items = make([]store.Hit, 0, len(page))
		for _, d := range page {
			raw, ok := raws[d.key]
			if !ok {
				return fmt.Errorf("channel %s has postings but no row", d.key)
			}
			ch, err := s.docs.decode(d.key, raw)
			if err != nil {
				return err
			}
			items = append(items, store.Hit{Channel: ch, Score: d.score})
		}
		if set != nil {
			s.ranked.put(*key, set, items)
		}
		return nil
	})
	if err != nil {
		return store.Page{}, fmt.Errorf("pgstore: keyword postings: %w", err)
	}
	store.LearnedReasons(items, exps)
	return store.Page{Items: items, Total: total, NextOffset: nextOffset(q.Offset, len(items), total), Expansions: exps}, nil
}

// idxPhrase is a phrase with its terms and units as indexes in a
// search's terms.
type idxPhrase struct {
	terms, units []int
}

func indexed(p kwPlan, ix map[string]int) idxPhrase {
	var ip idxPhrase
	for _, t := range p.terms {
		ip.terms = append(ip.terms, ix[t])
	}
	for _, u := range p.units {
		ip.units = append(ip.units, ix[u])
	}
	return ip
}

// idxKeyword is a keyword as postingSearch scores it: its own phrase,
// its aliases, its fields and its alias factor.
type idxKeyword struct {
	own     idxPhrase
	aliases []idxPhrase
	fields  []int
	weight  float64
}

// rarest is the term of p with the lowest document frequency ("" when p
// has no unit: it matches nothing).
func rarest(p kwPlan, st *bm25Stats) string {
	if len(p.units) == 0 {
		return ""
	}
	best := p.terms[0]
	for _, t := range p.terms[1:] {
		if st.df[t] < st.df[best] {
			best = t
		}
	}
	return best
}

// readPostings reads the rows of sql (key, the term's index among n,
// then the posting's columns), grouped by channel in the order the rows
// come (by term, then key; the order does not rank).
func readPostings(ctx context.Context, tx pgx.Tx, sql string, args []any, n int) ([]*postingDoc, error) {
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byKey := map[string]*postingDoc{}
	var docs []*postingDoc
	var key string
	var ti int
	var p posting
	var followers int64
	var lens [4]int32
	for rows.Next() {
		p.pos = nil
		if err := rows.Scan(&key, &ti, &followers, &p.tf[0], &p.tf[1], &p.tf[2], &p.tf[3], &lens[0], &lens[1], &lens[2], &lens[3], &p.pos); err != nil {
			return nil, err
		}
		if ti < 1 || ti > n {
			return nil, fmt.Errorf("a posting of term %d of %d", ti, n)
		}
		d := byKey[key]
		if d == nil {
			d = &postingDoc{key: key, followers: followers, lens: lens, terms: make([]posting, n)}
			byKey[key] = d
			docs = append(docs, d)
		}
		p.has = true
		d.terms[ti-1] = p
	}
	return docs, rows.Err()
}

// postingScorer matches and scores channels from their postings, with
// the statistics of a search.
type postingScorer struct {
	st  *bm25Stats
	idf []float64 // of the search's terms, as postingDoc.terms indexes them
}

// score reports whether d matches every keyword and sets its score: per
// keyword, the BM25F score of its own words where they match, else the
// keyword's alias factor times the best score of the aliases that match
// (scoreExpr's max(own, w·alias), which is own where own matches), summed
// over the keywords in order.
func (sc *postingScorer) score(d *postingDoc, kws []idxKeyword) bool {
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
		if !found {
			return false
		}
		score += k.weight * best
	}
	d.score = score
	return true
}

// matches reports whether phrase p occurs in one of fields of d: every
// term in the field and, for more than one unit, the units in a row
// within one value (memstore's matchField; pgstore's planExpr).
func (sc *postingScorer) matches(d *postingDoc, p idxPhrase, fields []int) bool {
	if len(p.units) == 0 {
		return false
	}
	for _, f := range fields {
		if inField(d, p, f) {
			return true
		}
	}
	return false
}

func inField(d *postingDoc, p idxPhrase, f int) bool {
	for _, t := range p.terms {
		if d.terms[t].tf[f] == 0 {
			return false
		}
	}
	if len(p.units) < 2 {
		return true
	}
	for _, at := range d.terms[p.units[0]].pos {
		if int(at>>posShift) != f {
			continue
		}
		run := true
		for j, u := range p.units[1:] {
			if _, ok := slices.BinarySearch(d.terms[u].pos, at+int32(j+1)); !ok {
				run = false
				break
			}
		}
		if run {
			return true
		}
	}
	return false
}

// phraseScore is the BM25F score of phrase p over fields on d, the
// memory store's sums in its order (textIndex.match): per term, x = Σ
// over fields of w·tf/norm, and idf·x(k1+1)/(x+k1) when x > 0.
func (sc *postingScorer) phraseScore(d *postingDoc, p idxPhrase, fields []int) float64 {
	var score float64
	for _, t := range p.terms {
		pt := &d.terms[t]
		if !pt.has {
			continue
		}
		var x float64
		for _, f := range fields {
			if pt.tf[f] == 0 {
				continue
			}
			norm := 1 - bm25B + bm25B*float64(d.lens[f])/sc.st.avg[f]
			x += fieldWeight[f] * float64(pt.tf[f]) / norm
		}
		if x > 0 {
			score += sc.idf[t] * x * (bm25K1 + 1) / (x + bm25K1)
		}
	}
	return score
}
