package main

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"searchagent/tools/embed"
	"searchagent/tools/store"
	"searchagent/tools/store/relevance"
)

func newRelevanceCmd() *cobra.Command {
	var (
		cf         catalogFlags
		k, anchors int
		asJSON     bool
		withDemo   bool
		resamples  int
		seed       uint64
		fit        bool
		fitOut     string
	)
	cmd := &cobra.Command{
		Use:   "relevance [--catalog FILE]... [--demo] [--anchors N] [--resamples N] [--seed N] [--json]",
		Short: "The relevance report: similar recall and keyword search against two spreadsheet baselines, per catalog",
		Long: `relevance measures similar-channel recall (niche and category match @K, median follower
ratio, country and language agreement, low-recall rate) for the store and for the baselines
"same category + nearest followers" and "best tag overlap", and keyword search (hits and
on-topic@10 per query list and language). Each --catalog file is measured on its own; without
--catalog (or with --demo) the demo catalog is measured (on --anchors anchors, default 2000).
Every similar-recall figure has a 95% bootstrap interval over the anchors (--resamples, seeded
by --seed: the same run prints the same intervals); the store is compared with each baseline per
metric and a difference whose intervals overlap is called a tie. Catalogs with categories end
with issue 32's targets (niche ≥ the better baseline + 0.03, median follower ratio ≤ 1.15,
country above the better baseline).

--fit fits the hybrid weights (store.DefaultWeights, both stores) instead of printing the report:
each catalog's anchors split by a seeded hash (20% held out), coordinate ascent from the hand-set
weights on a listwise objective over the train anchors of every catalog jointly (the procedure is
in tools/store/relevance/fit.go and the README), and the weights with their train and held-out
figures per catalog written to --fit-out (the committed tools/store/weights.json). A fit takes
every anchor of a --catalog list; --anchors caps the demo catalog's (default 2000):

  searchagent relevance --fit --demo --now 2026-01-01 --anchors 1000 \
      --catalog ../shared/data/real/influencers-instagram-2022-12.csv ...`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			runs := [][]string{nil}
			if len(cf.files) > 0 {
				runs = runs[:0]
				for _, f := range cf.files {
					runs = append(runs, []string{f})
				}
				if withDemo {
					runs = append(runs, nil)
				}
			}
			if fit {
				return runFit(cmd, cf, runs, k, anchors, fitOut)
			}
			var reports []relevance.Report
			for _, files := range runs {
				one := cf
				one.files = files
				st, cat, err := openStore(cmd.Context(), &one, cmd.ErrOrStderr())
				if err != nil {
					return err
				}
				max := anchors
				if files == nil && !cmd.Flags().Changed("anchors") {
					max = 2000
				}
				rep, err := relevance.Run(cmd.Context(), st, cat, relevance.Options{K: k, MaxAnchors: max, Resamples: resamples, Seed: seed})
				if err != nil {
					return failErr("relevance: %v", err)
				}
				// The embedder in use and the earlier hashing-v1-256 for comparison.
				v1, err := embed.NewHashing(embed.WithDimensions(256), embed.WithProbes(1), embed.WithSynonyms(false))
				if err != nil {
					return failErr("embedder: %v", err)
				}
				cur, err := embed.NewHashing()
				if err != nil {
					return failErr("embedder: %v", err)
				}
				for _, e := range []embed.Embedder{v1, cur} {
					fig, err := relevance.MeasureEmbedder(cmd.Context(), e, cat, min(max, 300), 2000, k, embed.HashingSimilarThreshold)
					if err != nil {
						return failErr("relevance: %v", err)
					}
					rep.Embedders = append(rep.Embedders, fig)
				}
				reports = append(reports, rep)
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), reports)
			}
			for _, r := range reports {
				writeReport(cmd.OutOrStdout(), r)
			}
			return nil
		},
	}
	cf.register(cmd)
	cmd.Flags().IntVar(&k, "k", 20, "the cut-off of the similar-recall figures")
	cmd.Flags().IntVar(&anchors, "anchors", 0, "measure at most this many anchors, at even intervals (0: every channel; the demo catalog defaults to 2000)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the reports as JSON")
	cmd.Flags().BoolVar(&fit, "fit", false, "fit the hybrid weights on the catalogs and write them to --fit-out instead of printing the report")
	cmd.Flags().StringVar(&fitOut, "fit-out", "tools/store/weights.json", "where --fit writes the weights file")
	cmd.Flags().BoolVar(&withDemo, "demo", false, "with --catalog, measure the demo catalog too")
	cmd.Flags().IntVar(&resamples, "resamples", relevance.DefaultResamples, "bootstrap resamples of the anchors for the 95% intervals (-1: none)")
	cmd.Flags().Uint64Var(&seed, "seed", relevance.DefaultSeed, "seed of the bootstrap resampling")
	return cmd
}

