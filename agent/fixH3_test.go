package agent

import "testing"

// TestFixH3 holds the classes H1 (the writer's own place or launch plan
// is no country filter), H2 (a hedged range keeps its floor; an
// approximate figure with a bound word is that bound) and H3 (a language
// said by a group, a variant or a table row is a language) through the
// agent, in first searches and in follow-ups, where the router's
// commands are merged with the reading of the same text.
func TestFixH3(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []case24y{
		// H1
		{platform: "youtube", loc: "en", first: "travel vloggers in the US with 5k+ subs", follow: "we're launching in the UK first but keep US creators", want: []string{"country eq US"}, not: []string{"GB", "first"}},
		{platform: "youtube", loc: "zh", first: "日本的数码博主，粉丝1万以上", follow: "我们准备进北美，还是找日本的", want: []string{"country eq JP"}, not: []string{"US", "CA"}},
		{platform: "youtube", loc: "en", first: "our riad in Marrakech wants travel creators from France, 10k+", want: []string{"country eq FR"}, not: []string{"MA"}},
		// H2
		{platform: "youtube", loc: "en", first: "travel vloggers in the US with 5k+ subs", follow: "anywhere from 20k up to maybe 200k subs", want: []string{"followers between {max:200000,min:20000}"}},
		{platform: "youtube", loc: "en", first: "travel vloggers in the US with 5k+ subs", follow: "approx 50k subs and above", want: []string{"followers gte 50000"}},
		// H3
		{platform: "youtube", loc: "en", first: "beauty creators in the US, 10k+", follow: "english or scandinavian langs ok", want: []string{"language in [en,da,sv,nb]", "country eq US"}, not: []string{"SE", "langs"}},
		{platform: "youtube", loc: "zh", first: "美国的美食博主，粉丝1万以上", follow: "| 语言 | Dutch |", want: []string{"language eq nl", "country eq US"}, not: []string{"NL"}},
		{platform: "youtube", loc: "en", first: "travel vloggers in the US with 5k+ subs", follow: "Nordic languages only", want: []string{"language in [da,sv,nb,fi]", "country eq US"}, not: []string{"SE"}},
	} {
		t.Run(tc.first+" | "+tc.follow, func(t *testing.T) {
			for _, m := range run24y(t, a, tc) {
				t.Error(m)
			}
		})
	}
}
