package urlresolve

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

const (
	yt = platform.YouTube
	ig = platform.Instagram
	tt = platform.TikTok
	xp = platform.X
)

var (
	keyMrBeast  = catalog.Key(yt, catalog.RefID, idMrBeast)
	keyTSeries  = catalog.Key(yt, catalog.RefID, idTSeries)
	keyLiziqi   = catalog.Key(yt, catalog.RefID, idLiziqi)
	keyMessi    = catalog.Key(ig, catalog.RefHandle, "leomessi")
	keyCR7      = catalog.Key(ig, catalog.RefHandle, "cristiano")
	keyTTBeast  = catalog.Key(tt, catalog.RefHandle, "mrbeast")
	keyKhaby    = catalog.Key(tt, catalog.RefHandle, "khaby.lame")
	keyElon     = catalog.Key(xp, catalog.RefHandle, "elonmusk")
	keyJack     = catalog.Key(xp, catalog.RefHandle, "jack")
	exactStates = map[Reason]bool{ReasonChannelFound: true, ReasonContentFound: true, ReasonContentHandleFound: true}
)

type resolveCase struct {
	name   string
	page   platform.Platform
	in     string
	state  State
	reason Reason
	key    string            // the channel's key, for resolved_exact
	link   platform.Platform // the link's platform ("" when not recognised)
}

// exact, invalid, unsupported and mismatch build table rows.
func exact(name string, page platform.Platform, in string, reason Reason, key string) resolveCase {
	return resolveCase{name, page, in, StateExact, reason, key, page}
}

func invalid(name string, page platform.Platform, in string, reason Reason, link platform.Platform) resolveCase {
	return resolveCase{name, page, in, StateInvalid, reason, "", link}
}

func unsupported(name string, page platform.Platform, in string, reason Reason, link platform.Platform) resolveCase {
	return resolveCase{name, page, in, StateUnsupported, reason, "", link}
}

func mismatch(name string, page platform.Platform, in string, link platform.Platform) resolveCase {
	return resolveCase{name, page, in, StateMismatch, ReasonPlatformMismatch, "", link}
}

