package pgstore

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"

	"searchagent/tools/catalog"
	emb "searchagent/tools/embed"
	"searchagent/tools/store"
	"searchagent/tools/textnorm"
)

// DefaultIngestBatch is how many channels Upsert embeds and writes per
// transaction.
const DefaultIngestBatch = 500

// UpsertStats counts what Upsert wrote.
type UpsertStats struct {
	Inserted int `json:"inserted"`
	Updated  int `json:"updated"`
}

// row is one channel prepared for the table.
type row struct {
	key, platform     string
	keys, contentKeys []string
	doc               []byte
	category          string
	terms             [4][]string
	all               []string
	seqs              [4]string
	text              string
}

func prepare(ch *catalog.Channel) (row, error) {
	doc, err := json.Marshal(ch)
	if err != nil {
		return row{}, err
	}
	r := row{key: ch.Key(), platform: string(ch.Platform), keys: ch.Keys(), doc: doc, category: strings.ToLower(ch.Category), text: emb.ChannelText(ch)}
	for _, id := range ch.ContentIDs {
		r.contentKeys = append(r.contentKeys, catalog.ContentKey(ch.Platform, id))
	}
	seen := map[string]bool{}
	var vals []string
	for f, scope := range store.FieldScopes() {
		vals = store.FieldTexts(ch, scope, vals)
		var seq strings.Builder
		terms := []string{}
		for _, v := range vals {
			var units []string
			for tok := range textnorm.Scan(v) {
				terms = append(terms, tok.Text)
				if tok.Unit() {
					units = append(units, tok.Text)
				}
				if !seen[tok.Text] {
					seen[tok.Text] = true
					r.all = append(r.all, tok.Text)
				}
			}
			if len(units) == 0 {
				continue
			}
			if seq.Len() > 0 {
				seq.WriteString(seqSep)
			}
			seq.WriteString(" " + strings.Join(units, " ") + " ")
		}
		r.terms[f], r.seqs[f] = terms, seq.String()
	}
	if r.all == nil {
		r.all = []string{}
	}
	if r.contentKeys == nil {
		r.contentKeys = []string{}
	}
	return r, nil
}

const upsertSQL = `INSERT INTO channels (key, platform, keys, content_keys, doc, category, country, language, followers, avg_views, last_post_at,
  tags_terms, name_terms, description_terms, content_terms, all_terms, tags_seq, name_seq, description_seq, content_seq,
  embedding_model, embedding_dims, embedding, ingested_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, now())
ON CONFLICT (key) DO UPDATE SET platform = EXCLUDED.platform, keys = EXCLUDED.keys, content_keys = EXCLUDED.content_keys,
  doc = EXCLUDED.doc, category = EXCLUDED.category, country = EXCLUDED.country, language = EXCLUDED.language,
  followers = EXCLUDED.followers, avg_views = EXCLUDED.avg_views, last_post_at = EXCLUDED.last_post_at,
  tags_terms = EXCLUDED.tags_terms, name_terms = EXCLUDED.name_terms, description_terms = EXCLUDED.description_terms,
  content_terms = EXCLUDED.content_terms, all_terms = EXCLUDED.all_terms, tags_seq = EXCLUDED.tags_seq, name_seq = EXCLUDED.name_seq,
  description_seq = EXCLUDED.description_seq, content_seq = EXCLUDED.content_seq, embedding_model = EXCLUDED.embedding_model,
  embedding_dims = EXCLUDED.embedding_dims, embedding = EXCLUDED.embedding, ingested_at = now()
RETURNING (xmax = 0)`

