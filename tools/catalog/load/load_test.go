package load

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
	"time"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

func TestParseCount(t *testing.T) {
	tests := []struct {
		in      string
		want    int64
		wantErr error
	}{
		{"", 0, nil},
		{"0", 0, nil},
		{"12345", 12345, nil},
		{" 12,345 ", 12345, nil},
		{"183,500,000", 183500000, nil},
		{"48.5M", 48500000, nil},
		{"30.8K", 30800, nil},
		{"30.8k", 30800, nil},
		{"1.5B", 1500000000, nil},
		{"1.2w", 12000, nil},
		{"1.2W", 12000, nil},
		{"1.2万", 12000, nil},
		{"3亿", 300000000, nil},
		{"199.5", 200, nil},
		{"409800000", 409800000, nil},
		{"-5", 0, ErrNegativeCount},
		{"-1.2K", 0, ErrNegativeCount},
		{"lots", 0, ErrBadCount},
		{"1,2", 0, ErrBadCount},
		{"12,34,567", 0, ErrBadCount},
		{"1.2.3", 0, ErrBadCount},
		{"M", 0, ErrBadCount},
		{"1e6", 0, ErrBadCount},
		{"99999999999999999999", 0, ErrBadCount},
		{"9999999999999B", 0, ErrBadCount},
		{"NaN", 0, ErrBadCount},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseCount(tc.in)
			if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil && err != nil) {
				t.Fatalf("ParseCount(%q) error = %v, want %v", tc.in, err, tc.wantErr)
			}
			if got != tc.want {
				t.Errorf("ParseCount(%q) = %d, want %d", tc.in, got, tc.want)
			}
		})
	}
}

