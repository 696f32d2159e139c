package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"searchagent/router"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := newRootCmd(&out, &errOut)
	cmd.SetArgs(args)
	err := cmd.Execute()
	return out.String() + errOut.String(), err
}

// TestExplainGolden checks `intentctl explain` output against
// testdata/explain/*.golden (regenerate with -update).
func TestExplainGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"multi_command_zh", []string{"explain", "只要美国的，粉丝 1w+，不要游戏"}},
		{"multi_command_en", []string{"explain", "US only, over 10k followers, no gaming"}},
		{"guard_contact", []string{"explain", "给我这些博主的手机号"}},
		{"guard_precedes_expectation", []string{"explain", "第一个，然后讲个笑话", "--state", "followup_waiting/expanded_clarifying/clarifying", "--pending", "q=美国|英国|加拿大"}},
		{"expectation_position", []string{"explain", "the second one", "--state", "followup_waiting/expanded_clarifying/clarifying", "--pending", "q=美国|英国|加拿大"}},
		{"expectation_url", []string{"explain", "https://www.youtube.com/@veritasium", "--state", "followup_waiting/expanded_repair/empty_repair", "--pending", "fix:url", "--platform", "youtube"}},
		{"expectation_expired", []string{"explain", "第一个", "--pending", "q=美国|英国", "--turn", "5"}},
		{"remove_condition", []string{"explain", "去掉粉丝限制", "--condition", "c1:hard:followers=10000"}},
		{"remove_missing_condition", []string{"explain", "remove the language limit", "--condition", "c1:hard:followers=10000"}},
		{"ambiguous", []string{"explain", "放宽一点但是更精准"}},
		{"fallback_near_miss", []string{"explain", "粉丝多一点的"}},
		{"back_to_classic_refused", []string{"explain", "回到经典搜索", "--state", "followup_waiting/expanded_repair/empty_repair"}},
		{"json", []string{"explain", "只要美国的", "--json"}},
		{"guard_other_clause", []string{"explain", "不靠买粉怎么行，帮我买一万粉"}},
		{"guard_tolerant_cues", []string{"explain", "wher can i get cheep folowers for youtube", "--stages", "submitted"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := run(t, tc.args...)
			if err != nil {
				t.Fatalf("intentctl %v error = %v", tc.args, err)
			}
			path := filepath.Join("testdata", "explain", tc.name+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("read golden (run with -update): %v", err)
			}
			if got != string(want) {
				t.Errorf("intentctl %v output differs from %s:\n--- got\n%s\n--- want\n%s", tc.args, path, got, want)
			}
		})
	}
}

func TestExplainFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"explain", "x", "--state", "only/two"},
		{"explain", "x", "--pending", "q=onlyone"},
		{"explain", "x", "--pending", "q:nonsense"},
		{"explain", "x", "--condition", "justid"},
		{"explain"},
		{"explain", "x", "--specs", "/nonexistent"},
	} {
		if _, err := run(t, args...); err == nil {
			t.Errorf("intentctl %v error = nil, want error", args)
		}
	}
}

