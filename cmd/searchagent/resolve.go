package main

import (
	"github.com/spf13/cobra"

	"searchagent/tools/platform"
	"searchagent/tools/urlresolve"
)

func newResolveCmd() *cobra.Command {
	var (
		cf       catalogFlags
		platName string
	)
	cmd := &cobra.Command{
		Use:   "resolve <url> [--platform youtube]",
		Short: "Resolve a channel or content link on a platform's search page (resolved_exact / mismatch / unsupported / invalid)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := platform.Parse(platName)
			if err != nil {
				return usageErr("--platform: %v", err)
			}
			cat, err := cf.open(cmd.Context(), cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			res, err := urlresolve.Resolve(cmd.Context(), p, args[0], cat)
			if err != nil {
				return failErr("resolve: %v", err)
			}
			return writeJSON(cmd.OutOrStdout(), res)
		},
	}
	cmd.Flags().StringVar(&platName, "platform", "youtube", "the search page the link is entered on: youtube, instagram, tiktok or x")
	cf.register(cmd)
	return cmd
}