func TestParseDate(t *testing.T) {
	tests := []struct {
		in      string
		want    time.Time
		wantErr bool
	}{
		{"", time.Time{}, false},
		{"2026-03-01", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), false},
		{"2026-03-10T08:30:00Z", time.Date(2026, 3, 10, 8, 30, 0, 0, time.UTC), false},
		{"2026-02-02T10:00:00+08:00", time.Date(2026, 2, 2, 2, 0, 0, 0, time.UTC), false},
		{"yesterday", time.Time{}, true},
		{"2026/03/01", time.Time{}, true},
		{"2026-13-01", time.Time{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseDate(tc.in)
			if (err != nil) != tc.wantErr || (err != nil && !errors.Is(err, ErrBadDate)) {
				t.Fatalf("ParseDate(%q) error = %v, want error %v", tc.in, err, tc.wantErr)
			}
			if !got.Equal(tc.want) {
				t.Errorf("ParseDate(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

func TestValidHandle(t *testing.T) {
	tests := []struct {
		p    platform.Platform
		h    string
		want bool
	}{
		{platform.YouTube, "MrBeast", true},
		{platform.YouTube, "Panda.", true},
		{platform.YouTube, "老司机说车", true},
		{platform.YouTube, "A4", false},
		{platform.YouTube, "Like Nastya", false},
		{platform.YouTube, "✿KidsDiana", false},
		{platform.YouTube, strings.Repeat("a", 31), false},
		{platform.Instagram, "k.mbappe", true},
		{platform.Instagram, ".dot", false},
		{platform.Instagram, "dot.", false},
		{platform.Instagram, "a..b", false},
		{platform.Instagram, "has-dash", false},
		{platform.TikTok, "...anddy_", true},
		{platform.TikTok, "anna..paull", true},
		{platform.TikTok, "ends.", false},
		{platform.TikTok, "a", false},
		{platform.TikTok, strings.Repeat("a", 25), false},
		{platform.X, "elonmusk", true},
		{platform.X, "ev", true},
		{platform.X, "waytoolongforanxhandle", false},
		{platform.X, "dot.ted", false},
		{platform.X, "", false},
		{"myspace", "tom", false},
	}
	for _, tc := range tests {
		t.Run(string(tc.p)+"/"+tc.h, func(t *testing.T) {
			err := ValidHandle(tc.p, tc.h)
			if got := err == nil; got != tc.want {
				t.Errorf("ValidHandle(%s, %q) = %v, want valid %v", tc.p, tc.h, err, tc.want)
			}
			if err != nil && !errors.Is(err, ErrBadHandle) {
				t.Errorf("ValidHandle(%s, %q) = %v, want ErrBadHandle", tc.p, tc.h, err)
			}
		})
	}
}

// rejection is what the fixture tests compare: line and a reason fragment.
type rejection struct {
	Line   int
	Reason string
}

func rejectionsOf(rep Report) []rejection {
	var out []rejection
	for _, r := range rep.Rejections {
		out = append(out, rejection{r.Line, r.Reason})
	}
	return out
}

// matchRejections checks every rejection against a wanted line and reason
// fragment, in order.
func matchRejections(t *testing.T, rep Report, want []rejection) {
	t.Helper()
	got := rejectionsOf(rep)
	if len(got) != len(want) {
		t.Fatalf("%s: %d rejections, want %d:\n%v", rep.File, len(got), len(want), rep.Rejections)
	}
	for i := range want {
		if got[i].Line != want[i].Line || !strings.Contains(got[i].Reason, want[i].Reason) {
			t.Errorf("%s: rejection %d = line %d %q, want line %d containing %q", rep.File, i, got[i].Line, got[i].Reason, want[i].Line, want[i].Reason)
		}
	}
	for _, r := range rep.Rejections {
		if r.File != rep.File {
			t.Errorf("rejection %v names file %q, want %q", r, r.File, rep.File)
		}
	}
}

func TestOwnFormats(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		file                     string
		format                   Format
		read, accepted, rejected int
		rejections               []rejection
	}{
		{file: "good.csv", format: FormatCSV, read: 6, accepted: 6},
		{file: "good.jsonl", format: FormatJSONL, read: 4, accepted: 4},
		{
			file: "bad.csv", format: FormatCSV, read: 16, accepted: 3, rejected: 13,
			rejections: []rejection{
				{3, "name: empty"},
				{4, "followers: negative count"},
				{5, `followers: invalid count: "lots"`},
				{6, `handle: invalid handle for YouTube: "has space"`},
				{7, "handle: invalid handle for X"},
				{8, `category: unknown category "basket weaving"`},
				{9, `country: unknown country "Atlantis"`},
				{10, "has 5 cells, the header has 7"},
				{11, `platform: unknown platform "myspace"`},
				{12, `last_post_at: invalid date: "yesterday"`},
				{13, "broken CSV quoting"},
				{14, "no handle, id or channel URL"},
				{17, "name: invalid UTF-8"},
			},
		},
		{
			file: "bad.jsonl", format: FormatJSONL, read: 13, accepted: 2, rejected: 11,
			rejections: []rejection{
				{2, `unknown field "folowers"`},
				{3, "not a JSON object"},
				{4, "followers: negative count"},
				{5, `id: invalid id: channel id "UCshort"`},
				{6, `content_ids: invalid id: content id "not a code!"`},
				{7, "not a JSON object"},
				{8, "more than one JSON value"},
				{9, "tags: want an array of strings"},
				{10, "is not a X channel URL"},
				{11, "url: names @other but handle is urldisagree"},
				{12, "invalid UTF-8"},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join("testdata", tc.file)
			res, err := LoadFile(ctx, path)
			if err != nil {
				t.Fatalf("LoadFile(%q) error = %v", path, err)
			}
			rep := res.Report
			if rep.Format != tc.format || rep.Read != tc.read || rep.Accepted != tc.accepted || rep.Rejected != tc.rejected {
				t.Errorf("LoadFile(%q) = %v, want %s read %d accepted %d rejected %d", path, rep, tc.format, tc.read, tc.accepted, tc.rejected)
			}
			if rep.Read != rep.Accepted+rep.Rejected || len(res.Channels) != rep.Accepted || len(rep.Rejections) != rep.Rejected {
				t.Errorf("LoadFile(%q): inconsistent report %v with %d channels and %d rejections", path, rep, len(res.Channels), len(rep.Rejections))
			}
			matchRejections(t, rep, tc.rejections)
			for _, ch := range res.Channels {
				if err := ch.Validate(); err != nil {
					t.Errorf("channel %s does not validate: %v", ch.Source, err)
				}
				if !strings.HasPrefix(ch.Source, path+":") {
					t.Errorf("channel %q Source = %q, want %s:<line>", ch.Name, ch.Source, path)
				}
			}
			checkGolden(t, tc.file, res)
		})
	}
}

// TestOwnCSVValues checks the values one good row turns into.
func TestOwnCSVValues(t *testing.T) {
	res, err := LoadFile(context.Background(), "testdata/good.csv")
	if err != nil {
		t.Fatal(err)
	}
	got := res.Channels[0]
	want := &catalog.Channel{
		Platform:     platform.YouTube,
		ID:           "UCX6OQ3DkcsbYNE6H8uQQuVA",
		Handle:       "MrBeast",
		Aliases:      []string{"MrBeast6000", "mrbeast"},
		Name:         "MrBeast",
		URL:          "https://www.youtube.com/@MrBeast",
		Description:  "Big videos, bigger giveaways. New every Saturday.",
		Tags:         []string{"challenge", "philanthropy"},
		Category:     "comedy",
		Country:      "US",
		Language:     "en",
		Followers:    183500000,
		AvgViews:     117400000,
		LastPostAt:   time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC),
		RecentTitles: []string{"I Spent 7 Days Buried Alive", "$1 vs $1000000 Hotel"},
		ContentIDs:   []string{"dQw4w9WgXcQ", "9bZkp7q19f0"},
		Source:       "testdata/good.csv:2",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("row 2 (-want +got):\n%s", diff)
	}
	ig := res.Channels[2]
	if ig.Handle != "sara.makeup" || ig.URL != "https://www.instagram.com/sara.makeup/" || ig.Followers != 12000 || ig.Country != "BR" {
		t.Errorf("instagram row = %+v, want handle from the URL, 1.2w followers, Brasil → BR", ig)
	}
	if zh := res.Channels[5]; zh.Handle != "老司机说车" || zh.Followers != 32000 || zh.Category != "automotive" {
		t.Errorf("zh row = %+v, want handle 老司机说车, 3.2万 = 32000, category automotive", zh)
	}
}

func checkGolden(t *testing.T, name string, res Result) {
	t.Helper()
	got, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "golden", name+".json")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs from %s (-want +got):\n%s", name, path, diff)
	}
}

func TestFileErrors(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name    string
		path    string
		opts    []Option
		wantErr error
	}{
		{"missing file", "testdata/no-such-file.csv", nil, os.ErrNotExist},
		{"unknown header", "testdata/unknown.csv", nil, ErrUnknownFormat},
		{"unknown column", "testdata/badcol.csv", []Option{WithFormat(FormatCSV)}, ErrBadHeader},
		{"bad format option", "testdata/good.csv", []Option{WithFormat("xml")}, ErrBadOption},
		{"bad platform option", "testdata/good.csv", []Option{WithPlatform("myspace")}, ErrBadOption},
		{"layout forced on the wrong header", "testdata/good.csv", []Option{WithFormat(FormatInfluencersTikTok)}, ErrBadHeader},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadFile(ctx, tc.path, tc.opts...)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("LoadFile(%q) error = %v, want %v", tc.path, err, tc.wantErr)
			}
			if !strings.Contains(err.Error(), tc.path) {
				t.Errorf("LoadFile(%q) error %q does not name the file", tc.path, err)
			}
		})
	}
	t.Run("empty", func(t *testing.T) {
		_, err := Load(ctx, strings.NewReader(" \n"), "empty.csv")
		if !errors.Is(err, ErrEmpty) {
			t.Errorf("Load(blank) error = %v, want ErrEmpty", err)
		}
	})
	t.Run("LoadFiles joins file errors", func(t *testing.T) {
		res, err := LoadFiles(ctx, []string{"testdata/good.csv", "testdata/unknown.csv", "testdata/good.jsonl"})
		if !errors.Is(err, ErrUnknownFormat) || !strings.Contains(err.Error(), "testdata/unknown.csv") {
			t.Errorf("LoadFiles error = %v, want ErrUnknownFormat naming testdata/unknown.csv", err)
		}
		if len(res) != 2 {
			t.Errorf("LoadFiles returned %d results, want the 2 good files", len(res))
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		_, err := LoadFiles(cctx, []string{"testdata/good.csv"})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("LoadFiles(cancelled) error = %v, want context.Canceled", err)
		}
	})
}

