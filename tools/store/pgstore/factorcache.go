package pgstore

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/jackc/pgx/v5"

	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
	"searchagent/tools/taxonomy"
)

// factorCacheSize is how many sets of alias factors a store keeps: a set
// is a few floats under its statement's text.
const factorCacheSize = 1024

// factorQuery is the statement of a search's alias factors (see
// scoreExpr), written with a builder of its own. A factor depends on two
// statistics of phrases: the lowest score of the keyword's own words and
// the highest of its aliases', each over the platform's channels the
// phrase matches. The statement returns, per distinct phrase, its
// [lowest, highest] score: the row ingest kept for it at the current
// catalog version (keyword_alias_stats, see PrecomputeAliasStats), else
// the aggregate over its matching channels, computed in the statement
// (coalesce evaluates the aggregate only when the row is missing).
type factorQuery struct {
	bm *bm25
	// phrases are the distinct phrases, with the fields they are scored
	// over; factors index them.
	phrases []fieldPhrase
	factors []factorRef
}

// fieldPhrase is a phrase scored over fields.
type fieldPhrase struct {
	p      kwPlan
	fields []int
}

// key is the phrase's key in keyword_alias_stats: its fields, and its
// units and terms as the query tokenises them.
func (f fieldPhrase) key() (fields, phrase string) {
	fs := make([]string, len(f.fields))
	for i, x := range f.fields {
		fs[i] = strconv.Itoa(x)
	}
	return strings.Join(fs, ","), strings.Join(f.p.units, " ") + "\x1f" + strings.Join(f.p.terms, " ")
}

// factorRef is one keyword's factor: the index of its own words' phrase
// (-1: they have no unit) and of its aliases'.
type factorRef struct {
	own     int
	aliases []int
}

// phrase returns the index of (p, fields) in q.phrases, adding it.
func (q *factorQuery) phrase(p kwPlan, fields []int) int {
	fp := fieldPhrase{p: p, fields: fields}
	fk, pk := fp.key()
	for i, o := range q.phrases {
		if ofk, opk := o.key(); ofk == fk && opk == pk {
			return i
		}
	}
	q.phrases = append(q.phrases, fp)
	return len(q.phrases) - 1
}

// add is one keyword's factor: own and aliases over fields.
func (q *factorQuery) add(own kwPlan, aliases []kwPlan, fields []int) {
	r := factorRef{own: -1}
	if len(own.units) > 0 {
		r.own = q.phrase(own, fields)
	}
	for _, a := range aliases {
		r.aliases = append(r.aliases, q.phrase(a, fields))
	}
	q.factors = append(q.factors, r)
}

// statsExpr is the [lowest, highest] BM25F score of fp over the rows of
// platform pl (a placeholder) that fp matches, as an aggregate (NULLs
// when none does). OFFSET 0 keeps each row's score computed once.
func statsExpr(bm *bm25, pl string, fp fieldPhrase) string {
	return `(SELECT ARRAY[min(x), max(x)] FROM (SELECT ` + bm.expr(fp.p, fp.fields) + ` AS x FROM channels WHERE platform = ` + pl +
		` AND ` + planExpr(bm.b, fp.p, fp.fields) + ` OFFSET 0) kw_s)`
}

// sql is the statement on p: one row of the catalog version and, per
// phrase, its [lowest, highest] score.
func (q *factorQuery) sql(p platform.Platform) string {
	b := q.bm.b
	pl := b.arg(string(p))
	cols := []string{`(SELECT version FROM catalog_version)`}
	for _, fp := range q.phrases {
		fk, pk := fp.key()
		kept := `(SELECT ARRAY[k.min_score, k.max_score] FROM keyword_alias_stats k WHERE k.platform = ` + pl + ` AND k.fields = ` + b.arg(fk) +
			` AND k.phrase = ` + b.arg(pk) + ` AND k.version = (SELECT version FROM catalog_version))`
		cols = append(cols, `coalesce(`+kept+`, `+statsExpr(q.bm, pl, fp)+`)`)
	}
	return `SELECT ` + strings.Join(cols, ", ")
}

// weights are the factors from the phrases' statistics, in the order add
// was called. The factor is memstore's withAliases: aliasWeight, or
// 0.99·min(own)/max(alias) when aliasWeight would rank an alias-only row
// above the lowest own-word row (min and max over the platform's rows
// the keyword or an alias matches: the lowest of the own phrase's, the
// highest of the aliases').
func (q *factorQuery) weights(stats [][2]*float64) []float64 {
	ws := make([]float64, len(q.factors))
	for i, r := range q.factors {
		ws[i] = aliasWeight
		var own, alias *float64
		if r.own >= 0 {
			own = stats[r.own][0]
		}
		for _, a := range r.aliases {
			if m := stats[a][1]; m != nil && (alias == nil || *m > *alias) {
				alias = m
			}
		}
		if own != nil && alias != nil && *alias > 0 && aliasWeight**alias >= *own {
			ws[i] = 0.99 * *own / *alias
		}
	}
	return ws
}

// factorKey is what a set of factors depends on: the catalog version it
// was computed at and its statement with the arguments (the plans' terms
// and fields, the idf and average lengths it scores with).
type factorKey struct {
	version   int64
	sql, args string
}

