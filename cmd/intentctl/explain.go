package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"searchagent/router"
)

type explainFlags struct {
	specs      string
	state      string
	pending    string
	conditions []string
	platform   string
	locale     string
	turn       int
	asJSON     bool
	classifier string
	input      string
	stages     string
}

func newExplainCmd() *cobra.Command {
	var f explainFlags
	cmd := &cobra.Command{
		Use:   "explain TEXT | explain --input FILE",
		Short: "Route TEXT and print the trace of every stage",
		Long: `Route TEXT and print the trace: each stage with ✓/✗ per spec, the
runner-up and near misses (what would have changed the outcome), the
commands and the decision.

  --state    input/container/session, e.g. followup_waiting/expanded_clarifying/clarifying
  --pending  comma-separated expectations: ID=opt1|opt2|… (a question's options),
             ID:url (expects a URL), ID:text (expects a description)
  --condition ID:KIND[:FIELD[=VALUE]], repeatable, e.g. c1:hard:followers=10000
  --input    a stored turn's router stage (the "router" object of a turn trace, with
             its input and stages) or a bare router input, as JSON ("-": stdin): the
             decision is replayed exactly, with the stored stages`,
		Args: cobra.RangeArgs(0, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			snap, err := loadSnapshot(f.specs)
			if err != nil {
				return err
			}
			var in router.Input
			switch {
			case f.input != "" && len(args) == 0:
				if in, err = readInput(cmd.InOrStdin(), f.input, &f.stages); err != nil {
					return err
				}
			case f.input == "" && len(args) == 1:
				if in, err = buildInput(args[0], f); err != nil {
					return err
				}
			default:
				return fmt.Errorf("give TEXT or --input FILE, not both or neither")
			}
			var ropts []router.Option
			switch f.classifier {
			case "local":
				ropts = append(ropts, router.WithDefaultLocalClassifier())
			case "off":
			default:
				return fmt.Errorf("--classifier %q: want local or off", f.classifier)
			}
			r, err := router.New(snap, ropts...)
			if err != nil {
				return err
			}
			explain := r.Explain
			switch f.stages {
			case "", "all":
			case "submitted":
				explain = r.ExplainSubmitted
			case "rules":
				explain = r.ExplainRules
			default:
				return fmt.Errorf("--stages %q: want all, submitted or rules", f.stages)
			}
			res, tr, err := explain(cmd.Context(), in)
			if err != nil {
				return err
			}
			if f.asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				enc.SetEscapeHTML(false)
				return enc.Encode(struct {
					Result *router.Result `json:"result"`
					Trace  *router.Trace  `json:"trace"`
				}{res, tr})
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), renderTree(in, res, tr))
			return err
		},
	}
	cmd.Flags().StringVar(&f.specs, "specs", "", "spec directory (default: the embedded specs)")
	cmd.Flags().StringVar(&f.state, "state", "followup_waiting/expanded_agent/results_ready", "state triple input/container/session")
	cmd.Flags().StringVar(&f.pending, "pending", "", "pending expectations (see above)")
	cmd.Flags().StringArrayVar(&f.conditions, "condition", nil, "session condition ID:KIND[:FIELD[=VALUE]] (repeatable)")
	cmd.Flags().StringVar(&f.platform, "platform", "", "the session's platform (youtube, instagram, tiktok, x)")
	cmd.Flags().StringVar(&f.locale, "locale", "", "zh or en (default: from the text)")
	cmd.Flags().IntVar(&f.turn, "turn", 1, "current turn; pending expectations are declared one turn earlier")
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print the result and trace as JSON")
	cmd.Flags().StringVar(&f.input, "input", "", "replay a stored router input (a turn trace's router object) from this JSON file, - for stdin")
	cmd.Flags().StringVar(&f.stages, "stages", "", "router stages: all (a follow-up), submitted (a first search's guard check) or rules (default: all, or the stored stages of --input)")
	cmd.Flags().StringVar(&f.classifier, "classifier", "local", "stage 3: local (the n-gram model the embedded default serves) or off (the rules alone)")
	return cmd
}