var resolveCases = []resolveCase{
	// YouTube: exact.
	exact("yt handle", yt, "https://www.youtube.com/@MrBeast", ReasonChannelFound, keyMrBeast),
	exact("yt handle no scheme", yt, "youtube.com/@mrbeast", ReasonChannelFound, keyMrBeast),
	exact("yt mobile handle tab", yt, "m.youtube.com/@MrBeast/videos", ReasonChannelFound, keyMrBeast),
	exact("yt upper case", yt, "HTTPS://WWW.YOUTUBE.COM/@MRBEAST/", ReasonChannelFound, keyMrBeast),
	exact("yt tracking and fullwidth comma", yt, "  https://www.youtube.com/@MrBeast?si=abc123&feature=shared ，", ReasonChannelFound, keyMrBeast),
	exact("yt in parentheses", yt, "(https://youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA)", ReasonChannelFound, keyMrBeast),
	exact("yt channel id about", yt, "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/about", ReasonChannelFound, keyMrBeast),
	exact("yt custom", yt, "https://www.youtube.com/c/MrBeast6000", ReasonChannelFound, keyMrBeast),
	exact("yt user featured", yt, "https://www.youtube.com/user/MrBeast6000/featured", ReasonChannelFound, keyMrBeast),
	exact("yt legacy vanity", yt, "https://youtube.com/MrBeast6000", ReasonChannelFound, keyMrBeast),
	exact("yt youtu.be", yt, "https://youtu.be/0e3GPea1Tyg?si=xyz", ReasonContentFound, keyMrBeast),
	exact("yt watch with tracking", yt, "https://www.youtube.com/watch?v=0e3GPea1Tyg&t=42s&utm_source=x", ReasonContentFound, keyMrBeast),
	exact("yt watch v not first", yt, "https://www.youtube.com/watch?feature=share&v=0e3GPea1Tyg", ReasonContentFound, keyMrBeast),
	exact("yt watch in playlist", yt, "https://www.youtube.com/watch?v=0e3GPea1Tyg&list=PLrAXtmErZgOe", ReasonContentFound, keyMrBeast),
	exact("yt shorts", yt, "https://youtube.com/shorts/erLbbextvlY?feature=share", ReasonContentFound, keyMrBeast),
	exact("yt live", yt, "https://www.youtube.com/live/erLbbextvlY", ReasonContentFound, keyMrBeast),
	exact("yt embed", yt, "https://www.youtube.com/embed/0e3GPea1Tyg", ReasonContentFound, keyMrBeast),
	exact("yt nocookie embed", yt, "https://www.youtube-nocookie.com/embed/0e3GPea1Tyg", ReasonContentFound, keyMrBeast),
	exact("yt music channel", yt, "https://music.youtube.com/channel/UCq-Fj5jknLsUf-MWSy4_brA", ReasonChannelFound, keyTSeries),
	exact("yt music browse", yt, "https://music.youtube.com/browse/UCq-Fj5jknLsUf-MWSy4_brA", ReasonChannelFound, keyTSeries),
	exact("yt http real data form", yt, "http://youtube.com/channel/UCq-Fj5jknLsUf-MWSy4_brA", ReasonChannelFound, keyTSeries),
	exact("yt mobile custom alias", yt, "mobile.youtube.com/c/TSeries", ReasonChannelFound, keyTSeries),
	exact("yt unicode handle encoded", yt, "https://www.youtube.com/@%E6%9D%8E%E5%AD%90%E6%9F%92", ReasonChannelFound, keyLiziqi),
	exact("yt unicode handle raw", yt, "https://www.youtube.com/@李子柒", ReasonChannelFound, keyLiziqi),
	exact("yt port 443", yt, "https://youtube.com:443/@MrBeast", ReasonChannelFound, keyMrBeast),
	exact("yt host port no scheme", yt, "youtube.com:443/@MrBeast", ReasonChannelFound, keyMrBeast),
	exact("yt emoji around", yt, "😀https://www.youtube.com/@MrBeast😀", ReasonChannelFound, keyMrBeast),
	exact("yt rtl marks around", yt, "\u202Ehttps://www.youtube.com/@MrBeast\u202C", ReasonChannelFound, keyMrBeast),
	exact("yt ideographic full stop", yt, "\u3000https://www.youtube.com/@MrBeast。", ReasonChannelFound, keyMrBeast),
	exact("yt full-width colon", yt, "https：／／www.youtube.com/@MrBeast", ReasonChannelFound, keyMrBeast),
	exact("yt scheme-relative", yt, "//www.youtube.com/@MrBeast", ReasonChannelFound, keyMrBeast),
	// YouTube: well-formed, but nothing in the catalog.
	invalid("yt unknown handle", yt, "https://www.youtube.com/@nobodyhere", ReasonChannelNotFound, yt),
	invalid("yt unknown channel id", yt, "https://www.youtube.com/channel/UCAAAAAAAAAAAAAAAAAAAAAA", ReasonChannelNotFound, yt),
	invalid("yt unknown video", yt, "https://youtu.be/zzzzzzzzzzz", ReasonContentNotFound, yt),
	// YouTube: broken links.
	invalid("yt short channel id", yt, "https://www.youtube.com/channel/UC123", ReasonBadID, yt),
	invalid("yt short video id", yt, "https://www.youtube.com/watch?v=short", ReasonBadID, yt),
	invalid("yt handle too short", yt, "https://www.youtube.com/@a", ReasonBadHandle, yt),
	invalid("yt handle bad char", yt, "https://www.youtube.com/@bad$handle", ReasonBadHandle, yt),
	invalid("yt home page", yt, "https://www.youtube.com/", ReasonIncomplete, yt),
	invalid("youtu.be without id", yt, "youtu.be/", ReasonIncomplete, yt),
	invalid("yt watch without v", yt, "https://www.youtube.com/watch", ReasonIncomplete, yt),
	exact("yt unknown tab", yt, "https://www.youtube.com/@MrBeast/nonsense", ReasonChannelFound, keyMrBeast),
	// YouTube: recognised, unsupported.
	unsupported("yt playlist", yt, "https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf", ReasonUnsupportedPlaylist, yt),
	unsupported("yt watch list only", yt, "https://www.youtube.com/watch?list=PL123", ReasonUnsupportedPlaylist, yt),
	unsupported("yt search results", yt, "https://www.youtube.com/results?search_query=minecraft", ReasonUnsupportedSearch, yt),
	unsupported("yt hashtag", yt, "https://www.youtube.com/hashtag/shorts", ReasonUnsupportedHashtag, yt),
	unsupported("yt feed", yt, "https://www.youtube.com/feed/trending", ReasonUnsupportedFeed, yt),
	unsupported("yt studio", yt, "https://studio.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA", ReasonUnsupportedPage, yt),
	unsupported("yt community post", yt, "https://www.youtube.com/post/UgkxABCdef", ReasonUnsupportedPost, yt),
	unsupported("yt gaming page", yt, "https://www.youtube.com/gaming", ReasonUnsupportedPage, yt),
	unsupported("yt embed playlist", yt, "https://www.youtube.com/embed/videoseries?list=PL123", ReasonUnsupportedPlaylist, yt),

	// Instagram.
	exact("ig profile", ig, "https://www.instagram.com/leomessi/", ReasonChannelFound, keyMessi),
	exact("ig profile igsh", ig, "instagram.com/leomessi?igsh=MWQ1ZGUxMzBkMA==", ReasonChannelFound, keyMessi),
	exact("ig reels tab", ig, "https://www.instagram.com/leomessi/reels/", ReasonChannelFound, keyMessi),
	exact("ig instagr.am", ig, "https://instagr.am/leomessi", ReasonChannelFound, keyMessi),
	exact("ig mobile tagged upper", ig, "https://m.instagram.com/Cristiano/tagged", ReasonChannelFound, keyCR7),
	exact("ig post", ig, "https://www.instagram.com/p/CmX1a2b3c4D/?igshid=abc", ReasonContentFound, keyMessi),
	exact("ig reel", ig, "https://www.instagram.com/reel/C0ReelAbcd1/?utm_source=ig_web_copy_link", ReasonContentFound, keyCR7),
	exact("ig reel under profile", ig, "https://www.instagram.com/cristiano/p/UnknownCode1/", ReasonContentHandleFound, keyCR7),
	exact("ig story names the profile", ig, "https://www.instagram.com/stories/leomessi/3141592653589793/", ReasonChannelFound, keyMessi),
	invalid("ig unknown profile", ig, "https://www.instagram.com/nobody.here.zz/", ReasonChannelNotFound, ig),
	invalid("ig unknown post", ig, "https://www.instagram.com/p/ZZZZZZZZZZZ/", ReasonContentNotFound, ig),
	invalid("ig double dot", ig, "https://www.instagram.com/bad..name", ReasonBadHandle, ig),
	invalid("ig home", ig, "https://www.instagram.com/", ReasonIncomplete, ig),
	invalid("ig short code", ig, "https://www.instagram.com/p/ab/", ReasonBadID, ig),
	unsupported("ig tag", ig, "https://www.instagram.com/explore/tags/travel/", ReasonUnsupportedHashtag, ig),
	unsupported("ig explore", ig, "https://www.instagram.com/explore/", ReasonUnsupportedExplore, ig),
	unsupported("ig highlight", ig, "https://www.instagram.com/stories/highlights/17912345678901234/", ReasonUnsupportedStory, ig),
	unsupported("ig location", ig, "https://www.instagram.com/explore/locations/212988663/new-york-new-york/", ReasonUnsupportedLocation, ig),
	unsupported("ig direct", ig, "https://www.instagram.com/direct/inbox/", ReasonUnsupportedPage, ig),

	// TikTok.
	exact("tt profile", tt, "https://www.tiktok.com/@mrbeast", ReasonChannelFound, keyTTBeast),
	exact("tt profile tracking", tt, "tiktok.com/@MrBeast?is_from_webapp=1&sender_device=pc", ReasonChannelFound, keyTTBeast),
	exact("tt video", tt, "https://www.tiktok.com/@mrbeast/video/7212345678901234567?is_from_webapp=1", ReasonContentFound, keyTTBeast),
	exact("tt video of known handle", tt, "https://www.tiktok.com/@khaby.lame/video/7000000000000000001", ReasonContentHandleFound, keyKhaby),
	exact("tt vm short link", tt, "https://vm.tiktok.com/ZMabc1234/", ReasonContentFound, keyTTBeast),
	exact("tt old mobile", tt, "https://m.tiktok.com/v/7212345678901234567.html", ReasonContentFound, keyTTBeast),
	exact("tt embed", tt, "https://www.tiktok.com/embed/v2/7212345678901234567", ReasonContentFound, keyTTBeast),
	invalid("tt unknown short link", tt, "https://vm.tiktok.com/ZMnotknown/", ReasonContentNotFound, tt),
	invalid("tt unknown profile", tt, "https://www.tiktok.com/@nobody_here_123", ReasonChannelNotFound, tt),
	invalid("tt unknown video and handle", tt, "https://www.tiktok.com/@nobody_x/video/7000000000000000002", ReasonContentNotFound, tt),
	invalid("tt video id letters", tt, "https://www.tiktok.com/@mrbeast/video/abc", ReasonBadID, tt),
	invalid("tt profile without @", tt, "https://www.tiktok.com/mrbeast", ReasonMalformed, tt),
	invalid("tt handle too short", tt, "https://www.tiktok.com/@a", ReasonBadHandle, tt),
	invalid("tt vt without code", tt, "https://vt.tiktok.com/", ReasonIncomplete, tt),
	unsupported("tt tag", tt, "https://www.tiktok.com/tag/fyp", ReasonUnsupportedHashtag, tt),
	unsupported("tt discover", tt, "https://www.tiktok.com/discover/funny-cats", ReasonUnsupportedDiscover, tt),
	unsupported("tt music", tt, "https://www.tiktok.com/music/original-sound-7212345678901234567", ReasonUnsupportedMusic, tt),
	unsupported("tt search", tt, "https://www.tiktok.com/search?q=cats", ReasonUnsupportedSearch, tt),
	unsupported("tt foryou", tt, "https://www.tiktok.com/foryou", ReasonUnsupportedPage, tt),

	// X.
	exact("x profile", xp, "https://x.com/elonmusk", ReasonChannelFound, keyElon),
	exact("twitter ref_src", xp, "https://twitter.com/ElonMusk?ref_src=twsrc%5Egoogle%7Ctwcamp%5Eserp%7Ctwgr%5Eauthor", ReasonChannelFound, keyElon),
	exact("mobile twitter replies", xp, "mobile.twitter.com/jack/with_replies", ReasonChannelFound, keyJack),
	exact("x media tab", xp, "https://x.com/jack/media", ReasonChannelFound, keyJack),
	exact("x status", xp, "https://x.com/elonmusk/status/1585841080431321088?s=20&t=abc", ReasonContentFound, keyElon),
	exact("twitter status", xp, "https://twitter.com/jack/status/20", ReasonContentFound, keyJack),
	exact("x status photo of known handle", xp, "https://x.com/jack/status/99999/photo/1", ReasonContentHandleFound, keyJack),
	exact("twitter hashbang", xp, "https://twitter.com/#!/jack", ReasonChannelFound, keyJack),
	exact("x web status", xp, "https://x.com/i/web/status/1585841080431321088", ReasonContentFound, keyElon),
	exact("x at handle", xp, "x.com/@jack", ReasonChannelFound, keyJack),
	invalid("x unknown", xp, "https://x.com/nobody_zz_123", ReasonChannelNotFound, xp),
	invalid("x handle too long", xp, "https://x.com/this_handle_is_way_too_long", ReasonBadHandle, xp),
	invalid("x unknown status", xp, "https://x.com/i/web/status/123456", ReasonContentNotFound, xp),
	invalid("x status letters", xp, "https://x.com/jack/status/abc", ReasonBadID, xp),
	invalid("x home", xp, "https://x.com/", ReasonIncomplete, xp),
	unsupported("x hashtag", xp, "https://x.com/hashtag/golang", ReasonUnsupportedHashtag, xp),
	unsupported("x search", xp, "https://x.com/search?q=golang&src=typed_query", ReasonUnsupportedSearch, xp),
	unsupported("x list", xp, "https://x.com/i/lists/1234567890", ReasonUnsupportedList, xp),
	unsupported("x reserved home", xp, "https://x.com/home", ReasonUnsupportedPage, xp),
	unsupported("x settings", xp, "https://x.com/settings/account", ReasonUnsupportedPage, xp),
	unsupported("t.co", xp, "https://t.co/AbCdEf123", ReasonUnsupportedShortLink, xp),

	// Another platform's link on this page.
	mismatch("ig on yt", yt, "https://www.instagram.com/leomessi/", ig),
	mismatch("tt on ig", ig, "https://www.tiktok.com/@mrbeast", tt),
	mismatch("x on tt", tt, "https://x.com/jack", xp),
	mismatch("yt video on x", xp, "https://youtu.be/0e3GPea1Tyg", yt),
	mismatch("unknown x handle on yt", yt, "https://x.com/nobody_zz_123", xp),
	unsupported("unsupported beats mismatch", yt, "https://www.instagram.com/explore/tags/travel/", ReasonUnsupportedHashtag, ig),
	invalid("broken ig link on yt", yt, "https://www.instagram.com/bad..name", ReasonBadHandle, ig),

	// Not links at all, or not ours.
	invalid("empty", yt, "", ReasonEmpty, ""),
	invalid("only punctuation", ig, "   ，。 ", ReasonEmpty, ""),
	invalid("javascript", yt, "javascript:alert(1)", ReasonBadScheme, ""),
	invalid("data", tt, "data:text/html,<script>alert(1)</script>", ReasonBadScheme, ""),
	invalid("file", xp, "file:///etc/passwd", ReasonBadScheme, ""),
	invalid("ftp", yt, "ftp://youtube.com/@mrbeast", ReasonBadScheme, ""),
	invalid("other host", yt, "https://example.com/@mrbeast", ReasonUnknownHost, ""),
	invalid("lookalike host", yt, "https://youtube.com.evil.com/@mrbeast", ReasonUnknownHost, ""),
	invalid("ex.com is not x.com", xp, "https://ex.com/jack", ReasonUnknownHost, ""),
	invalid("punycode host", yt, "https://xn--youtube-9ya.com/@x", ReasonUnknownHost, ""),
	invalid("user info", yt, "https://www.youtube.com@evil.com/@mrbeast", ReasonMalformed, ""),
	invalid("plain word", yt, "mrbeast", ReasonMalformed, ""),
	invalid("space inside", yt, "https://www.youtube.com/@Mr Beast", ReasonMalformed, ""),
	invalid("nul inside", yt, "https://www.you\x00tube.com/@MrBeast", ReasonMalformed, ""),
	invalid("odd port", yt, "https://www.youtube.com:8080/@MrBeast", ReasonMalformed, ""),
	invalid("sql", yt, "'; DROP TABLE channels; --", ReasonMalformed, ""),
	invalid("100 KB", yt, strings.Repeat("a", 100_000), ReasonTooLong, ""),
	invalid("invalid utf-8", yt, "https://www.youtube.com/@\xff\xfeab", ReasonMalformed, ""),
	invalid("scheme without slashes", yt, "https:youtube.com/@mrbeast", ReasonMalformed, ""),
	invalid("chinese sentence", yt, "参考https://www.youtube.com/@abc这种", ReasonMalformed, ""),
}

