package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"searchagent/tools/condition"
	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
	"searchagent/tools/textnorm"
)

// builder collects positional arguments, and carries the learned
// expansions of the query's keywords (learnedExps; nil: none), which
// every condition and score it writes applies.
type builder struct {
	args    []any
	learned learnedExps
	consts  map[float64]string // num's placeholders, by value
}

// arg adds v and returns its placeholder.
func (b *builder) arg(v any) string {
	b.args = append(b.args, v)
	return "$" + strconv.Itoa(len(b.args))
}

// num is the placeholder of the constant v of a score (a field weight,
// a BM25 parameter, an average length), added once per statement however
// often the score spells it: a keyword query had a parameter per term per
// field for each, up to 150 in all, and PostgreSQL binds and plans each.
func (b *builder) num(v float64) string {
	if p, ok := b.consts[v]; ok {
		return p
	}
	if b.consts == nil {
		b.consts = map[float64]string{}
	}
	p := b.arg(v)
	b.consts[v] = p
	return p
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

// kwMatch is a keyword as the SQL matches it: its own words and its
// aliases (store.Aliases: the bilingual topic table), all in the
// keyword's scope. The keyword matches a row when its own words or any
// alias does, as in the in-memory store. learned, when the keyword's own
// words and aliases match no channel of the platform, are the labels of
// its learned expansion (store.LearnedExpansion), each matched as a
// keyword of its own (with its aliases) and weighted by its cosine.
type kwMatch struct {
	own     kwPlan
	aliases []kwPlan // the aliases that have a phrase to match
	fields  []int
	learned []learnedAlt
}

// learnedAlt is one label of a learned expansion: how it matches, and its
// cosine with the keyword.
type learnedAlt struct {
	m   kwMatch
	cos float64
}

func planMatch(k store.Keyword) kwMatch {
	m := kwMatch{own: planKeyword(k.Text), fields: scopeFields(k.Scope)}
	for _, a := range store.Aliases(k) {
		// Two aliases that tokenise alike ("headphones", "headphone")
		// match and score alike: the second adds nothing to the best
		// alias score but its conditions and its per-row score.
		if p := planKeyword(a); len(p.units) > 0 && !slices.ContainsFunc(m.aliases, func(o kwPlan) bool { return samePlan(o, p) }) {
			m.aliases = append(m.aliases, p)
		}
	}
	return m
}

// samePlan reports whether a and b tokenise alike.
func samePlan(a, b kwPlan) bool {
	return slices.Equal(a.terms, b.terms) && slices.Equal(a.units, b.units)
}

// plan is keyword k as this query matches it: planMatch, with the learned
// expansion the builder carries for it.
func (b *builder) plan(k store.Keyword) kwMatch {
	m := planMatch(k)
	e, ok := b.learned.of(k)
	if !ok {
		return m
	}
	for i, alt := range e.Also {
		m.learned = append(m.learned, learnedAlt{m: planMatch(store.Keyword{Text: alt, Scope: k.Scope}), cos: e.Cosines[i]})
	}
	return m
}

// matchExpr is the condition "keyword m matches the row", through its
// aliases and learned labels too (columns unqualified).
func matchExpr(b *builder, m kwMatch) string {
	ors := []string{planExpr(b, m.own, m.fields)}
	for _, a := range m.aliases {
		ors = append(ors, planExpr(b, a, m.fields))
	}
	for _, l := range m.learned {
		ors = append(ors, matchExpr(b, l.m))
	}
	if len(ors) == 1 {
		return ors[0]
	}
	return "(" + strings.Join(ors, " OR ") + ")"
}

// planExpr is the condition "the phrase p occurs in one of fields": every
// token in the field's terms and, for more than one unit, the units in a
// row in its unit sequence.
func planExpr(b *builder, p kwPlan, fields []int) string {
	if len(p.units) == 0 {
		return "false"
	}
	terms := b.arg(p.terms)
	pattern := ""
	if len(p.units) > 1 {
		pattern = b.arg("% " + likeEscape(strings.Join(p.units, " ")) + " %")
	}
	var ors []string
	for _, f := range fields {
		c := fieldColumns[f]
		e := c + `_terms @> ` + terms + `::text[]`
		if pattern != "" {
			e += ` AND ` + c + `_seq LIKE ` + pattern
		}
		ors = append(ors, "("+e+")")
	}
	return "(" + strings.Join(ors, " OR ") + ")"
}

// termsPlace is the expression of the index channels_terms_place
// (migration 00013): a channel's distinct terms with two more elements,
// its platform (placeMark + platform) and its platform and country
// (placeMark + platform + placeMark + country).
const termsPlace = `(all_terms || ARRAY[chr(31) || platform, chr(31) || platform || chr(31) || country])`

// placeMark heads termsPlace's elements of a channel's place (the unit
// separator: no term holds it).
const placeMark = "\x1f"

// impliedTerms is a condition every row of platform p that keyword m
// matches passes, and no row of another platform, or of another country
// when country is set (a validated code; "" none): for one of m's
// phrases (its own words, an alias, a learned label's), every term among
// the row's terms with the row's place — the rows the index
// channels_terms_place finds in one scan (GIN starts from the rarest
// entry and only seeks the common ones, the place), m's field conditions
// (matchExpr) then checked on them. "" when no phrase has a unit (m
// matches nothing; matchExpr says false).
func impliedTerms(b *builder, m kwMatch, p platform.Platform, country string) string {
	place := placeMark + string(p)
	if country != "" {
		place += placeMark + country
	}
	var ors []string
	var add func(m kwMatch)
	add = func(m kwMatch) {
		for _, ph := range append([]kwPlan{m.own}, m.aliases...) {
			if len(ph.units) == 0 {
				continue
			}
			ors = append(ors, termsPlace+` @> `+b.arg(append(slices.Clone(ph.terms), place))+`::text[]`)
		}
		for _, l := range m.learned {
			add(l.m)
		}
	}
	add(m)
	if len(ors) == 0 {
		return ""
	}
	if len(ors) == 1 {
		return ors[0]
	}
	return "(" + strings.Join(ors, " OR ") + ")"
}

// where is the condition for platform, keywords and filters (q canonical).
//
// A required keyword's condition comes with impliedTerms, which then
// stands for the platform and, when the filters hold exactly one, the
// country: their own conditions are not written, so that the planner
// does not AND the channels_terms_place bitmap with the 112,126 rows of
// YouTube in the US from the platform's and country's index (40 ms at a
// million channels for a keyword of 5,700 rows there; migration 00013).
func (s *Store) where(b *builder, p platform.Platform, kws []store.Keyword, f store.Filters) (string, error) {
	country := ""
	if in := f.Values(condition.Country).In; len(in) == 1 && countryCode(in[0]) {
		country = in[0]
	}
	var conds []string
	placed := false
	for _, k := range kws {
		if k.Soft {
			continue // ranks only (scoreExpr)
		}
		m := b.plan(k)
		if k.Excluded {
			conds = append(conds, "NOT "+matchExpr(b, m))
			continue
		}
		if im := impliedTerms(b, m, p, country); im != "" {
			conds = append(conds, im)
			placed = true
		}
		conds = append(conds, matchExpr(b, m))
	}
	if !placed {
		conds = append([]string{`platform = ` + b.arg(string(p))}, conds...)
	}
	for _, c := range f.Clauses() {
		if placed && country != "" && c.Field.Name == condition.Country && c.Op == store.OneOf {
			continue // impliedTerms holds it
		}
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

// aliasWeight is the largest factor on the score of a row that a
// keyword matches only through an alias (memstore's aliasWeight).
const aliasWeight = 0.8

// scoring is the relevance of a search: score is the expression over the
// rows of channels c.
type scoring struct {
	score string
}

// aliasScores are, written with bm, the score of a keyword's own words
// (NULL when they have no unit) and the best of its aliases' scores over
// fields, each counted only on a row the phrase matches, and the match
// conditions of both (memstore's keywordMatch).
func aliasScores(bm *bm25, own kwPlan, aliases []kwPlan, fields []int) (ownScore, aliasScore string, matches []string) {
	ownScore = "NULL::float8"
	if len(own.units) > 0 {
		match := planExpr(bm.b, own, fields)
		matches = append(matches, match)
		ownScore = "CASE WHEN " + match + " THEN " + bm.expr(own, fields) + " END"
	}
	var alts []string
	for _, a := range aliases {
		match := planExpr(bm.b, a, fields)
		matches = append(matches, match)
		alts = append(alts, "CASE WHEN "+match+" THEN "+bm.expr(a, fields)+" END")
	}
	return ownScore, "greatest(" + strings.Join(alts, ", ") + ")", matches
}

// scoreExpr is the BM25F relevance of the positive and soft keywords, the
// same sums in the same order as the in-memory store: per keyword, per
// distinct term, idf · x(k1+1)/(x+k1) with x = Σ_field w·tf/norm, counted
// only on a row the keyword matches. Document frequencies and field
// lengths come from the statistics Upsert keeps (termStats), read by key;
// idf is computed here.
//
// A keyword with aliases (store.Aliases) scores max(own, w·alias) as
// memstore's keywordMatch: own is the score of its own words, alias the
// best of its aliases', and w = 0.8, or 0.99·min(own)/max(alias) when 0.8
// would rank an alias-only row above the lowest own-word row (min and max
// over the platform's matching rows, every filter aside). These factors
// depend on the platform, the keywords' plans and the catalog only, and
// their aggregate over every matching row of the platform was most of an
// alias keyword's statement; they are computed in a statement of their
// own and kept by catalog version (aliasFactors), and the search binds
// them as parameters.
// A keyword with a learned expansion (its own words and aliases match no
// channel) scores aliasWeight · max over its labels of cosine · the
// label's score, each label scored as a keyword with its aliases, again
// as memstore's keywordMatch.
func (s *Store) scoreExpr(ctx context.Context, b *builder, p platform.Platform, kws []store.Keyword) (scoring, error) {
	zero := scoring{score: "0::float8"}
	var plans []kwMatch
	var soft []bool
	var all []string
	addTerms := func(pl kwPlan) {
		for _, t := range pl.terms {
			if !slices.Contains(all, t) {
				all = append(all, t)
			}
		}
	}
	for _, k := range kws {
		if k.Excluded {
			continue
		}
		m := b.plan(k)
		if len(m.own.units) == 0 && len(m.aliases) == 0 && len(m.learned) == 0 {
			continue
		}
		plans = append(plans, m)
		soft = append(soft, k.Soft)
		addTerms(m.own)
		for _, a := range m.aliases {
			addTerms(a)
		}
		for _, l := range m.learned {
			addTerms(l.m.own)
			for _, a := range l.m.aliases {
				addTerms(a)
			}
		}
	}
	if len(plans) == 0 {
		return zero, nil
	}
	st, ok, err := s.termStats(ctx, p, all)
	if err != nil || !ok {
		return zero, err // no statistics: the platform has no channels (nothing matches)
	}
	bm := &bm25{b: b, st: st}
	// The factors' statement is written with a builder of its own: fq
	// collects its per-row scores and the conditions that widen it, and
	// each factor's placeholder in the search (bound once the factors are
	// known) goes in slots.
	fq := &factorQuery{bm: &bm25{b: &builder{learned: b.learned}, st: st}}
	var slots []int
	factor := func(own kwPlan, aliases []kwPlan, fields []int) string {
		fq.add(own, aliases, fields)
		b.args = append(b.args, nil)
		slots = append(slots, len(b.args)-1)
		return "$" + strconv.Itoa(len(b.args)) + "::float8"
	}
	var kwSums []string
	for i, m := range plans {
		if len(m.learned) > 0 {
			// The keyword's own words and aliases match no channel of the
			// platform: memstore scores a row aliasWeight · max over the
			// labels of cosine · the label's own score (its words, or its
			// aliases' at their factor).
			var alts []string
			for _, l := range m.learned {
				var label string
				if len(l.m.aliases) > 0 {
					ownScore, aliasScore, _ := aliasScores(bm, l.m.own, l.m.aliases, l.m.fields)
					label = fmt.Sprintf("greatest(%s, %s * %s)", ownScore, factor(l.m.own, l.m.aliases, l.m.fields), aliasScore)
				} else {
					label = "CASE WHEN " + planExpr(b, l.m.own, l.m.fields) + " THEN " + bm.expr(l.m.own, l.m.fields) + " END"
				}
				alts = append(alts, b.arg(l.cos)+"::float8 * "+label)
			}
			kwSums = append(kwSums, "coalesce("+b.num(aliasWeight)+"::float8 * greatest("+strings.Join(alts, ", ")+"), 0)")
			continue
		}
		if len(m.aliases) == 0 {
			e := bm.expr(m.own, m.fields)
			if soft[i] {
				// A soft keyword ranks the rows it matches, as memstore:
				// a row with some of its terms but not the phrase gets 0.
				e = "(CASE WHEN " + planExpr(b, m.own, m.fields) + " THEN " + e + " ELSE 0 END)"
			}
			kwSums = append(kwSums, e)
			continue
		}
		if len(m.own.units) == 0 {
			_, aliasScore, _ := aliasScores(bm, m.own, m.aliases, m.fields)
			kwSums = append(kwSums, fmt.Sprintf("coalesce(%s * %s, 0)", factor(m.own, m.aliases, m.fields), aliasScore))
			continue
		}
		// max(own, w·alias) is own on a row the own words match: the
		// factor w keeps every w·alias below the platform's lowest own
		// score (w·max(alias) < min(own), see factorQuery.weights), so
		// such a row's alias scores are not computed (the alias
		// "earbuds" matches every row of "wireless earbuds").
		_, aliasScore, _ := aliasScores(bm, kwPlan{}, m.aliases, m.fields)
		kwSums = append(kwSums, fmt.Sprintf("coalesce(CASE WHEN %s THEN %s ELSE %s * %s END, 0)",
			planExpr(b, m.own, m.fields), bm.expr(m.own, m.fields), factor(m.own, m.aliases, m.fields), aliasScore))
	}
	if len(slots) > 0 {
		ws, err := s.aliasFactors(ctx, p, st.version, fq)
		if err != nil {
			return zero, err
		}
		for i, at := range slots {
			b.args[at] = ws[i]
		}
	}
	return scoring{score: "(" + strings.Join(kwSums, " + ") + ")"}, nil
}

// bm25Stats are the statistics a keyword query scores with: the
// platform's channel count, its average field lengths and the document
// frequencies of the query's terms.
type bm25Stats struct {
	// version is the catalog version the statistics were read at.
	version int64
	n       int64
	avg     [4]float64
	df      map[string]int64
}

// idf is the inverse document frequency of t, as the in-memory store
// computes it.
func (st *bm25Stats) idf(t string) float64 {
	d := float64(st.df[t])
	return math.Log(1 + (float64(st.n)-d+0.5)/(d+0.5))
}

// termStats reads the statistics of terms on p, kept by Upsert: one
// primary-key lookup per term, no count over the catalog, and the catalog
// version (the key of the alias factors: aliasFactors). ok is false when
// the platform has no channels.
//
// The terms go as a JSON array, not a text[]: PostgreSQL sizes unnest of
// a bound array exactly (3 terms) but of a parameter by default (10), so
// the prepared statement's generic plan always looked dearer than a plan
// for the values and every call was planned again (0.1 ms, three times
// its execution); json_array_elements_text is sized alike either way, so
// the same plan, generic, is kept after the fifth call.
func (s *Store) termStats(ctx context.Context, p platform.Platform, terms []string) (st bm25Stats, ok bool, err error) {
	var lens [4]int64
	var dfs []int64
	list, err := json.Marshal(terms)
	if err != nil {
		return st, false, fmt.Errorf("pgstore: keyword statistics: %w", err)
	}
	err = s.pool.QueryRow(ctx, `SELECT s.n, s.len_tags, s.len_name, s.len_description, s.len_content,
  ARRAY(SELECT coalesce((SELECT t.df FROM channel_terms t WHERE t.platform = $1 AND t.term = u.t), 0) FROM json_array_elements_text($2::json) WITH ORDINALITY u(t, i) ORDER BY u.i),
  (SELECT version FROM catalog_version)
FROM channel_stats s WHERE s.platform = $1`, string(p), string(list)).Scan(&st.n, &lens[0], &lens[1], &lens[2], &lens[3], &dfs, &st.version)
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

// bm25 writes BM25F expressions with one platform's statistics.
type bm25 struct {
	b  *builder
	st bm25Stats
}

// expr is the BM25F score of phrase p over fields, summed term by term:
// a subquery over the phrase's terms and their idf, passed as two arrays,
// in which each term's weighted frequency x is computed once (OFFSET 0
// keeps PostgreSQL from folding it back into the three places the score
// reads it). Its size no longer grows with the terms: spelled out term
// by term (a column per term of a LATERAL subquery), the natural-language
// search of the load mix had 151 parameters and took PostgreSQL longer
// to plan than to run.
func (m *bm25) expr(p kwPlan, fields []int) string {
	b := m.b
	idf := make([]float64, len(p.terms))
	for i, t := range p.terms {
		idf[i] = m.st.idf(t)
	}
	var fs []string
	for _, f := range fields {
		c := fieldColumns[f]
		// w·tf / (1-b + b·len/avg), as memstore evaluates it.
		fs = append(fs, fmt.Sprintf("(%s::float8 * coalesce(cardinality(array_positions(%s_terms, u.t)), 0) / (%s::float8 + %s::float8 * cardinality(%s_terms) / %s::float8))",
			b.num(fieldWeight[f]), c, b.num(1-bm25B), b.num(bm25B), c, b.num(m.st.avg[f])))
	}
	return fmt.Sprintf("(SELECT sum(CASE WHEN s.x > 0 THEN s.i * s.x * %[3]s::float8 / (s.x + %[4]s::float8) ELSE 0 END) FROM (SELECT u.i, (%[5]s) AS x FROM unnest(%[1]s::text[], %[2]s::float8[]) u(t, i) OFFSET 0) s)",
		b.arg(p.terms), b.arg(idf), b.num(bm25K1+1), b.num(bm25K1), strings.Join(fs, " + "))
}
