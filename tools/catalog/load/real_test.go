package load

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// realDir is /work/shared/data/real seen from this package's directory
// (/work/main/tools/catalog/load): four levels up is /work.
const realDir = "../../../../shared/data/real"

var realFiles = []string{
	"influencers-instagram-2022-12.csv",
	"influencers-tiktok-2022-12.csv",
	"influencers-youtube-2022-12.csv",
	"top-youtubers-with-links.csv",
}

func realPaths(tb testing.TB) []string {
	tb.Helper()
	var paths []string
	for _, f := range realFiles {
		p := filepath.Join(realDir, f)
		if _, err := os.Stat(p); err != nil {
			tb.Skipf("real data not available (%v); it lives in /work/shared/data/real, outside the module", err)
		}
		paths = append(paths, p)
	}
	return paths
}

// reasonKinds groups rejection or warning reasons with quoted values and
// numbers blanked, most common first.
func reasonKinds(rs []Rejection) []string {
	blank := regexp.MustCompile(`"[^"]*"|[0-9]+|\([^)]*\)|duplicate of \S+`)
	counts := map[string]int{}
	for _, r := range rs {
		counts[blank.ReplaceAllStringFunc(r.Reason, func(m string) string {
			if strings.HasPrefix(m, "duplicate of ") {
				return "duplicate of …"
			}
			return "…"
		})]++
	}
	var out []string
	for k, n := range counts {
		out = append(out, fmt.Sprintf("%4d × %s", n, k))
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Compare(b, a) })
	return out
}

func TestRealFiles(t *testing.T) {
	paths := realPaths(t)
	tests := []struct {
		file                     string
		format                   Format
		platform                 platform.Platform
		read, accepted, rejected int
		warnings                 int
		reason                   string // every rejection contains it
	}{
		{realFiles[0], FormatInfluencersInstagram, platform.Instagram, 1000, 1000, 0, 37, ""},
		{realFiles[1], FormatInfluencersTikTok, platform.TikTok, 1000, 1000, 0, 0, ""},
		{realFiles[2], FormatInfluencersYouTube, platform.YouTube, 1003, 670, 333, 0, "Youtube channel: invalid handle for YouTube"},
		{realFiles[3], FormatTopYouTubers, platform.YouTube, 735, 735, 0, 25, ""},
	}
	for i, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			res, err := LoadFile(context.Background(), paths[i])
			if err != nil {
				t.Fatalf("LoadFile(%q) error = %v", paths[i], err)
			}
			rep := res.Report
			t.Logf("%v", rep)
			for _, k := range reasonKinds(rep.Rejections) {
				t.Logf("  rejected %s", k)
			}
			for _, k := range reasonKinds(rep.Warnings) {
				t.Logf("  warning  %s", k)
			}
			if rep.Format != tc.format || rep.Read != tc.read || rep.Accepted != tc.accepted || rep.Rejected != tc.rejected || len(rep.Warnings) != tc.warnings {
				t.Errorf("LoadFile(%q) = %v, want %s read %d accepted %d rejected %d warnings %d", tc.file, rep, tc.format, tc.read, tc.accepted, tc.rejected, tc.warnings)
			}
			for _, r := range rep.Rejections {
				if !strings.Contains(r.Reason, tc.reason) {
					t.Errorf("unexpected rejection %v", r)
				}
			}
			for _, ch := range res.Channels {
				if ch.Platform != tc.platform {
					t.Errorf("%s: platform %s, want %s", ch.Source, ch.Platform, tc.platform)
				}
				if ch.Followers <= 0 {
					t.Errorf("%s: followers %d, want > 0", ch.Source, ch.Followers)
				}
			}
		})
	}
}

