package urlresolve

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/catalog"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Parsed
	}{
		{"yt handle", "https://www.youtube.com/@MrBeast?si=x", Parsed{
			Platform: yt, Kind: KindChannel, RefKind: catalog.RefHandle, RefValue: "mrbeast",
			Key: "youtube/@/mrbeast", URL: "https://www.youtube.com/@mrbeast"}},
		{"yt unicode handle", "youtube.com/@李子柒/videos", Parsed{
			Platform: yt, Kind: KindChannel, RefKind: catalog.RefHandle, RefValue: "李子柒",
			Key: "youtube/@/李子柒", URL: "https://www.youtube.com/@%E6%9D%8E%E5%AD%90%E6%9F%92"}},
		{"yt channel id keeps case", "HTTP://M.YOUTUBE.COM/CHANNEL/UCX6OQ3DkcsbYNE6H8uQQuVA/", Parsed{
			Platform: yt, Kind: KindChannel, RefKind: catalog.RefID, RefValue: idMrBeast,
			Key: "youtube/channel/" + idMrBeast, URL: "https://www.youtube.com/channel/" + idMrBeast}},
		{"yt user", "https://www.youtube.com/user/PewDiePie", Parsed{
			Platform: yt, Kind: KindChannel, RefKind: catalog.RefUser, RefValue: "pewdiepie",
			Key: "youtube/user/pewdiepie", URL: "https://www.youtube.com/user/pewdiepie"}},
		{"yt vanity is custom", "youtube.com/PewDiePie", Parsed{
			Platform: yt, Kind: KindChannel, RefKind: catalog.RefCustom, RefValue: "pewdiepie",
			Key: "youtube/c/pewdiepie", URL: "https://www.youtube.com/c/pewdiepie"}},
		{"yt shorts", "https://youtube.com/shorts/erLbbextvlY?feature=share", Parsed{
			Platform: yt, Kind: KindContent, ContentType: ContentVideo, ContentID: "erLbbextvlY",
			ContentKey: "youtube/content/erLbbextvlY", URL: "https://www.youtube.com/watch?v=erLbbextvlY"}},
		{"yt playlist keeps list", "https://m.youtube.com/playlist?list=PL1&utm_source=x&si=y", Parsed{
			Platform: yt, Kind: KindUnsupported, Reason: ReasonUnsupportedPlaylist,
			URL: "https://www.youtube.com/playlist?list=PL1"}},
		{"yt search keeps query", "https://www.youtube.com/results?search_query=%E7%8C%AB+cats", Parsed{
			Platform: yt, Kind: KindUnsupported, Reason: ReasonUnsupportedSearch,
			URL: "https://www.youtube.com/results?search_query=%E7%8C%AB+cats"}},
		{"ig post under profile", "https://www.instagram.com/Cristiano/reel/C0ReelAbcd1/?igsh=1", Parsed{
			Platform: ig, Kind: KindContent, RefKind: catalog.RefHandle, RefValue: "cristiano", Key: "instagram/@/cristiano",
			ContentType: ContentReel, ContentID: "C0ReelAbcd1", ContentKey: "instagram/content/C0ReelAbcd1",
			URL: "https://www.instagram.com/cristiano/reel/C0ReelAbcd1"}},
		{"ig tv", "instagr.am/tv/CmX1a2b3c4D", Parsed{
			Platform: ig, Kind: KindContent, ContentType: ContentTV, ContentID: "CmX1a2b3c4D",
			ContentKey: "instagram/content/CmX1a2b3c4D", URL: "https://www.instagram.com/tv/CmX1a2b3c4D"}},
		{"ig story", "https://instagram.com/stories/leomessi/3141592653589793?utm_source=ig_story_item_share", Parsed{
			Platform: ig, Kind: KindChannel, RefKind: catalog.RefHandle, RefValue: "leomessi",
			Key: "instagram/@/leomessi", URL: "https://www.instagram.com/leomessi"}},
		{"tt video names handle", "https://www.tiktok.com/@Khaby.Lame/video/7000000000000000001?lang=en", Parsed{
			Platform: tt, Kind: KindContent, RefKind: catalog.RefHandle, RefValue: "khaby.lame", Key: "tiktok/@/khaby.lame",
			ContentType: ContentVideo, ContentID: "7000000000000000001", ContentKey: "tiktok/content/7000000000000000001",
			URL: "https://www.tiktok.com/@khaby.lame/video/7000000000000000001"}},
		{"tt short link", "vt.tiktok.com/ZSabc123/", Parsed{
			Platform: tt, Kind: KindContent, ContentType: ContentShortLink, ContentID: "ZSabc123",
			ContentKey: "tiktok/content/ZSabc123", URL: "https://vt.tiktok.com/ZSabc123"}},
		{"tt t short link", "https://www.tiktok.com/t/ZTRabc123/", Parsed{
			Platform: tt, Kind: KindContent, ContentType: ContentShortLink, ContentID: "ZTRabc123",
			ContentKey: "tiktok/content/ZTRabc123", URL: "https://www.tiktok.com/t/ZTRabc123"}},
		{"x status names handle", "https://mobile.twitter.com/Jack/status/20/photo/1?s=46", Parsed{
			Platform: xp, Kind: KindContent, RefKind: catalog.RefHandle, RefValue: "jack", Key: "x/@/jack",
			ContentType: ContentStatus, ContentID: "20", ContentKey: "x/content/20", URL: "https://x.com/jack/status/20"}},
		{"x hashtag", "https://twitter.com/hashtag/Go?src=hash", Parsed{
			Platform: xp, Kind: KindUnsupported, Reason: ReasonUnsupportedHashtag, URL: "https://x.com/hashtag/Go"}},
		{"yt search ending in a dot escapes it", "https://www.youtube.com/results?search_query=go.&si=x", Parsed{
			Platform: yt, Kind: KindUnsupported, Reason: ReasonUnsupportedSearch,
			URL: "https://www.youtube.com/results?search_query=go%2E"}},
		{"yt live stream embed names the channel", "https://www.youtube.com/embed/live_stream?channel=" + idMrBeast, Parsed{
			Platform: yt, Kind: KindChannel, RefKind: catalog.RefID, RefValue: idMrBeast,
			Key: "youtube/channel/" + idMrBeast, URL: "https://www.youtube.com/channel/" + idMrBeast}},
		{"yt embed of a playlist without a video", "https://www.youtube.com/embed/?list=PL1", Parsed{
			Platform: yt, Kind: KindUnsupported, Reason: ReasonUnsupportedPlaylist, URL: "https://www.youtube.com/embed?list=PL1"}},
		{"yt embed of a video in a playlist is the video", "https://www.youtube.com/embed/0e3GPea1Tyg?list=PL1", Parsed{
			Platform: yt, Kind: KindContent, ContentType: ContentVideo, ContentID: "0e3GPea1Tyg",
			ContentKey: "youtube/content/0e3GPea1Tyg", URL: "https://www.youtube.com/watch?v=0e3GPea1Tyg"}},
		{"ig tv feed", "instagram.com/tv", Parsed{
			Platform: ig, Kind: KindUnsupported, Reason: ReasonUnsupportedPage, URL: "https://www.instagram.com/tv"}},
		{"t.co", "t.co/AbC123", Parsed{
			Platform: xp, Kind: KindUnsupported, Reason: ReasonUnsupportedShortLink, URL: "https://t.co/AbC123"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse(tc.in)
			if err != nil {
				t.Fatalf("Parse(%q) error: %v", tc.in, err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
			again, err := Parse(got.URL)
			if err != nil || again != got {
				t.Errorf("Parse(%q) = %+v, %v; want %+v (idempotent on the canonical URL)", got.URL, again, err, got)
			}
		})
	}
}

func TestParseCanonicalIsIdempotent(t *testing.T) {
	for _, tc := range resolveCases {
		p, err := Parse(tc.in)
		if err != nil {
			continue
		}
		again, err := Parse(p.URL)
		if err != nil || again != p {
			t.Errorf("Parse(%q) = %+v, %v; want %+v (from %q)", p.URL, again, err, p, tc.in)
		}
	}
}

func TestParseErrors(t *testing.T) {
	_, err := Parse("javascript:alert(document.cookie)")
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("Parse(javascript:…) = %v, want ErrInvalid", err)
	}
	var e *Error
	if !errors.As(err, &e) || e.Reason != ReasonBadScheme || ReasonOf(err) != ReasonBadScheme {
		t.Fatalf("Parse(javascript:…) = %#v, want reason bad_scheme", err)
	}
	if !strings.Contains(err.Error(), "bad_scheme") {
		t.Errorf("Error() = %q, want the reason in it", err.Error())
	}
	long := "https://www.youtube.com/@" + strings.Repeat("é", 3000)
	_, err = Parse(long)
	if ReasonOf(err) != ReasonTooLong || len(err.Error()) > 200 {
		t.Errorf("Parse(long) = %q, want a short too_long error", err)
	}
	if ReasonOf(errors.New("x")) != "" || ReasonOf(nil) != "" {
		t.Error("ReasonOf(foreign error) != \"\"")
	}
	_, err = Parse("https://www.instagram.com/bad..name")
	if errors.As(err, &e); e.Platform != ig {
		t.Errorf("Parse(bad instagram).Platform = %q, want instagram", e.Platform)
	}
}

