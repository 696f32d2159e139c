package urlresolve

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// formCases are the URL forms people paste (issue 10, item 4; spec 3.5):
// channel tab suffixes and unknown sub-pages resolve to the channel, the
// platforms' official alternate hosts are recognised, and non-channel
// pages of a known platform are resolved_unsupported, never malformed.
// Many are shapes taken from yt-dlp's extractor tests (see peer_urls.txt).
var formCases = []resolveCase{
	// YouTube: every channel tab after a handle, a channel id, /c/ and /user/.
	exact("yt handle home", yt, "https://www.youtube.com/@MrBeast/home", ReasonChannelFound, keyMrBeast),
	exact("yt handle featured", yt, "https://www.youtube.com/@MrBeast/featured", ReasonChannelFound, keyMrBeast),
	exact("yt handle videos", yt, "https://www.youtube.com/@MrBeast/videos?view=0&sort=p", ReasonChannelFound, keyMrBeast),
	exact("yt handle shorts", yt, "https://www.youtube.com/@MrBeast/shorts", ReasonChannelFound, keyMrBeast),
	exact("yt handle streams", yt, "https://www.youtube.com/@MrBeast/streams", ReasonChannelFound, keyMrBeast),
	exact("yt handle live", yt, "https://www.youtube.com/@MrBeast/live", ReasonChannelFound, keyMrBeast),
	exact("yt handle playlists", yt, "https://www.youtube.com/@MrBeast/playlists?view=1&flow=grid", ReasonChannelFound, keyMrBeast),
	exact("yt handle community", yt, "https://www.youtube.com/@MrBeast/community", ReasonChannelFound, keyMrBeast),
	exact("yt handle about", yt, "https://www.youtube.com/@MrBeast/about", ReasonChannelFound, keyMrBeast),
	exact("yt handle channels", yt, "https://www.youtube.com/@MrBeast/channels", ReasonChannelFound, keyMrBeast),
	exact("yt handle unknown tab", yt, "https://www.youtube.com/@MrBeast/letsplay", ReasonChannelFound, keyMrBeast),
	exact("yt handle tab search", yt, "https://www.youtube.com/@MrBeast/search?query=linear%20algebra", ReasonChannelFound, keyMrBeast),
	exact("yt handle two extra segments", yt, "https://www.youtube.com/@MrBeast/videos/extra", ReasonChannelFound, keyMrBeast),
	exact("yt id home", yt, "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/home", ReasonChannelFound, keyMrBeast),
	exact("yt id featured", yt, "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/featured", ReasonChannelFound, keyMrBeast),
	exact("yt id videos", yt, "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/videos", ReasonChannelFound, keyMrBeast),
	exact("yt id shorts", yt, "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/shorts", ReasonChannelFound, keyMrBeast),
	exact("yt id streams", yt, "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/streams", ReasonChannelFound, keyMrBeast),
	exact("yt id live", yt, "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/live", ReasonChannelFound, keyMrBeast),
	exact("yt id playlists", yt, "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/playlists", ReasonChannelFound, keyMrBeast),
	exact("yt id community", yt, "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/community", ReasonChannelFound, keyMrBeast),
	exact("yt id channels", yt, "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/channels", ReasonChannelFound, keyMrBeast),
	exact("yt id posts", yt, "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/posts", ReasonChannelFound, keyMrBeast),
	exact("yt id unknown tab", yt, "https://www.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/letsplay", ReasonChannelFound, keyMrBeast),
	exact("yt custom home", yt, "https://www.youtube.com/c/MrBeast6000/home", ReasonChannelFound, keyMrBeast),
	exact("yt custom about", yt, "https://www.youtube.com/c/MrBeast6000/about", ReasonChannelFound, keyMrBeast),
	exact("yt custom live", yt, "https://www.youtube.com/c/MrBeast6000/live", ReasonChannelFound, keyMrBeast),
	exact("yt custom unknown tab", yt, "https://www.youtube.com/c/MrBeast6000/whatever", ReasonChannelFound, keyMrBeast),
	exact("yt user videos", yt, "https://www.youtube.com/user/MrBeast6000/videos?view=0&sort=da&flow=grid", ReasonChannelFound, keyMrBeast),
	exact("yt user shorts", yt, "https://www.youtube.com/user/MrBeast6000/shorts", ReasonChannelFound, keyMrBeast),
	exact("yt user playlists", yt, "https://www.youtube.com/user/MrBeast6000/playlists", ReasonChannelFound, keyMrBeast),
	exact("yt user unknown tab", yt, "https://www.youtube.com/user/MrBeast6000/letsplay", ReasonChannelFound, keyMrBeast),
	exact("yt vanity home", yt, "https://www.youtube.com/MrBeast6000/home", ReasonChannelFound, keyMrBeast),
	exact("yt vanity streams", yt, "https://www.youtube.com/MrBeast6000/streams", ReasonChannelFound, keyMrBeast),
	// YouTube: official alternate hosts.
	exact("yt kids channel", yt, "https://www.youtubekids.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA", ReasonChannelFound, keyMrBeast),
	exact("yt kids watch", yt, "https://www.youtubekids.com/watch?v=0e3GPea1Tyg", ReasonContentFound, keyMrBeast),
	exact("yt kids bare host", yt, "youtubekids.com/watch?v=0e3GPea1Tyg&list=PUZ6jURNr1WQZCNHF0ao-c0g", ReasonContentFound, keyMrBeast),
	exact("yt music channel tab", yt, "https://music.youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/releases", ReasonChannelFound, keyMrBeast),
	exact("yt music watch", yt, "https://music.youtube.com/watch?v=0e3GPea1Tyg&feature=share", ReasonContentFound, keyMrBeast),
	exact("yt nocookie v", yt, "https://www.youtube-nocookie.com/v/0e3GPea1Tyg", ReasonContentFound, keyMrBeast),
	exact("yt nocookie bare", yt, "youtube-nocookie.com/embed/0e3GPea1Tyg?rel=0", ReasonContentFound, keyMrBeast),
	// YouTube: other shapes of the peer list.
	exact("yt watch_popup", yt, "https://www.youtube.com/watch_popup?v=0e3GPea1Tyg", ReasonContentFound, keyMrBeast),
	exact("yt html-escaped query", yt, "https://www.youtube.com/watch?feature=player_embedded&amp;amp;v=0e3GPea1Tyg", ReasonContentFound, keyMrBeast),
	exact("yt live_stream embed names the channel", yt, "https://www.youtube.com/embed/live_stream?channel=UCX6OQ3DkcsbYNE6H8uQQuVA", ReasonChannelFound, keyMrBeast),
	invalid("yt live_stream embed without channel", yt, "https://www.youtube.com/embed/live_stream", ReasonIncomplete, yt),
	unsupported("yt music playlist", yt, "https://music.youtube.com/playlist?list=OLAK5uy_m4xAFdmMC5rX3Ji3g93pQe3hqLZw_9LhM", ReasonUnsupportedPlaylist, yt),
	unsupported("yt music search", yt, "https://music.youtube.com/search?q=royalty+free+music", ReasonUnsupportedSearch, yt),
	unsupported("yt kids search", yt, "https://www.youtubekids.com/search?q=cats", ReasonUnsupportedSearch, yt),
	unsupported("yt course page", yt, "https://www.youtube.com/course?list=ELxxx", ReasonUnsupportedPage, yt),
	unsupported("yt nocookie other page", yt, "https://www.youtube-nocookie.com/about", ReasonUnsupportedPage, yt),
	unsupported("yt shorts feed", yt, "https://www.youtube.com/shorts/", ReasonUnsupportedPage, yt),
	unsupported("yt live hub", yt, "https://www.youtube.com/live/", ReasonUnsupportedPage, yt),
	invalid("yt embed without a video id", yt, "https://www.youtube.com/embed/", ReasonIncomplete, yt),
	invalid("yt live stream embed with a path after it", yt, "https://www.youtube.com/embed/live_stream/x?channel=UCX6OQ3DkcsbYNE6H8uQQuVA", ReasonIncomplete, yt),
	unsupported("yt clip", yt, "https://www.youtube.com/clip/UgkxU2HSeGL_NvmDJ-nQJrlLwllwMDBcGZIl", ReasonUnsupportedClip, yt),
	invalid("invidious is not youtube", yt, "https://invidio.us/channel/UCX6OQ3DkcsbYNE6H8uQQuVA", ReasonUnknownHost, ""),

	// Instagram: profile tabs and sub-pages.
	exact("ig reels tab", ig, "https://www.instagram.com/leomessi/reels/", ReasonChannelFound, keyMessi),
	exact("ig tagged tab", ig, "https://www.instagram.com/leomessi/tagged/", ReasonChannelFound, keyMessi),
	exact("ig guides tab", ig, "https://www.instagram.com/leomessi/guides/", ReasonChannelFound, keyMessi),
	exact("ig followers", ig, "https://www.instagram.com/leomessi/followers/", ReasonChannelFound, keyMessi),
	exact("ig unknown sub-page", ig, "https://www.instagram.com/leomessi/guide/my-trip/17890/", ReasonChannelFound, keyMessi),
	exact("ig app link", ig, "https://instagram.com/_u/leomessi", ReasonChannelFound, keyMessi),
	exact("ig post embed", ig, "http://instagram.com/p/CmX1a2b3c4D/embed/", ReasonContentFound, keyMessi),
	exact("ig post embed captioned", ig, "https://www.instagram.com/p/CmX1a2b3c4D/embed/captioned/", ReasonContentFound, keyMessi),
	exact("ig reel liked_by", ig, "https://www.instagram.com/reel/C0ReelAbcd1/liked_by/", ReasonContentFound, keyCR7),
	exact("ig post under profile embed", ig, "https://www.instagram.com/cristiano/p/C0ReelAbcd1/embed/", ReasonContentFound, keyCR7),
	exact("ig reels url", ig, "https://www.instagram.com/reels/C0ReelAbcd1/", ReasonContentFound, keyCR7),
	unsupported("ig reels audio", ig, "https://www.instagram.com/reels/audio/1997966430658785/", ReasonUnsupportedMusic, ig),
	unsupported("ig audio", ig, "https://www.instagram.com/audio/1997966430658785/", ReasonUnsupportedMusic, ig),
	unsupported("ig explore", ig, "https://www.instagram.com/explore/", ReasonUnsupportedExplore, ig),
	unsupported("ig explore people", ig, "https://www.instagram.com/explore/people/", ReasonUnsupportedExplore, ig),
	unsupported("ig explore tag", ig, "https://instagram.com/explore/tags/lolcats", ReasonUnsupportedHashtag, ig),
	unsupported("ig explore search", ig, "https://www.instagram.com/explore/search/keyword/?q=cats", ReasonUnsupportedSearch, ig),
	unsupported("ig reels feed", ig, "https://www.instagram.com/reels/", ReasonUnsupportedPage, ig),
	unsupported("ig tv feed", ig, "https://www.instagram.com/tv/", ReasonUnsupportedPage, ig),
	invalid("ig post without a code", ig, "https://www.instagram.com/p/", ReasonIncomplete, ig),
	invalid("ig reel without a code", ig, "https://www.instagram.com/reel/", ReasonIncomplete, ig),
	unsupported("ig story highlight", ig, "https://www.instagram.com/stories/highlights/18090946048123978/", ReasonUnsupportedStory, ig),
	invalid("ig post odd tail", ig, "https://www.instagram.com/p/CmX1a2b3c4D/nonsense/", ReasonMalformed, ig),

	// TikTok: account sub-pages, alternate hosts, channel-less pages.
	exact("tt live tab", tt, "https://www.tiktok.com/@mrbeast/live", ReasonChannelFound, keyTTBeast),
	exact("tt unknown sub-page", tt, "https://www.tiktok.com/@mrbeast/liked", ReasonChannelFound, keyTTBeast),
	exact("tt creator embed", tt, "https://www.tiktok.com/embed/@mrbeast", ReasonChannelFound, keyTTBeast),
	exact("tt mobile profile", tt, "https://m.tiktok.com/@mrbeast?lang=en", ReasonChannelFound, keyTTBeast),
	exact("tt share video", tt, "https://www.tiktok.com/share/video/7212345678901234567/", ReasonContentFound, keyTTBeast),
	exact("tt tiktokv share video", tt, "https://www.tiktokv.com/share/video/7212345678901234567/", ReasonContentFound, keyTTBeast),
	exact("tt video without handle", tt, "https://www.tiktok.com/@/video/7212345678901234567/", ReasonContentFound, keyTTBeast),
	exact("tt video under a sec uid", tt, "https://www.tiktok.com/@MS4wLjABAAAATh8Vewkn0LYM7Fo03iec3qKdeCUOcBIouRk1mkiag6h3o_pQu_dUXvZ2EZlGST7_/video/7212345678901234567", ReasonContentFound, keyTTBeast),
	unsupported("tt collection", tt, "https://www.tiktok.com/@mrbeast/collection/count-test-7371330159376370462", ReasonUnsupportedCollection, tt),
	unsupported("tt collection emoji", tt, "https://www.tiktok.com/@imanoreotwe/collection/%F0%9F%98%82-7111887189571160875", ReasonUnsupportedCollection, tt),
	unsupported("tt playlist", tt, "https://www.tiktok.com/@mrbeast/playlist/challenges-7290999999999999999", ReasonUnsupportedPlaylist, tt),
	unsupported("tt tag", tt, "https://tiktok.com/tag/fypシ?is_copy_url=0&is_from_webapp=v1", ReasonUnsupportedHashtag, tt),
	unsupported("tt music", tt, "https://www.tiktok.com/music/Build-a-Btch-6956990112127585029?lang=en", ReasonUnsupportedMusic, tt),
	unsupported("tt discover", tt, "https://www.tiktok.com/discover/best-camping-gear", ReasonUnsupportedDiscover, tt),
	unsupported("tt sticker", tt, "https://www.tiktok.com/sticker/Elf-Friend-479565", ReasonUnsupportedPage, tt),
	unsupported("tt share live", tt, "https://m.tiktok.com/share/live/7209423610325322522/?language=en", ReasonUnsupportedPage, tt),
	unsupported("tt explore", tt, "https://www.tiktok.com/explore", ReasonUnsupportedPage, tt),

	// X: profile tabs and sub-pages, intents, lists and searches.
	exact("x replies tab", xp, "https://x.com/jack/with_replies", ReasonChannelFound, keyJack),
	exact("x media tab", xp, "https://twitter.com/jack/media", ReasonChannelFound, keyJack),
	exact("x likes tab", xp, "https://x.com/jack/likes", ReasonChannelFound, keyJack),
	exact("x lists tab", xp, "https://x.com/jack/lists", ReasonChannelFound, keyJack),
	exact("x followers", xp, "https://x.com/jack/followers", ReasonChannelFound, keyJack),
	exact("x unknown sub-page", xp, "https://x.com/jack/communities/explore", ReasonChannelFound, keyJack),
	exact("x mobile host", xp, "https://mobile.x.com/jack", ReasonChannelFound, keyJack),
	exact("x intent user", xp, "https://twitter.com/intent/user?screen_name=jack", ReasonChannelFound, keyJack),
	exact("x intent follow", xp, "https://x.com/intent/follow?screen_name=%40jack", ReasonChannelFound, keyJack),
	exact("x status video", xp, "https://twitter.com/jack/status/20/video/1", ReasonContentFound, keyJack),
	unsupported("x list", xp, "https://x.com/i/lists/1234567890", ReasonUnsupportedList, xp),
	unsupported("x legacy list", xp, "https://twitter.com/jack/lists/go-people", ReasonUnsupportedList, xp),
	unsupported("x search", xp, "https://x.com/search?q=golang&src=typed_query&f=live", ReasonUnsupportedSearch, xp),
	unsupported("x advanced search", xp, "https://x.com/search-advanced?lang=en", ReasonUnsupportedPage, xp),
	unsupported("x intent tweet", xp, "https://x.com/intent/tweet?text=hi", ReasonUnsupportedPage, xp),
	unsupported("x spaces", xp, "https://twitter.com/i/spaces/1OwxWwQOPlNxQ", ReasonUnsupportedPage, xp),
	unsupported("x broadcast", xp, "https://twitter.com/i/broadcasts/1OyKAVQrgzwGb", ReasonUnsupportedPage, xp),
	unsupported("x community", xp, "https://x.com/i/communities/1600000000000000000", ReasonUnsupportedPage, xp),
	unsupported("x explore", xp, "https://x.com/explore/tabs/trending", ReasonUnsupportedPage, xp),
	unsupported("x hashtag", xp, "https://x.com/hashtag/golang?src=hashtag_click", ReasonUnsupportedHashtag, xp),

	// The same forms on another platform's page: the tab does not change
	// the verdict, and unsupported beats mismatch.
	mismatch("yt tab on x page", xp, "https://www.youtube.com/@MrBeast/home", yt),
	mismatch("yt kids on tt page", tt, "https://www.youtubekids.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA", yt),
	unsupported("tt collection on yt page", yt, "https://www.tiktok.com/@mrbeast/collection/x-7371330159376370462", ReasonUnsupportedCollection, tt),
	unsupported("ig reels audio on x page", xp, "https://www.instagram.com/reels/audio/1997966430658785/", ReasonUnsupportedMusic, ig),
	unsupported("x list on ig page", ig, "https://x.com/i/lists/1234567890", ReasonUnsupportedList, xp),
}

