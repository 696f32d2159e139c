package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A spec regression fails the eval against a baseline with its cause
// named: a guard deleted, one pattern dropped, a weight shifted so cases
// flip. The route suites run against the edited copy of router/specs
// (--specs) with the embedded specs' run as the baseline.
func TestEvalNamesTheCauseOfASpecRegression(t *testing.T) {
	if testing.Short() {
		t.Skip("runs two route suites four times")
	}
	// Two suites hold every case the edits below break (the whole route
	// folder, 8,000 cases and growing with each held-out set, ran four
	// times under -race for half an hour on a loaded VM).
	suites := []string{"../../evals/suites/route/cases.yaml", "../../evals/suites/route/heldout/guard_measures.yaml"}
	dir := t.TempDir()
	base := filepath.Join(dir, "base.json")
	if out, errOut, code := cli(t, "", append([]string{"eval", "--min-pass", "0", "--json", base, "--html", "-"}, suites...)...); code != 0 {
		t.Fatalf("baseline run: exit %d\n%s\n%s", code, lastPart(out), errOut)
	}
	tests := []struct {
		name, file, from, to, with string
		want                       []string
	}{
		{"drop one pattern", "guard.yaml", "      - name: buy_en\n", "      - name: fake_en\n", "", []string{
			"pattern guard.fake_engagement/buy_en no longer fires: ",
			`MISROUTED guard.fake_engagement: its own example "buy 10k followers" does not route to it`,
			"guard_measures/gm_abuse_004: pass → fail",
		}},
		{"delete a guard", "guard.yaml", "  - id: guard.minors\n", "  - id: guard.off_topic\n", "", []string{
			"guard spec guard.minors no longer fires: ",
			"cases/guard_minors_zh: pass → fail",
		}},
		{"shift a weight", "filters.yaml", "      - weight: 0.3\n        zh: [活跃", "[活跃", "      - weight: 0.1\n        zh: ", []string{
			"rules spec filter.activity no longer fires: ",
			"cases/activity_months_zh: pass → fail",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			specs := copySpecs(t, func(name, text string) string {
				if name != tc.file {
					return text
				}
				i := strings.Index(text, tc.from)
				j := strings.Index(text[max(i, 0):], tc.to)
				if i < 0 || j < 0 {
					t.Fatalf("%s: no %q … %q", name, tc.from, tc.to)
				}
				return text[:i] + tc.with + text[i+j:]
			})
			out, errOut, code := cli(t, "", append([]string{"eval", "--min-pass", "0", "--specs", specs, "--baseline", base, "--html", "-"}, suites...)...)
			if code != 1 {
				t.Errorf("exit %d, want 1\n%s", code, errOut)
			}
			if !strings.Contains(errOut, "passed in the baseline and fail now") && !strings.Contains(errOut, "do not route to their own spec") {
				t.Errorf("stderr %q names neither the regressions nor the spec examples", errOut)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("the eval output lacks %q\n%s", w, lastPart(out))
				}
			}
		})
	}
}

// copySpecs copies router/specs into a temporary folder through edit.
func copySpecs(t *testing.T, edit func(name, text string) string) string {
	t.Helper()
	dir := t.TempDir()
	files, err := filepath.Glob("../../router/specs/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no spec files: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(edit(name, string(data))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Against a baseline, a case that passed there and fails now fails the
// run even where its suite's min_pass still holds.
func TestEvalFailsARegressionBelowNoThreshold(t *testing.T) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "route", "r.yaml")
	if err := os.MkdirAll(filepath.Dir(suite), 0o755); err != nil {
		t.Fatal(err)
	}
	body := `kind: route
min_pass: 0
cases:
  - id: minors
    input: 找未成年博主
    state: {input: followup_waiting, container: expanded_agent, session: results_ready}
    want: {branch: guard_hit, top: guard.minors}
`
	if err := os.WriteFile(suite, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(dir, "base.json")
	if out, errOut, code := cli(t, "", "eval", "--min-pass", "0", "--classifier", "off", "--json", base, "--html", "-", suite); code != 0 {
		t.Fatalf("baseline run: exit %d\n%s\n%s", code, out, errOut)
	}
	specs := copySpecs(t, func(name, text string) string {
		if name != "guard.yaml" {
			return text
		}
		i := strings.Index(text, "  - id: guard.minors\n")
		j := strings.Index(text, "  - id: guard.off_topic\n")
		return text[:i] + text[j:]
	})
	out, errOut, code := cli(t, "", "eval", "--min-pass", "0", "--classifier", "off", "--specs", specs, "--html", "-", suite)
	if code != 0 {
		t.Fatalf("without a baseline: exit %d, want 0 (min_pass 0)\n%s\n%s", code, out, errOut)
	}
	out, errOut, code = cli(t, "", "eval", "--min-pass", "0", "--classifier", "off", "--specs", specs, "--baseline", base, "--html", "-", suite)
	if code != 1 || !strings.Contains(errOut, "1 case(s) passed in the baseline and fail now: r/minors") || !strings.Contains(out, "guard spec guard.minors no longer fires: 1 case(s)") {
		t.Errorf("with the baseline: exit %d, want 1 naming r/minors and the cause\n%s\n%s", code, out, errOut)
	}
}