func TestResolve(t *testing.T) {
	cat := newTestCatalog(t)
	ctx := context.Background()
	for _, tc := range resolveCases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Resolve(ctx, tc.page, tc.in, cat)
			if err != nil {
				t.Fatalf("Resolve(%s, %q) error: %v", tc.page, tc.in, err)
			}
			if got.State != tc.state || got.Reason != tc.reason {
				t.Fatalf("Resolve(%s, %q) = %s/%s, want %s/%s", tc.page, tc.in, got.State, got.Reason, tc.state, tc.reason)
			}
			if got.Key != tc.key {
				t.Errorf("Resolve(%s, %q).Key = %q, want %q", tc.page, tc.in, got.Key, tc.key)
			}
			if got.LinkPlatform != tc.link {
				t.Errorf("Resolve(%s, %q).LinkPlatform = %q, want %q", tc.page, tc.in, got.LinkPlatform, tc.link)
			}
			checkResolution(t, tc.page, tc.in, got)
		})
	}
}

// checkResolution checks what must hold for every resolution.
func checkResolution(t *testing.T, page platform.Platform, in string, got Resolution) {
	t.Helper()
	if got.Page != page {
		t.Errorf("Resolve(%s, %q).Page = %q", page, in, got.Page)
	}
	if got.Hint.Zh == "" || got.Hint.En == "" {
		t.Errorf("Resolve(%s, %q).Hint = %+v, want zh and en", page, in, got.Hint)
	}
	switch got.State {
	case StateExact:
		if got.Channel == nil || got.Channel.Platform != page || got.Key != got.Channel.Key() || got.RepairReason != "" || !exactStates[got.Reason] {
			t.Errorf("Resolve(%s, %q) = exact with channel %v key %q repair %q reason %q", page, in, got.Channel, got.Key, got.RepairReason, got.Reason)
		}
	case StateMismatch:
		if got.LinkPlatform == page || got.RepairReason != RepairURLMismatch || !strings.Contains(got.Hint.Zh, got.LinkPlatform.Label("zh")) {
			t.Errorf("Resolve(%s, %q) = mismatch with link %q repair %q hint %q", page, in, got.LinkPlatform, got.RepairReason, got.Hint.Zh)
		}
	case StateUnsupported:
		if !got.Reason.Unsupported() || got.RepairReason != RepairURLUnsupported || got.Hint != unsupportedHint() {
			t.Errorf("Resolve(%s, %q) = unsupported with reason %q repair %q", page, in, got.Reason, got.RepairReason)
		}
	case StateInvalid:
		want := unreadableHint()
		if got.Reason == ReasonChannelNotFound || got.Reason == ReasonContentNotFound {
			want = notFoundHint()
		}
		if got.RepairReason != RepairURLInvalid || got.Hint != want {
			t.Errorf("Resolve(%s, %q) = invalid with repair %q hint %q, want hint %q", page, in, got.RepairReason, got.Hint.Zh, want.Zh)
		}
	default:
		t.Errorf("Resolve(%s, %q).State = %q, not a resolved state", page, in, got.State)
	}
	if got.State != StateExact && (got.Channel != nil || got.Key != "") {
		t.Errorf("Resolve(%s, %q) = %s with a channel", page, in, got.State)
	}
}

