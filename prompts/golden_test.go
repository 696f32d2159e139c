package prompts_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/prompts"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestRenderedGolden pins each prompt's rendering for fixed inputs: a
// change to a prompt file shows here as a diff (and changes the cassette
// keys, so its version must change too).
func TestRenderedGolden(t *testing.T) {
	s, err := prompts.Default()
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]map[string]any{
		"classify": {"input": "能不能再多给点跟这个差不多的", "locale": "zh", "state": `{"input":"followup_waiting","container":"expanded_agent","session":"results_ready"}`,
			"branch": "fallback", "candidates": "[]", "specs": `[{"id":"recall.widen","label":"放宽召回"},{"id":"guard.fake_engagement","guard":true,"label":"刷量"}]`,
			"conditions": `[{"field":"country","op":"eq","value":"US","label":"美国"}]`, "options": "[]"},
		"parse_conditions": {"input": "find US car repair channels, the vibe should feel like hanging out with a friend", "platform": "youtube",
			"graph": "[]", "deterministic": `[{"kind":"hard","field":"country","op":"eq","value":"US","words":"US"}]`, "guards": "- guard.fake_engagement: buying followers or fake engagement\n- guard.minors: targeting minors",
			"countries": "US 美国, JP 日本", "languages": "en 英语, de 德语", "categories": "automotive 汽车, beauty 美妆"},
		"write_slots": {"locale": "zh", "stage": "results are in", "facts": `{"locale":"zh","results_total":30,"results_shown":20,"applied":["美国"],"draft_status":"找到 30 个频道","draft_summary":"已生效：美国"}`,
			"previous":   `{"status_text":"正在搜索…","task_summary":"已生效：美国"}`,
			"violations": "- FAKE_LOADING at \"/status/text\": a stable state shows no loading wording\n"},
	}
	for id, vars := range cases {
		t.Run(id, func(t *testing.T) {
			r, err := s.Render(id, vars, []byte(`{"type":"object"}`))
			if err != nil {
				t.Fatal(err)
			}
			got := "# " + r.ID + "@" + r.Version + " " + r.Hash + "\n## system\n" + r.System + "\n## user\n" + r.User + "\n"
			path := filepath.Join("testdata", id+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if d := cmp.Diff(string(want), got); d != "" {
				t.Errorf("Render(%s) differs from %s (-want +got):\n%s", id, path, d)
			}
		})
	}
}
