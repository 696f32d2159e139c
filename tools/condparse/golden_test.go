package condparse

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.json")

// goldenInputs are representative inputs whose full results are kept in
// testdata/golden.json.
var goldenInputs = []string{
	"swim vest",
	"https://www.youtube.com/@mkbhd",
	"帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人",
	"Hollyland 麦克风，美国，IG，粉丝 1w+，均播 3000+",
	"find tech reviewers in Germany with over 100k subscribers",
	"看看https://www.youtube.com/@abc这个频道类似的，不要游戏，最好性价比高",
	"between 10k and 50k followers, English-speaking, posted this week",
	"说西语的美妆博主，近一周有更新，5K~2W",
	"premium feel, good value, on-brand gaming headset creators in the US",
	"最好不要太商业化，调性合适，内容质量高，更像真人推荐",
	"腰部博主，粉丝 5w-2w，北美",
	"粉丝 1w+，粉丝不超过 5000，油管 推特",
	"除了美国，还要加拿大的博主，exclude pranks",
	"预算 5000 元 以内，帮我找一些平时会在视频里认真讲解摄影构图技巧的博主",
	"@mkbhd youtu.be/dQw4w9WgXcQ 1.5M+ subscribers, recently active",
}

type goldenCase struct {
	Input  string `json:"input"`
	Result Result `json:"result"`
}

func TestGolden(t *testing.T) {
	var got []goldenCase
	for _, in := range goldenInputs {
		r, err := Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q) error %v", in, err)
		}
		checkInvariants(t, in, r)
		got = append(got, goldenCase{Input: in, Result: r})
	}
	path := filepath.Join("testdata", "golden.json")
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(got); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v (run go test -run TestGolden -update)", path, err)
	}
	if diff := cmp.Diff(string(want), buf.String()); diff != "" {
		t.Errorf("golden results differ (-want +got); run go test -run TestGolden -update if intended:\n%s", diff)
	}
}