// writeReport prints one report as two tables.
func writeReport(w io.Writer, r relevance.Report) {
	fmt.Fprintf(w, "## %s\n\n", r.Catalog)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "similar (top %d)\tanchors\tniche\tcategory\tfollower ratio\tcountry\tlanguage\tlow recall\n", r.K)
	for _, s := range r.Similar {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n", s.System, s.Anchors, withCI(s.Niche, s.CI.Niche), withCI(s.Category, s.CI.Category),
			ratioCI(s.FollowerRatio, s.CI.FollowerRatio), withCI(s.Country, s.CI.Country), withCI(s.Language, s.CI.Language), num(s.LowRecall))
	}
	tw.Flush()
	fmt.Fprintf(w, "(95%% intervals: %d bootstrap resamples of the anchors, seed %d)\n", r.Resamples, r.Seed)
	if !math.IsNaN(float64(r.NicheCeiling)) {
		fmt.Fprintf(w, "niche ceiling (every channel of the anchor's niche first): %.3f\n", r.NicheCeiling)
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "store vs\tmetric\tstore\tbaseline\tverdict")
	for _, c := range r.Comparisons {
		if c.Verdict == relevance.VerdictNone {
			continue
		}
		f := num
		if c.Metric == relevance.MetricFollowerRatio {
			f = ratio
		}
		fmt.Fprintf(tw, "%s\t%s\t%s %s\t%s %s\t%s\n", strings.TrimPrefix(c.Baseline, "baseline: "), c.Metric, f(c.Store), c.StoreCI, f(c.Other), c.OtherCI, verdict(c.Verdict))
	}
	tw.Flush()
	if ts := relevance.Targets(r); len(ts) > 0 {
		fmt.Fprintln(w)
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "target (issue 32)\twant\tgot\tstatus")
		for _, t := range ts {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", t.Name, t.Want, t.Got, t.Status)
		}
		tw.Flush()
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "keyword\tlang\tqueries\tfound\thits\ton-topic@10")
	for _, k := range r.Keyword {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%.2f\n", k.Platform, k.Lang, k.Queries, k.Found, k.Hits, k.OnTopic)
	}
	tw.Flush()
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "embedder\tcross-language precision@%d\tanchors\tname pairs sharing nothing\tcollisions (cosine ≥ %.2f)\trate\n", r.K, threshold(r))
	for _, e := range r.Embedders {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\n", e.Model, num(e.CrossLanguage), e.CrossAnchors, e.NamePairs, e.Collisions, pct(e.CollisionRate))
	}
	tw.Flush()
	var zero []string
	for _, q := range r.Queries {
		if q.Hits == 0 {
			zero = append(zero, string(q.Platform)+":"+q.Text)
		}
	}
	if len(zero) > 0 {
		fmt.Fprintf(w, "no hits: %s\n", strings.Join(zero, " "))
	}
	fmt.Fprintln(w)
}

