package main

import (
	"errors"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"searchagent/tools/condparse"
	"searchagent/tools/platform"
)

func newParseCmd() *cobra.Command {
	var (
		platName   string
		recentDays int
		nowFlag    string
	)
	cmd := &cobra.Command{
		Use:   `parse "<text>" | -`,
		Short: "Classify a search-box input (keyword / url / natural / mixed) and print its conditions as JSON",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			text := args[0]
			if text == "-" {
				b, err := io.ReadAll(io.LimitReader(cmd.InOrStdin(), condparse.MaxInputLen+1))
				if err != nil {
					return usageErr("read stdin: %v", err)
				}
				text = strings.TrimRight(string(b), "\r\n")
			}
			var opts []condparse.Option
			if platName != "" {
				p, err := platform.Parse(platName)
				if err != nil {
					return usageErr("--platform: %v", err)
				}
				opts = append(opts, condparse.WithPlatform(p))
			}
			if recentDays != 0 {
				opts = append(opts, condparse.WithRecentDays(recentDays))
			}
			if nowFlag != "" {
				now, err := parseTime(nowFlag)
				if err != nil {
					return usageErr("--now: %v", err)
				}
				opts = append(opts, condparse.WithNow(now))
			}
			res, err := condparse.Parse(text, opts...)
			if errors.Is(err, condparse.ErrTooLong) || errors.Is(err, condparse.ErrInvalidUTF8) || errors.Is(err, condparse.ErrBadOption) {
				return usageErr("%v", err)
			}
			if err != nil {
				return failErr("parse: %v", err)
			}
			return writeJSON(cmd.OutOrStdout(), res)
		},
	}
	cmd.Flags().StringVar(&platName, "platform", "", "the search page's platform (conditions naming another platform are flagged)")
	cmd.Flags().IntVar(&recentDays, "recent-days", 0, "days that \"recently active\" means (default 30)")
	cmd.Flags().StringVar(&nowFlag, "now", "", "reference time of calendar windows (\"since January\", 今年以来; RFC 3339 or YYYY-MM-DD; default: the current time)")
	return cmd
}
