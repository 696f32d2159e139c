package main

import (
	"errors"

	"github.com/spf13/cobra"

	"searchagent/tools/platform"
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
			p, err := platform.Parse(platName)
			if err != nil {
				return usageErr("--platform: %v", err)
			}
			now, err := cf.reference()
			if err != nil {
				return err
			}
			filters, err := qf.filters(now)
			if err != nil {
				return err
			}
			st, _, err := openStore(cmd.Context(), &cf, cmd.ErrOrStderr())
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
