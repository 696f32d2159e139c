package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/catalog/load"
	"searchagent/tools/embed"
	"searchagent/tools/store/pgstore"
)

// ingestSummary is what ingest prints: rows read, accepted, written
// (inserted or updated) and rejected with file, line and reason.
type ingestSummary struct {
	Catalog  string         `json:"catalog"`
	DryRun   bool           `json:"dry_run,omitempty"`
	Channels int            `json:"channels"`
	ByPlat   map[string]int `json:"by_platform"`
	Read     int            `json:"read"`
	Rejected int            `json:"rejected"`
	Inserted int            `json:"inserted"`
	Updated  int            `json:"updated"`
	Embedder string         `json:"embedder,omitempty"`
	// Learned is the learned similarity model written (tools/embed/cooc),
	// "off" with --learned=false.
	Learned        string  `json:"learned_model,omitempty"`
	LearnedSeconds float64 `json:"learned_seconds,omitempty"`
	// FeaturesDerived counts the channel_features rows written after the
	// model was learned (pgstore.Store.DeriveFeatures: those Upsert wrote
	// under no model or an older one).
	FeaturesDerived int           `json:"features_derived"`
	FeaturesSeconds float64       `json:"features_seconds,omitempty"`
	Seconds         float64       `json:"seconds,omitempty"`
	Reports         []load.Report `json:"reports"`
}

