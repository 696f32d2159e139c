package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"searchagent/prompts"
	"searchagent/router"
)

func newLintCmd() *cobra.Command {
	var promptDir string
	cmd := &cobra.Command{
		Use:   "lint [DIR]",
		Short: "Validate a spec directory (default: the embedded specs)",
		Long: `Validate specs: unknown fields, duplicate ids, regexes that do not
compile, named groups that are not slots, slots a command needs that no
pattern captures, unknown commands, preconditions and conflicts, specs
without zh or en terms, terms shared by two exclusive specs, and
specs whose own examples do not route to them. Then the prompts (the
embedded ones, or --prompts DIR with files/, schemas/ and versions.lock): a
prompt whose text changed without a version bump, or a version
versions.lock does not pin, is an error.
Exits 1 when there is an error-level issue.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var issues []router.Issue
			var n int
			if len(args) == 0 {
				specs, err := router.DefaultSpecs()
				if err != nil {
					return err
				}
				n = len(specs)
				issues = append(router.Lint(specs), router.LintRouting(specs)...)
			} else {
				var err error
				if issues, err = router.LintDir(args[0]); err != nil {
					return err
				}
				if specs, err := router.LoadSpecsFS(os.DirFS(args[0]), "."); err == nil {
					n = len(specs)
				}
			}
			errs := 0
			for _, is := range issues {
				fmt.Fprintln(cmd.OutOrStdout(), is.String())
				if is.Severity == router.SeverityError {
					errs++
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%d specs, %d errors, %d warnings\n", n, errs, len(issues)-errs)
			np, perrs, err := lintPrompts(cmd.OutOrStdout(), promptDir)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%d prompts, %d errors\n", np, perrs)
			if errs+perrs > 0 {
				return errFindings
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&promptDir, "prompts", "", "lint the prompts of this folder (files/, schemas/, versions.lock) instead of the embedded ones")
	return cmd
}

// lintPrompts prints the prompts' lint issues (versions against
// versions.lock) and returns how many prompts and errors there are.
func lintPrompts(w io.Writer, dir string) (int, int, error) {
	var set *prompts.Set
	var lock prompts.Lock
	var err error
	if dir == "" {
		if set, err = prompts.Default(); err == nil {
			lock, err = prompts.DefaultLock()
		}
	} else {
		fsys := os.DirFS(dir)
		if set, err = prompts.Load(fsys); err == nil {
			lock, err = prompts.ReadLock(fsys)
		}
	}
	if err != nil {
		return 0, 0, err
	}
	issues := set.Lint(lock)
	for _, is := range issues {
		fmt.Fprintln(w, is.String())
	}
	return len(set.IDs()), len(issues), nil
}

func newDiffCmd() *cobra.Command {
	var asJSON, failOnChange bool
	cmd := &cobra.Command{
		Use:   "diff OLD-DIR NEW-DIR CASES.yaml",
		Short: "Replay cases against two spec revisions and list what changed",
		Long: `Replay every case of CASES.yaml against the specs in OLD-DIR and
NEW-DIR and list each changed branch, top intent, command list, top-slot
values and decision. With --fail-on-change, exit 1 when anything changed.`,
		Args: cobra.ExactArgs(3),
		RunE: func(cmd *cobra.Command, args []string) error {
			oldSnap, err := router.LoadDir(args[0])
			if err != nil {
				return fmt.Errorf("old specs: %w", err)
			}
			newSnap, err := router.LoadDir(args[1])
			if err != nil {
				return fmt.Errorf("new specs: %w", err)
			}
			data, err := os.ReadFile(args[2])
			if err != nil {
				return err
			}
			cases, err := router.ParseCases(data)
			if err != nil {
				return err
			}
			oldOut, newOut := router.Replay(oldSnap, cases), router.Replay(newSnap, cases)
			changes := router.DiffOutcomes(oldOut, newOut)
			failing := func(os []router.Outcome) int {
				n := 0
				for _, o := range os {
					if len(o.Failures) > 0 {
						n++
					}
				}
				return n
			}
			w := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(w)
				enc.SetIndent("", "  ")
				enc.SetEscapeHTML(false)
				if err := enc.Encode(struct {
					OldRevision int64           `json:"old_revision"`
					NewRevision int64           `json:"new_revision"`
					Cases       int             `json:"cases"`
					Changes     []router.Change `json:"changes"`
				}{oldSnap.Revision(), newSnap.Revision(), len(cases), changes}); err != nil {
					return err
				}
			} else {
				fmt.Fprintf(w, "old %d → new %d: %d cases, %d changes; failing cases %d → %d\n",
					oldSnap.Revision(), newSnap.Revision(), len(cases), len(changes), failing(oldOut), failing(newOut))
				for _, c := range changes {
					fmt.Fprintf(w, "%s  %s\n  - %s\n  + %s\n", c.Case, c.Field, c.Old, c.New)
				}
			}
			if failOnChange && len(changes) > 0 {
				return errFindings
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the changes as JSON")
	cmd.Flags().BoolVar(&failOnChange, "fail-on-change", false, "exit 1 when any case changed")
	return cmd
}
