package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// cli runs the searchagent command line as main does and returns stdout,
// stderr and the exit code.
func cli(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

func decode[T any](t *testing.T, s string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, s)
	}
	return v
}

type resolveOut struct {
	State        string `json:"state"`
	Reason       string `json:"reason"`
	LinkPlatform string `json:"link_platform"`
	Key          string `json:"key"`
	Hint         struct {
		Zh string `json:"zh"`
		En string `json:"en"`
	} `json:"hint"`
}

const mini = "testdata/mini.csv"

func TestResolveCommand(t *testing.T) {
	cases := []struct {
		name, url, platform string
		wantState, wantKey  string
	}{
		{"exact handle with tracking", "https://m.youtube.com/@LakeDayGear?si=x", "youtube", "resolved_exact", "youtube/channel/UCaaaaaaaaaaaaaaaaaaaaaa"},
		{"exact video link", "https://youtu.be/AAAAAAAAAAA", "youtube", "resolved_exact", "youtube/channel/UCaaaaaaaaaaaaaaaaaaaaaa"},
		{"mismatch", "https://www.instagram.com/glowwithmaya/", "youtube", "resolved_mismatch", ""},
		{"unsupported playlist", "https://www.youtube.com/playlist?list=PL123", "youtube", "resolved_unsupported", ""},
		{"unknown channel", "https://www.youtube.com/@nobodyhere", "youtube", "resolved_invalid", ""},
		{"javascript scheme", "javascript:alert(1)", "youtube", "resolved_invalid", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := cli(t, "", "resolve", tc.url, "--platform", tc.platform, "--catalog", mini)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			got := decode[resolveOut](t, out)
			if got.State != tc.wantState || got.Key != tc.wantKey {
				t.Errorf("resolve %s = %s %q, want %s %q", tc.url, got.State, got.Key, tc.wantState, tc.wantKey)
			}
			if got.Hint.Zh == "" || got.Hint.En == "" {
				t.Errorf("resolve %s has no zh/en hint: %+v", tc.url, got.Hint)
			}
			if !strings.Contains(errOut, "catalog testdata/mini.csv (csv): read 6, accepted 6, rejected 0") {
				t.Errorf("stderr lacks the catalog report: %q", errOut)
			}
		})
	}
}

type pageOut struct {
	Items []struct {
		Channel struct {
			Handle   string `json:"handle"`
			Platform string `json:"platform"`
		} `json:"channel"`
	} `json:"items"`
	Total int `json:"total"`
}

func handles(p pageOut) []string {
	var hs []string
	for _, it := range p.Items {
		hs = append(hs, it.Channel.Handle)
	}
	return hs
}

func TestSearchCommand(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"tags scope (BM25: the shorter tag list ranks first)", []string{"swim vest", "--scope", "tags"}, []string{"buoyancybench", "lakedaygear"}},
		{"name scope misses a tag word", []string{"swim vest", "--scope", "name"}, nil},
		{"content scope", []string{"life jacket", "--scope", "content"}, []string{"paddlesafe"}},
		{"exclusion removes only its matches", []string{"kayak", "--exclude", "swim vest"}, []string{"paddlesafe"}},
		{"zh tag", []string{"汽配"}, []string{"laosiji"}},
		{"filters", []string{"--category", "汽车", "--country", "US", "--followers", "10k-20k"}, []string{"torquegarage"}},
		{"activity relative to --now", []string{"--category", "outdoor", "--active-days", "30", "--now", "2026-03-23"}, []string{"lakedaygear", "buoyancybench"}},
		{"a ratio field of the filter registry, in percent", []string{"--category", "outdoor", "--range", "engagement=20%-26%"}, []string{"lakedaygear"}},
		{"a ratio lower bound, sorted by it", []string{"--category", "outdoor", "--range", "engagement=20%+", "--sort", "engagement"}, []string{"paddlesafe", "lakedaygear"}},
		{"platform isolation", []string{"skincare", "--platform", "youtube"}, nil},
		{"other platform", []string{"skincare", "--platform", "ig"}, []string{"glowwithmaya"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"search", "--catalog", mini}, tc.args...)
			out, errOut, code := cli(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			got := decode[pageOut](t, out)
			if strings.Join(handles(got), ",") != strings.Join(tc.want, ",") || got.Total != len(tc.want) {
				t.Errorf("search %v = %v (total %d), want %v", tc.args, handles(got), got.Total, tc.want)
			}
		})
	}
}

