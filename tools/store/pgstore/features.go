package pgstore

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/jackc/pgx/v5"

	"searchagent/tools/catalog"
	emb "searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
)

// featuresVersion is the version of what channel_features holds (the
// coverage of embed.ChannelCoverage and the vector of
// cooc.Model.ChannelVector): raise it when either changes, and rows of
// the old version are no longer read (DeriveFeatures writes them again).
const featuresVersion = 1

// fieldSep joins embed.Coverage.Fields in channel_features.fields.
const fieldSep = "\x1f"

// features is a channel's row of channel_features as a candidate reads
// it: its coverage, and its learned vector under the model named model
// (vec nil: the channel has no term in that model's vocabulary).
type features struct {
	cov   emb.Coverage
	model string
	vec   []float32
}

// learnedUnder returns the stored learned vector when it was computed
// under lm (ok false: the channel has none under lm); known false when
// the row is of another model, and the vector must be computed.
func (f *features) learnedUnder(lm *cooc.Model) (vec []float32, ok, known bool) {
	if f == nil || lm == nil || f.model != lm.Name() {
		return nil, false, false
	}
	return f.vec, f.vec != nil, true
}

// featureCols are the columns a similar query reads from channel_features
// aliased f (withFeatures): all NULL when the channel has no current row.
const featureCols = `f.content_features, f.label_features, f.fields, f.learned_model, f.learned`

// withFeatures wraps a candidate query (its columns key and candidateCols
// first) so that each row carries its channel_features columns
// (featureCols, NULL when the channel has no row of the current version),
// read by a probe of the primary key per row with candidateCols (LATERAL:
// never a scan of the table; a neighbour below the minimum score, whose
// columns are NULL, is not re-ranked and not probed).
func (s *Store) withFeatures(b *builder, inner string) string {
	if s.noFeatures {
		return `SELECT x.*, NULL::int, NULL::int, NULL::text, NULL::text, NULL::bytea FROM (` + inner + `) x`
	}
	return `SELECT x.*, ` + featureCols + ` FROM (` + inner + `) x
LEFT JOIN LATERAL (SELECT * FROM channel_features WHERE key = x.key AND version = ` + b.arg(featuresVersion) + ` AND x.category IS NOT NULL) f ON true`
}

// featureScan is the scan destinations of featureCols.
type featureScan struct {
	content, labels *int32
	fields, model   *string
	learned         []byte
}

func (fs *featureScan) dest() []any {
	return []any{&fs.content, &fs.labels, &fs.fields, &fs.model, &fs.learned}
}

// features returns the scanned row, nil when there was none.
func (fs *featureScan) features() (*features, error) {
	if fs.content == nil || fs.labels == nil {
		return nil, nil
	}
	f := &features{cov: emb.Coverage{Content: int(*fs.content), Labels: int(*fs.labels)}}
	if fs.fields != nil && *fs.fields != "" {
		f.cov.Fields = strings.Split(*fs.fields, fieldSep)
	}
	if fs.model != nil {
		f.model = *fs.model
	}
	if fs.learned != nil {
		v, err := decodeVector(fs.learned)
		if err != nil {
			return nil, err
		}
		f.vec = v
	}
	return f, nil
}

// encodeVector is v as little-endian float32s.
func encodeVector(v []float32) []byte {
	out := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(x))
	}
	return out
}

// decodeVector reads encodeVector's bytes.
func decodeVector(b []byte) ([]float32, error) {
	if len(b)%4 != 0 {
		return nil, fmt.Errorf("pgstore: channel_features.learned: %d bytes, not a float32 vector", len(b))
	}
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v, nil
}

// featureRow is one channel's row of channel_features, derived from the
// channel (deriveFeatures).
type featureRow struct {
	key     string
	cov     emb.Coverage
	model   string
	learned []byte // nil: no vector (or no model)
}

// deriveFeatures derives ch's row under the learned model lm (nil: none).
func deriveFeatures(key string, ch *catalog.Channel, lm *cooc.Model) featureRow {
	r := featureRow{key: key, cov: emb.ChannelCoverage(ch)}
	if lm != nil {
		r.model = lm.Name()
		if v, ok := lm.ChannelVector(ch, nil); ok {
			r.learned = encodeVector(v)
		}
	}
	return r
}

// featureArrays are rows as the column arrays of writeFeaturesSQL.
func featureArrays(rows []featureRow) (keys []string, content, labels []int32, fields, models []string, learned [][]byte) {
	for _, r := range rows {
		keys = append(keys, r.key)
		content = append(content, int32(r.cov.Content))
		labels = append(labels, int32(r.cov.Labels))
		fields = append(fields, strings.Join(r.cov.Fields, fieldSep))
		models = append(models, r.model)
		learned = append(learned, r.learned)
	}
	return
}