// Upsert embeds chans with the store's embedder and writes them, batch
// by batch (each batch one transaction: a failure leaves no half-written
// batch), keyed by platform and channel key, so running it again updates
// rather than duplicates. progress, when not nil, is called with the
// number of channels written so far. Call Finish after the last batch.
func (s *Store) Upsert(ctx context.Context, chans []*catalog.Channel, batch int, progress func(done int)) (UpsertStats, error) {
	var st UpsertStats
	if batch < 1 {
		batch = DefaultIngestBatch
	}
	for lo, hi := range emb.Batches(len(chans), batch) {
		rows := make([]row, 0, hi-lo)
		texts := make([]string, 0, hi-lo)
		for _, ch := range chans[lo:hi] {
			r, err := prepare(ch)
			if err != nil {
				return st, fmt.Errorf("pgstore: channel %s: %w", ch.Key(), err)
			}
			rows = append(rows, r)
			texts = append(texts, r.text)
		}
		vecs, err := emb.EmbedVectors(ctx, s.emb, texts)
		if err != nil {
			return st, fmt.Errorf("pgstore: embedding channels %d-%d: %w", lo, hi-1, err)
		}
		err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			var b pgx.Batch
			for i, r := range rows {
				v := append([]float32(nil), vecs[i].Values...)
				emb.Normalize(v)
				ch := chans[lo+i]
				var last any
				if !ch.LastPostAt.IsZero() {
					last = ch.LastPostAt
				}
				b.Queue(upsertSQL, r.key, r.platform, r.keys, r.contentKeys, string(r.doc), r.category, ch.Country, ch.Language, ch.Followers, ch.AvgViews, last,
					r.terms[0], r.terms[1], r.terms[2], r.terms[3], r.all, r.seqs[0], r.seqs[1], r.seqs[2], r.seqs[3],
					s.model, s.dims, pgvector.NewVector(v))
			}
			res := tx.SendBatch(ctx, &b)
			for range rows {
				var inserted bool
				if err := res.QueryRow().Scan(&inserted); err != nil {
					res.Close()
					return err
				}
				if inserted {
					st.Inserted++
				} else {
					st.Updated++
				}
			}
			return res.Close()
		})
		if err != nil {
			return st, fmt.Errorf("pgstore: writing channels %d-%d: %w", lo, hi-1, err)
		}
		if progress != nil {
			progress(hi)
		}
	}
	return st, nil
}

// Finish runs after an ingest: it creates the HNSW index for the store's
// dimension if missing, refreshes the BM25 statistics and the catalog
// label, and analyzes the table.
func (s *Store) Finish(ctx context.Context, label string) error {
	d := strconv.Itoa(s.dims)
	stmts := []string{
		`CREATE INDEX IF NOT EXISTS channels_embedding_hnsw_` + d + ` ON channels USING hnsw ((embedding::vector(` + d + `)) vector_cosine_ops) WITH (m = ` +
			strconv.Itoa(HNSWM) + `, ef_construction = ` + strconv.Itoa(HNSWEfConstruction) + `) WHERE embedding_dims = ` + d,
		`DELETE FROM channel_stats`,
		`INSERT INTO channel_stats (platform, n, len_tags, len_name, len_description, len_content)
		 SELECT platform, count(*), coalesce(sum(cardinality(tags_terms)), 0), coalesce(sum(cardinality(name_terms)), 0),
		        coalesce(sum(cardinality(description_terms)), 0), coalesce(sum(cardinality(content_terms)), 0)
		 FROM channels GROUP BY platform`,
		`ANALYZE channels`,
	}
	for _, q := range stmts {
		if _, err := s.pool.Exec(ctx, q); err != nil {
			return fmt.Errorf("pgstore: finish ingest: %w", err)
		}
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO catalog_meta (id, label, embedding_model, embedding_dims) VALUES (true, $1, $2, $3)
		ON CONFLICT (id) DO UPDATE SET label = EXCLUDED.label, embedding_model = EXCLUDED.embedding_model, embedding_dims = EXCLUDED.embedding_dims,
		  learned_model = '', ingested_at = now()`,
		label, s.model, s.dims); err != nil {
		return fmt.Errorf("pgstore: finish ingest: %w", err)
	}
	return s.Refresh(ctx)
}

// Truncate deletes every channel (tests and re-ingests from scratch).
func (s *Store) Truncate(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `TRUNCATE channels, channel_stats, catalog_meta, learned_models`)
	if err != nil {
		return fmt.Errorf("pgstore: truncate: %w", err)
	}
	return s.Refresh(ctx)
}