// TestRealValues spot-checks values that make the files real: emoji and
// Arabic names, abbreviated and duplicated counts, Windows-1252 cells,
// comma-separated categories, Unknown countries, multi-line header cells.
func TestRealValues(t *testing.T) {
	paths := realPaths(t)
	byHandle := map[string]*catalog.Channel{}
	byID := map[string]*catalog.Channel{}
	for _, p := range paths {
		res, err := LoadFile(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		for _, ch := range res.Channels {
			if ch.ID != "" {
				byID[ch.ID] = ch
			}
			if _, dup := byHandle[string(ch.Platform)+"/"+ch.Handle]; !dup {
				byHandle[string(ch.Platform)+"/"+ch.Handle] = ch
			}
		}
	}
	tests := []struct {
		key                     string
		name, category, country string
		followers, avgViews     int64
		engagement              int64  // AvgEngagement (Eng. (Avg.))
		source                  string // suffix
		tag                     string
	}{
		{key: "instagram/leomessi", name: "Leo Messi", category: "sports", country: "AR", followers: 409800000, engagement: 23400000, source: "influencers-instagram-2022-12.csv:2", tag: "Family"},
		{key: "instagram/neymarjr", name: "NJ 🇧🇷", category: "sports", country: "BR", followers: 198900000},
		{key: "instagram/badbunnypr", name: "badbunnypr", followers: 0},
		{key: "tiktok/yzn47", name: "يزن الأسمر", followers: 8900000, avgViews: 48900000},
		{key: "tiktok/mishayoung", name: "Міша Городецький 🇺🇦", followers: 4500000, avgViews: 21500000},
		{key: "youtube/tseries", name: "T-Series", category: "music", country: "IN", followers: 229500000, avgViews: 103800, source: "influencers-youtube-2022-12.csv:4"},
		{key: "youtube/checkgate", name: "Cocomelon - Nursery Rhymes", category: "education", country: "", followers: 146600000, avgViews: 9500000},
		{key: "UCCEmjNPpJYhGDgaEqeeA4HA", name: "TheGrefg", category: "film", country: "ES", followers: 18000000, avgViews: 145900, tag: "Videogame"},
		{key: "UC6zPzUJo8hu-5TzUk8IEC2Q", name: "mgcplayhouse", category: "family", followers: 17800000, tag: "Coches y vehículos"},
		{key: "UCbCmjCuTUZos6Inko4u57UQ", name: "CoComelon", category: "education", country: "", followers: 165500000, avgViews: 7000000},
		{key: "UCX6OQ3DkcsbYNE6H8uQQuVA", name: "MrBeast", category: "gaming", country: "US", followers: 183500000, avgViews: 117400000, tag: "Humor"},
	}
	for _, tc := range tests {
		t.Run(tc.key, func(t *testing.T) {
			ch := byID[tc.key]
			if ch == nil {
				ch = byHandle[tc.key]
			}
			if ch == nil {
				t.Fatalf("channel %s not loaded", tc.key)
			}
			if tc.followers == 0 {
				tc.followers = ch.Followers
			}
			if ch.Name != tc.name || ch.Followers != tc.followers || ch.AvgViews != tc.avgViews && tc.avgViews != 0 ||
				tc.category != "" && ch.Category != tc.category || ch.Country != tc.country && tc.key != "instagram/badbunnypr" {
				t.Errorf("%s = %q %s %s followers %d avg %d, want %q %s %s followers %d avg %d",
					tc.key, ch.Name, ch.Category, ch.Country, ch.Followers, ch.AvgViews, tc.name, tc.category, tc.country, tc.followers, tc.avgViews)
			}
			if ch.AvgEngagement != tc.engagement && tc.engagement != 0 {
				t.Errorf("%s AvgEngagement = %d, want %d (Eng. (Avg.))", tc.key, ch.AvgEngagement, tc.engagement)
			}
			if tc.source != "" && !strings.HasSuffix(ch.Source, tc.source) {
				t.Errorf("%s Source = %q, want …%s", tc.key, ch.Source, tc.source)
			}
			if tc.tag != "" && !slices.Contains(ch.Tags, tc.tag) {
				t.Errorf("%s Tags = %q, want %q among them", tc.key, ch.Tags, tc.tag)
			}
		})
	}
}

// TestRealCatalog builds one catalog from the four files: duplicates
// within and across files are reported, and every channel URL of
// top-youtubers-with-links.csv resolves.
func TestRealCatalog(t *testing.T) {
	paths := realPaths(t)
	results, err := LoadFiles(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	cat, reps, err := BuildCatalog("real", results)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ accepted, rejected int }{{991, 9}, {999, 1}, {667, 336}, {465, 270}}
	total := 0
	for i, rep := range reps {
		t.Logf("%v", rep)
		for _, k := range reasonKinds(rep.Rejections) {
			t.Logf("  rejected %s", k)
		}
		if rep.Accepted != want[i].accepted || rep.Rejected != want[i].rejected || rep.Read != rep.Accepted+rep.Rejected || len(rep.Rejections) != rep.Rejected {
			t.Errorf("report %d = %v, want accepted %d rejected %d", i, rep, want[i].accepted, want[i].rejected)
		}
		total += rep.Accepted
	}
	if cat.Len() != total {
		t.Errorf("catalog has %d channels, reports accept %d", cat.Len(), total)
	}
	top := results[3]
	ids := map[string]bool{}
	for _, ch := range top.Channels {
		ids[ch.ID] = true
		got, ok := cat.Lookup(catalog.Key(platform.YouTube, catalog.RefID, ch.ID))
		if !ok {
			t.Errorf("channel URL %s of %s does not resolve", ch.URL, ch.Source)
			continue
		}
		if got.Handle != "" && ch.Handle != "" && !strings.EqualFold(got.Handle, ch.Handle) {
			t.Errorf("%s resolves to @%s, want @%s", ch.URL, got.Handle, ch.Handle)
		}
	}
	if len(ids) != 730 {
		t.Errorf("top-youtubers-with-links has %d distinct channel ids, want 730 (735 records, 5 repeated)", len(ids))
	}
	if counts := cat.Counts(); counts[platform.Instagram] != 991 || counts[platform.TikTok] != 999 || counts[platform.YouTube] != 667+465 {
		t.Errorf("Counts() = %v", counts)
	}
}

func BenchmarkLoadReal(b *testing.B) {
	paths := realPaths(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		results, err := LoadFiles(ctx, paths)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := BuildCatalog("real", results); err != nil {
			b.Fatal(err)
		}
	}
}