// writeFeaturesSQL writes the rows given as column arrays ($1 keys … $6
// learned vectors, $7 the version).
const writeFeaturesSQL = `INSERT INTO channel_features (key, version, content_features, label_features, fields, learned_model, learned)
SELECT u.key, $7, u.content, u.labels, u.fields, u.model, u.learned
FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::bytea[]) AS u(key, content, labels, fields, model, learned)
ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version, content_features = EXCLUDED.content_features,
  label_features = EXCLUDED.label_features, fields = EXCLUDED.fields, learned_model = EXCLUDED.learned_model, learned = EXCLUDED.learned`

// writeFeatures writes rows in tx (the transaction that writes their
// channels). A key written twice (a batch may hold a channel twice, as
// Upsert's statements apply in order) keeps its last row.
func writeFeatures(ctx context.Context, tx pgx.Tx, rows []featureRow) error {
	if len(rows) == 0 {
		return nil
	}
	last := make(map[string]int, len(rows))
	for i, r := range rows {
		last[r.key] = i
	}
	if len(last) < len(rows) {
		kept := rows[:0:0]
		for i, r := range rows {
			if last[r.key] == i {
				kept = append(kept, r)
			}
		}
		rows = kept
	}
	keys, content, labels, fields, models, learned := featureArrays(rows)
	if _, err := tx.Exec(ctx, writeFeaturesSQL, keys, content, labels, fields, models, learned, featuresVersion); err != nil {
		return fmt.Errorf("channel_features: %w", err)
	}
	return nil
}

// DefaultFeaturesBatch is how many channels DeriveFeatures reads and
// writes per transaction.
const DefaultFeaturesBatch = 2000

// DeriveFeatures writes the channel_features row of every channel that
// has none, or one of another version or learned model than the store's
// (call it after SaveLearned, or after Finish when no model is learned):
// batch by batch, in key order, each batch one transaction, so it can be
// stopped and run again. A channel rewritten while its batch is derived
// keeps the row Upsert wrote with it (the batch writes only channels
// whose row version is the one it read). progress, when not nil, is
// called with the number of rows written so far. It returns that number.
func (s *Store) DeriveFeatures(ctx context.Context, batch int, progress func(done int)) (int, error) {
	if batch < 1 {
		batch = DefaultFeaturesBatch
	}
	lm := s.learnedModel()
	model := ""
	if lm != nil {
		model = lm.Name()
	}
	done, after := 0, ""
	for {
		rows, last, err := s.staleFeatures(ctx, after, batch, model)
		if err != nil {
			return done, fmt.Errorf("pgstore: derive features: %w", err)
		}
		if last == "" {
			return done, nil
		}
		after = last
		if len(rows) == 0 {
			continue
		}
		derived := make([]featureRow, 0, len(rows))
		xmins := make([]string, 0, len(rows))
		for _, r := range rows {
			ch, err := decodeDoc(r.doc)
			if err != nil {
				return done, err
			}
			derived = append(derived, deriveFeatures(r.key, ch, lm))
			xmins = append(xmins, r.xmin)
		}
		keys, content, labels, fields, models, learned := featureArrays(derived)
		tag, err := s.pool.Exec(ctx, `INSERT INTO channel_features (key, version, content_features, label_features, fields, learned_model, learned)
SELECT u.key, $7, u.content, u.labels, u.fields, u.model, u.learned
FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::bytea[], $8::text[]) AS u(key, content, labels, fields, model, learned, xmin)
JOIN channels c ON c.key = u.key AND c.xmin::text = u.xmin
ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version, content_features = EXCLUDED.content_features,
  label_features = EXCLUDED.label_features, fields = EXCLUDED.fields, learned_model = EXCLUDED.learned_model, learned = EXCLUDED.learned`,
			keys, content, labels, fields, models, learned, featuresVersion, xmins)
		if err != nil {
			return done, fmt.Errorf("pgstore: derive features: %w", err)
		}
		done += int(tag.RowsAffected())
		if progress != nil {
			progress(done)
		}
	}
}

// staleRow is a channel DeriveFeatures derives: its key, document and
// row version.
type staleRow struct {
	key, xmin string
	doc       []byte
}

// staleFeatures reads the next batch of channels after key after (in key
// order) and returns those whose features are missing or stale, and the
// last key read ("" when there was none).
func (s *Store) staleFeatures(ctx context.Context, after string, batch int, model string) ([]staleRow, string, error) {
	rows, err := s.pool.Query(ctx, `SELECT c.key, c.xmin::text,
  CASE WHEN f.key IS NULL OR f.version <> $3 OR f.learned_model <> $4 THEN c.doc END
FROM (SELECT key, xmin, doc FROM channels WHERE key > $1 ORDER BY key LIMIT $2) c
LEFT JOIN channel_features f ON f.key = c.key
ORDER BY c.key`, after, batch, featuresVersion, model)
	if err != nil {
		return nil, "", err
	}
	defer rows.Close()
	var out []staleRow
	last := ""
	for rows.Next() {
		var r staleRow
		if err := rows.Scan(&r.key, &r.xmin, &r.doc); err != nil {
			return nil, "", err
		}
		last = r.key
		if r.doc != nil {
			out = append(out, r)
		}
	}
	return out, last, rows.Err()
}