// runFit collects the candidates of every run's catalog, fits the
// weights on them jointly and writes the weights file.
func runFit(cmd *cobra.Command, cf catalogFlags, runs [][]string, k, anchors int, out string) error {
	ctx := cmd.Context()
	stderr := cmd.ErrOrStderr()
	var sets []*relevance.FitSet
	digests := map[string]string{}
	for _, files := range runs {
		one := cf
		one.files = files
		st, cat, err := openStore(ctx, &one, stderr)
		if err != nil {
			return err
		}
		max := anchors
		if files == nil && !cmd.Flags().Changed("anchors") {
			max = 2000
		}
		if files != nil {
			max = 0 // every anchor of a list: the lists are small
		}
		fs, err := relevance.Collect(ctx, st, cat, k, max, relevance.FitSeed)
		if err != nil {
			return failErr("fit: %v", err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return failErr("fit: %v", err)
			}
			digests[fs.Catalog] = fmt.Sprintf("%x", sha256.Sum256(data))
		}
		train, held := fs.Anchors()
		fmt.Fprintf(stderr, "fit: %s: %d train and %d held-out anchors\n", fs.Catalog, train, held)
		sets = append(sets, fs)
	}
	res, err := relevance.Fit(ctx, sets, store.HandSetWeights, func(format string, args ...any) {
		fmt.Fprintf(stderr, "fit: "+format+"\n", args...)
	})
	if err != nil {
		return failErr("fit: %v", err)
	}
	label := func(l string) string {
		if rest, ok := strings.CutPrefix(l, "files: "); ok {
			return filepath.Base(rest)
		}
		return l
	}
	command := "searchagent relevance --fit " + strings.Join(fitArgs(cmd), " ")
	wf := relevance.NewWeightsFile(res, sets, command, relevance.FitSeed, digests, label)
	data, err := json.MarshalIndent(wf, "", "  ")
	if err != nil {
		return failErr("fit: %v", err)
	}
	if err := os.WriteFile(out, append(data, '\n'), 0o644); err != nil {
		return failErr("fit: %v", err)
	}
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "fitted weights %+v\nobjective %.4f → %.4f (train, mean over %d catalogs) in %d rounds; written to %s\n\n", res.Weights, res.StartObjective, res.Objective, len(sets), res.Rounds, out)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "catalog\tanchors\tweights\tobjective\tniche\tcategory\tfollower ratio\tcountry\tlanguage")
	for _, c := range wf.Catalogs {
		for _, row := range []struct {
			set, which string
			f          relevance.FitFigures
		}{{"train", "hand-set", c.Train.Start}, {"train", "fitted", c.Train.Fitted}, {"held out", "hand-set", c.HeldOut.Start}, {"held out", "fitted", c.HeldOut.Fitted}} {
			fmt.Fprintf(tw, "%s\t%s %d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.Catalog, row.set, row.f.Anchors, row.which, num(row.f.Objective), num(row.f.Niche), num(row.f.Category), ratio(row.f.FollowerRatio), num(row.f.Country), num(row.f.Language))
		}
	}
	return tw.Flush()
}

// fitArgs are the flags a fit ran with, for the weights file.
func fitArgs(cmd *cobra.Command) []string {
	var out []string
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if f.Name == "fit" || f.Name == "fit-out" {
			return
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				out = append(out, "--"+f.Name+" "+filepath.Base(v))
			}
			return
		}
		out = append(out, "--"+f.Name+" "+f.Value.String())
	})
	return out
}

// verdict says who won a comparison.
func verdict(v string) string {
	switch v {
	case relevance.VerdictStore:
		return "store better"
	case relevance.VerdictBaseline:
		return "baseline better"
	}
	return v
}

// withCI is a share with its interval: "0.76 [0.74, 0.78]".
func withCI(f relevance.Figure, iv relevance.Interval) string {
	if !iv.Valid() {
		return num(f)
	}
	return fmt.Sprintf("%s [%.2f, %.2f]", num(f), iv.Lo, iv.Hi)
}

// ratioCI is a ratio with its interval: "1.28× [1.25, 1.31]".
func ratioCI(f relevance.Figure, iv relevance.Interval) string {
	if !iv.Valid() {
		return ratio(f)
	}
	return fmt.Sprintf("%s [%.2f, %.2f]", ratio(f), iv.Lo, iv.Hi)
}

func threshold(r relevance.Report) float64 {
	if len(r.Embedders) == 0 {
		return 0
	}
	return r.Embedders[0].Threshold
}

func pct(f relevance.Figure) string {
	if math.IsNaN(float64(f)) {
		return "n/a"
	}
	return fmt.Sprintf("%.3f%%", 100*float64(f))
}

func num(f relevance.Figure) string {
	x := float64(f)
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", x)
}

func ratio(f relevance.Figure) string {
	x := float64(f)
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f×", x)
}
