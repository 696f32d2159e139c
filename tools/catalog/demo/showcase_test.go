package demo

import (
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

var scopes = []string{"tags", "name", "description", "content"}

// scopeText is the text a keyword with the given match scope is matched
// against; "" means all of them.
func scopeText(ch *catalog.Channel, scope string) string {
	switch scope {
	case "tags":
		return strings.Join(ch.Tags, "\n")
	case "name":
		return ch.Name
	case "description":
		return ch.Description
	case "content":
		return strings.Join(ch.RecentTitles, "\n")
	}
	var parts []string
	for _, s := range scopes {
		parts = append(parts, scopeText(ch, s))
	}
	return strings.Join(parts, "\n")
}

// texts holds the lower-cased scope texts of a set of channels, so that
// the many showcase checks do not lower-case 20,000 channels each.
type texts map[*catalog.Channel]map[string]string

func newTexts(chs []*catalog.Channel) texts {
	tx := make(texts, len(chs))
	for _, ch := range chs {
		m := map[string]string{"": strings.ToLower(scopeText(ch, ""))}
		for _, s := range scopes {
			m[s] = strings.ToLower(scopeText(ch, s))
		}
		tx[ch] = m
	}
	return tx
}

// has reports whether word occurs in ch's text of the given scope
// ("" for all), case-insensitively.
func (tx texts) has(ch *catalog.Channel, scope, word string) bool {
	m, ok := tx[ch]
	if !ok {
		return strings.Contains(strings.ToLower(scopeText(ch, scope)), strings.ToLower(word))
	}
	return strings.Contains(m[scope], strings.ToLower(word))
}

func count(chs []*catalog.Channel, keep func(*catalog.Channel) bool) int {
	n := 0
	for _, ch := range chs {
		if keep(ch) {
			n++
		}
	}
	return n
}

// resolve is a minimal URL → channel lookup for the showcase links (the
// real resolver lives in tools/urlresolve).
func resolve(cat *catalog.Catalog, raw string) (*catalog.Channel, platform.Platform, bool) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, "", false
	}
	segs := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	host := strings.TrimPrefix(u.Hostname(), "www.")
	var p platform.Platform
	var key string
	switch {
	case host == "youtube.com" && len(segs) == 1 && segs[0] == "watch":
		ch, ok := cat.LookupContent(platform.YouTube, u.Query().Get("v"))
		return ch, platform.YouTube, ok
	case host == "youtube.com" && len(segs) == 1 && strings.HasPrefix(segs[0], "@"):
		p, key = platform.YouTube, catalog.Key(platform.YouTube, catalog.RefHandle, segs[0][1:])
	case host == "youtube.com" && len(segs) == 2 && segs[0] == "c":
		p, key = platform.YouTube, catalog.Key(platform.YouTube, catalog.RefCustom, segs[1])
	case host == "youtube.com" && len(segs) == 2 && segs[0] == "channel":
		p, key = platform.YouTube, catalog.Key(platform.YouTube, catalog.RefID, segs[1])
	case host == "instagram.com" && len(segs) == 2 && segs[0] == "p":
		ch, ok := cat.LookupContent(platform.Instagram, segs[1])
		return ch, platform.Instagram, ok
	case host == "instagram.com" && len(segs) == 1:
		p, key = platform.Instagram, catalog.Key(platform.Instagram, catalog.RefHandle, segs[0])
	case host == "tiktok.com" && len(segs) == 3 && segs[1] == "video":
		ch, ok := cat.LookupContent(platform.TikTok, segs[2])
		return ch, platform.TikTok, ok && "@"+ch.Handle == segs[0]
	case host == "x.com" && len(segs) == 3 && segs[1] == "status":
		ch, ok := cat.LookupContent(platform.X, segs[2])
		return ch, platform.X, ok && ch.Handle == segs[0]
	default:
		return nil, "", false
	}
	ch, ok := cat.Lookup(key)
	return ch, p, ok
}

// cluster lists the channels of p whose text contains any of words.
func (tx texts) cluster(chs []*catalog.Channel, p platform.Platform, words ...string) []*catalog.Channel {
	var out []*catalog.Channel
	for _, ch := range chs {
		if ch.Platform != p {
			continue
		}
		for _, w := range words {
			if tx.has(ch, "", w) {
				out = append(out, ch)
				break
			}
		}
	}
	return out
}

