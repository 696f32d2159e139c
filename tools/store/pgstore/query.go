package pgstore

import (
	"context"
	"errors"
	"fmt"
	"math"
	"searchagent/tools/scope"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"searchagent/tools/platform"
	"searchagent/tools/store"
	"searchagent/tools/textnorm"
)

// builder collects positional arguments.
type builder struct{ args []any }

// arg adds v and returns its placeholder.
func (b *builder) arg(v any) string {
	b.args = append(b.args, v)
	return "$" + strconv.Itoa(len(b.args))
}

// fieldColumns are the per-field column prefixes in store.FieldScopes
// order.
var fieldColumns = [...]string{"tags", "name", "description", "content"}

// BM25F parameters: the in-memory store's (memstore/index.go).
var fieldWeight = [...]float64{2, 2.5, 1, 1}

const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// scopeFields lists the field indexes a scope covers.
func scopeFields(s store.Scope) []int {
	switch s {
	case scope.Name:
		return []int{1}
	case scope.Description:
		return []int{2}
	case scope.Content:
		return []int{3}
	case scope.All:
		return []int{0, 1, 2, 3}
	}
	return []int{0}
}

// seqSep separates two values of a field in its unit sequence.
const seqSep = "\x1f"

// kwPlan is a keyword tokenised as the index is.
type kwPlan struct {
	terms []string // distinct tokens (units and CJK bigrams)
	units []string // the phrase's units, in order
}

func planKeyword(text string) kwPlan {
	var p kwPlan
	for tok := range textnorm.Scan(text) {
		if tok.Unit() {
			p.units = append(p.units, tok.Text)
		}
		if !slices.Contains(p.terms, tok.Text) {
			p.terms = append(p.terms, tok.Text)
		}
	}
	return p
}

// likeEscape escapes LIKE's wildcards (the escape character is \).
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// matchExpr is the condition "keyword k matches the row" (columns of
// table alias c omitted: the columns are unqualified).
func matchExpr(b *builder, k store.Keyword) string {
	p := planKeyword(k.Text)
	if len(p.units) == 0 {
		return "false"
	}
	terms := b.arg(p.terms)
	pattern := ""
	if len(p.units) > 1 {
		pattern = b.arg("% " + likeEscape(strings.Join(p.units, " ")) + " %")
	}
	var ors []string
	for _, f := range scopeFields(k.Scope) {
		c := fieldColumns[f]
		e := c + `_terms @> ` + terms + `::text[]`
		if pattern != "" {
			e += ` AND ` + c + `_seq LIKE ` + pattern
		}
		ors = append(ors, "("+e+")")
	}
	return "(" + strings.Join(ors, " OR ") + ")"
}

// where is the condition for platform, keywords and filters (q canonical).
func (s *Store) where(b *builder, p platform.Platform, kws []store.Keyword, f store.Filters) (string, error) {
	conds := []string{`platform = ` + b.arg(string(p))}
	for _, k := range kws {
		if k.Soft {
			continue // ranks only (scoreExpr)
		}
		m := matchExpr(b, k)
		if k.Excluded {
			conds = append(conds, "NOT "+m)
		} else {
			conds = append(conds, m)
		}
	}
	for _, c := range f.Clauses() {
		sql, err := clauseSQL(b, c)
		if err != nil {
			return "", err
		}
		conds = append(conds, sql)
	}
	return strings.Join(conds, " AND "), nil
}

// errClause: a filter clause this store cannot express (a new operator in
// store.Clause without its SQL here).
var errClause = errors.New("pgstore: unsupported filter clause")

// clauseSQL is the SQL condition of one filter clause; the column or
// expression comes from the filter registry (fields.Registry), never from
// input.
func clauseSQL(b *builder, c store.Clause) (string, error) {
	col := c.Field.Column
	vals := c.Values
	if c.Field.Fold {
		vals = lower(vals)
	}
	switch c.Op {
	case store.OneOf:
		return col + ` = ANY(` + b.arg(vals) + `::text[])`, nil
	case store.NoneOf:
		return `(` + col + ` = '' OR ` + col + ` <> ALL(` + b.arg(vals) + `::text[]))`, nil
	case store.AtLeast:
		return col + ` >= ` + b.arg(c.Number), nil
	case store.AtMost:
		return col + ` <= ` + b.arg(c.Number), nil
	case store.Since:
		return col + ` >= ` + b.arg(c.Time), nil
	}
	return "", fmt.Errorf("%w: filter on %s: operator %d has no SQL", errClause, c.Field.Name, c.Op)
}

func lower(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = strings.ToLower(v)
	}
	return out
}

// bm25Stats are the statistics a keyword query scores with: the
// platform's channel count, its average field lengths and the document
// frequencies of the query's terms.
type bm25Stats struct {
	n   int64
	avg [4]float64
	df  map[string]int64
}