// aliasFactors are the factors of fq's keywords on p, from the cache when
// they were computed at version (the catalog version the search read its
// term statistics at), else computed now. They are kept under the version
// their own statement read, in the same snapshot as the rows it
// aggregated: a write of the channels raises the version in its
// transaction (bumpVersion), so factors are never served for a catalog
// they were not computed on. (As before, the search's own statement may
// see a write that committed after its statistics were read.)
func (s *Store) aliasFactors(ctx context.Context, p platform.Platform, version int64, fq *factorQuery) ([]float64, error) {
	sql := fq.sql(p)
	args, err := json.Marshal(fq.bm.b.args)
	if err != nil {
		return nil, fmt.Errorf("pgstore: alias factors: %w", err)
	}
	key := factorKey{version: version, sql: sql, args: string(args)}
	if ws, ok := s.factors.Get(key); ok {
		return ws, nil
	}
	arrs := make([][]*float64, len(fq.phrases))
	dest := []any{&key.version}
	for i := range arrs {
		dest = append(dest, &arrs[i])
	}
	if err := s.pool.QueryRow(ctx, sql, append(append([]any(nil), s.planEach...), fq.bm.b.args...)...).Scan(dest...); err != nil {
		return nil, fmt.Errorf("pgstore: alias factors: %w", err)
	}
	stats := make([][2]*float64, len(arrs))
	for i, a := range arrs {
		if len(a) != 2 {
			return nil, fmt.Errorf("pgstore: alias factors: phrase %d: %d statistics, want 2", i, len(a))
		}
		stats[i] = [2]*float64{a[0], a[1]}
	}
	ws := fq.weights(stats)
	s.factors.Add(key, ws)
	return ws, nil
}

func newFactorCache() *lru.Cache[factorKey, []float64] {
	c, _ := lru.New[factorKey, []float64](factorCacheSize) // errors only for a size ≤ 0
	return c
}

// aliasStatsChunk is how many phrases one statement of
// PrecomputeAliasStats computes.
const aliasStatsChunk = 64

// aliasPhrases are the phrases whose statistics a factor can ask for,
// with the fields they are scored over: every word of the alias table as
// a keyword of each scope that widens (tags, all), when it has aliases
// there, and those aliases.
func aliasPhrases() []fieldPhrase {
	q := &factorQuery{}
	for _, sc := range []store.Scope{scope.Tags, scope.All} {
		for w := range taxonomy.Synonyms.Words() {
			k := store.Keyword{Text: w, Scope: sc}
			m := planMatch(k)
			if len(m.aliases) == 0 {
				continue
			}
			q.add(m.own, m.aliases, m.fields)
		}
	}
	return q.phrases
}

// PrecomputeAliasStats computes the statistics of every phrase of the
// alias table (aliasPhrases) on every platform and keeps them under the
// current catalog version (keyword_alias_stats), replacing older ones:
// a keyword search with aliases then reads its factors by key.
// `searchagent ingest` runs it after Finish (about 1,600 aggregates, one
// per phrase and platform; tests that load catalogs leave it out, and
// their searches compute the statistics as before); each row is the aggregate and the
// version read in one statement, so a write that commits meanwhile
// leaves a row of the older version, which searches ignore.
func (s *Store) PrecomputeAliasStats(ctx context.Context) error {
	phrases := aliasPhrases()
	var terms []string
	for _, fp := range phrases {
		for _, t := range fp.p.terms {
			if !slices.Contains(terms, t) {
				terms = append(terms, t)
			}
		}
	}
	rows, err := s.pool.Query(ctx, `SELECT platform FROM channel_stats ORDER BY platform`)
	if err != nil {
		return fmt.Errorf("pgstore: alias statistics: %w", err)
	}
	plats, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("pgstore: alias statistics: %w", err)
	}
	if _, err := s.pool.Exec(ctx, `DELETE FROM keyword_alias_stats`); err != nil {
		return fmt.Errorf("pgstore: alias statistics: %w", err)
	}
	for _, p := range plats {
		st, ok, err := s.termStats(ctx, platform.Platform(p), terms)
		if err != nil || !ok {
			return err
		}
		// A statement per chunk of phrases: one per phrase was 1,600
		// round trips per ingest, most of the contract tests' time.
		for chunk := range slices.Chunk(phrases, aliasStatsChunk) {
			bm := &bm25{b: &builder{}, st: st}
			pl := bm.b.arg(p)
			var vals []string
			for _, fp := range chunk {
				fk, pk := fp.key()
				vals = append(vals, `(`+bm.b.arg(fk)+`::text, `+bm.b.arg(pk)+`::text, `+statsExpr(bm, pl, fp)+`)`)
			}
			sql := `INSERT INTO keyword_alias_stats (platform, fields, phrase, version, min_score, max_score)
SELECT ` + pl + `, v.f, v.k, (SELECT version FROM catalog_version), v.s[1], v.s[2] FROM (VALUES ` + strings.Join(vals, ", ") + `) v(f, k, s)
ON CONFLICT (platform, fields, phrase) DO UPDATE SET version = EXCLUDED.version, min_score = EXCLUDED.min_score, max_score = EXCLUDED.max_score`
			if _, err := s.pool.Exec(ctx, sql, append(append([]any(nil), s.planEach...), bm.b.args...)...); err != nil {
				return fmt.Errorf("pgstore: alias statistics on %s: %w", p, err)
			}
		}
	}
	return nil
}