// TestHostileRows feeds rows that must be rejected, never panic or be
// dropped silently.
func TestHostileRows(t *testing.T) {
	garbage := bytes.Repeat([]byte("x9€"), 100<<10/5)
	tests := []struct {
		name, file string
		content    string
		opts       []Option
		wantLine   int
		reason     string
	}{
		{"100 KB garbage CSV line", "g.csv", "platform,handle,name\n" + string(garbage) + "\nyoutube,ok_one,OK\n", nil, 2, "has 1 cells"},
		{"100 KB garbage CSV cell", "g.csv", "platform,handle,name\nyoutube,ok_one,OK\nyoutube," + string(garbage) + ",Name\n", nil, 3, "handle: invalid handle"},
		{"100 KB garbage JSONL line", "g.jsonl", `{"platform":"x","handle":"ok","name":"OK"}` + "\n" + string(garbage) + "\n", nil, 2, "not a JSON object"},
		{"over-long JSONL line", "g.jsonl", `{"platform":"x","handle":"ok","name":"OK"}` + "\n" + `{"name":"` + strings.Repeat("a", MaxLineBytes) + `"}` + "\n", nil, 2, "line longer than"},
		{"invalid UTF-8 CSV", "u.csv", "platform,handle,name\nyoutube,ok_one,OK\nyoutube,abc,\xff\xfe\n", nil, 3, "name: invalid UTF-8"},
		{"invalid UTF-8 JSONL", "u.jsonl", "{\"platform\":\"x\",\"handle\":\"ok\",\"name\":\"OK\"}\n{\"platform\":\"x\",\"handle\":\"ok2\",\"name\":\"\xc3\x28\"}\n", nil, 2, "invalid UTF-8"},
		{"missing column", "m.csv", "platform,handle,name,followers\nyoutube,ok_one,OK,1\nyoutube,abc,Name\n", nil, 3, "has 3 cells, the header has 4"},
		{"negative count", "n.csv", "platform,handle,name,followers\nyoutube,ok_one,OK,1\nyoutube,abc,Name,-1\n", nil, 3, "negative count"},
		{"negative JSON count", "n.jsonl", "{\"platform\":\"x\",\"handle\":\"ok\",\"name\":\"OK\"}\n{\"platform\":\"x\",\"handle\":\"neg\",\"name\":\"N\",\"avg_views\":-7}\n", nil, 2, "avg_views: negative count"},
		{"control characters", "c.csv", "handle,name\nok_one,OK\nabc\x01,Name\n", []Option{WithPlatform(platform.YouTube)}, 3, "invalid handle"},
		{"SQL-looking handle", "s.csv", "platform,handle,name\nyoutube,ok_one,OK\nx,'; DROP TABLE channels;--,Name\n", nil, 3, "invalid handle for X"},
		{"unterminated quote", "q.csv", "platform,handle,name\nyoutube,ok_one,OK\nyoutube,abc,\"never closed\n", nil, 3, "broken CSV quoting"},
		{"platform missing, no default", "p.jsonl", "{\"platform\":\"x\",\"handle\":\"ok\",\"name\":\"OK\"}\n{\"handle\":\"abc\",\"name\":\"N\"}\n", nil, 2, "platform: missing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Load(context.Background(), strings.NewReader(tc.content), tc.file, tc.opts...)
			if err != nil {
				t.Fatalf("Load(%s) error = %v", tc.name, err)
			}
			rep := res.Report
			if rep.Read != 2 || rep.Accepted != 1 || rep.Rejected != 1 {
				t.Fatalf("Load(%s) = %v, want read 2, accepted 1, rejected 1; rejections %v", tc.name, rep, rep.Rejections)
			}
			matchRejections(t, rep, []rejection{{tc.wantLine, tc.reason}})
			if n := len(rep.Rejections[0].Reason); n > 400 {
				t.Errorf("reason is %d bytes long; values in reasons must be cut", n)
			}
		})
	}
}

