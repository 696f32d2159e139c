package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/catalog/load"
)

// catalogFlags selects the channel catalog a command runs over: the
// generated demo catalog by default, or external files.
type catalogFlags struct {
	files   []string
	now     string
	report  bool
	learned bool
}

func (f *catalogFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringSliceVar(&f.files, "catalog", nil, "external catalog files (CSV/JSONL or a real published layout) instead of the demo catalog; repeat or comma-separate")
	cmd.Flags().StringVar(&f.now, "now", "", "reference time of the demo catalog's activity dates and of the activity filters (\"posted in the last week\"); serve moves it on with the clock (RFC 3339 or YYYY-MM-DD; default: the current time)")
	cmd.Flags().BoolVar(&f.report, "report", false, "print every rejected and repaired row of --catalog files to stderr")
	cmd.Flags().BoolVar(&f.learned, "learned", true, "learn a similarity from the catalog's co-occurrence at start (tools/embed/cooc: a similar-recall signal and keyword expansion); --learned=false turns it off, as /readyz then says")
}

// open builds the catalog. With --catalog it prints a one-line summary
// per file to stderr (and every rejection with --report): rows are never
// dropped silently.
func (f *catalogFlags) open(ctx context.Context, stderr io.Writer) (*catalog.Catalog, error) {
	if len(f.files) == 0 {
		now, err := f.reference()
		if err != nil {
			return nil, err
		}
		cat, err := demo.Catalog(demo.WithNow(now))
		if err != nil {
			return nil, failErr("demo catalog: %v", err)
		}
		return cat, nil
	}
	results, err := load.LoadFiles(ctx, f.files)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	cat, reports, err := load.BuildCatalog("files: "+strings.Join(f.files, ", "), results)
	if err != nil {
		return nil, failErr("build catalog: %v", err)
	}
	for _, r := range reports {
		fmt.Fprintf(stderr, "catalog %s (%s): read %d, accepted %d, rejected %d, warnings %d\n",
			r.File, r.Format, r.Read, r.Accepted, r.Rejected, len(r.Warnings))
		if f.report {
			for _, rj := range r.Rejections {
				fmt.Fprintf(stderr, "  rejected %s:%d: %s\n", rj.File, rj.Line, rj.Reason)
			}
			for _, w := range r.Warnings {
				fmt.Fprintf(stderr, "  warning %s:%d: %s\n", w.File, w.Line, w.Reason)
			}
		}
	}
	return cat, nil
}

// reference is "now" for the demo catalog's activity dates and for
// activity filters: --now, or the current time.
func (f *catalogFlags) reference() (time.Time, error) {
	if f.now == "" {
		return time.Now().UTC(), nil
	}
	t, err := parseTime(f.now)
	if err != nil {
		return time.Time{}, usageErr("--now: %v", err)
	}
	return t, nil
}

func parseTime(s string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339, "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is neither RFC 3339 nor YYYY-MM-DD", s)
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
