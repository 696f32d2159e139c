package main

import (
	"os"

	"github.com/spf13/cobra"

	"searchagent/tools/catalog/load"
)

func newIngestCmd() *cobra.Command {
	var dryRun bool
	cmd := &cobra.Command{
		Use:   "ingest --dry-run FILE...",
		Short: "Validate catalog files and report every row read, accepted and rejected (loading into PostgreSQL needs DATABASE_URL)",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !dryRun {
				if os.Getenv("DATABASE_URL") == "" {
					return usageErr("ingest writes to PostgreSQL: set DATABASE_URL, or pass --dry-run to only validate and report")
				}
				return failErr("ingest into PostgreSQL is not available in this build (the pgvector store is a separate issue); use --dry-run to validate and report")
			}
			results, err := load.LoadFiles(cmd.Context(), args)
			if err != nil {
				return usageErr("%v", err)
			}
			cat, reports, err := load.BuildCatalog("ingest", results)
			if err != nil {
				return failErr("build catalog: %v", err)
			}
			type summary struct {
				Channels int            `json:"channels"`
				ByPlat   map[string]int `json:"by_platform"`
				Reports  []load.Report  `json:"reports"`
			}
			s := summary{Channels: cat.Len(), ByPlat: map[string]int{}, Reports: reports}
			for p, n := range cat.Counts() {
				s.ByPlat[string(p)] = n
			}
			return writeJSON(cmd.OutOrStdout(), s)
		},
	}
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "only load, validate and report; write nothing")
	return cmd
}