func TestFindURLs(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"chinese around, no spaces", "参考https://www.youtube.com/@abc这种", []string{"https://www.youtube.com/@abc"}},
		{"bare host in chinese", "类似youtube.com/@MrBeast的频道", []string{"youtube.com/@MrBeast"}},
		{"two links and punctuation", "see https://x.com/jack, and (https://youtu.be/0e3GPea1Tyg).", []string{"https://x.com/jack", "https://youtu.be/0e3GPea1Tyg"}},
		{"fullwidth punctuation", "频道：https://www.tiktok.com/@mrbeast，粉丝多", []string{"https://www.tiktok.com/@mrbeast"}},
		{"balanced parens kept", "https://en.wikipedia.org/wiki/Go_(language) ok", []string{"https://en.wikipedia.org/wiki/Go_(language)"}},
		{"email is not x.com", "mail me at bob@x.com please", nil},
		{"ex.com is not x.com", "visit ex.com today", nil},
		{"x.community is not x.com", "x.community", nil},
		{"sentence end", "I like x.com.", []string{"x.com"}},
		{"www host", "去www.bilibili.com看看", []string{"www.bilibili.com"}},
		{"javascript", "点这里javascript:alert(1)", []string{"javascript:alert(1)"}},
		{"upper case scheme", "HTTPS://WWW.YOUTUBE.COM/@X", []string{"HTTPS://WWW.YOUTUBE.COM/@X"}},
		{"plain text", "找美国的美妆博主，粉丝 1w+", nil},
		{"version numbers", "go 1.26.0 e.g. x.y", nil},
		{"scheme alone", "https:// nothing", nil},
		{"a control byte ends the link", "x.com/jack\x7fmore", []string{"x.com/jack"}},
		{"a tab ends the link", "x.com/jack\tmore", []string{"x.com/jack"}},
		{"a refused scheme with nothing after it", "what is javascript:", nil},
		{"www host at the end of the text", "see www.bilibili.com", []string{"www.bilibili.com"}},
		{"www host before a full stop", "see www.bilibili.com.", []string{"www.bilibili.com"}},
		{"www host before an ellipsis", "试试 www.bilibili.com...", []string{"www.bilibili.com"}},
		{"www and dots only is no host", "www... what", nil},
		{"www and one label is no host", "www.example is down", nil},
		{"bare host at the end of the text", "follow x.com", []string{"x.com"}},
		{"unbalanced closing square bracket", "[see https://x.com/jack]", []string{"https://x.com/jack"}},
		{"balanced square brackets kept", "see https://example.com/list[1] ok", []string{"https://example.com/list[1]"}},
		{"percent-encoded handle", "看https://www.youtube.com/@%E6%9D%8E%E5%AD%90%E6%9F%92吧", []string{"https://www.youtube.com/@%E6%9D%8E%E5%AD%90%E6%9F%92"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spans := FindURLs(tc.in)
			var got []string
			for _, s := range spans {
				if tc.in[s.Start:s.End] != s.Text {
					t.Errorf("FindURLs(%q) span %+v does not match the text", tc.in, s)
				}
				got = append(got, s.Text)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("FindURLs(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestFindURLsOffsets(t *testing.T) {
	in := "参考https://www.youtube.com/@abc这种"
	got := FindURLs(in)
	want := []Span{{Start: len("参考"), End: len("参考https://www.youtube.com/@abc"), Text: "https://www.youtube.com/@abc"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("FindURLs(%q) mismatch (-want +got):\n%s", in, diff)
	}
}

func TestLooksLikeURL(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"https://www.youtube.com/@MrBeast", true},
		{"  youtube.com/@MrBeast ，", true},
		{"https://www.youtube.com/@李子柒", true},
		{"x.com/jack", true},
		{"javascript:alert(1)", true},
		{"https://example.com/page", true},
		{"MrBeast", false},
		{"美妆博主", false},
		{"参考https://www.youtube.com/@abc这种", false},
		{"https://www.youtube.com/@abc 这种", false},
		{"", false},
		{"e.g.", false},
		{"1.5万粉丝", false},
	}
	for _, tc := range tests {
		if got := LooksLikeURL(tc.in); got != tc.want {
			t.Errorf("LooksLikeURL(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
