package pgstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/jackc/pgx/v5"

	"searchagent/tools/catalog"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/platform"
	"searchagent/tools/store"
)

// LearnedOff is the state of a store whose database holds no learned
// model.
const LearnedOff = "off: no learned model in the database (run `searchagent ingest`, which learns one unless --learned=false)"

// SaveLearned stores m in learned_models and makes it the catalog's model
// (catalog_meta.learned_model), in one transaction; call it after Finish.
// The store loads it (Refresh).
func (s *Store) SaveLearned(ctx context.Context, m *cooc.Model) error {
	data, err := m.MarshalBinary()
	if err != nil {
		return fmt.Errorf("pgstore: learned model: %w", err)
	}
	st := m.Stats()
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO learned_models (model, dims, terms, channels, data) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (model) DO UPDATE SET dims = EXCLUDED.dims, terms = EXCLUDED.terms, channels = EXCLUDED.channels, data = EXCLUDED.data, built_at = now()`,
			st.Model, st.Dimensions, st.Terms, st.Channels, data); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE catalog_meta SET learned_model = $1`, st.Model)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return errors.New("no catalog_meta row: call Finish first")
		}
		_, err = tx.Exec(ctx, `DELETE FROM learned_models WHERE model <> $1`, st.Model)
		return err
	})
	if err != nil {
		return fmt.Errorf("pgstore: save learned model: %w", err)
	}
	return s.Refresh(ctx)
}

// loadLearned reads the catalog's learned model, nil when there is none;
// the loaded model is kept while its name stays the catalog's.
func (s *Store) loadLearned(ctx context.Context) (*cooc.Model, error) {
	var name string
	err := s.pool.QueryRow(ctx, `SELECT learned_model FROM catalog_meta`).Scan(&name)
	if errors.Is(err, pgx.ErrNoRows) || err == nil && name == "" {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("pgstore: learned model: %w", err)
	}
	s.mu.Lock()
	cur := s.learned
	s.mu.Unlock()
	if cur != nil && cur.Name() == name {
		return cur, nil
	}
	var data []byte
	if err := s.pool.QueryRow(ctx, `SELECT data FROM learned_models WHERE model = $1`, name).Scan(&data); err != nil {
		return nil, fmt.Errorf("pgstore: learned model %s: %w", name, err)
	}
	return cooc.Unmarshal(data)
}

// learnedInfo is Describe's LearnedInfo for model m.
func learnedInfo(m *cooc.Model) store.LearnedInfo {
	if m == nil {
		return store.LearnedInfo{State: LearnedOff}
	}
	return store.DescribeLearned(m)
}

// learnedModel is the store's learned model (nil: none).
func (s *Store) learnedModel() *cooc.Model {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.learned
}

// anchorVector is the anchor's learned vector (nil without a model).
func anchorVector(m *cooc.Model, anchor *catalog.Channel) []float32 {
	if m == nil {
		return nil
	}
	v, _ := m.ChannelVector(anchor, nil)
	return v
}

// learnedExps are the learned expansions of one query's keywords, by
// keyword (its trimmed text and scope, as the memory store keys them).
type learnedExps map[learnedKey]store.Expansion

// learnedKey is a keyword as an expansion is keyed.
type learnedKey struct {
	text  string
	scope store.Scope
}

func keyOf(k store.Keyword) learnedKey {
	return learnedKey{text: strings.TrimSpace(k.Text), scope: k.Scope}
}

// of is k's learned expansion, ok false when it has none or k may not be
// widened (store.LearnedEligible: an exclusion never is).
func (l learnedExps) of(k store.Keyword) (store.Expansion, bool) {
	if len(l) == 0 || !store.LearnedEligible(k) {
		return store.Expansion{}, false
	}
	e, ok := l[keyOf(k)]
	return e, ok
}

// append adds to exps (store.Expansions of kws) the learned expansions
// of kws, in keyword order, as the memory store lists them.
func (l learnedExps) append(exps []store.Expansion, kws []store.Keyword) []store.Expansion {
	for _, k := range kws {
		if e, ok := l.of(k); ok {
			exps = append(exps, e)
		}
	}
	return exps
}