func TestWithPlatform(t *testing.T) {
	res, err := Load(context.Background(), strings.NewReader("handle,name,followers\n@some.one,Some One,1.2K\n"), "p.csv", WithPlatform(platform.Instagram))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Channels) != 1 || res.Channels[0].Platform != platform.Instagram || res.Channels[0].Handle != "some.one" {
		t.Fatalf("Load with WithPlatform(instagram) = %+v, want one Instagram channel @some.one", res.Channels)
	}
}

func TestBuildCatalogDuplicates(t *testing.T) {
	ctx := context.Background()
	a, err := Load(ctx, strings.NewReader("platform,handle,name,content_ids\nyoutube,sameone,Same One,aaaaaaaaaaa\nyoutube,other,Other,bbbbbbbbbbb\n"), "a.csv")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Load(ctx, strings.NewReader("platform,id,handle,name,content_ids\n"+
		"youtube,UCX6OQ3DkcsbYNE6H8uQQuVA,SameOne,Same One Again,ccccccccccc\n"+
		"youtube,,third,Third,bbbbbbbbbbb\n"+
		"youtube,,fourth,Fourth,\n"), "b.csv")
	if err != nil {
		t.Fatal(err)
	}
	cat, reps, err := BuildCatalog("test", []Result{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if cat.Len() != 4 {
		t.Errorf("catalog has %d channels, want 4", cat.Len())
	}
	if reps[1].Accepted != 2 || reps[1].Rejected != 1 {
		t.Errorf("b.csv report = %v, want accepted 2 rejected 1", reps[1])
	}
	matchRejections(t, reps[1], []rejection{{2, "duplicate of a.csv:2 (Same One, same youtube/@/sameone); left out; its id, content ids added to that row"}})
	if len(reps[1].Warnings) != 1 || reps[1].Warnings[0].Line != 3 || !strings.Contains(reps[1].Warnings[0].Reason, "youtube/content/bbbbbbbbbbb already belongs to a.csv:3") {
		t.Errorf("b.csv warnings = %v, want the shared content id of line 3", reps[1].Warnings)
	}
	ch, ok := cat.Lookup(catalog.Key(platform.YouTube, catalog.RefID, "UCX6OQ3DkcsbYNE6H8uQQuVA"))
	if !ok || ch.Source != "a.csv:2" {
		t.Errorf("Lookup(merged id) = %v, %v, want the a.csv:2 row", ch, ok)
	}
	if _, ok := cat.LookupContent(platform.YouTube, "ccccccccccc"); !ok {
		t.Errorf("LookupContent(merged content id) not found")
	}
	if a.Channels[0].ID != "" || a.Report.Accepted != 2 || b.Report.Rejected != 0 {
		t.Errorf("BuildCatalog modified its inputs: %+v, %v, %v", a.Channels[0], a.Report, b.Report)
	}
}

func FuzzLoad(f *testing.F) {
	for _, name := range []string{"good.csv", "bad.csv", "good.jsonl", "bad.jsonl"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, strings.HasSuffix(name, ".jsonl"))
	}
	f.Add([]byte("Rank,Username,Categories,Subscribers,Country,Views,Likes,Comments,Links\n1,a,\"b, c\",1,Espa\xf1a,1,1,1,http://youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, jsonl bool) {
		name := "fuzz.csv"
		if jsonl {
			name = "fuzz.jsonl"
		}
		res, err := Load(context.Background(), bytes.NewReader(data), name)
		if err != nil {
			return
		}
		rep := res.Report
		if rep.Read != rep.Accepted+rep.Rejected || len(res.Channels) != rep.Accepted || len(rep.Rejections) != rep.Rejected {
			t.Fatalf("inconsistent report %v: %d channels, %d rejections", rep, len(res.Channels), len(rep.Rejections))
		}
		for _, ch := range res.Channels {
			if err := ch.Validate(); err != nil {
				t.Fatalf("accepted channel %+v does not validate: %v", ch, err)
			}
		}
		if _, _, err := BuildCatalog("fuzz", []Result{res}); err != nil {
			t.Fatalf("BuildCatalog: %v", err)
		}
	})
}