type similarOut struct {
	Resolution resolveOut `json:"resolution"`
	Result     *struct {
		Anchor struct {
			Handle string `json:"handle"`
		} `json:"anchor"`
		pageOut
	} `json:"result"`
	LowRecall bool `json:"low_recall"`
}

func TestSimilarCommandOnDemoCatalog(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 20k-channel demo catalog")
	}
	cases := []struct {
		name          string
		args          []string
		wantLowRecall bool
		minTotal      int
	}{
		{"mainstream anchor", []string{"https://www.youtube.com/@gadgetgrid"}, false, 10},
		{"niche anchor is low recall", []string{"https://www.youtube.com/@oldironrevival"}, true, 1},
		{"keyword narrows the similar set only", []string{"https://www.youtube.com/@gadgetgrid", "--keyword", "Hollyland", "--scope", "content"}, true, 1},
		{"filters apply to the similar set", []string{"https://www.youtube.com/@gadgetgrid", "--country", "US", "--followers", "5k-50k"}, false, 10},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"similar", "--now", "2026-03-23"}, tc.args...)
			out, errOut, code := cli(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			got := decode[similarOut](t, out)
			if got.Result == nil || got.Resolution.State != "resolved_exact" {
				t.Fatalf("similar %v: no result (%+v)", tc.args, got.Resolution)
			}
			for _, h := range handles(got.Result.pageOut) {
				if h == got.Result.Anchor.Handle {
					t.Errorf("anchor %s is ranked among its similar channels", h)
				}
			}
			if got.LowRecall != tc.wantLowRecall || got.Result.Total < tc.minTotal {
				t.Errorf("similar %v: total %d low_recall %v, want ≥ %d and %v", tc.args, got.Result.Total, got.LowRecall, tc.minTotal, tc.wantLowRecall)
			}
		})
	}
}

func TestSimilarCommandRefusesUnresolvedLinks(t *testing.T) {
	out, errOut, code := cli(t, "", "similar", "https://www.instagram.com/glowwithmaya/", "--catalog", mini)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	got := decode[similarOut](t, out)
	if got.Resolution.State != "resolved_mismatch" || got.Result != nil {
		t.Errorf("got %+v", got)
	}
	if !strings.Contains(errOut, "Instagram") {
		t.Errorf("stderr %q does not say which platform the link belongs to", errOut)
	}
}

func TestParseCommand(t *testing.T) {
	type cond struct {
		Kind, Field, Op string
		Value           json.RawMessage
		Status          string
	}
	type parseOut struct {
		Shape      string `json:"shape"`
		Conditions []cond `json:"conditions"`
	}
	out, errOut, code := cli(t, "", "parse", "Hollyland 麦克风，美国，IG，粉丝 1w+，均播 3000+，高级感")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := decode[parseOut](t, out)
	if got.Shape != "mixed" {
		t.Errorf("shape %s, want mixed", got.Shape)
	}
	want := map[string]string{"country": "hard", "platform": "hard", "followers": "hard", "avg_views": "hard", "keyword": "keyword"}
	seen := map[string]bool{}
	for _, c := range got.Conditions {
		if k, ok := want[c.Field]; ok && c.Kind == k {
			seen[c.Field] = true
		}
		if c.Kind == "soft" && c.Status == "applied" {
			t.Errorf("soft condition %+v is applied", c)
		}
	}
	for f := range want {
		if !seen[f] {
			t.Errorf("no %s condition in %s", f, out)
		}
	}
	// stdin form
	out, _, code = cli(t, "swim vest\n", "parse", "-")
	if code != 0 || decode[parseOut](t, out).Shape != "keyword" {
		t.Errorf("parse - (stdin) = %d %s", code, out)
	}
	// residue is never a keyword: an edit, a sort, a vague amount
	// (issue 16 item 3; the full table is in tools/condparse).
	type span struct{ Text, Role string }
	type residueOut struct {
		Conditions []cond `json:"conditions"`
		Remainder  []span `json:"remainder"`
	}
	for _, tc := range []struct{ text, role string }{
		{"把粉丝改成 5 万以上", ""},
		{"换成科技博主", ""},
		{"按粉丝排序", "sort"},
		{"找粉丝不太多的美国科技博主", "vague"},
		{"feel like real recommendations", ""},
	} {
		out, errOut, code := cli(t, "", "parse", tc.text)
		if code != 0 {
			t.Fatalf("parse %q: exit %d: %s", tc.text, code, errOut)
		}
		got := decode[residueOut](t, out)
		for _, c := range got.Conditions {
			if c.Kind == "keyword" {
				t.Errorf("parse %q made keyword %s", tc.text, c.Value)
			}
		}
		if tc.role != "" && (len(got.Remainder) == 0 || got.Remainder[len(got.Remainder)-1].Role != tc.role) {
			t.Errorf("parse %q: remainder %+v, want role %s", tc.text, got.Remainder, tc.role)
		}
	}
}

