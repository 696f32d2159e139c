package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestContractCheckRegistry: `contract check` holds actions and repair
// options to what the registry offers in the state, and with --context to
// what its guards allow for that context.
func TestContractCheckRegistry(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	noResults := write("ctx.json", `{"keyword_tags":[],"active_tag_menu":false,"repair_reason":"no_results","repair_hint_visible":false,
		"conditions":[{"id":"c1","kind":"hard","field":"country","op":"eq","value":"JP","label":"地区：日本","source":"user_input","status":"applied"}]}`)
	const status = `"status":{"text":"没有找到结果","tone":"warning","loading":false},
		"conditions":[{"id":"c1","kind":"hard","field":"country","op":"eq","value":"JP","label":"地区：日本","source":"user_input","status":"applied"}]`
	switchNL := `{"action_id":"A_REPAIR_SWITCH_TO_NL","label":"改用自然语言描述","reason":"用一句话描述想找的频道"}`
	cases := []struct {
		name  string
		doc   string
		flags []string
		want  []string
	}{
		{"hint action in empty_repair", `{` + status + `,"repair_options":[` + switchNL + `],
			"actions":[{"action_id":"A_HINT_DISMISS_LOW_RECALL","label":"继续浏览"}]}`, nil, []string{"ACTION_NOT_ALLOWED"}},
		{"repair actions the state has", `{` + status + `,"repair_options":[` + switchNL + `],
			"actions":[{"action_id":"A_REPAIR_SWITCH_TO_NL","label":"改用自然语言描述"}]}`, nil, nil},
		{"fixing a link with no failed link (context)", `{` + status + `,"repair_options":[{"action_id":"A_REPAIR_FIX_URL","label":"修改链接","reason":"重新识别"}],
			"actions":[{"action_id":"A_REPAIR_SWITCH_TO_NL","label":"改用自然语言描述"}]}`, []string{"--context", noResults}, []string{"ACTION_NOT_ALLOWED"}},
		{"fixing a link, state only", `{` + status + `,"repair_options":[{"action_id":"A_REPAIR_FIX_URL","label":"修改链接","reason":"重新识别"}],
			"actions":[{"action_id":"A_REPAIR_SWITCH_TO_NL","label":"改用自然语言描述"}]}`, nil, nil},
		{"explicit list wins", `{` + status + `,"repair_options":[` + switchNL + `],
			"actions":[{"action_id":"A_HINT_DISMISS_LOW_RECALL","label":"继续浏览"}]}`, []string{"--allowed-actions", "A_HINT_DISMISS_LOW_RECALL,A_REPAIR_SWITCH_TO_NL"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"check", "--state", "expanded_repair/empty_repair", "--repair-reason", "no_results"}, tc.flags...)
			out, errOut, code := runContract(t, tc.doc, append(args, "-")...)
			r := parseReport(t, out)
			if diff := cmp.Diff(tc.want, r.codes()); diff != "" {
				t.Errorf("codes (-want +got):\n%s\nstderr: %s", diff, errOut)
			}
			if wantCode := map[bool]int{true: 0, false: 1}[len(tc.want) == 0]; code != wantCode {
				t.Errorf("exit %d, want %d", code, wantCode)
			}
		})
	}
}
