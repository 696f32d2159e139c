package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"searchagent/tools/catalog"
	emb "searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
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

// learnedCosine is the learned-space cosine of two channels (0 without a
// model), their vectors computed from the channels as the memory store
// computes them.
func learnedCosine(m *cooc.Model, b *catalog.Channel, av []float32) float64 {
	if m == nil {
		return 0
	}
	bv, ok := m.ChannelVector(b, nil)
	if !ok {
		return 0
	}
	return float64(emb.Dot(av, bv))
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
