package demo

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/load"
	"searchagent/tools/platform"
	"searchagent/tools/taxonomy"
)

// testNow is the fixed reference time of the tests.
var testNow = time.Date(2026, 3, 23, 0, 0, 0, 0, time.UTC)

// defaultChannels is the default catalog at testNow, generated once for
// the tests that only read it (generation under -race is slow).
var defaultChannels = sync.OnceValue(func() []*catalog.Channel { return Generate(WithNow(testNow)) })

func marshal(t testing.TB, chs []*catalog.Channel) []byte {
	t.Helper()
	b, err := json.Marshal(chs)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDeterminism(t *testing.T) {
	first := defaultChannels()
	base := marshal(t, first)
	// testNow is DefaultNow, so this also checks the defaults.
	if again := marshal(t, Generate()); !bytes.Equal(base, again) {
		t.Fatal("Generate with the same options gave different output")
	}

	other := Generate(WithNow(testNow), WithSeed(42))
	if bytes.Equal(base, marshal(t, other)) {
		t.Fatal("a different seed gave the same output")
	}
	// The showcase channels are the same for every seed.
	for i, ch := range first {
		if ch.Platform != platform.YouTube {
			break
		}
		if i < len(fixedYouTube()) && !bytes.Equal(marshal(t, []*catalog.Channel{ch}), marshal(t, []*catalog.Channel{other[i]})) {
			t.Errorf("showcase channel %d (@%s) differs between seeds", i, ch.Handle)
		}
	}

	// Another reference time shifts every date by the same amount.
	shift := 240 * time.Hour
	later := Generate(WithNow(testNow.Add(shift)))
	if len(later) != len(first) {
		t.Fatalf("len = %d, want %d", len(later), len(first))
	}
	for i := range first {
		if got := later[i].LastPostAt.Sub(first[i].LastPostAt); got != shift {
			t.Fatalf("channel %d LastPostAt moved by %v, want %v", i, got, shift)
		}
		if later[i].Handle != first[i].Handle || later[i].Followers != first[i].Followers {
			t.Fatalf("channel %d changed with the reference time: %+v vs %+v", i, later[i], first[i])
		}
	}
}

func fixedYouTube() []fixedSpec {
	var out []fixedSpec
	for _, f := range fixedFor(platform.YouTube) {
		for range max(f.count, 1) {
			out = append(out, f)
		}
	}
	return out
}

func TestCounts(t *testing.T) {
	tests := []struct {
		name string
		opts []Option
		want map[platform.Platform]int
	}{
		{"default", nil, map[platform.Platform]int{platform.YouTube: 8000, platform.Instagram: 5000, platform.TikTok: 5000, platform.X: 2000}},
		{"small", []Option{WithCount(platform.YouTube, 40), WithCount(platform.Instagram, 3), WithCount(platform.TikTok, 0), WithCount(platform.X, 10)},
			map[platform.Platform]int{platform.YouTube: 40, platform.Instagram: 3, platform.X: 10}},
		{"total", []Option{WithTotal(1003)}, map[platform.Platform]int{platform.YouTube: 401, platform.Instagram: 250, platform.TikTok: 250, platform.X: 102}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cat, err := Catalog(append(tc.opts, WithNow(testNow))...)
			if err != nil {
				t.Fatal(err)
			}
			got := cat.Counts()
			for _, p := range platform.All() {
				if got[p] != tc.want[p] {
					t.Errorf("Counts()[%s] = %d, want %d", p, got[p], tc.want[p])
				}
			}
		})
	}
}

func TestCatalogOptionErrors(t *testing.T) {
	tests := []struct {
		name string
		opts []Option
	}{
		{"unknown platform", []Option{WithCount("myspace", 10)}},
		{"negative count", []Option{WithCount(platform.X, -1)}},
		{"negative total", []Option{WithTotal(-1)}},
		{"zero time", []Option{WithNow(time.Time{})}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Catalog(tc.opts...); !errors.Is(err, ErrBadOption) {
				t.Errorf("Catalog(%s) error = %v, want ErrBadOption", tc.name, err)
			}
		})
	}
}

