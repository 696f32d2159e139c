package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"searchagent/agent"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/states"
)

// contractMaxInput bounds a slot document or a side file read by the
// contract commands.
const contractMaxInput = 16 << 20

// errContractViolations is the error of a check that found violations.
var errContractViolations = errors.New("the slot document breaks the contract")

// contractUsage marks a usage or input error (exit code 2, printed by
// main), using main's exitError.
func contractUsage(cmd *cobra.Command, err error) error {
	return &exitError{code: 2, err: fmt.Errorf("contract %s: %w", cmd.Name(), err)}
}

// newContractCmd returns `searchagent contract`: check slot documents
// against the Agent Response Contract and print its schemas.
func newContractCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "contract",
		Short: "Check slot documents against the agent response contract (seed 001)",
	}
	cmd.AddCommand(newContractCheckCmd(), newContractSchemaCmd())
	return cmd
}

// contractFlags are the state and context flags both subcommands take.
type contractFlags struct {
	state, repairReason, sourceStage, substate string
	hintVisible                                bool
}

func (f *contractFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.state, "state", "", "state key <container_state>/<session_state>, e.g. expanded_clarifying/clarifying (required)")
	fl.StringVar(&f.repairReason, "repair-reason", "", "context repair_reason: url_invalid, url_mismatch, url_unsupported, no_results, low_recall")
	fl.BoolVar(&f.hintVisible, "hint-visible", false, "context repair_hint_visible (with --repair-reason low_recall)")
	fl.StringVar(&f.sourceStage, "source-stage", "", "context source_stage: first_round, followup, post_repair")
	fl.StringVar(&f.substate, "substate", "", "scene sub-state of seed 000 §8.1, e.g. natural-followup-refining")
}

func (f *contractFlags) resolve() (contract.StateKey, contract.Context, contract.SchemaID, error) {
	if f.state == "" {
		return "", contract.Context{}, "", errors.New("--state is required (e.g. --state expanded_clarifying/clarifying)")
	}
	key, err := contract.ParseStateKey(f.state)
	if err != nil {
		return "", contract.Context{}, "", err
	}
	ctx := contract.Context{
		RepairReason: states.RepairReason(f.repairReason), RepairHintVisible: f.hintVisible,
		SourceStage: contract.SourceStage(f.sourceStage), Substate: f.substate,
	}
	id, err := contract.Resolve(key, ctx)
	if err != nil {
		return "", contract.Context{}, "", err
	}
	return key, ctx, id, nil
}