func TestLint(t *testing.T) {
	out, err := run(t, "lint")
	if err != nil || !strings.Contains(out, "0 errors") {
		t.Errorf("intentctl lint = %q, %v; want 0 errors", out, err)
	}
	out, err = run(t, "lint", "../../router/specs")
	if err != nil || !strings.Contains(out, "0 errors") {
		t.Errorf("intentctl lint router/specs = %q, %v; want 0 errors", out, err)
	}
	dir := t.TempDir()
	bad := "specs:\n  - id: a\n    domain: d\n    patterns:\n      - {name: p, regex: '(', weight: 1}\n    command: {name: nope}\n  - id: a\n    domain: d\n    command: {name: reset}\n"
	if err := os.WriteFile(filepath.Join(dir, "bad.yaml"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = run(t, "lint", dir)
	if !errors.Is(err, errFindings) {
		t.Errorf("intentctl lint bad error = %v, want errFindings", err)
	}
	for _, want := range []string{"duplicate_id", "regex", "command"} {
		if !strings.Contains(out, want) {
			t.Errorf("intentctl lint bad output lacks %q:\n%s", want, out)
		}
	}
}

// A spec that no longer routes its own example fails lint: dropping the
// pattern buy_en from guard.fake_engagement turned "buy 10k followers"
// into a follower filter and lint said 0 warnings.
func TestLintFailsASpecThatLostItsExample(t *testing.T) {
	dir := t.TempDir()
	entries, err := os.ReadDir("../../router/specs")
	if err != nil {
		t.Fatal(err)
	}
	dropped := false
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("../../router/specs", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		if i := strings.Index(text, "      - name: buy_en\n"); i >= 0 {
			j := strings.Index(text[i:], "      - name: fake_en\n")
			text, dropped = text[:i]+text[i+j:], true
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !dropped {
		t.Fatal("no pattern buy_en in router/specs")
	}
	out, err := run(t, "lint", dir)
	if !errors.Is(err, errFindings) {
		t.Errorf("intentctl lint without buy_en: error = %v, want errFindings\n%s", err, out)
	}
	if want := `guard.fake_engagement: error example_route: its own example "buy 10k followers" does not route to it`; !strings.Contains(out, want) {
		t.Errorf("intentctl lint without buy_en lacks %q:\n%s", want, out)
	}
}

func TestDiff(t *testing.T) {
	oldDir := "../../router/specs"
	newDir := t.TempDir()
	entries, err := os.ReadDir(oldDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(oldDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		s := string(data)
		if e.Name() == "recall.yaml" {
			// Make "narrow" exclusive and outrank widen: changes the
			// widen/narrow ambiguity and the country+widen case.
			s = strings.Replace(s, "    conflicts_with: [recall.widen]\n", "    conflicts_with: [recall.widen]\n    threshold: 0.9\n", 1)
		}
		if err := os.WriteFile(filepath.Join(newDir, e.Name()), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := "../../evals/suites/route/cases.yaml"
	out, err := run(t, "diff", oldDir, oldDir, cases, "--fail-on-change")
	if err != nil || !strings.Contains(out, " 0 changes") {
		t.Errorf("diff same dirs = %q, %v; want 0 changes", out, err)
	}
	out, err = run(t, "diff", oldDir, newDir, cases)
	if err != nil {
		t.Fatalf("diff error = %v", err)
	}
	for _, want := range []string{"narrow_zh  branch", "widen_narrow_ambiguous  branch", "- ambiguous", "+ matched"} {
		if !strings.Contains(out, want) {
			t.Errorf("diff output lacks %q:\n%s", want, out)
		}
	}
	if _, err := run(t, "diff", oldDir, newDir, cases, "--fail-on-change"); !errors.Is(err, errFindings) {
		t.Errorf("diff --fail-on-change error = %v, want errFindings", err)
	}
	out, err = run(t, "diff", oldDir, newDir, cases, "--json")
	if err != nil || !strings.Contains(out, `"changes"`) {
		t.Errorf("diff --json = %q, %v", out, err)
	}
}

// explain --input replays a stored router stage (a turn trace's router
// object): the same input and stages give the stored result and trace
// byte for byte, conditions and pending expectations included.
func TestExplainReplaysAStoredInput(t *testing.T) {
	ctx := context.Background()
	r, err := router.Default(router.WithDefaultLocalClassifier())
	if err != nil {
		t.Fatal(err)
	}
	in := router.Input{Text: "第二个", Locale: "zh", Platform: "youtube", Turn: 3,
		State:      router.State{Input: "followup_waiting", Container: "expanded_clarifying", Session: "clarifying"},
		Pending:    []router.Expectation{{ID: "q1", Kind: router.ExpectChoice, DeclaredTurn: 2, Options: []router.Choice{{ID: "o1", Label: "只在 YouTube 找"}, {ID: "o2", Label: "保留为参考"}}}},
		Conditions: []router.Condition{{ID: "a1", Kind: "anchor", Field: "anchor", Value: "youtube/channel/UC1"}, {ID: "c2", Kind: "hard", Field: "country", Op: "eq", Value: "US"}}}
	res, tr, err := r.Explain(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	stored, _ := json.Marshal(map[string]any{"input": in, "stages": "all", "result": res, "trace": tr})
	path := filepath.Join(t.TempDir(), "router.json")
	if err := os.WriteFile(path, stored, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run(t, "explain", "--input", path, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Result json.RawMessage `json:"result"`
		Trace  json.RawMessage `json:"trace"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	wantRes, _ := json.Marshal(res)
	wantTrace, _ := json.Marshal(tr)
	for _, c := range []struct {
		name      string
		got, want []byte
	}{{"result", got.Result, wantRes}, {"trace", got.Trace, wantTrace}} {
		var b bytes.Buffer
		if err := json.Compact(&b, c.got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), c.want) {
			t.Errorf("replayed %s differs:\n got %s\nwant %s", c.name, b.Bytes(), c.want)
		}
	}
	if res.Branch == "" || tr.SnapshotRevision == 0 {
		t.Fatalf("nothing decided: %+v", res)
	}
	if _, err := run(t, "explain", "x", "--input", path); err == nil {
		t.Error("explain TEXT --input: error = nil, want one of the two")
	}
}

// A prompt text edit without a version bump fails lint (it changed
// nothing with --model off and nothing flagged it); with the bump and
// the version recorded it passes.
func TestLintFailsAPromptEditWithoutAVersionBump(t *testing.T) {
	dir := t.TempDir()
	for _, sub := range []string{"files", "schemas"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		entries, err := os.ReadDir(filepath.Join("../../prompts", sub))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join("../../prompts", sub, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if e.Name() == "write_slots.prompt" {
				data = []byte(strings.Replace(string(data), "\nsystem: |\n", "\nsystem: |\n  Keep it short.\n", 1))
			}
			if err := os.WriteFile(filepath.Join(dir, sub, e.Name()), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	lock, err := os.ReadFile("../../prompts/versions.lock")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "versions.lock"), lock, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run(t, "lint", "--prompts", dir)
	if !errors.Is(err, errFindings) || !strings.Contains(out, "prompt write_slots@2: error changed_without_version_bump") || !strings.Contains(out, "3 prompts, 1 errors") {
		t.Errorf("intentctl lint --prompts (write_slots edited, same version) = %v\n%s", err, out)
	}
	out, err = run(t, "lint", "--prompts", "../../prompts")
	if err != nil || !strings.Contains(out, "3 prompts, 0 errors") {
		t.Errorf("intentctl lint --prompts prompts = %v\n%s", err, out)
	}
}
