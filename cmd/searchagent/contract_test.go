package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// runContract runs `searchagent contract …` with stdin and returns stdout,
// what main would print on stderr (cobra's own output and the error) and
// the exit code main would use.
func runContract(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := newContractCmd()
	var out, errOut bytes.Buffer
	cmd.SetArgs(args)
	cmd.SetIn(strings.NewReader(stdin))
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	err := cmd.Execute()
	if err == nil {
		return out.String(), errOut.String(), 0
	}
	errOut.WriteString(err.Error())
	var ee *exitError
	if !errors.As(err, &ee) {
		t.Fatalf("contract %v returned %v, not an exitError", args, err)
	}
	return out.String(), errOut.String(), ee.code
}

type cliReport struct {
	State      string `json:"state"`
	Schema     string `json:"schema"`
	Valid      bool   `json:"valid"`
	Violations []struct {
		Code             string `json:"code"`
		InstanceLocation string `json:"instance_location"`
		KeywordLocation  string `json:"keyword_location"`
		Message          string `json:"message"`
	} `json:"violations"`
}

func parseReport(t *testing.T, out string) cliReport {
	t.Helper()
	var r cliReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("output is not a JSON report: %v\n%s", err, out)
	}
	return r
}

func (r cliReport) codes() []string {
	var out []string
	for _, v := range r.Violations {
		out = append(out, v.Code)
	}
	return out
}

const (
	validClarifying = `{"status": {"text": "已有 42 个结果，还需确认一点", "tone": "info", "loading": false},
  "conditions": [],
  "question": {"id": "q1", "text": "你要的粉丝量级是哪一档？", "options": [{"id": "o1", "label": "1万以下"}, {"id": "o2", "label": "1万以上"}]},
  "actions": [{"action_id": "A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", "label": "回答"}]}`
	fakeLoadingResults = `{"status": {"text": "正在为你搜索…", "tone": "success", "loading": false},
  "task_summary": "已生效：美国", "conditions": [], "actions": [{"action_id": "A_HINT_OPEN_REPAIR_LOW_RECALL", "label": "展开修正"}]}`
)

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestContractCheck(t *testing.T) {
	docFile := writeTemp(t, "slots.json", validClarifying)
	before := writeTemp(t, "before.json", `[{"id": "t1", "text": "Hollyland", "scope": "name", "is_excluded": false}]`)
	after := writeTemp(t, "after.json", `[{"id": "t1", "text": "Hollyland", "scope": "all", "is_excluded": false}]`)
	tests := []struct {
		name      string
		stdin     string
		args      []string
		wantCode  int
		wantCodes []string
		wantErr   string
	}{
		{name: "valid from stdin", stdin: validClarifying, args: []string{"check", "--state", "expanded_clarifying/clarifying", "-"}},
		{name: "valid from stdin without dash", stdin: validClarifying, args: []string{"check", "--state", "expanded_clarifying/clarifying"}},
		{name: "valid from file", args: []string{"check", "--state", "expanded_clarifying/clarifying", docFile}},
		{name: "valid full", args: []string{"check", "--full", "--state", "expanded_clarifying/clarifying", docFile}},
		{name: "fake loading", stdin: fakeLoadingResults, args: []string{"check", "--state", "expanded_agent/results_ready"}, wantCode: 1, wantCodes: []string{"FAKE_LOADING"}},
		{name: "fake loading full", stdin: fakeLoadingResults, args: []string{"check", "--full", "--state", "expanded_agent/results_ready"}, wantCode: 1, wantCodes: []string{"FAKE_LOADING"}},
		{name: "action not allowed now", stdin: fakeLoadingResults,
			args:     []string{"check", "--state", "expanded_agent/results_ready", "--allowed-actions", "A_FOLLOWUP_WAITING__FOLLOWUP_SUBMIT__REFINING__01,A_ANY__SESSION_RESET__EMPTY_INPUT__01"},
			wantCode: 1, wantCodes: []string{"ACTION_NOT_ALLOWED", "FAKE_LOADING"}},
		{name: "low recall hint variant", stdin: `{"repair_hint": {"text": "结果较少", "action_ids": ["A_HINT_OPEN_REPAIR_LOW_RECALL"]}}`,
			args: []string{"check", "--state", "compact_classic/results_ready", "--repair-reason", "low_recall", "--hint-visible"}},
		{name: "hint forbidden without context", stdin: `{"repair_hint": {"text": "结果较少", "action_ids": ["A_HINT_OPEN_REPAIR_LOW_RECALL"]}, "actions": []}`,
			args: []string{"check", "--state", "compact_classic/results_ready"}, wantCode: 1, wantCodes: []string{"FORBIDDEN_SLOT"}},
		{name: "scope rewrite from tag files", stdin: `{"actions": []}`,
			args: []string{"check", "--state", "compact_classic/results_ready", "--tags-before", before, "--tags-after", after}, wantCode: 1, wantCodes: []string{"SCOPE_REWRITE"}},
		{name: "bad json", stdin: `{"status": `, args: []string{"check", "--state", "compact_classic/idle"}, wantCode: 2, wantErr: "not valid JSON"},
		{name: "missing state", stdin: validClarifying, args: []string{"check"}, wantCode: 2, wantErr: "--state is required"},
		{name: "unknown state", stdin: validClarifying, args: []string{"check", "--state", "expanded/nowhere"}, wantCode: 2, wantErr: "unknown state key"},
		{name: "bad context", stdin: validClarifying, args: []string{"check", "--state", "expanded_repair/empty_repair", "--repair-reason", "low_recall"}, wantCode: 2, wantErr: "context"},
		{name: "unknown flag", args: []string{"check", "--nope"}, wantCode: 2, wantErr: "unknown flag"},
		{name: "two files", args: []string{"check", "--state", "compact_classic/idle", docFile, docFile}, wantCode: 2, wantErr: "at most one file"},
		{name: "missing file", args: []string{"check", "--state", "compact_classic/idle", filepath.Join(t.TempDir(), "none.json")}, wantCode: 2, wantErr: "no such file"},
		{name: "bad tags file", stdin: `{"actions": []}`, args: []string{"check", "--state", "compact_classic/idle", "--tags-before", docFile}, wantCode: 2, wantErr: "--tags-before"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runContract(t, tc.stdin, tc.args...)
			if code != tc.wantCode {
				t.Fatalf("contract %v exit = %d, want %d\nstdout: %s\nstderr: %s", tc.args, code, tc.wantCode, out, errOut)
			}
			if tc.wantErr != "" {
				if !strings.Contains(errOut, tc.wantErr) {
					t.Errorf("contract %v stderr = %q, want it to mention %q", tc.args, errOut, tc.wantErr)
				}
				return
			}
			r := parseReport(t, out)
			if r.Valid != (tc.wantCode == 0) {
				t.Errorf("contract %v valid = %v, want %v", tc.args, r.Valid, tc.wantCode == 0)
			}
			if r.Violations == nil {
				t.Errorf("contract %v: violations must be a list, got null", tc.args)
			}
			if diff := cmp.Diff(tc.wantCodes, r.codes()); diff != "" {
				t.Errorf("contract %v codes (-want +got):\n%s", tc.args, diff)
			}
		})
	}
}

