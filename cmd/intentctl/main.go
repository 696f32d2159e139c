// Command intentctl is the router's CLI for auditors and spec authors:
// explain shows how an input is routed (every stage, every spec, what
// would have changed the outcome), lint validates a spec directory, and
// diff replays a case file against two spec revisions and lists what
// changed.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
)

// errFindings makes the process exit 1 without printing usage, for lint
// errors and diff changes with --fail-on-change.
var errFindings = errors.New("findings")

func main() {
	if err := newRootCmd(os.Stdout, os.Stderr).Execute(); err != nil {
		if !errors.Is(err, errFindings) {
			fmt.Fprintln(os.Stderr, "intentctl:", err)
		}
		os.Exit(1)
	}
}

func newRootCmd(out, errOut io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:           "intentctl",
		Short:         "Explain, lint and diff the staged intent router's specs",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(out)
	root.SetErr(errOut)
	root.AddCommand(newExplainCmd(), newLintCmd(), newDiffCmd(), newTraceCmd(), newTrainCmd())
	return root
}