func TestIngestDryRunChannels(t *testing.T) {
	out, errOut, code := cli(t, "", "ingest", "--dry-run", "--channels", "1000", "--now", "2026-03-23")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := decode[ingestSummary](t, out)
	want := map[string]int{"youtube": 400, "instagram": 250, "tiktok": 250, "x": 100}
	if got.Channels != 1000 || got.Read != 1000 || !strings.Contains(got.Catalog, "1000 channels") {
		t.Errorf("ingest --dry-run --channels 1000: channels %d, read %d, catalog %q; want 1000 generated", got.Channels, got.Read, got.Catalog)
	}
	if diff := cmp.Diff(want, got.ByPlat); diff != "" {
		t.Errorf("per platform (-want +got):\n%s", diff)
	}
}

func TestIngestDryRunReportsRealFiles(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "real")
	files, _ := filepath.Glob(filepath.Join(dir, "*.csv"))
	if len(files) != 4 {
		t.Skipf("the real published lists are not at %s (only CI and developer machines have ../shared)", dir)
	}
	out, errOut, code := cli(t, "", append([]string{"ingest", "--dry-run"}, files...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	type report struct {
		File                     string
		Read, Accepted, Rejected int
		Rejections               []struct {
			File   string
			Line   int
			Reason string
		}
	}
	got := decode[struct {
		Channels int      `json:"channels"`
		Reports  []report `json:"reports"`
	}](t, out)
	if len(got.Reports) != 4 || got.Channels < 3000 {
		t.Fatalf("got %d reports, %d channels", len(got.Reports), got.Channels)
	}
	for _, r := range got.Reports {
		if r.Read != r.Accepted+r.Rejected {
			t.Errorf("%s: read %d != accepted %d + rejected %d", r.File, r.Read, r.Accepted, r.Rejected)
		}
		if len(r.Rejections) != r.Rejected {
			t.Errorf("%s: %d rejected but %d reasons", r.File, r.Rejected, len(r.Rejections))
		}
		for _, rj := range r.Rejections {
			if rj.Line <= 1 || rj.Reason == "" || rj.File == "" {
				t.Errorf("%s: rejection without file, line or reason: %+v", r.File, rj)
			}
		}
	}
}

func TestUsageErrors(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown platform", []string{"resolve", "https://x.com/a", "--platform", "myspace", "--catalog", mini}, "unknown platform"},
		{"bad range", []string{"search", "x", "--followers", "20k-5k", "--catalog", mini}, "minimum is above the maximum"},
		{"bad scope", []string{"search", "x", "--scope", "everywhere", "--catalog", mini}, "scope"},
		{"missing catalog file", []string{"search", "x", "--catalog", "testdata/nope.csv"}, "nope.csv"},
		{"bad --now", []string{"resolve", "https://x.com/a", "--now", "yesterday"}, "--now"},
		{"no args", []string{"resolve"}, "accepts 1 arg"},
		{"ingest without a database", []string{"ingest", mini}, "DATABASE_URL"},
		{"ingest --channels with files", []string{"ingest", "--dry-run", "--channels", "500", mini}, "--channels"},
		{"parse too long", []string{"parse", strings.Repeat("a", 5000)}, "too long"},
		{"serve --shutdown-timeout 0", []string{"serve", "--shutdown-timeout", "0"}, "--shutdown-timeout"},
		{"serve --retain-sessions nonsense", []string{"serve", "--retain-sessions", "a while"}, "--retain-sessions"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("DATABASE_URL", "")
			_, errOut, code := cli(t, "", tc.args...)
			if code != 2 || !strings.Contains(errOut, tc.want) {
				t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.want)
			}
		})
	}
}