func TestShowcase(t *testing.T) {
	for _, seed := range []uint64{DefaultSeed, 7} {
		chs := defaultChannels()
		if seed != DefaultSeed {
			chs = Generate(WithNow(testNow), WithSeed(seed))
		}
		cat, _, err := catalog.New("demo", chs)
		if err != nil {
			t.Fatal(err)
		}
		tx := newTexts(chs)
		onPlatform := func(p platform.Platform) []*catalog.Channel { return cat.Platform(p) }
		for _, ex := range Showcase() {
			t.Run(ex.Name, func(t *testing.T) {
				if ex.Note == "" || ex.NoteZH == "" || !ex.Platform.Valid() || ex.Input == "" {
					t.Fatalf("example %+v is incomplete", ex)
				}
				switch ex.Kind {
				case "keyword":
					if ex.Scope == "" {
						checkAmbiguous(t, tx, onPlatform(ex.Platform), ex.Input)
						return
					}
					hits := count(onPlatform(ex.Platform), func(ch *catalog.Channel) bool { return tx.has(ch, ex.Scope, ex.Input) })
					if hits < 3 {
						t.Errorf("%q in %s on %s: %d channels, want at least 3", ex.Input, ex.Scope, ex.Platform, hits)
					}
					for _, s := range scopes {
						if s == ex.Scope {
							continue
						}
						if n := count(chs, func(ch *catalog.Channel) bool { return tx.has(ch, s, ex.Input) }); n != 0 {
							t.Errorf("%q must appear only in %s, but %d channels have it in %s", ex.Input, ex.Scope, n, s)
						}
					}
				case "url", "mixed":
					if strings.Contains(ex.Input, "://") {
						checkURLExample(t, tx, cat, chs, ex)
					} else {
						checkNatural(t, tx, chs, ex)
					}
				case "natural":
					checkNatural(t, tx, chs, ex)
				default:
					t.Fatalf("unknown kind %q", ex.Kind)
				}
			})
		}
	}
}

func checkAmbiguous(t *testing.T, tx texts, chs []*catalog.Channel, word string) {
	t.Helper()
	byCat := map[string]int{}
	for _, ch := range chs {
		if tx.has(ch, "", word) {
			byCat[ch.Category]++
		}
	}
	if byCat["tech"] < 10 || byCat["food"] < 10 {
		t.Errorf("%q hits by category %v, want at least 10 tech and 10 food channels", word, byCat)
	}
}

func checkURLExample(t *testing.T, tx texts, cat *catalog.Catalog, chs []*catalog.Channel, ex Example) {
	t.Helper()
	raw, keyword, _ := strings.Cut(ex.Input, " ")
	ch, p, ok := resolve(cat, raw)
	switch ex.Expect {
	case "exact":
		if !ok || p != ex.Platform {
			t.Fatalf("resolve(%q) = %v on %s, %v; want a %s channel", raw, ch, p, ok, ex.Platform)
		}
		if ex.Name == "url-anchor-many" {
			similar := count(cat.Platform(p), func(o *catalog.Channel) bool {
				shared := 0
				for _, tag := range o.Tags {
					if slices.Contains(ch.Tags, tag) {
						shared++
					}
				}
				return o != ch && o.Category == ch.Category && shared >= 2
			})
			if similar < 50 {
				t.Errorf("@%s has %d channels of its category sharing two tags, want plenty (50+)", ch.Handle, similar)
			}
		}
		for _, want := range []string{"url-anchor-custom", "url-anchor-id", "url-video"} {
			if ex.Name == want && ch.Handle != "gadgetgrid" {
				t.Errorf("resolve(%q) = @%s, want @gadgetgrid", raw, ch.Handle)
			}
		}
	case "low_recall":
		if !ok || p != ex.Platform {
			t.Fatalf("resolve(%q) = %v, %v; want the anchor", raw, ch, ok)
		}
		var members []*catalog.Channel
		switch {
		case keyword != "":
			members = tx.cluster(cat.Platform(p), p, keyword)
		case ch.Handle == "oldironrevival":
			members = tx.cluster(chs, p, "tractor", "拖拉机")
		case ch.Handle == "floatcheck":
			members = tx.cluster(chs, p, "life jacket", "PFD", "swim vest", "救生衣", "漂浮背心", "buoyancy")
		default:
			t.Fatalf("no cluster defined for %q", ex.Input)
		}
		members = slices.DeleteFunc(members, func(o *catalog.Channel) bool { return o == ch })
		if len(members) < 1 || len(members) > 5 {
			t.Errorf("%q: %d similar channels share its distinctive words, want 1-5 (low recall)", ex.Input, len(members))
		}
		if keyword == "" {
			// The cluster's words appear nowhere else, on any platform.
			for _, o := range chs {
				in := slices.Contains(members, o) || o == ch
				if !in && o.Platform == p && slices.Contains(o.Tags, ch.Tags[0]) {
					t.Errorf("@%s shares the cluster tag %q but is not in the cluster", o.Handle, ch.Tags[0])
				}
			}
		}
	case "invalid":
		if ok {
			t.Errorf("resolve(%q) = @%s, want no channel", raw, ch.Handle)
		}
	case "mismatch":
		if !ok || p == ex.Platform {
			t.Errorf("resolve(%q) = %v on %s, want a channel of another platform than %s", raw, ch, p, ex.Platform)
		}
	case "unsupported":
		u, err := url.Parse(raw)
		if err != nil || ok || !strings.Contains(u.Host, string(ex.Platform)) {
			t.Errorf("%q should be a %s URL that names no channel", raw, ex.Platform)
		}
		if _, found := cat.LookupContent(ex.Platform, u.Query().Get("list")); found {
			t.Errorf("%q: the playlist id is a content id", raw)
		}
	default:
		t.Fatalf("unknown expectation %q", ex.Expect)
	}
}

