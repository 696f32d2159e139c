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
	terms     map[string]*posting
	score     float64
}

// postingSearch is Search for a query of postingShape: the rows of the
// query's terms on the platform that pass the filters are read from
// channel_postings (by its primary key: platform, term, country), and
// each channel is matched, scored and ranked here as the memory store
// does over its inverted index (BM25F with the kept statistics, the
// alias factors of scoreExpr); the total counts the matches, and only
// the page's documents are read from channels. Both reads are one
// snapshot (a read-only repeatable-read transaction).
func (s *Store) postingSearch(ctx context.Context, q store.SearchQuery, lx learnedExps) (store.Page, error) {
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
		return store.Page{Items: nil, Total: 0, NextOffset: -1, Expansions: exps}, nil
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
	// Only the terms that some phrase needs on the row are read: a
	// phrase's terms all occur where it matches.
	conds := []string{`platform = ` + b.arg(string(q.Platform)), `term = ANY(` + b.arg(all) + `::text[])`}
	for _, c := range q.Filters.Clauses() {
		sql, err := clauseSQL(b, c)
		if err != nil {
			return store.Page{}, err
		}
		conds = append(conds, sql)
	}
	var total int
	var items []store.Hit
	err = pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly, IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
		docs, err := readPostings(ctx, tx, `SELECT key, term, followers, tf_tags, tf_name, tf_description, tf_content, len_tags, len_name, len_description, len_content, pos
FROM channel_postings WHERE `+strings.Join(conds, " AND "), b.args)
		if err != nil {
			return err
		}
		matched := docs[:0]
		for _, d := range docs {
			if scorePostingDoc(d, plans, weights, &st) {
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
		raws := make(map[string][]byte, len(keys))
		rows, err := tx.Query(ctx, `SELECT key, doc FROM channels WHERE key = ANY($1::text[])`, keys)
		if err != nil {
			return err
		}
		for rows.Next() {
			var k string
			var raw []byte
			if err := rows.Scan(&k, &raw); err != nil {
				rows.Close()
				return err
			}
			raws[k] = raw
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
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
		return nil
	})
	if err != nil {
		return store.Page{}, fmt.Errorf("pgstore: keyword postings: %w", err)
	}
	store.LearnedReasons(items, exps)
	return store.Page{Items: items, Total: total, NextOffset: nextOffset(q.Offset, len(items), total), Expansions: exps}, nil
}

// readPostings reads the rows of sql, grouped by channel (in the order
// the rows come: by term, then key; the order does not rank).
func readPostings(ctx context.Context, tx pgx.Tx, sql string, args []any) ([]*postingDoc, error) {
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byKey := map[string]*postingDoc{}
	var docs []*postingDoc
	for rows.Next() {
		var key string
		var p posting
		var followers int64
		var lens [4]int32
		if err := rows.Scan(&key, &p.term, &followers, &p.tf[0], &p.tf[1], &p.tf[2], &p.tf[3], &lens[0], &lens[1], &lens[2], &lens[3], &p.pos); err != nil {
			return nil, err
		}
		d := byKey[key]
		if d == nil {
			d = &postingDoc{key: key, followers: followers, lens: lens, terms: map[string]*posting{}}
			byKey[key] = d
			docs = append(docs, d)
		}
		d.terms[p.term] = &p
	}
	return docs, rows.Err()
}

// scorePostingDoc reports whether d matches every keyword of plans and
// sets its score: per keyword, the BM25F score of its own words where
// they match, else the keyword's alias factor times the best score of
// the aliases that match (scoreExpr's max(own, w·alias), which is own
// where own matches), summed over the keywords in order.
func scorePostingDoc(d *postingDoc, plans []kwMatch, weights []float64, st *bm25Stats) bool {
	var score float64
	for i, m := range plans {
		if phraseMatches(d, m.own, m.fields) {
			score += phraseScore(d, m.own, m.fields, st)
			continue
		}
		best, any := 0.0, false
		for _, a := range m.aliases {
			if !phraseMatches(d, a, m.fields) {
				continue
			}
			if sc := phraseScore(d, a, m.fields, st); !any || sc > best {
				best, any = sc, true
			}
		}
		if !any {
			return false
		}
		score += weights[i] * best
	}
	d.score = score
	return true
}

// phraseMatches reports whether phrase p occurs in one of fields of d:
// every term in the field and, for more than one unit, the units in a
// row within one value (memstore's matchField; pgstore's planExpr).
func phraseMatches(d *postingDoc, p kwPlan, fields []int) bool {
	if len(p.units) == 0 {
		return false
	}
	for _, f := range fields {
		if phraseInField(d, p, f) {
			return true
		}
	}
	return false
}

func phraseInField(d *postingDoc, p kwPlan, f int) bool {
	for _, t := range p.terms {
		if pt := d.terms[t]; pt == nil || pt.tf[f] == 0 {
			return false
		}
	}
	if len(p.units) < 2 {
		return true
	}
	first := d.terms[p.units[0]]
	for _, at := range first.pos {
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
func phraseScore(d *postingDoc, p kwPlan, fields []int, st *bm25Stats) float64 {
	var score float64
	for _, t := range p.terms {
		pt := d.terms[t]
		if pt == nil {
			continue
		}
		var x float64
		for _, f := range fields {
			if pt.tf[f] == 0 {
				continue
			}
			norm := 1 - bm25B + bm25B*float64(d.lens[f])/st.avg[f]
			x += fieldWeight[f] * float64(pt.tf[f]) / norm
		}
		if x > 0 {
			score += st.idf(t) * x * (bm25K1 + 1) / (x + bm25K1)
		}
	}
	return score
}