// TestChannelsValid checks every channel's shape.
func TestChannelsValid(t *testing.T) {
	chs := defaultChannels()
	cat, conflicts, err := catalog.New("demo", chs)
	if err != nil {
		t.Fatalf("catalog.New: %v", err)
	}
	if len(conflicts) > 0 {
		t.Fatalf("catalog.New reported %d conflicts, first %v", len(conflicts), conflicts[0])
	}
	if cat.Len() != len(chs) {
		t.Fatalf("catalog has %d channels, want %d", cat.Len(), len(chs))
	}
	handles := map[string]bool{}
	names := map[string]bool{}
	for _, ch := range chs {
		where := string(ch.Platform) + "/@" + ch.Handle
		if err := ch.Validate(); err != nil {
			t.Errorf("%s: Validate() = %v", where, err)
		}
		if err := load.ValidHandle(ch.Platform, ch.Handle); err != nil {
			t.Errorf("%s: %v", where, err)
		}
		for _, r := range ch.Handle {
			if r > unicode.MaxASCII {
				t.Errorf("%s: handle is not ASCII", where)
				break
			}
		}
		k := string(ch.Platform) + "/" + strings.ToLower(ch.Handle)
		if handles[k] {
			t.Errorf("%s: handle used twice on %s", where, ch.Platform)
		}
		handles[k] = true
		names[string(ch.Platform)+"/"+ch.Name] = true
		if ch.Source != Source {
			t.Errorf("%s: Source = %q, want %q", where, ch.Source, Source)
		}
		if _, ok := taxonomy.Categories.ByCode(ch.Category); !ok {
			t.Errorf("%s: category %q is not a taxonomy code", where, ch.Category)
		}
		if _, ok := taxonomy.Countries.ByCode(ch.Country); !ok || ch.Country != strings.ToUpper(ch.Country) {
			t.Errorf("%s: country %q is not a taxonomy code", where, ch.Country)
		}
		if _, ok := taxonomy.Languages.ByCode(ch.Language); !ok || ch.Language != strings.ToLower(ch.Language) {
			t.Errorf("%s: language %q is not a taxonomy code", where, ch.Language)
		}
		if n := len(ch.Tags); n < 4 || n > 8 {
			t.Errorf("%s: %d tags, want 4-8", where, n)
		}
		if n := len(ch.RecentTitles); n < 3 || n > 6 {
			t.Errorf("%s: %d recent titles, want 3-6", where, n)
		}
		if n := len(ch.ContentIDs); n < 2 || n > 4 {
			t.Errorf("%s: %d content ids, want 2-4", where, n)
		}
		for _, id := range ch.ContentIDs {
			if !contentIDShape(ch.Platform, id) {
				t.Errorf("%s: content id %q has the wrong shape", where, id)
			}
		}
		if ch.Description == "" || strings.Contains(ch.Description, "{") || strings.Contains(ch.Description, "%") {
			t.Errorf("%s: description %q", where, ch.Description)
		}
		for _, s := range append(slices.Clone(ch.RecentTitles), ch.Name) {
			if strings.ContainsAny(s, "{}") {
				t.Errorf("%s: unfilled template in %q", where, s)
			}
		}
		if ch.Followers < 1000 || ch.AvgViews <= 0 {
			t.Errorf("%s: followers %d, avg views %d", where, ch.Followers, ch.AvgViews)
		}
		if ch.LastPostAt.After(testNow) || ch.LastPostAt.Before(testNow.AddDate(-3, 0, 0)) {
			t.Errorf("%s: LastPostAt %v out of range", where, ch.LastPostAt)
		}
		if want := catalog.ChannelURL(ch.Platform, "", ch.Handle); ch.URL != want {
			t.Errorf("%s: URL = %q, want %q", where, ch.URL, want)
		}
		if ch.Platform == platform.YouTube {
			if len(ch.ID) != 24 || !strings.HasPrefix(ch.ID, "UC") || !strings.ContainsRune("AQgw", rune(ch.ID[23])) {
				t.Errorf("%s: id %q is not a UC… id", where, ch.ID)
			}
		} else if ch.ID != "" || len(ch.Aliases) > 0 {
			t.Errorf("%s: id %q aliases %q on a platform without them", where, ch.ID, ch.Aliases)
		}
	}
	if got := len(names); got < len(chs)*8/10 {
		t.Errorf("%d distinct names for %d channels, want at least 80%%", got, len(chs))
	}
}

func contentIDShape(p platform.Platform, id string) bool {
	digits := strings.Trim(id, "0123456789") == ""
	switch p {
	case platform.YouTube:
		return len(id) == 11 && strings.Trim(id, b64url) == ""
	case platform.Instagram:
		return len(id) == 11 && strings.Trim(id, b64url) == "" && (id[0] == 'C' || id[0] == 'D')
	case platform.TikTok:
		return len(id) == 19 && digits && id[0] == '7'
	case platform.X:
		return len(id) == 19 && digits && (id[0] == '1' || id[0] == '2')
	}
	return false
}