// learnedCacheSize bounds the store's cache of keyword expansions.
const learnedCacheSize = 4096

// expKey is a keyword on a platform, the expansion cache's key.
type expKey struct {
	platform platform.Platform
	learnedKey
}

// learnedExp is one keyword's outcome: its expansion, ok false for none.
type learnedExp struct {
	exp store.Expansion
	ok  bool
}

// learnedState is the learned model with what keyword expansion needs
// of the catalog: the label terms (category ids, whole tags: cooc keys)
// each platform's channels carry, read when the model is loaded
// (Refresh), and the outcomes of the keywords seen since, purged by
// Refresh and Upsert.
type learnedState struct {
	model  *cooc.Model
	labels map[platform.Platform]map[string]bool
	exps   *lru.Cache[expKey, learnedExp]
}

// loadLabels reads the label terms of every platform's channels.
func (s *Store) loadLabels(ctx context.Context) (map[platform.Platform]map[string]bool, error) {
	out := map[platform.Platform]map[string]bool{}
	add := func(p, key string) {
		m := out[platform.Platform(p)]
		if m == nil {
			m = map[string]bool{}
			out[platform.Platform(p)] = m
		}
		m[key] = true
	}
	read := func(sql string, key func(string) string) error {
		rows, err := s.pool.Query(ctx, sql)
		if err != nil {
			return err
		}
		var p, v string
		_, err = pgx.ForEachRow(rows, []any{&p, &v}, func() error {
			if k := key(v); k != cooc.KindTag && k != cooc.KindCategory {
				add(p, k)
			}
			return nil
		})
		return err
	}
	if err := read(`SELECT platform, category FROM channels WHERE category <> '' GROUP BY 1, 2`, cooc.CategoryKey); err != nil {
		return nil, fmt.Errorf("pgstore: learned labels: %w", err)
	}
	if err := read(`SELECT DISTINCT c.platform, t FROM channels c, jsonb_array_elements_text(c.doc->'tags') t`, cooc.TagKey); err != nil {
		return nil, fmt.Errorf("pgstore: learned labels: %w", err)
	}
	return out, nil
}

// learnedExpansions are the learned expansions of kws on p, as the
// memory store computes them (memstore's partition.expansion): a
// keyword that may be widened and whose own words and aliases match no
// channel of p (one query asks for every keyword not in the cache) is
// widened with the nearest labels p's channels carry.
func (s *Store) learnedExpansions(ctx context.Context, p platform.Platform, kws []store.Keyword) (learnedExps, error) {
	out, todo := s.knownExpansions(p, kws)
	if len(todo) == 0 {
		return out, nil
	}
	return s.resolveExpansions(ctx, p, out, todo)
}

// knownExpansions are the learned expansions of kws on p the cache
// holds, and the keywords (as cached: trimmed text and scope) whose
// outcome it does not hold yet.
func (s *Store) knownExpansions(p platform.Platform, kws []store.Keyword) (learnedExps, []store.Keyword) {
	s.mu.Lock()
	ls := s.learnedLabels
	s.mu.Unlock()
	if ls == nil || ls.model == nil {
		return nil, nil
	}
	var out learnedExps
	var todo []store.Keyword
	for _, k := range kws {
		if !store.LearnedEligible(k) {
			continue
		}
		key := keyOf(k)
		if e, ok := ls.exps.Get(expKey{p, key}); ok {
			if e.ok {
				if out == nil {
					out = learnedExps{}
				}
				out[key] = e.exp
			}
			continue
		}
		todo = append(todo, store.Keyword{Text: key.text, Scope: k.Scope})
	}
	return out, todo
}