func TestResolveHints(t *testing.T) {
	cat := newTestCatalog(t)
	tests := []struct {
		name, page, in string
		wantZh, wantEn string
	}{
		{"mismatch", "youtube", "https://www.instagram.com/leomessi/",
			"当前在 YouTube 频道搜索页，该链接属于 Instagram",
			"You are on the YouTube channel search page; this link belongs to Instagram"},
		{"mismatch x", "tiktok", "https://twitter.com/jack",
			"当前在 TikTok 频道搜索页，该链接属于 X",
			"You are on the TikTok channel search page; this link belongs to X"},
		{"unreadable", "youtube", "https://www.youtube.com/",
			"当前无法识别该链接，可直接粘贴频道主页链接或只输入频道名",
			"This link can't be recognised; paste the channel's home page link or just type the channel name"},
		{"unsupported", "youtube", "https://www.youtube.com/playlist?list=PL1",
			"当前版本不支持用该类链接起搜",
			"This version can't start a search from this kind of link"},
		{"not found", "youtube", "https://www.youtube.com/@nobodyhere",
			"未能识别该链接对应的频道",
			"Couldn't find the channel this link points to"},
		{"exact", "youtube", "https://www.youtube.com/@MrBeast",
			"已识别频道：MrBeast",
			"Channel recognised: MrBeast"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Resolve(context.Background(), platform.Platform(tc.page), tc.in, cat)
			if err != nil {
				t.Fatalf("Resolve(%q) error: %v", tc.in, err)
			}
			if got.Hint.Text("zh-CN") != tc.wantZh || got.Hint.Text("en") != tc.wantEn {
				t.Errorf("Resolve(%q).Hint = %+v, want %q / %q", tc.in, got.Hint, tc.wantZh, tc.wantEn)
			}
		})
	}
	if h := ResolvingHint(); h.Zh == "" || h.En == "" || StateResolving != "resolving" {
		t.Errorf("ResolvingHint() = %+v", h)
	}
}

