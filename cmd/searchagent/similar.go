package main

import (
	"errors"

	"github.com/spf13/cobra"

	"searchagent/tools/store"
	"searchagent/tools/urlresolve"
)

// similarOutput is what `similar` prints: how the link resolved, then the
// pinned anchor and the similar channels.
type similarOutput struct {
	Resolution urlresolve.Resolution `json:"resolution"`
	Result     *store.SimilarResult  `json:"result,omitempty"`
	LowRecall  bool                  `json:"low_recall"`
}

func newSimilarCmd() *cobra.Command {
	var (
		cf       catalogFlags
		qf       queryFlags
		platName string
		minScore float64
	)
	cmd := &cobra.Command{
		Use:   "similar <url> [--platform youtube] [--keyword word] [--country US] [filters]",
		Short: "Channels similar to the anchor a link names; the anchor is pinned, keywords and filters narrow only the similar set",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, filters, st, err := prepareQuery(cmd, &cf, &qf, platName)
			if err != nil {
				return err
			}
			res, err := urlresolve.Resolve(cmd.Context(), p, args[0], st)
			if err != nil {
				return failErr("resolve: %v", err)
			}
			out := similarOutput{Resolution: res}
			if res.State != urlresolve.StateExact {
				// The link names no anchor: print why (the repair hint) and fail.
				writeJSON(cmd.OutOrStdout(), out)
				return &exitError{code: 1, err: errors.New(res.Hint.En)}
			}
			sim, err := st.SimilarTo(cmd.Context(), store.SimilarQuery{
				Platform: p, AnchorKey: res.Key, Keywords: qf.keywordList(nil), Filters: filters,
				Sort: store.Sort(qf.sort), Offset: qf.offset, Limit: qf.limit, MinScore: minScore,
			})
			if errors.Is(err, store.ErrBadQuery) {
				return usageErr("%v", err)
			}
			if err != nil {
				return failErr("similar: %v", err)
			}
			out.Result, out.LowRecall = &sim, store.LowRecall(sim.Total)
			return writeJSON(cmd.OutOrStdout(), out)
		},
	}
	cmd.Flags().StringVar(&platName, "platform", "youtube", "the search page: youtube, instagram, tiktok or x")
	cmd.Flags().Float64Var(&minScore, "min-score", 0, "minimum cosine similarity (0: the store's calibrated default; -1: rank everything)")
	cf.register(cmd)
	qf.register(cmd, true)
	return cmd
}