// idf is the inverse document frequency of t, as the in-memory store
// computes it.
func (st *bm25Stats) idf(t string) float64 {
	d := float64(st.df[t])
	return math.Log(1 + (float64(st.n)-d+0.5)/(d+0.5))
}

// termStats reads the statistics of terms on p, kept by Upsert: one
// primary-key lookup per term, no count over the catalog. ok is false
// when the platform has no channels.
func (s *Store) termStats(ctx context.Context, p platform.Platform, terms []string) (st bm25Stats, ok bool, err error) {
	var lens [4]int64
	var dfs []int64
	err = s.pool.QueryRow(ctx, `SELECT s.n, s.len_tags, s.len_name, s.len_description, s.len_content,
  ARRAY(SELECT coalesce((SELECT t.df FROM channel_terms t WHERE t.platform = $1 AND t.term = u.t), 0) FROM unnest($2::text[]) WITH ORDINALITY u(t, i) ORDER BY u.i)
FROM channel_stats s WHERE s.platform = $1`, string(p), terms).Scan(&st.n, &lens[0], &lens[1], &lens[2], &lens[3], &dfs)
	if errors.Is(err, pgx.ErrNoRows) {
		return st, false, nil
	}
	if err != nil {
		return st, false, fmt.Errorf("pgstore: keyword statistics: %w", err)
	}
	st.df = make(map[string]int64, len(terms))
	for i, t := range terms {
		st.df[t] = dfs[i]
	}
	for f := range st.avg {
		if st.n > 0 {
			st.avg[f] = float64(lens[f]) / float64(st.n)
		}
		if st.avg[f] == 0 {
			st.avg[f] = 1
		}
	}
	return st, st.n > 0, nil
}

// scored is the BM25F relevance of a keyword query's positive keywords:
// from, a LATERAL subquery to put after the channels table (aliased c),
// computes each term's weighted frequency x once per row, and expr sums
// the terms' scores from those columns. No keywords: from is "" and expr
// 0.
type scored struct{ from, expr string }

// scoreExpr is the BM25F relevance of the positive keywords, the same
// sums in the same order as the in-memory store: per keyword, per
// distinct term, idf · x(k1+1)/(x+k1) with x = Σ_field w·tf/norm.
// Document frequencies and field lengths come from the statistics Upsert
// keeps (termStats); idf is computed here. Each x is a column of the
// LATERAL subquery (OFFSET 0 keeps PostgreSQL from folding it back into
// the sum, which would evaluate it three times), so a row's tokens are
// scanned once per term and field.
func (s *Store) scoreExpr(ctx context.Context, b *builder, p platform.Platform, kws []store.Keyword) (scored, error) {
	var plans []kwPlan
	var fields [][]int
	var all []string
	for _, k := range kws {
		if k.Excluded {
			continue
		}
		pl := planKeyword(k.Text)
		if len(pl.units) == 0 {
			continue
		}
		plans = append(plans, pl)
		fields = append(fields, scopeFields(k.Scope))
		for _, t := range pl.terms {
			if !slices.Contains(all, t) {
				all = append(all, t)
			}
		}
	}
	none := scored{expr: "0::float8"}
	if len(plans) == 0 {
		return none, nil
	}
	st, ok, err := s.termStats(ctx, p, all)
	if err != nil || !ok {
		return none, err // no statistics: the platform has no channels (nothing matches)
	}
	var xs, kwSums []string
	for i, pl := range plans {
		var termScores []string
		for _, t := range pl.terms {
			targ := b.arg(t) + "::text"
			var fs []string
			for _, f := range fields[i] {
				col := "c." + fieldColumns[f] + "_terms"
				// w·tf / (1-b + b·len/avg), as memstore evaluates it.
				fs = append(fs, fmt.Sprintf("(%s::float8 * coalesce(cardinality(array_positions(%s, %s)), 0) / (%s::float8 + %s::float8 * cardinality(%s) / %s::float8))",
					b.arg(fieldWeight[f]), col, targ, b.arg(1-bm25B), b.arg(bm25B), col, b.arg(st.avg[f])))
			}
			x := "x." + "x" + strconv.Itoa(len(xs))
			xs = append(xs, "("+strings.Join(fs, " + ")+") AS x"+strconv.Itoa(len(xs)))
			termScores = append(termScores, fmt.Sprintf("(CASE WHEN %[1]s > 0 THEN %[2]s::float8 * %[1]s * %[3]s::float8 / (%[1]s + %[4]s::float8) ELSE 0 END)",
				x, b.arg(st.idf(t)), b.arg(bm25K1+1), b.arg(bm25K1)))
		}
		kwSums = append(kwSums, "("+strings.Join(termScores, " + ")+")")
	}
	return scored{from: ` CROSS JOIN LATERAL (SELECT ` + strings.Join(xs, ", ") + ` OFFSET 0) x`, expr: "(" + strings.Join(kwSums, " + ") + ")"}, nil
}