// readInput reads --input: a turn trace's router object {input, stages}
// or a bare router input. The stored stages apply unless --stages is set.
func readInput(stdin io.Reader, path string, stages *string) (router.Input, error) {
	var data []byte
	var err error
	if path == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		return router.Input{}, fmt.Errorf("--input: %w", err)
	}
	var stored struct {
		Input  *router.Input `json:"input"`
		Stages string        `json:"stages"`
	}
	if err := json.Unmarshal(data, &stored); err != nil {
		return router.Input{}, fmt.Errorf("--input %s: %w", path, err)
	}
	if stored.Input != nil {
		if *stages == "" {
			*stages = stored.Stages
		}
		return *stored.Input, nil
	}
	var in router.Input
	if err := json.Unmarshal(data, &in); err != nil || in.Text == "" {
		return router.Input{}, fmt.Errorf("--input %s: want a turn trace's router object {input, stages} or a router input with a text", path)
	}
	return in, nil
}

func loadSnapshot(dir string) (*router.Snapshot, error) {
	if dir == "" {
		return router.DefaultSnapshot()
	}
	return router.LoadDir(dir)
}

func buildInput(text string, f explainFlags) (router.Input, error) {
	in := router.Input{Text: text, Platform: f.platform, Locale: f.locale, Turn: f.turn}
	if f.state != "" {
		parts := strings.Split(f.state, "/")
		if len(parts) != 3 {
			return in, fmt.Errorf("--state %q: want input/container/session", f.state)
		}
		in.State = router.State{Input: parts[0], Container: parts[1], Session: parts[2]}
	}
	exps, err := parsePending(f.pending, f.turn-1)
	if err != nil {
		return in, err
	}
	in.Pending = exps
	for _, c := range f.conditions {
		cond, err := parseCondition(c)
		if err != nil {
			return in, err
		}
		in.Conditions = append(in.Conditions, cond)
	}
	return in, nil
}

// parsePending parses "q=美国|英国,fix:url,desc:text".
func parsePending(s string, declared int) ([]router.Expectation, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []router.Expectation
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if id, opts, ok := strings.Cut(item, "="); ok {
			e := router.Expectation{ID: id, Kind: router.ExpectChoice, DeclaredTurn: declared}
			for i, o := range strings.Split(opts, "|") {
				e.Options = append(e.Options, router.Choice{ID: fmt.Sprintf("%s_%d", id, i+1), Label: strings.TrimSpace(o)})
			}
			if id == "" || len(e.Options) < 2 {
				return nil, fmt.Errorf("--pending %q: a question needs an id and at least two options", item)
			}
			out = append(out, e)
			continue
		}
		id, kind, ok := strings.Cut(item, ":")
		if !ok || id == "" || (kind != "url" && kind != "text") {
			return nil, fmt.Errorf("--pending %q: want ID=opt1|opt2, ID:url or ID:text", item)
		}
		out = append(out, router.Expectation{ID: id, Kind: router.ExpectationKind(kind), DeclaredTurn: declared})
	}
	return out, nil
}

// parseCondition parses "ID:KIND[:FIELD[=VALUE]]".
func parseCondition(s string) (router.Condition, error) {
	parts := strings.SplitN(s, ":", 3)
	if len(parts) < 2 || parts[0] == "" || parts[1] == "" {
		return router.Condition{}, fmt.Errorf("--condition %q: want ID:KIND[:FIELD[=VALUE]]", s)
	}
	c := router.Condition{ID: parts[0], Kind: parts[1]}
	if len(parts) == 3 {
		field, value, _ := strings.Cut(parts[2], "=")
		c.Field = field
		if value != "" {
			c.Value = value
		}
	}
	if c.Kind == "keyword" && c.Value == nil && c.Field != "" {
		c.Value, c.Field = c.Field, "keyword"
	}
	return c, nil
}
