package main

import (
	"encoding/json"
	"fmt"
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
}

func newExplainCmd() *cobra.Command {
	var f explainFlags
	cmd := &cobra.Command{
		Use:   "explain TEXT",
		Short: "Route TEXT and print the trace of every stage",
		Long: `Route TEXT and print the trace: each stage with ✓/✗ per spec, the
runner-up and near misses (what would have changed the outcome), the
commands and the decision.

  --state    input/container/session, e.g. followup_waiting/expanded_clarifying/clarifying
  --pending  comma-separated expectations: ID=opt1|opt2|… (a question's options),
             ID:url (expects a URL), ID:text (expects a description)
  --condition ID:KIND[:FIELD[=VALUE]], repeatable, e.g. c1:hard:followers=10000`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			snap, err := loadSnapshot(f.specs)
			if err != nil {
				return err
			}
			in, err := buildInput(args[0], f)
			if err != nil {
				return err
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
			res, tr, err := r.Explain(cmd.Context(), in)
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
	cmd.Flags().StringVar(&f.classifier, "classifier", "local", "stage 3: local (the n-gram model the embedded default serves) or off (the rules alone)")
	return cmd
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
