package agent

import "testing"

// TestBoundNamedAfterFigure: a follow-up bound named by its noun after the
// figure ("50k minimum", "80k maximum") or by 最低/最高 moves that end of
// the held range and keeps the other, as "raise the minimum to 50k" does;
// a plain floor ("at least 50k", 至少5万) still replaces the range.
func TestBoundNamedAfterFigure(t *testing.T) {
	t.Setenv("AUDIT24Y_STRICT", "1")
	cases := []case24y{
		{platform: "youtube", loc: "en", first: "cooking channels from Italy with 20k-100k subs", follow: "actually make it 50k minimum", want: []string{"followers between {max:100000,min:50000}"}},
		{platform: "youtube", loc: "en", first: "cooking channels from Italy with 20k-100k subs", follow: "50k followers minimum", want: []string{"followers between {max:100000,min:50000}"}},
		{platform: "youtube", loc: "en", first: "cooking channels from Italy with 20k-100k subs", follow: "80k maximum please", want: []string{"followers between {max:80000,min:20000}"}},
		// a plain floor replaces
		{platform: "tiktok", loc: "zh", first: "日本的宠物博主，粉丝两万到十万", follow: "至少5万", want: []string{"followers gte 50000"}},
		{platform: "youtube", loc: "en", first: "cooking channels from Italy with 20k-100k subs", follow: "at least 50k", want: []string{"followers gte 50000"}},
	}
	measure24y(t, "bound named after the figure", len(cases), cases)
}

// TestFollowUpExcludesWhatTheyDo: a follow-up leaving out creators by what
// they do ("exclude anyone who talks about NFTs", "drop the ones that
// cover NFTs") excludes the thing, never the clause about it.
func TestFollowUpExcludesWhatTheyDo(t *testing.T) {
	t.Setenv("AUDIT24Y_STRICT", "1")
	cases := []case24y{
		{platform: "x", loc: "en", first: "crypto news accounts on X, US based, 100k+", follow: "exclude anyone who talks about NFTs", want: []string{"not_contains NFTs"}},
		{platform: "x", loc: "en", first: "crypto news accounts on X, US based, 100k+", follow: "and nobody who posts about memecoins", want: []string{"not_contains memecoins"}},
		{platform: "x", loc: "en", first: "crypto news accounts on X, US based, 100k+", follow: "drop the ones that cover NFTs", want: []string{"not_contains NFTs"}},
	}
	measure24y(t, "excluded by what they do", len(cases), cases)
}