func newIngestCmd() *cobra.Command {
	var (
		dryRun   bool
		embedder string
		batch    int
		migrate  bool
		now      string
		channels int
		learned  bool
		features bool
	)
	cmd := &cobra.Command{
		Use:   "ingest [--dry-run] [FILE...]",
		Short: "Load the bundled demo catalog (or CSV/JSONL files) with embeddings into PostgreSQL (DATABASE_URL), or only validate and report with --dry-run",
		Long: `Ingest reads the catalog (the generated demo catalog without FILE arguments), validates
every row, embeds the channels and upserts them into DATABASE_URL by platform and channel key,
in batches (one transaction each): running it again updates rather than duplicates. It then
builds the HNSW index if missing, refreshes the keyword statistics and learns the similarity
of the catalog's co-occurrence (--learned, stored in learned_models), and derives what the
similar search's re-ranking reads per channel (channel_features). A progress bar shows on a
terminal; the JSON summary (rows read, inserted, updated, rejected with reasons) goes to stdout.

--features-only derives channel_features for the channels already in the database and writes
nothing else: after "migrate up" brought the table to a catalog ingested before it (a similar
search derives what is missing at query time until then, more slowly, with the same answers).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			dsn := databaseURL()
			if !dryRun && dsn == "" {
				return usageErr("ingest writes to PostgreSQL: set DATABASE_URL, or pass --dry-run to only validate and report")
			}
			if embedder != "hashing" {
				return usageErr("--embedder %q: this build embeds with the deterministic hashing embedder only (the OpenAI-compatible model path is not in this build)", embedder)
			}
			if channels != 0 && len(args) > 0 {
				return usageErr("--channels sizes the generated demo catalog: it does not apply to FILE arguments")
			}
			if features {
				if dryRun || len(args) > 0 || channels != 0 {
					return usageErr("--features-only derives the features of the channels already in the database: it takes no FILE, --channels or --dry-run")
				}
				return deriveFeaturesOnly(cmd, dsn, migrate)
			}
			cat, sum, err := ingestCatalog(ctx, args, now, channels)
			if err != nil {
				return err
			}
			sum.DryRun = dryRun
			if dryRun {
				return writeJSON(cmd.OutOrStdout(), sum)
			}
			emb, err := embed.NewHashing()
			if err != nil {
				return failErr("embedder: %v", err)
			}
			sum.Embedder = emb.Model()
			st, err := pgstore.Open(ctx, dsn, emb, migrate)
			if err != nil {
				return schemaErr(err)
			}
			defer st.Close()
			start := time.Now()
			progress := func(int) {}
			if f, ok := cmd.ErrOrStderr().(*os.File); ok && isatty.IsTerminal(f.Fd()) {
				bar := progressbar.NewOptions(cat.Len(), progressbar.OptionSetWriter(f), progressbar.OptionSetDescription("ingest"),
					progressbar.OptionShowCount(), progressbar.OptionSetItsString("channels"), progressbar.OptionShowIts(), progressbar.OptionClearOnFinish())
				progress = func(done int) { _ = bar.Set(done) }
				defer bar.Finish()
			}
			res, err := st.Upsert(ctx, cat.All(), batch, progress)
			sum.Inserted, sum.Updated = res.Inserted, res.Updated
			if err != nil {
				_ = writeJSON(cmd.OutOrStdout(), sum)
				return failErr("ingest stopped after %d channels (each batch is one transaction; run it again to continue): %v", res.Inserted+res.Updated, err)
			}
			fmt.Fprintln(cmd.ErrOrStderr(), "ingest: building the HNSW index and keyword statistics")
			if err := st.Finish(ctx, cat.Label()); err != nil {
				return failErr("%v", err)
			}
			fmt.Fprintln(cmd.ErrOrStderr(), "ingest: the alias factors' statistics")
			if err := st.PrecomputeAliasStats(ctx); err != nil {
				return failErr("%v", err)
			}
			sum.Learned = "off"
			if learned {
				fmt.Fprintln(cmd.ErrOrStderr(), "ingest: learning the co-occurrence similarity")
				t0 := time.Now()
				m, err := learnedModel(ctx, cat, len(args) > 0)
				if err != nil {
					return failErr("learned similarity: %v", err)
				}
				if err := st.SaveLearned(ctx, m); err != nil {
					return failErr("%v", err)
				}
				sum.Learned, sum.LearnedSeconds = m.Name(), time.Since(t0).Seconds()
			}
			fmt.Fprintln(cmd.ErrOrStderr(), "ingest: the similar search's per-channel features")
			t1 := time.Now()
			n, err := st.DeriveFeatures(ctx, 0, nil)
			sum.FeaturesDerived, sum.FeaturesSeconds = n, time.Since(t1).Seconds()
			if err != nil {
				_ = writeJSON(cmd.OutOrStdout(), sum)
				return failErr("%v (the channels are written and searchable; a similar search derives what is missing at query time, more slowly, until an ingest derives it)", err)
			}
			sum.Seconds = time.Since(start).Seconds()
			return writeJSON(cmd.OutOrStdout(), sum)
		},
	}
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "only load, validate and report; write nothing")
	cmd.Flags().StringVar(&embedder, "embedder", "hashing", "embedding model: hashing (deterministic, built in)")
	cmd.Flags().IntVar(&batch, "batch", pgstore.DefaultIngestBatch, "channels per transaction")
	cmd.Flags().BoolVar(&migrate, "migrate", false, "apply pending schema migrations first")
	cmd.Flags().BoolVar(&learned, "learned", true, "learn the co-occurrence similarity of the ingested channels (tools/embed/cooc; with FILE arguments, together with the demo catalog) and store it in learned_models")
	cmd.Flags().BoolVar(&features, "features-only", false, "only derive the similar search's per-channel features (channel_features) of the channels already in the database")
	cmd.Flags().IntVar(&channels, "channels", 0, "size of the generated demo catalog, split across platforms as the default 20,000 (e.g. 200000 for the recall benchmark)")
	cmd.Flags().StringVar(&now, "now", "", "reference time of the demo catalog's activity dates (YYYY-MM-DD; default: now)")
	return cmd
}

// featuresSummary is what ingest --features-only prints.
type featuresSummary struct {
	FeaturesDerived int     `json:"features_derived"`
	LearnedModel    string  `json:"learned_model"`
	Seconds         float64 `json:"seconds"`
}

// deriveFeaturesOnly is ingest --features-only: the channel_features rows
// missing or stale in DATABASE_URL, with a progress count on a terminal.
func deriveFeaturesOnly(cmd *cobra.Command, dsn string, migrate bool) error {
	ctx := cmd.Context()
	emb, err := embed.NewHashing()
	if err != nil {
		return failErr("embedder: %v", err)
	}
	st, err := pgstore.Open(ctx, dsn, emb, migrate)
	if err != nil {
		return schemaErr(err)
	}
	defer st.Close()
	sum := featuresSummary{LearnedModel: st.Describe().Learned.Model}
	if sum.LearnedModel == "" {
		sum.LearnedModel = "off"
	}
	progress := func(int) {}
	if f, ok := cmd.ErrOrStderr().(*os.File); ok && isatty.IsTerminal(f.Fd()) {
		bar := progressbar.NewOptions(-1, progressbar.OptionSetWriter(f), progressbar.OptionSetDescription("features"),
			progressbar.OptionShowCount(), progressbar.OptionSetItsString("channels"), progressbar.OptionShowIts(), progressbar.OptionClearOnFinish())
		progress = func(done int) { _ = bar.Set(done) }
		defer bar.Finish()
	}
	start := time.Now()
	n, err := st.DeriveFeatures(ctx, 0, progress)
	sum.FeaturesDerived, sum.Seconds = n, time.Since(start).Seconds()
	if err != nil {
		_ = writeJSON(cmd.OutOrStdout(), sum)
		return failErr("%v (each batch is one transaction: run it again to continue)", err)
	}
	return writeJSON(cmd.OutOrStdout(), sum)
}

// ingestCatalog loads files (or the demo catalog) and the summary of
// what was read and rejected.
func ingestCatalog(ctx context.Context, files []string, now string, channels int) (*catalog.Catalog, ingestSummary, error) {
	sum := ingestSummary{ByPlat: map[string]int{}, Reports: []load.Report{}}
	var cat *catalog.Catalog
	if len(files) == 0 {
		cf := catalogFlags{now: now}
		ref, err := cf.reference()
		if err != nil {
			return nil, sum, err
		}
		opts := []demo.Option{demo.WithNow(ref)}
		if channels != 0 {
			opts = append(opts, demo.WithTotal(channels))
		}
		if cat, err = demo.Catalog(opts...); err != nil {
			return nil, sum, failErr("demo catalog: %v", err)
		}
		sum.Read = cat.Len()
	} else {
		results, err := load.LoadFiles(ctx, files)
		if err != nil {
			return nil, sum, usageErr("%v", err)
		}
		var reports []load.Report
		if cat, reports, err = load.BuildCatalog("ingest", results); err != nil {
			return nil, sum, failErr("build catalog: %v", err)
		}
		sum.Reports = reports
		for _, r := range reports {
			sum.Read += r.Read
			sum.Rejected += r.Rejected
		}
	}
	sum.Catalog, sum.Channels = cat.Label(), cat.Len()
	for p, n := range cat.Counts() {
		sum.ByPlat[string(p)] = n
	}
	return cat, sum, nil
}