func TestContractCheckReportShape(t *testing.T) {
	out, _, code := runContract(t, fakeLoadingResults, "check", "--state", "expanded_agent/results_ready", "--locale", "zh")
	if code != 1 {
		t.Fatalf("exit = %d, want 1", code)
	}
	r := parseReport(t, out)
	if r.State != "expanded_agent/results_ready" || r.Schema != "expanded_agent.results_ready" {
		t.Errorf("report state/schema = %q/%q", r.State, r.Schema)
	}
	v := r.Violations[0]
	if v.InstanceLocation != "/status/text" || !strings.HasPrefix(v.KeywordLocation, "contract:") || !strings.Contains(v.Message, "稳定态") {
		t.Errorf("violation = %+v; want /status/text, a contract: keyword location and a Chinese message", v)
	}
}

func TestContractSchema(t *testing.T) {
	out, errOut, code := runContract(t, "", "schema", "--state", "expanded_repair/empty_repair", "--repair-reason", "url_invalid")
	if code != 0 {
		t.Fatalf("schema exit = %d: %s", code, errOut)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("schema output is not JSON: %v", err)
	}
	if !strings.Contains(doc["title"].(string), "expanded_repair.empty_repair.url_invalid") || !strings.Contains(out, "maxLength") {
		t.Errorf("schema title = %v; want the url_invalid full variant", doc["title"])
	}
	strict, _, code := runContract(t, "", "schema", "--strict", "--state", "expanded_repair/empty_repair", "--repair-reason", "url_invalid")
	if code != 0 || strings.Contains(strict, "maxLength") || !strings.Contains(strict, "(strict)") {
		t.Errorf("strict schema: exit %d, has maxLength = %v", code, strings.Contains(strict, "maxLength"))
	}
	if _, errOut, code := runContract(t, "", "schema"); code != 2 || !strings.Contains(errOut, "--state") {
		t.Errorf("schema without --state: exit %d, stderr %q", code, errOut)
	}
}