// TestVariety checks that every category has zh and en names, aliases
// exist, and the mixes of countries and languages hold.
func TestVariety(t *testing.T) {
	chs := defaultChannels()
	type key struct{ cat, lang string }
	seen := map[key]int{}
	langs := map[platform.Platform]map[string]int{}
	aliases := 0
	for _, ch := range chs {
		seen[key{ch.Category, ch.Language}]++
		if langs[ch.Platform] == nil {
			langs[ch.Platform] = map[string]int{}
		}
		langs[ch.Platform][ch.Language]++
		aliases += len(ch.Aliases)
	}
	for _, c := range taxonomy.Categories.Terms() {
		for _, lang := range []string{"en", "zh"} {
			if seen[key{c.Code, lang}] == 0 {
				t.Errorf("no %s channel in category %s", lang, c.Code)
			}
		}
	}
	if aliases < 800 || aliases > 1600 {
		t.Errorf("%d YouTube /c/ aliases, want about 15%% of 8000", aliases)
	}
	for _, p := range platform.All() {
		n := 0
		for _, c := range langs[p] {
			n += c
		}
		en, zh := langs[p]["en"]*100/n, langs[p]["zh"]*100/n
		t.Logf("%s languages: %v", p, langs[p])
		if en < 45 || en > 80 || zh < 4 || zh > 20 || len(langs[p]) < 7 {
			t.Errorf("%s: en %d%%, zh %d%%, %d languages; want mostly en, some zh, several others", p, en, zh, len(langs[p]))
		}
	}
}

// TestDistribution checks the power law of followers, the correlation of
// views with followers and the activity mix.
func TestDistribution(t *testing.T) {
	chs := defaultChannels()
	var followers []int64
	active60, inactive180 := 0, 0
	for _, ch := range chs {
		followers = append(followers, ch.Followers)
		switch age := testNow.Sub(ch.LastPostAt); {
		case age <= 60*24*time.Hour:
			active60++
		case age > 180*24*time.Hour:
			inactive180++
		}
	}
	slices.Sort(followers)
	n := len(followers)
	median, p99, top := followers[n/2], followers[n*99/100], followers[n-1]
	in1k50k := 0
	over1m, over10m := 0, 0
	for _, f := range followers {
		if f < 50000 {
			in1k50k++
		}
		if f >= 1e6 {
			over1m++
		}
		if f >= 1e7 {
			over10m++
		}
	}
	t.Logf("followers: median %d, p99 %d, max %d; 1k-50k %d, ≥1M %d, ≥10M %d; active ≤60d %d, inactive >180d %d",
		median, p99, top, in1k50k, over1m, over10m, active60, inactive180)
	if median < 1500 || median > 8000 {
		t.Errorf("median followers %d, want a few thousand", median)
	}
	if p99 < 100*median {
		t.Errorf("p99 followers %d is not a long tail over the median %d", p99, median)
	}
	if in1k50k < n*85/100 || over1m < 50 || over10m < 5 || top < 3e7 {
		t.Errorf("1k-50k %d of %d, ≥1M %d, ≥10M %d, max %d: want most small, some millions, a few tens of millions", in1k50k, n, over1m, over10m, top)
	}
	if active60 < n*65/100 || active60 > n*80/100 || inactive180 < n*6/100 || inactive180 > n*14/100 {
		t.Errorf("active within 60 days %d, inactive over 180 days %d of %d", active60, inactive180, n)
	}
	// Views follow followers: the biggest decile averages far more views.
	byF := slices.Clone(chs)
	slices.SortFunc(byF, func(a, b *catalog.Channel) int { return int(a.Followers - b.Followers) })
	medViews := func(cs []*catalog.Channel) int64 {
		v := make([]int64, len(cs))
		for i, c := range cs {
			v[i] = c.AvgViews
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	low, high := medViews(byF[:n/10]), medViews(byF[n*9/10:])
	if high < 10*low {
		t.Errorf("median views of the top follower decile %d, bottom %d: want views to follow followers", high, low)
	}
}

func BenchmarkGenerate(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if chs := Generate(WithNow(testNow)); len(chs) != 20000 {
			b.Fatalf("len = %d", len(chs))
		}
	}
}

func BenchmarkCatalog(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Catalog(WithNow(testNow)); err != nil {
			b.Fatal(err)
		}
	}
}