// fakeLookup stands in for a database-backed store.
type fakeLookup struct {
	err   error // returned by every call
	calls int
}

func (f *fakeLookup) ChannelByKey(ctx context.Context, key string) (*catalog.Channel, error) {
	f.calls++
	return nil, f.err
}

func (f *fakeLookup) ChannelByContent(ctx context.Context, p platform.Platform, id string) (*catalog.Channel, error) {
	f.calls++
	return nil, f.err
}

func TestResolveLookupErrors(t *testing.T) {
	ctx := context.Background()
	down := errors.New("connection refused")

	t.Run("real error is returned", func(t *testing.T) {
		_, err := Resolve(ctx, yt, "https://www.youtube.com/@MrBeast", &fakeLookup{err: down})
		if !errors.Is(err, down) {
			t.Fatalf("Resolve with failing store = %v, want %v", err, down)
		}
	})
	t.Run("content lookup error is returned", func(t *testing.T) {
		_, err := Resolve(ctx, tt, "https://www.tiktok.com/@x_y/video/1", &fakeLookup{err: down})
		if !errors.Is(err, down) {
			t.Fatalf("Resolve with failing store = %v, want %v", err, down)
		}
	})
	t.Run("wrapped not found is a miss", func(t *testing.T) {
		f := &fakeLookup{err: fmt.Errorf("pgstore: channel_by_key: %w", catalog.ErrNotFound)}
		got, err := Resolve(ctx, tt, "https://www.tiktok.com/@x_y/video/1", f)
		if err != nil || got.State != StateInvalid || got.Reason != ReasonContentNotFound || f.calls != 2 {
			t.Fatalf("Resolve = %s/%s, %v after %d calls, want resolved_invalid/content_not_found after 2", got.State, got.Reason, err, f.calls)
		}
	})
	t.Run("nil channel without error is a miss", func(t *testing.T) {
		got, err := Resolve(ctx, xp, "https://x.com/jack", &fakeLookup{})
		if err != nil || got.State != StateInvalid || got.Reason != ReasonChannelNotFound {
			t.Fatalf("Resolve = %s/%s, %v, want resolved_invalid/channel_not_found", got.State, got.Reason, err)
		}
	})
	t.Run("no lookup for parse failures and mismatches", func(t *testing.T) {
		f := &fakeLookup{err: down}
		for _, in := range []string{"javascript:alert(1)", "https://x.com/jack", "https://www.youtube.com/feed/trending"} {
			if _, err := Resolve(ctx, yt, in, f); err != nil {
				t.Errorf("Resolve(%q) error: %v", in, err)
			}
		}
		if f.calls != 0 {
			t.Errorf("lookup called %d times, want 0", f.calls)
		}
	})
	t.Run("canceled context", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		_, err := Resolve(cctx, yt, "https://www.youtube.com/@MrBeast", newTestCatalog(t))
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Resolve with canceled context = %v, want context.Canceled", err)
		}
	})
	t.Run("bad page", func(t *testing.T) {
		_, err := Resolve(ctx, "myspace", "https://www.youtube.com/@MrBeast", newTestCatalog(t))
		if !errors.Is(err, platform.ErrUnknown) {
			t.Fatalf("Resolve on page myspace = %v, want platform.ErrUnknown", err)
		}
	})
	t.Run("nil lookup", func(t *testing.T) {
		_, err := Resolve(ctx, yt, "https://www.youtube.com/@MrBeast", nil)
		if !errors.Is(err, ErrNoLookup) {
			t.Fatalf("Resolve with nil lookup = %v, want ErrNoLookup", err)
		}
	})
}