func newContractCheckCmd() *cobra.Command {
	var (
		f                           contractFlags
		allowed, userTexts          []string
		tagsBefore, tagsAfter, cond string
		contextFile                 string
		locale                      string
		full                        bool
	)
	cmd := &cobra.Command{
		Use:   "check --state <key> [file.json|-]",
		Short: "Validate a slot document (a file, or stdin) and print its violations as JSON",
		Long: `Validate a slot document as a model wrote it against the contract of a state.
The report {"state", "schema", "valid", "violations": [{"code", "instance_location",
"keyword_location", "message"}]} goes to stdout. The actions, repair options and hint
actions are checked against what the agent's action registry offers in the state
(ACTION_NOT_ALLOWED otherwise); --context evaluates the registry's guards on a
snapshot's context, --allowed-actions replaces the set. Exit status: 0 valid, 1 violations,
2 usage or input errors (a document that is not JSON is an input error).`,
		Args:          cobra.ArbitraryArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return contractUsage(cmd, fmt.Errorf("want at most one file, got %d", len(args)))
			}
			key, ctx, _, err := f.resolve()
			if err != nil {
				return contractUsage(cmd, err)
			}
			in := contract.Input{State: key, Context: ctx, Locale: locale, UserTexts: userTexts}
			var snapCtx *api.Context
			if contextFile != "" {
				snapCtx = &api.Context{}
				if err := contractReadJSONFile(contextFile, snapCtx); err != nil {
					return contractUsage(cmd, fmt.Errorf("--context: %w", err))
				}
			}
			in.AllowedActions = agent.AllowedInState(key, snapCtx)
			if cmd.Flags().Changed("allowed-actions") {
				in.AllowedActions = append([]string{}, allowed...)
			}
			if err := contractReadJSONFile(tagsBefore, &in.TagsBefore); err != nil {
				return contractUsage(cmd, fmt.Errorf("--tags-before: %w", err))
			}
			if err := contractReadJSONFile(tagsAfter, &in.TagsAfter); err != nil {
				return contractUsage(cmd, fmt.Errorf("--tags-after: %w", err))
			}
			if err := contractReadJSONFile(cond, &in.Conditions); err != nil {
				return contractUsage(cmd, fmt.Errorf("--conditions: %w", err))
			}
			name := "-"
			if len(args) == 1 {
				name = args[0]
			}
			data, err := contractReadInput(cmd.InOrStdin(), name)
			if name == "-" {
				name = "stdin"
			}
			if err != nil {
				return contractUsage(cmd, err)
			}
			opt := contract.WithStrictSchemas()
			if full {
				opt = contract.WithFullSchemas()
			}
			v, err := contract.New(opt)
			if err != nil {
				return contractUsage(cmd, err)
			}
			rep, err := v.ValidateJSON(in, data)
			if err != nil {
				return contractUsage(cmd, fmt.Errorf("%s: %w", name, err))
			}
			if rep.Violations == nil {
				rep.Violations = []contract.Violation{}
			}
			if err := contractWriteJSON(cmd.OutOrStdout(), rep); err != nil {
				return contractUsage(cmd, err)
			}
			if !rep.Valid {
				return &exitError{code: 1, err: fmt.Errorf("%w: %d violation(s), codes %v", errContractViolations, len(rep.Violations), rep.Codes())}
			}
			return nil
		},
	}
	f.register(cmd)
	fl := cmd.Flags()
	fl.StringSliceVar(&allowed, "allowed-actions", nil, "action ids allowed now, comma-separated (default: what the registry offers in --state)")
	fl.StringVar(&contextFile, "context", "", "JSON file: a snapshot's context; the registry's guards are evaluated on it")
	fl.StringVar(&tagsBefore, "tags-before", "", "JSON file: the keyword tags before the turn [{id,text,scope,is_excluded}]")
	fl.StringVar(&tagsAfter, "tags-after", "", "JSON file: the keyword tags after the turn")
	fl.StringVar(&cond, "conditions", "", "JSON file: the session's condition graph [{id,kind,field,op,value,label,source,status}]")
	fl.StringArrayVar(&userTexts, "user-text", nil, "a user or catalog string the texts may quote (repeatable)")
	fl.StringVar(&locale, "locale", "en", "language of the messages: en or zh")
	fl.BoolVar(&full, "full", false, "validate with the full schema variant (same report; the default strict variant leaves the bounds to Go checks)")
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return contractUsage(c, err) })
	return cmd
}

func newContractSchemaCmd() *cobra.Command {
	var (
		f      contractFlags
		strict bool
	)
	cmd := &cobra.Command{
		Use:           "schema --state <key>",
		Short:         "Print the JSON Schema of a state (the strict variant with --strict)",
		Args:          cobra.NoArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, _, id, err := f.resolve()
			if err != nil {
				return contractUsage(cmd, err)
			}
			data, err := contract.Schema(id, strict)
			if err != nil {
				return contractUsage(cmd, err)
			}
			if _, err := cmd.OutOrStdout().Write(data); err != nil {
				return contractUsage(cmd, err)
			}
			return nil
		},
	}
	f.register(cmd)
	cmd.Flags().BoolVar(&strict, "strict", false, "print the strict (OpenAI structured output) variant")
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return contractUsage(c, err) })
	return cmd
}

// contractReadInput reads the document from a file, or from stdin for "-".
func contractReadInput(stdin io.Reader, name string) ([]byte, error) {
	if name == "-" {
		return contractReadLimited(stdin, "stdin")
	}
	return contractReadFile(name)
}

// contractReadFile reads a named file, bounded.
func contractReadFile(name string) ([]byte, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return contractReadLimited(fh, name)
}

func contractReadLimited(r io.Reader, name string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, contractMaxInput+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if len(data) > contractMaxInput {
		return nil, fmt.Errorf("%s is larger than %d bytes", name, contractMaxInput)
	}
	return data, nil
}

// contractReadJSONFile decodes a JSON side file into v; an empty path
// leaves v as it is.
func contractReadJSONFile(path string, v any) error {
	if path == "" {
		return nil
	}
	data, err := contractReadFile(path)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func contractWriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
