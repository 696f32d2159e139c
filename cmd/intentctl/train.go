package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"searchagent/router"
	"searchagent/router/classifier"
)

func newTrainCmd() *cobra.Command {
	var corpus, out string
	var check bool
	cmd := &cobra.Command{
		Use:   "train",
		Short: "Train the router's local classifier from the routing corpus and write its weights file",
		Long: "train reads every route suite directly under --corpus (not its heldout/ subdirectory), labels each case\n" +
			"by the spec it wants (none for fallback cases and harmless look-alikes), trains the n-gram naive Bayes\n" +
			"and writes the weights file the router embeds. --check writes nothing and fails when the checked-in\n" +
			"file differs from a fresh training (CI).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ex, err := router.LoadCorpus(corpus)
			if err != nil {
				return err
			}
			m, err := classifier.Train(ex)
			if err != nil {
				return err
			}
			data, err := m.Marshal()
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if check {
				old, err := os.ReadFile(out)
				if err != nil {
					return err
				}
				if !bytes.Equal(old, data) {
					fmt.Fprintf(w, "%s is stale: the corpus is %s (%d examples); run `go run ./cmd/intentctl train`\n", out, m.CorpusHash, len(ex))
					return errFindings
				}
				fmt.Fprintf(w, "%s is up to date (%s, %d examples)\n", out, m.CorpusHash, len(ex))
				return nil
			}
			if err := os.WriteFile(out, data, 0o644); err != nil {
				return err
			}
			fmt.Fprintf(w, "wrote %s: %d examples, %d classes, %d features, corpus %s\n", out, len(ex), len(m.Classes), len(m.Counts), m.CorpusHash)
			return nil
		},
	}
	cmd.Flags().StringVar(&corpus, "corpus", router.CorpusDir, "directory of route suites to train on")
	cmd.Flags().StringVar(&out, "out", "router/classifier/weights.json", "weights file to write")
	cmd.Flags().BoolVar(&check, "check", false, "fail when the weights file is not what training gives")
	return cmd
}
