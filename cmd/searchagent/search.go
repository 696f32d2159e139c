package main

import (
	"errors"

	"github.com/spf13/cobra"

	"searchagent/tools/store"
)

func newSearchCmd() *cobra.Command {
	var (
		cf       catalogFlags
		qf       queryFlags
		platName string
	)
	cmd := &cobra.Command{
		Use:   `search [keyword...] --platform youtube [--scope tags] [--exclude word] [filters]`,
		Short: "Keyword search inside one platform, each keyword matched in its scope",
		RunE: func(cmd *cobra.Command, args []string) error {
			p, filters, st, err := prepareQuery(cmd, &cf, &qf, platName)
			if err != nil {
				return err
			}
			page, err := st.Search(cmd.Context(), store.SearchQuery{
				Platform: p, Keywords: qf.keywordList(args), Filters: filters,
				Sort: store.Sort(qf.sort), Offset: qf.offset, Limit: qf.limit,
			})
			if errors.Is(err, store.ErrBadQuery) {
				return usageErr("%v", err)
			}
			if err != nil {
				return failErr("search: %v", err)
			}
			return writeJSON(cmd.OutOrStdout(), page)
		},
	}
	cmd.Flags().StringVar(&platName, "platform", "youtube", "platform to search: youtube, instagram, tiktok or x")
	cf.register(cmd)
	qf.register(cmd, false)
	return cmd
}