func checkNatural(t *testing.T, tx texts, chs []*catalog.Channel, ex Example) {
	t.Helper()
	switch ex.Name {
	case "natural-seed":
		n := count(chs, func(ch *catalog.Channel) bool {
			return ch.Platform == platform.YouTube && ch.Country == "US" && ch.Category == "automotive" &&
				ch.Followers >= 5000 && ch.Followers <= 20000 && testNow.Sub(ch.LastPostAt) <= 30*24*time.Hour &&
				(tx.has(ch, "", "review") || tx.has(ch, "", "评测"))
		})
		if n < 12 {
			t.Errorf("%d US automotive review channels with 5k-20k followers active in 30 days, want 12+", n)
		}
	case "mixed-seed":
		checkMixedSeed(t, tx, chs)
	case "filter-empty-combination":
		ig := func(keep func(*catalog.Channel) bool) int {
			return count(chs, func(ch *catalog.Channel) bool { return ch.Platform == platform.Instagram && keep(ch) })
		}
		jp := ig(func(ch *catalog.Channel) bool { return ch.Country == "JP" })
		auto := ig(func(ch *catalog.Channel) bool { return ch.Category == "automotive" })
		both := ig(func(ch *catalog.Channel) bool { return ch.Country == "JP" && ch.Category == "automotive" })
		if both != 0 || jp < 20 || auto < 20 {
			t.Errorf("Instagram: JP %d, automotive %d, both %d; want both sets non-empty and no overlap", jp, auto, both)
		}
	case "filter-empty-range":
		if n := count(chs, func(ch *catalog.Channel) bool { return ch.Followers < 1000 }); n != 0 {
			t.Errorf("%d channels with fewer than 1,000 followers, want none", n)
		}
		if n := count(chs, func(ch *catalog.Channel) bool { return ch.Platform == platform.TikTok && ch.Category == "beauty" }); n < 20 {
			t.Errorf("%d TikTok beauty channels, want plenty", n)
		}
	default:
		t.Fatalf("no check for natural example %q", ex.Name)
	}
}

// checkMixedSeed checks the spec's mixed example: keywords combined with
// hard filters, each of which matters.
func checkMixedSeed(t *testing.T, tx texts, chs []*catalog.Channel) {
	t.Helper()
	match := func(us bool) int {
		return count(chs, func(ch *catalog.Channel) bool {
			return ch.Platform == platform.Instagram && (!us || ch.Country == "US") && ch.Followers >= 10000 &&
				ch.AvgViews >= 3000 && tx.has(ch, "", "hollyland") && tx.has(ch, "", "麦克风")
		})
	}
	if n := match(true); n < 5 {
		t.Errorf("%d US Instagram channels with Hollyland and 麦克风, 10k+ followers, 3000+ views; want 5+", n)
	}
	if all, us := match(false), match(true); all <= us {
		t.Errorf("the country filter should matter: %d with any country, %d US", all, us)
	}
	small := count(chs, func(ch *catalog.Channel) bool {
		return ch.Platform == platform.Instagram && ch.Country == "US" && ch.Followers < 10000 && tx.has(ch, "content", "hollyland")
	})
	if small == 0 {
		t.Errorf("no US Instagram Hollyland channel below 10k followers: the follower filter would not matter")
	}
}

func TestShowcaseNamesUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, ex := range Showcase() {
		if seen[ex.Name] {
			t.Errorf("example name %q used twice", ex.Name)
		}
		seen[ex.Name] = true
	}
}
