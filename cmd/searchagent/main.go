// Command searchagent is the creator-channel search agent: the service
// (serve) and the tools behind it as commands a newcomer can try
// (resolve, search, similar, parse, contract, ingest).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
)

// exitError carries a process exit code through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageErr marks a usage or input error (exit code 2).
func usageErr(format string, args ...any) error {
	return &exitError{code: 2, err: fmt.Errorf(format, args...)}
}

// failErr marks a failure of the command's work (exit code 1).
func failErr(format string, args ...any) error {
	return &exitError{code: 1, err: fmt.Errorf(format, args...)}
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "searchagent",
		Short:         "Creator-channel search agent: the service and its tools",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(
		newResolveCmd(),
		newSearchCmd(),
		newSimilarCmd(),
		newParseCmd(),
		newContractCmd(),
		newIngestCmd(),
		newServeCmd(),
		newRelevanceCmd(),
		newEvalCmd(),
	)
	return root
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes the CLI and returns the process exit code: 0 success, 1 a
// failure or a finding (e.g. contract violations), 2 bad usage or input.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil && ee.err.Error() != "" {
			fmt.Fprintln(stderr, "searchagent:", ee.err)
		}
		return ee.code
	}
	fmt.Fprintln(stderr, "searchagent:", err)
	// cobra's own argument and flag errors are usage errors.
	return 2
}