// resolveExpansions adds to out the outcomes of todo (knownExpansions'
// keywords the cache does not hold): whether each matches a channel of p
// (matchesAny), and the expansion of one that does not. Each outcome is
// cached.
func (s *Store) resolveExpansions(ctx context.Context, p platform.Platform, out learnedExps, todo []store.Keyword) (learnedExps, error) {
	s.mu.Lock()
	ls := s.learnedLabels
	s.mu.Unlock()
	if ls == nil || ls.model == nil {
		return out, nil
	}
	found, err := s.matchesAny(ctx, p, todo)
	if err != nil {
		return nil, fmt.Errorf("pgstore: learned expansion: %w", err)
	}
	labels := ls.labels[p]
	for i, k := range todo {
		var r learnedExp
		if !found[i] {
			r.exp, r.ok = store.LearnedExpansion(ls.model, k, func(term string) bool { return labels[term] })
		}
		ls.exps.Add(expKey{p, keyOf(k)}, r)
		if r.ok {
			if out == nil {
				out = learnedExps{}
			}
			out[keyOf(k)] = r.exp
		}
	}
	return out, nil
}

// matchedExpansions caches that each of todo matches a channel of p (so
// none is widened): a search that found a channel for every keyword
// showed it without asking matchesAny.
func (s *Store) matchedExpansions(p platform.Platform, todo []store.Keyword) {
	s.mu.Lock()
	ls := s.learnedLabels
	s.mu.Unlock()
	if ls == nil {
		return
	}
	for _, k := range todo {
		ls.exps.Add(expKey{p, keyOf(k)}, learnedExp{})
	}
}

// matchesAny reports, per keyword, whether its own words or an alias
// match a channel of p (matchExpr). The document frequencies Upsert keeps
// decide most keywords by key: a phrase with a term no channel of p has
// cannot match, and a phrase of one term over every field matches when
// that term's frequency is not 0 (all_terms, which it counts, is the
// union of the fields' terms). The others (a phrase of several units,
// or of the tags alone, whose terms all occur) ask the channels, with
// the sequential and plain index scans off: an EXISTS, which stops at
// the first row, is costed as a scan that finds one soon, while the
// channels lie in platform order and a common word's first match on
// YouTube came after 600,000 rows (1-3 s at a million channels; the term
// indexes' bitmap finds it in milliseconds).
func (s *Store) matchesAny(ctx context.Context, p platform.Platform, kws []store.Keyword) ([]bool, error) {
	found := make([]bool, len(kws))
	plans := make([]kwMatch, len(kws))
	var terms []string
	for i, k := range kws {
		plans[i] = planMatch(k)
		for _, ph := range append([]kwPlan{plans[i].own}, plans[i].aliases...) {
			for _, t := range ph.terms {
				if !slices.Contains(terms, t) {
					terms = append(terms, t)
				}
			}
		}
	}
	if len(terms) == 0 {
		return found, nil
	}
	st, ok, err := s.termStats(ctx, p, terms)
	if err != nil || !ok {
		return found, err // no statistics: the platform has no channels
	}
	b := &builder{}
	var exists []string
	var ask []int
	for i, m := range plans {
		certain, possible := false, false
		for _, ph := range append([]kwPlan{m.own}, m.aliases...) {
			if len(ph.units) == 0 || slices.ContainsFunc(ph.terms, func(t string) bool { return st.df[t] == 0 }) {
				continue
			}
			possible = true
			if len(ph.units) == 1 && len(ph.terms) == 1 && len(m.fields) == len(fieldColumns) {
				certain = true
			}
		}
		switch {
		case certain:
			found[i] = true
		case possible:
			ask = append(ask, i)
			exists = append(exists, `EXISTS (SELECT 1 FROM channels WHERE `+impliedTerms(b, m, p, "")+` AND `+matchExpr(b, m)+`)`)
		}
	}
	if len(ask) == 0 {
		return found, nil
	}
	var got []bool
	err = s.inTx(ctx, func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`)
		return err
	}, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT ARRAY[`+strings.Join(exists, ", ")+`]`, slices.Concat(s.planEach, b.args)...).Scan(&got)
	})
	if err != nil {
		return nil, err
	}
	for j, i := range ask {
		found[i] = got[j]
	}
	return found, nil
}

// forgetExpansions drops the keywords' cached outcomes (after a write of
// the channels; the labels are read again by Refresh, which ingest calls
// once it is done).
func (s *Store) forgetExpansions() {
	s.mu.Lock()
	ls := s.learnedLabels
	s.mu.Unlock()
	if ls != nil {
		ls.exps.Purge()
	}
}
