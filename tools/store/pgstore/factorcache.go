package pgstore

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	lru "github.com/hashicorp/golang-lru/v2"

	"searchagent/tools/platform"
)

// factorCacheSize is how many sets of alias factors a store keeps: a set
// is a few floats under its statement's text.
const factorCacheSize = 1024

// factorQuery is the statement of a search's alias factors (see
// scoreExpr), written with a builder of its own: per keyword with
// aliases, its own and alias scores per row, and the conditions of the
// rows they are aggregated over.
type factorQuery struct {
	bm      *bm25
	cols    []string
	widened []string
}

// add is one keyword's factor: own and aliases over fields.
func (q *factorQuery) add(own kwPlan, aliases []kwPlan, fields []int) {
	ownScore, aliasScore, matches := aliasScores(q.bm, own, aliases, fields)
	n := strconv.Itoa(len(q.cols) / 2)
	q.cols = append(q.cols, ownScore+" AS o"+n, aliasScore+" AS a"+n)
	q.widened = append(q.widened, matches...)
}

// sql is the statement on p: one row of the catalog version and the
// factors, in the order add was called. The factor is memstore's
// withAliases: aliasWeight, or 0.99·min(own)/max(alias) when aliasWeight
// would rank an alias-only row above the lowest own-word row (min and max
// over the platform's rows the keyword or an alias matches). OFFSET 0
// keeps the per-row scores a subquery, each computed once (folded into
// the aggregates, each was computed twice: min and max are read twice).
func (q *factorQuery) sql(p platform.Platform) string {
	b := q.bm.b
	pl := b.arg(string(p))
	var fs []string
	for i := range len(q.cols) / 2 {
		n := strconv.Itoa(i)
		fs = append(fs, fmt.Sprintf("CASE WHEN max(a%[1]s) > 0 AND %[2]s * max(a%[1]s) >= min(o%[1]s) THEN %[3]s::float8 * min(o%[1]s) / max(a%[1]s) ELSE %[2]s END",
			n, b.num(aliasWeight)+"::float8", b.num(0.99)))
	}
	return `SELECT (SELECT version FROM catalog_version), ` + strings.Join(fs, ", ") + ` FROM (SELECT ` + strings.Join(q.cols, ", ") +
		` FROM channels WHERE platform = ` + pl + ` AND (` + strings.Join(q.widened, " OR ") + `) OFFSET 0) kw_a`
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
	n := len(fq.cols) / 2
	ws := make([]float64, n)
	dest := []any{&key.version}
	for i := range ws {
		dest = append(dest, &ws[i])
	}
	if err := s.pool.QueryRow(ctx, sql, append(append([]any(nil), s.planEach...), fq.bm.b.args...)...).Scan(dest...); err != nil {
		return nil, fmt.Errorf("pgstore: alias factors: %w", err)
	}
	s.factors.Add(key, ws)
	return ws, nil
}

func newFactorCache() *lru.Cache[factorKey, []float64] {
	c, _ := lru.New[factorKey, []float64](factorCacheSize) // errors only for a size ≤ 0
	return c
}
