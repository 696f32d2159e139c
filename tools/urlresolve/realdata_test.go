package urlresolve

import (
	"context"
	"encoding/csv"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// realDataDir holds the published creator lists (see its README); tests
// skip when it is absent.
var realDataDir = filepath.Join("..", "..", "..", "shared", "data", "real")

// readRealCSV returns the header and rows of a real data file, or skips.
func readRealCSV(t *testing.T, name string) ([]string, [][]string) {
	t.Helper()
	path := filepath.Join(realDataDir, name)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("real data file %s is absent; skipping", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	header, err := r.Read()
	if err != nil {
		t.Fatalf("%s: header: %v", path, err)
	}
	var rows [][]string
	for {
		row, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		rows = append(rows, row)
	}
	return header, rows
}

func column(t *testing.T, header []string, name string) int {
	t.Helper()
	for i, h := range header {
		if strings.EqualFold(strings.TrimSpace(h), name) {
			return i
		}
	}
	t.Fatalf("no column %q in %q", name, header)
	return -1
}

// TestRealYouTubeLinks parses every Links URL of the published top-YouTuber
// list into a channel-id key, then resolves it against a catalog of those
// channels.
func TestRealYouTubeLinks(t *testing.T) {
	header, rows := readRealCSV(t, "top-youtubers-with-links.csv")
	links, names := column(t, header, "Links"), column(t, header, "Username")
	var channels []*catalog.Channel
	var parsed []Parsed
	for i, row := range rows {
		if links >= len(row) {
			t.Errorf("row %d: no Links cell", i+2)
			continue
		}
		in := row[links]
		p, err := Parse(in)
		if err != nil {
			t.Errorf("row %d: Parse(%q) error: %v", i+2, in, err)
			continue
		}
		id := in[strings.LastIndexByte(in, '/')+1:]
		wantKey := catalog.Key(platform.YouTube, catalog.RefID, id)
		if p.Platform != platform.YouTube || p.Kind != KindChannel || p.RefKind != catalog.RefID || p.Key != wantKey ||
			p.URL != "https://www.youtube.com/channel/"+id {
			t.Errorf("row %d: Parse(%q) = %+v, want channel key %q", i+2, in, p, wantKey)
			continue
		}
		parsed = append(parsed, p)
		name := strings.TrimSpace(row[names])
		if name == "" {
			name = id
		}
		channels = append(channels, &catalog.Channel{Platform: platform.YouTube, ID: id, Name: name, Source: "real"})
	}
	if len(parsed) < 700 {
		t.Fatalf("parsed %d links, want the whole file (~735)", len(parsed))
	}
	cat, _, err := catalog.New("real top youtubers", channels)
	if err != nil {
		t.Fatalf("catalog.New: %v", err)
	}
	for _, p := range parsed {
		got, err := Resolve(context.Background(), platform.YouTube, p.URL, cat)
		if err != nil || got.State != StateExact || got.Key != p.Key {
			t.Errorf("Resolve(%q) = %s/%s key %q, %v; want resolved_exact %q", p.URL, got.State, got.Reason, got.Key, err, p.Key)
		}
	}
	t.Logf("parsed and resolved %d real channel links", len(parsed))
}

// TestRealHandles builds profile URLs from the real Instagram and TikTok
// handles and checks every one parses to its handle key.
func TestRealHandles(t *testing.T) {
	for _, tc := range []struct {
		file, col string
		p         platform.Platform
		url       string
	}{
		{"influencers-instagram-2022-12.csv", "name", platform.Instagram, "https://www.instagram.com/"},
		{"influencers-tiktok-2022-12.csv", "Tiktoker name", platform.TikTok, "https://www.tiktok.com/@"},
	} {
		t.Run(string(tc.p), func(t *testing.T) {
			header, rows := readRealCSV(t, tc.file)
			col := column(t, header, tc.col)
			n := 0
			for i, row := range rows {
				h := strings.TrimSpace(row[col])
				if h == "" {
					continue
				}
				in := tc.url + h + "/?utm_source=test"
				p, err := Parse(in)
				if want := catalog.Key(tc.p, catalog.RefHandle, h); err != nil || p.Key != want || p.Platform != tc.p {
					t.Errorf("row %d: Parse(%q) = %q, %v; want key %q", i+2, in, p.Key, err, want)
				}
				n++
			}
			if n < 900 {
				t.Errorf("checked %d handles, want ~1000", n)
			}
		})
	}
}
