package urlresolve

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"searchagent/tools/platform"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestResolutionJSON pins the wire shape of Resolution (printed by
// `searchagent resolve`, sent over the API): one resolution per micro-state
// and per kind of link. Regenerate with `go test -run TestResolutionJSON -update`.
func TestResolutionJSON(t *testing.T) {
	cat := newTestCatalog(t)
	inputs := []struct {
		page platform.Platform
		in   string
	}{
		{yt, "https://www.youtube.com/@MrBeast?si=abc"},
		{yt, "https://youtu.be/0e3GPea1Tyg"},
		{tt, "https://www.tiktok.com/@khaby.lame/video/7000000000000000001"},
		{yt, "https://www.instagram.com/leomessi/"},
		{yt, "https://www.youtube.com/playlist?list=PL1"},
		{xp, "https://x.com/nobody_zz_123"},
		{ig, "https://www.instagram.com/p/ZZZZZZZZZZZ/"},
		{yt, "javascript:alert(1)"},
		{ig, "https://www.instagram.com/bad..name"},
	}
	var got []Resolution
	for _, in := range inputs {
		r, err := Resolve(context.Background(), in.page, in.in, cat)
		if err != nil {
			t.Fatalf("Resolve(%q) error: %v", in.in, err)
		}
		got = append(got, r)
	}
	b, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	path := filepath.Join("testdata", "resolutions.golden.json")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(b, want) {
		t.Errorf("resolutions differ from %s (run with -update if intended):\n%s", path, b)
	}
	var back []Resolution
	if err := json.Unmarshal(b, &back); err != nil || len(back) != len(got) || back[0].State != StateExact {
		t.Errorf("json round trip: %v", err)
	}
}
