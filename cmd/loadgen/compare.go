package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

// labelled is one run's report under the label of its mode.
type labelled struct {
	label string
	rep   report
}

// readReports reads "label=file.json,label=file.json" (reports written
// by --json).
func readReports(list string) ([]labelled, error) {
	var out []labelled
	for item := range strings.SplitSeq(list, ",") {
		label, file, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok || label == "" || file == "" {
			return nil, fmt.Errorf("--compare: %q is not label=file.json", item)
		}
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("--compare: %w", err)
		}
		var r report
		if err := json.Unmarshal(b, &r); err != nil {
			return nil, fmt.Errorf("--compare: %s: %w", file, err)
		}
		out = append(out, labelled{label, r})
	}
	return out, nil
}

// compare prints the runs side by side: turns/s, p50 and p99 of all
// turns and the natural-language turns' p50, and for each run its
// throughput and p99 against the first run with as many users (issue 28's
// acceptance: production ≥ 50% of the embedded default's throughput, p99
// ≤ 4×; a single user's natural-language turn p50 ≤ 5 ms).
func compare(w io.Writer, runs []labelled) {
	fmt.Fprintf(w, "%-24s %5s %9s %9s %9s %12s %14s %10s\n", "mode", "users", "turns/s", "p50 ms", "p99 ms", "natural p50", "turns/s vs 1st", "p99 vs 1st")
	for _, r := range runs {
		rel, p99 := "", ""
		for _, base := range runs {
			if base.rep.Users != r.rep.Users {
				continue
			}
			if base.label != r.label && base.rep.TurnsPerSecond > 0 && base.rep.All.P99MS > 0 {
				rel = fmt.Sprintf("%.0f%%", 100*r.rep.TurnsPerSecond/base.rep.TurnsPerSecond)
				p99 = fmt.Sprintf("%.1f×", r.rep.All.P99MS/base.rep.All.P99MS)
			}
			break
		}
		fmt.Fprintf(w, "%-24s %5d %9.0f %9.1f %9.1f %12.1f %14s %10s\n", r.label, r.rep.Users, r.rep.TurnsPerSecond, r.rep.All.P50MS, r.rep.All.P99MS, r.rep.Kinds["natural"].P50MS, rel, p99)
		if n := errorCount(r.rep); n > 0 {
			fmt.Fprintf(w, "%-24s %d errors: %v\n", "", n, r.rep.Errors)
		}
	}
}

func errorCount(r report) int {
	n := 0
	for _, v := range r.Errors {
		n += v
	}
	return n
}
