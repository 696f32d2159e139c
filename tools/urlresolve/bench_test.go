package urlresolve

import (
	"context"
	"testing"

	"searchagent/tools/platform"
)

// benchInputs is a mix of what users paste: channel and content links of
// all four platforms, tracking parameters, unsupported pages and garbage.
var benchInputs = []struct {
	page platform.Platform
	in   string
}{
	{yt, "https://www.youtube.com/@MrBeast?si=abc123&feature=shared"},
	{yt, "youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA/videos"},
	{yt, "https://youtu.be/0e3GPea1Tyg?si=xyz"},
	{yt, "https://www.youtube.com/watch?v=0e3GPea1Tyg&t=42s&utm_source=x"},
	{yt, "https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf"},
	{yt, "https://www.youtube.com/@%E6%9D%8E%E5%AD%90%E6%9F%92"},
	{ig, "https://www.instagram.com/leomessi/?igsh=MWQ1ZGUxMzBkMA=="},
	{ig, "https://www.instagram.com/reel/C0ReelAbcd1/?utm_source=ig_web_copy_link"},
	{tt, "https://www.tiktok.com/@mrbeast/video/7212345678901234567?is_from_webapp=1"},
	{tt, "https://vm.tiktok.com/ZMabc1234/"},
	{xp, "https://x.com/elonmusk/status/1585841080431321088?s=20&t=abc"},
	{xp, "https://twitter.com/hashtag/golang"},
	{yt, "https://www.instagram.com/leomessi/"},
	{yt, "javascript:alert(1)"},
	{yt, "  参考 https://example.com/x ，"},
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_, _ = Parse(benchInputs[i%len(benchInputs)].in)
	}
}

func BenchmarkResolve(b *testing.B) {
	cat := newTestCatalog(b)
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		in := benchInputs[i%len(benchInputs)]
		if _, err := Resolve(ctx, in.page, in.in, cat); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFindURLs(b *testing.B) {
	text := "帮我找和参考https://www.youtube.com/@MrBeast这种类似的频道，也可以看看 x.com/jack 和 tiktok.com/@mrbeast，粉丝 100w+，不要游戏"
	b.ReportAllocs()
	for b.Loop() {
		_ = FindURLs(text)
	}
}