func TestResolveForms(t *testing.T) {
	cat := newTestCatalog(t)
	ctx := context.Background()
	for _, tc := range formCases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Resolve(ctx, tc.page, tc.in, cat)
			if err != nil {
				t.Fatalf("Resolve(%s, %q) error: %v", tc.page, tc.in, err)
			}
			if got.State != tc.state || got.Reason != tc.reason || got.Key != tc.key || got.LinkPlatform != tc.link {
				t.Fatalf("Resolve(%s, %q) = %s/%s key %q link %q, want %s/%s key %q link %q",
					tc.page, tc.in, got.State, got.Reason, got.Key, got.LinkPlatform, tc.state, tc.reason, tc.key, tc.link)
			}
			checkResolution(t, tc.page, tc.in, got)
			if got.Parsed != nil {
				again, err := Parse(got.Parsed.URL)
				if err != nil || again != *got.Parsed {
					t.Errorf("Parse(%q) = %+v, %v; want %+v (idempotent on the canonical URL)", got.Parsed.URL, again, err, *got.Parsed)
				}
			}
		})
	}
}

// TestPeerURLs parses every URL of testdata/peer_urls.txt (yt-dlp's
// extractor test URLs on our four platforms) and compares the outcomes with
// testdata/peer_urls.golden. None of them may be "malformed": each is
// recognised, or fails with a reason that names what is missing.
func TestPeerURLs(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "peer_urls.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b bytes.Buffer
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		in := sc.Text()
		if in == "" || strings.HasPrefix(in, "#") {
			continue
		}
		n++
		p, err := Parse(in)
		switch {
		case err != nil:
			if ReasonOf(err) == ReasonMalformed {
				t.Errorf("Parse(%q) = malformed, want it recognised or a specific reason", in)
			}
			fmt.Fprintf(&b, "%s\n\tinvalid %s\n", in, ReasonOf(err))
		case p.Kind == KindUnsupported:
			fmt.Fprintf(&b, "%s\n\tunsupported %s %s\n", in, p.Reason, p.URL)
		default:
			fmt.Fprintf(&b, "%s\n\t%s %s %s\n", in, p.Kind, p.Key, p.URL)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 200 {
		t.Fatalf("peer_urls.txt has %d URLs, want the whole list", n)
	}
	path := filepath.Join("testdata", "peer_urls.golden")
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("peer URL outcomes differ from %s (run with -update if intended):\n%s", path, b.Bytes())
	}
}
