package condparse

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// detail renders a condition as brief() plus the input text it came from:
// what the user sees highlighted for the condition.
func detail(c Condition) string {
	s := brief(c) + " @" + c.Span.Text
	for _, m := range c.MoreSpans {
		s += " @" + m.Text
	}
	return s
}

// remDetail renders a remainder span with its role, if any.
func remDetail(s Span) string {
	if s.Role != "" {
		return s.Text + " (" + string(s.Role) + ")"
	}
	return s.Text
}

func parseDetail(t *testing.T, in string) (Result, []string, []string) {
	t.Helper()
	r, err := Parse(in)
	if err != nil {
		t.Fatalf("Parse(%q) error %v", in, err)
	}
	var conds, rem []string
	for _, c := range r.Conditions {
		conds = append(conds, detail(c))
	}
	for _, s := range r.Remainder {
		rem = append(rem, remDetail(s))
	}
	checkInvariants(t, in, r)
	return r, conds, rem
}

type edgeCase struct {
	in    string
	shape Shape
	want  []string // detail() of every condition
	rem   []string // remDetail() of every remainder span
}

func runEdgeCases(t *testing.T, tests []edgeCase) {
	t.Helper()
	for _, tc := range tests {
		r, conds, rem := parseDetail(t, tc.in)
		if r.Shape != tc.shape {
			t.Errorf("Parse(%q).Shape = %s, want %s", tc.in, r.Shape, tc.shape)
		}
		if diff := cmp.Diff(tc.want, conds, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Parse(%q) conditions (-want +got):\n%s", tc.in, diff)
		}
		if diff := cmp.Diff(tc.rem, rem, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Parse(%q) remainder (-want +got):\n%s", tc.in, diff)
		}
	}
}

// TestShapeEdges pins the classifier's edges with real phrasings: which
// words make a sentence, when a single rune belongs to an unknown word,
// how keyword runs join and split, and how long a residue may be before it
// is an unparsed clause.
func TestShapeEdges(t *testing.T) {
	runEdgeCases(t, []edgeCase{
		// issue 26 (marketers' phrasings): a category right before a creator
		// noun, spelled-out counts, a bound after the field, a Chinese
		// numeral window, a sort-only measure, an exclusion object after
		// "anyone".
		{"小众手工博主，美国", ShapeMixed, []string{`hard category eq "diy" applied @手工`, `hard country eq "US" applied @美国`, `keyword keyword contains "小众手工" reference !ranking_term @小众手工`}, nil},
		{"200k followers minimum", ShapeNatural, []string{"hard followers gte 200000 applied !named_bound @200k followers minimum"}, nil},
		{"under fifty thousand subscribers", ShapeNatural, []string{"hard followers lte 50000 applied @under fifty thousand subscribers"}, nil},
		{"最近十天有更新的美妆博主", ShapeNatural, []string{"hard last_active within_days 10 applied @最近十天有更新", `hard category eq "beauty" applied @美妆`}, nil},
		{"美妆博主，按活跃度排", ShapeNatural, []string{`hard category eq "beauty" applied @美妆`}, []string{"按活跃度排 (sort)"}},
		{"leave out anyone speaking English", ShapeNatural, []string{"hard language not_in [en] applied @leave out anyone speaking English"}, nil},
		// a platform creator noun followed by a relative clause is a sentence;
		// followed by a word it is a keyword search.
		{"YouTubers who review", ShapeNatural, []string{`hard platform eq "youtube" applied @YouTubers`}, nil},
		{"tiktokers gaming", ShapeKeyword, []string{`keyword keyword contains "gaming" applied @gaming`}, []string{"tiktokers"}},
		// "those who" is no creator clause: the query stays as typed.
		{"gifts for those who travel", ShapeKeyword, []string{`keyword keyword contains "gifts for those who travel" applied @gifts for those who travel`}, nil},
		// an edit rune inside an unknown word, at either end of it.
		{"门把手", ShapeKeyword, []string{`keyword keyword contains "门把手" applied @门把手`}, nil},
		{"门把", ShapeKeyword, []string{`keyword keyword contains "门把" applied @门把`}, nil},
		// a filler rune next to an unknown word on one side only is filler.
		{"美国有猫咪博主吗", ShapeMixed, []string{`hard country eq "US" applied @美国`, `hard category eq "pets" applied !subtopic @猫咪`, `keyword keyword contains "猫咪" reference !ranking_term @猫咪`}, nil},
		// a question is a sentence (audit 27): its subtopic word is its
		// category and ranks, as in "美国有猫咪博主吗"
		{"猫咪是美国的吗", ShapeMixed, []string{`hard category eq "pets" applied !subtopic @猫咪`, `hard country eq "US" applied @美国的`, `keyword keyword contains "猫咪" reference !ranking_term @猫咪`}, nil},
		// runs: a trailing space, a CJK word before a Latin one, a brand and
		// its product in a comma list.
		{"swim vest ", ShapeKeyword, []string{`keyword keyword contains "swim vest" applied @swim vest`}, nil},
		{"麦克风 Hollyland", ShapeKeyword, []string{`keyword keyword contains "麦克风" applied @麦克风`, `keyword keyword contains "Hollyland" applied @Hollyland`}, nil},
		{"麦克风 Hollyland，美国", ShapeMixed, []string{`keyword keyword contains "麦克风" applied @麦克风`, `keyword keyword contains "Hollyland" applied @Hollyland`, `hard country eq "US" applied @美国`}, nil},
		{"Hollyland mic, US, IG, 1w+", ShapeMixed, []string{
			`keyword keyword contains "Hollyland" applied @Hollyland`, `keyword keyword contains "mic" applied @mic`,
			`hard country eq "US" applied @US`, `hard platform eq "instagram" applied @IG`,
			`hard followers gte 10000 applied !field_assumed @1w+`}, nil},
		{"Oz gadgets, 美国", ShapeMixed, []string{`keyword keyword contains "Oz" applied @Oz`, `keyword keyword contains "gadgets" applied @gadgets`, `hard country eq "US" applied @美国`}, nil},
		// clause length: commas end a clause; 6 Latin words of residue in one
		// clause are keywords, 7 an unparsed clause; one keyword may have 5
		// words and 12 CJK runes, not 13.
		{"wireless noise cancelling earbuds, portable camping solar panels, 美国", ShapeMixed, []string{
			`keyword keyword contains "wireless noise cancelling earbuds" applied @wireless noise cancelling earbuds`,
			`keyword keyword contains "portable camping solar panels" applied @portable camping solar panels`,
			`hard country eq "US" applied @美国`}, nil},
		// (joined to the country by "in", they describe the request: ranking
		// terms, not keywords typed as is)
		{"Sony mirrorless camera bodies in Japan with vintage lenses", ShapeMixed, []string{
			`hard country eq "JP" applied @Japan`,
			`keyword keyword contains "Sony mirrorless camera bodies" reference !ranking_term @Sony mirrorless camera bodies`,
			`keyword keyword contains "vintage lenses" reference !ranking_term @vintage lenses`}, nil},
		{"Sony mirrorless camera bodies in Japan with vintage lenses and tripods", ShapeNatural, []string{`hard country eq "JP" applied @Japan`},
			[]string{"Sony mirrorless camera bodies", "vintage lenses and tripods"}},
		{"美国，骨传导耳机降噪蓝牙运动款", ShapeMixed, []string{`hard country eq "US" applied @美国`, `keyword keyword contains "骨传导耳机降噪蓝牙运动款" applied @骨传导耳机降噪蓝牙运动款`}, nil},
		{"美国，骨传导耳机降噪蓝牙运动款式", ShapeNatural, []string{`hard country eq "US" applied @美国`}, []string{"骨传导耳机降噪蓝牙运动款式"}},
		{"美国, canon eos r5 camera body", ShapeMixed, []string{`hard country eq "US" applied @美国`, `keyword keyword contains "canon eos r5 camera body" applied @canon eos r5 camera body`}, nil},
		// a category word glued to an unknown word on its left stays inside
		// the keyword ("射击游戏", shooter games), as on its right ("游戏耳机").
		{"射击游戏博主，美国", ShapeMixed, []string{`hard category eq "gaming" applied @游戏`, `hard country eq "US" applied @美国`, `keyword keyword contains "射击游戏" reference !ranking_term @射击游戏`}, nil},
		// a one-rune dictionary word inside an unknown word, on either side,
		// is part of the keyword ("夏天", "日记").
		{"美国 夏天穿搭博主", ShapeMixed, []string{
			`hard country eq "US" applied @美国`, `hard category eq "fashion" applied @穿搭`, `keyword keyword contains "夏天" reference !ranking_term @夏天`}, nil},
		{"美国，日记博主", ShapeMixed, []string{`hard country eq "US" applied @美国`, `keyword keyword contains "日记" reference !ranking_term @日记`}, nil},
		// residue next to an unsupported condition word is no keyword.
		{"price comparison, 美国", ShapeNatural, []string{`hard country eq "US" applied @美国`}, []string{"price comparison"}},
	})
}

// TestLexEdges pins how characters are read: digits at the ends of the
// range, upper-case and full-width letters, names that take "-based" and
// "-speaking", punctuation inside a keyword, spaces that are no ASCII space,
// and claims (links, quotes) that touch.
func TestLexEdges(t *testing.T) {
	runEdgeCases(t, []edgeCase{
		{"均播 0.5w 以上", ShapeNatural, []string{`hard avg_views gte 5000 applied @均播 0.5w 以上`}, nil},
		{"粉丝 9k+", ShapeNatural, []string{`hard followers gte 9000 applied @粉丝 9k+`}, nil},
		{"Sony A9 评测, 日本", ShapeMixed, []string{`keyword keyword contains "Sony A9" applied @Sony A9`, `hard country eq "JP" applied @日本`}, nil},
		{"Brazil-based creators", ShapeNatural, []string{`hard country eq "BR" applied @Brazil-based`}, nil},
		{"New Zealand-based creators", ShapeNatural, []string{`hard country eq "NZ" applied @New Zealand-based`}, nil},
		{"Arabic-speaking creators", ShapeNatural, []string{`hard language eq "ar" applied @Arabic-speaking`}, nil},
		{"Australian tech creators", ShapeNatural, []string{`hard country eq "AU" applied @Australian`, `hard category eq "tech" applied @tech`}, nil},
		{"New Zealand creators", ShapeNatural, []string{`hard country eq "NZ" applied @New Zealand`}, nil},
		{"U.K.-based creators", ShapeNatural, []string{`hard country eq "GB" applied @U.K.-based`}, nil},
		{"Türkiye-based creators", ShapeNatural, []string{`hard country eq "TR" applied @Türkiye-based`}, nil},
		{"Español-speaking creators", ShapeNatural, []string{`hard language eq "es" applied @Español-speaking`}, nil},
		// a generic category word ("健康", health) is no category filter.
		{"美国 健康 博主", ShapeMixed, []string{`hard country eq "US" applied @美国`, `keyword keyword contains "健康" reference !ranking_term @健康`}, nil},
		{"ＢＲＡＺＩＬ 美妆博主", ShapeNatural, []string{`hard country eq "BR" applied @ＢＲＡＺＩＬ`, `hard category eq "beauty" applied @美妆`}, nil},
		{"ＵＳＡ 博主", ShapeNatural, []string{`hard country eq "US" applied @ＵＳＡ`}, nil},
		// a dictionary word after a hyphen inside a word is no match ("plug-in").
		{"plug-in 评测，美国", ShapeMixed, []string{`keyword keyword contains "plug-in" applied @plug-in`, `hard country eq "US" applied @美国`}, nil},
		// a demonym is a language after "in" and before "母语".
		{"in German, tech reviewers", ShapeNatural, []string{`hard language eq "de" applied @German`, `hard category eq "tech" applied @tech reviewers`}, nil},
		{"Spanish 母语博主", ShapeNatural, []string{`hard language eq "es" applied @Spanish 母语`}, nil},
		// a hyphen at either end of the text joins nothing.
		{"-Sony a7 iv", ShapeKeyword, []string{`keyword keyword contains "-Sony a7 iv" applied @-Sony a7 iv`}, nil},
		{"美国 tech-", ShapeNatural, []string{`hard country eq "US" applied @美国`, `hard category eq "tech" applied @tech`}, nil},
		// single quotes around a word are no word joins.
		{"美国 'tech' 博主", ShapeNatural, []string{`hard country eq "US" applied @美国`, `hard category eq "tech" applied @tech`}, nil},
		// "US" and "on X" need their capitals: "Us Weekly" and "on x" are words.
		{"Us Weekly", ShapeKeyword, []string{`keyword keyword contains "Us Weekly" applied @Us Weekly`}, nil},
		{"crypto creators on x", ShapeKeyword, []string{`keyword keyword contains "crypto creators on x" applied @crypto creators on x`}, nil},
		// a full stop after a word is no part of it; capitals beyond ASCII
		// fold too; a full-width "！" separates keywords like "!".
		{"Sony cameras. 美国", ShapeMixed, []string{`keyword keyword contains "Sony cameras" applied @Sony cameras`, `hard country eq "US" applied @美国`}, nil},
		{"ESPAÑA 美妆博主", ShapeNatural, []string{`hard country eq "ES" applied @ESPAÑA`, `hard category eq "beauty" applied @美妆`}, nil},
		{"露营灯！帐篷", ShapeKeyword, []string{`keyword keyword contains "露营灯" applied @露营灯`, `keyword keyword contains "帐篷" applied @帐篷`}, nil},
		{"C++ 教程", ShapeKeyword, []string{`keyword keyword contains "C++" applied @C++`, `keyword keyword contains "教程" applied @教程`}, nil},
		{"粉丝 5千～2万", ShapeNatural, []string{`hard followers between 5000..20000 applied @粉丝 5千～2万`}, nil},
		// input typed in lower case still finds the name.
		{"new zealand creators", ShapeNatural, []string{`hard country eq "NZ" applied @new zealand`}, nil},
		// a handle has 2 to 30 runes.
		{"@tj 粉丝 10 万以上", ShapeMixed, []string{`anchor handle eq "@tj" applied @@tj`, `hard followers gte 100000 applied @粉丝 10 万以上`}, nil},
		{"@thisisaverylonghandlename12345 美国", ShapeMixed, []string{
			`anchor handle eq "@thisisaverylonghandlename12345" applied @@thisisaverylonghandlename12345`, `hard country eq "US" applied @美国`}, nil},
		// a katakana middle dot is punctuation inside a keyword, not a break.
		{"ポケモン・カード", ShapeKeyword, []string{`keyword keyword contains "ポケモン・カード" applied @ポケモン・カード`}, nil},
		// a no-break space (pasted text) joins words like a space; a BOM is
		// a space between a field word and its number.
		{"swim\u00a0vest", ShapeKeyword, []string{"keyword keyword contains \"swim\\u00a0vest\" applied @swim\u00a0vest"}, nil},
		{"粉丝\ufeff5万", ShapeNatural, []string{"hard followers gte 50000 applied !op_assumed @粉丝\ufeff5万"}, nil},
		// links and handles: one space apart, a bare host with a prefix or
		// without a path, no dot, trailing and balanced punctuation.
		{"youtu.be/dQw4w9WgXcQ youtu.be/9bZkp7q19f0", ShapeURL, []string{
			`anchor url eq "youtu.be/dQw4w9WgXcQ" applied @youtu.be/dQw4w9WgXcQ`,
			`anchor url eq "youtu.be/9bZkp7q19f0" pending !multiple_anchors @youtu.be/9bZkp7q19f0`}, nil},
		{"@mkbhd @linustechtips", ShapeURL, []string{
			`anchor handle eq "@mkbhd" applied @@mkbhd`, `anchor handle eq "@linustechtips" pending !multiple_anchors @@linustechtips`}, nil},
		{"m.youtube.com/@mkbhd", ShapeURL, []string{`anchor url eq "m.youtube.com/@mkbhd" applied @m.youtube.com/@mkbhd`}, nil},
		{"youtube.com/ 美妆", ShapeNatural, []string{`hard platform eq "youtube" applied @youtube.com`, `hard category eq "beauty" applied @美妆`}, nil},
		{"https://mkbhd 美国", ShapeMixed, []string{
			`keyword keyword contains "https" applied @https`, `keyword keyword contains "mkbhd" applied @mkbhd`, `hard country eq "US" applied @美国`}, nil},
		{"www.mkbhd 美国", ShapeMixed, []string{`keyword keyword contains "www.mkbhd" applied @www.mkbhd`, `hard country eq "US" applied @美国`}, nil},
		{"https://youtu.be/dQw4w9WgXcQ, 美国", ShapeMixed, []string{
			`anchor url eq "https://youtu.be/dQw4w9WgXcQ" applied @https://youtu.be/dQw4w9WgXcQ`, `hard country eq "US" applied @美国`}, nil},
		{"参考 (https://youtu.be/dQw4w9WgXcQ) 美妆", ShapeMixed, []string{
			`anchor url eq "https://youtu.be/dQw4w9WgXcQ" applied @https://youtu.be/dQw4w9WgXcQ`,
			`keyword keyword contains "参考" applied @参考`, `hard category eq "beauty" applied @美妆`}, nil},
		{"https://en.wikipedia.org/wiki/Mercury_(planet) 美国", ShapeMixed, []string{
			`anchor url eq "https://en.wikipedia.org/wiki/Mercury_(planet)" applied @https://en.wikipedia.org/wiki/Mercury_(planet)`,
			`hard country eq "US" applied @美国`}, nil},
		{"@zachking 粉丝 10 万以上", ShapeMixed, []string{`anchor handle eq "@zachking" applied @@zachking`, `hard followers gte 100000 applied @粉丝 10 万以上`}, nil},
		{"@mrbeast6000 美国", ShapeMixed, []string{`anchor handle eq "@mrbeast6000" applied @@mrbeast6000`, `hard country eq "US" applied @美国`}, nil},
		{"@9to5mac 美国", ShapeMixed, []string{`anchor handle eq "@9to5mac" applied @@9to5mac`, `hard country eq "US" applied @美国`}, nil},
		{"contact: john_@gmail.com", ShapeKeyword, []string{
			`keyword keyword contains "contact" applied @contact`, `keyword keyword contains "john_@gmail.com" applied @john_@gmail.com`}, nil},
		{"channels like @mkbhd.", ShapeURL, []string{`anchor handle eq "@mkbhd" applied @@mkbhd`}, nil},
		// a quoted phrase may hold 65 runes, anywhere in the input.
		{`"How I Built a Tiny Off Grid Cabin in the Woods With My Own Hands!" 美国`, ShapeMixed, []string{
			`keyword keyword contains "How I Built a Tiny Off Grid Cabin in the Woods With My Own Hands!" applied @"How I Built a Tiny Off Grid Cabin in the Woods With My Own Hands!"`,
			`hard country eq "US" applied @美国`}, nil},
		{`"How I Built a Tiny Off Grid Cabin in the Woods With My Own Hands!!" 美国`, ShapeNatural, []string{`hard country eq "US" applied @美国`},
			[]string{"How I Built a Tiny Off Grid Cabin in the Woods With My Own Hands"}},
		{`find camping creators in the US with over 10k subscribers like "一人露营"`, ShapeMixed, []string{
			`hard category eq "outdoor" applied @camping`, `hard country eq "US" applied @US`,
			`hard followers gte 10000 applied @over 10k subscribers`, `keyword keyword contains "一人露营" applied @"一人露营"`}, nil},
		{"＠ｍｋｂｈｄ 美国", ShapeMixed, []string{`anchor handle eq "@mkbhd" applied @＠ｍｋｂｈｄ`, `hard country eq "US" applied @美国`}, nil},
		// a model number with a letter is a word: "7a" is no count.
		{"Pixel 7a", ShapeKeyword, []string{`keyword keyword contains "Pixel 7a" applied @Pixel 7a`}, nil},
		// spaces from pasted text: a C1 control is a space, an en quad ends a
		// keyword, a hair space joins one; a three-rune host is a host.
		{"粉丝\u00805万", ShapeNatural, []string{"hard followers gte 50000 applied !op_assumed @粉丝\u00805万"}, nil},
		{"swim\u2000vest", ShapeKeyword, []string{`keyword keyword contains "swim" applied @swim`, `keyword keyword contains "vest" applied @vest`}, nil},
		{"swim\u200avest", ShapeKeyword, []string{"keyword keyword contains \"swim\\u200avest\" applied @swim\u200avest"}, nil},
		{"http://x.y 美国", ShapeMixed, []string{`anchor url eq "http://x.y" applied @http://x.y`, `hard country eq "US" applied @美国`}, nil},
		{"https://x.y 美国", ShapeMixed, []string{`anchor url eq "https://x.y" applied @https://x.y`, `hard country eq "US" applied @美国`}, nil},
		{"www.x.y 美国", ShapeMixed, []string{`anchor url eq "www.x.y" applied @www.x.y`, `hard country eq "US" applied @美国`}, nil},
		// a control character (DEL) ends a link.
		{"https://youtu.be/abc\x7fdef 美国", ShapeMixed, []string{
			`anchor url eq "https://youtu.be/abc" applied @https://youtu.be/abc`, `keyword keyword contains "def" applied @def`,
			`hard country eq "US" applied @美国`}, nil},
		// "based" after a Chinese country name is a function word, not part of it.
		{"美国 based 科技博主", ShapeNatural, []string{`hard country eq "US" applied @美国`, `hard category eq "tech" applied @科技`}, nil},
		// a host of two runes is no link; an emoticon is typed as is.
		{"https://.a 美国", ShapeMixed, []string{`keyword keyword contains "https" applied @https`, `hard country eq "US" applied @美国`}, nil},
		{"美妆 ^^", ShapeKeyword, []string{`keyword keyword contains "美妆" applied @美妆`, `keyword keyword contains "^^" applied @^^`}, nil},
		// a quote touching a link is still a quote: its words are no conditions.
		{"https://youtu.be/dQw4w9WgXcQ“美国队长”", ShapeMixed, []string{
			`anchor url eq "https://youtu.be/dQw4w9WgXcQ" applied @https://youtu.be/dQw4w9WgXcQ`, `keyword keyword contains "美国队长" applied @“美国队长”`}, nil},
		{"“美国队长”https://youtu.be/dQw4w9WgXcQ", ShapeMixed, []string{
			`anchor url eq "https://youtu.be/dQw4w9WgXcQ" applied @https://youtu.be/dQw4w9WgXcQ`, `keyword keyword contains "美国队长" applied @“美国队长”`}, nil},
	})
}

// TestCountEdges pins count, activity and exclusion phrasings at the edges
// of their rules.
func TestCountEdges(t *testing.T) {
	runEdgeCases(t, []edgeCase{
		// a repeated count is one condition with both spans and one issue.
		{"1w+ 美国 1w+", ShapeNatural, []string{`hard followers gte 10000 applied !field_assumed @1w+ @1w+`, `hard country eq "US" applied @美国`}, nil},
		{"~50k subscribers", ShapeNatural, []string{`hard followers between 40000..60000 applied !approximate @~50k subscribers`}, nil},
		{"有 10 万的粉丝", ShapeNatural, []string{`hard followers gte 100000 applied !op_assumed @10 万的粉丝`}, nil},
		{"5万粉丝以上", ShapeNatural, []string{`hard followers gte 50000 applied @5万粉丝以上`}, nil},
		// a colon joins a field word to its number; a comma does not: the
		// count after it is the next field's.
		{"粉丝：5万以上", ShapeNatural, []string{`hard followers gte 50000 applied @粉丝：5万以上`}, nil},
		{"美国科技博主，播放量，1w+ 粉丝", ShapeNatural, []string{
			`hard country eq "US" applied @美国`, `hard category eq "tech" applied @科技`, `hard followers gte 10000 applied @1w+ 粉丝`}, []string{"播放量"}},
		// how many creators to find is no filter and no leftover.
		{"find 10 YouTubers in Japan", ShapeNatural, []string{`hard platform eq "youtube" applied @YouTubers`, `hard country eq "JP" applied @Japan`}, nil},
		{"10 creators in Japan", ShapeNatural, []string{`hard country eq "JP" applied @Japan`}, nil},
		// the unit of a range's upper end carries to a bare lower end when
		// that fits ("1-1.5万" is 1万–1.5万), not otherwise ("500-2万").
		{"粉丝 1-1.5万", ShapeNatural, []string{`hard followers between 10000..15000 applied @粉丝 1-1.5万`}, nil},
		{"粉丝 1-1w", ShapeNatural, []string{`hard followers between 10000..10000 applied @粉丝 1-1w`}, nil},
		{"粉丝 500 到 2 万", ShapeNatural, []string{`hard followers between 500..20000 applied @粉丝 500 到 2 万`}, nil},
		// a field word after a count with its own field is left over, not a
		// second field for it.
		{"均播 1w 粉丝", ShapeNatural, []string{`hard avg_views gte 10000 applied !op_assumed @均播 1w`}, []string{"粉丝"}},
		{"camera price, 美国", ShapeNatural, []string{`hard country eq "US" applied @美国`}, []string{"camera price"}},
		// a range whose upper end has the unit is a count without a field
		// word; "在 5 万" without a field word or an op is none.
		{"美妆博主 500-2万", ShapeNatural, []string{
			`hard category eq "beauty" applied @美妆`, `hard followers between 500..20000 applied !field_assumed @500-2万`}, nil},
		{"美国博主，在 5 万", ShapeNatural, []string{`hard country eq "US" applied @美国`}, []string{"5 万"}},
		// a price is no count, wherever its unit is.
		{"美国博主，5000元以下", ShapeNatural, []string{`hard country eq "US" applied @美国`}, []string{"5000元以下 (unsupported)"}},
		// a currency slipped onto a follower count is a slip: 粉丝 are never
		// money (audit 38, X2)
		{"粉丝 5000 美元以内", ShapeNatural, []string{`hard followers lte 5000 applied @粉丝 5000 美元以内`}, nil},
		// "more than … or less" contradicts itself: pending, never applied.
		{"粉丝超过 1w 以下", ShapeNatural, []string{`hard followers gte 10000 pending !conflict @粉丝超过 1w 以下`}, nil},
		{"updated for the last 2 weeks", ShapeNatural, []string{`hard last_active within_days 14 applied @updated for the last 2 weeks`}, nil},
		{"活跃于近30天", ShapeNatural, []string{`hard last_active within_days 30 applied @活跃于近30天`}, nil},
		{"近两周都有发视频", ShapeNatural, []string{`hard last_active within_days 14 applied @近两周都有发视频`}, nil},
		{"posted within the last 2 weeks", ShapeNatural, []string{`hard last_active within_days 14 applied @posted within the last 2 weeks`}, nil},
		// one day is the shortest window.
		{"今天有更新的美国博主", ShapeNatural, []string{`hard last_active within_days 1 applied @今天有更新`, `hard country eq "US" applied @美国`}, nil},
		// a hedged exclusion is soft and its span holds the hedge.
		{"最好不要游戏", ShapeNatural, []string{`soft category not_in [gaming] reference @最好不要游戏`}, nil},
		// only "除了 / except …" followed by "还/也/also" is an inclusion; "不要
		// X，也不要 Y" excludes both.
		{"不要游戏，也不要搞笑", ShapeNatural, []string{`hard category not_in [gaming,comedy] applied @不要游戏 @不要搞笑`}, nil},
		// "另外 (also)" in the next sentence does not turn "除了" into an inclusion.
		{"除了美国都行。另外粉丝要 1w+", ShapeNatural, []string{
			`hard country not_in [US] applied @除了美国`, `hard followers gte 10000 applied @粉丝要 1w+`}, nil},
		{"近 30 天活跃，除了游戏以外都可以", ShapeNatural, []string{
			`hard last_active within_days 30 applied @近 30 天活跃`, `hard category not_in [gaming] applied @除了游戏以外`}, nil},
		{"不要游戏和搞笑", ShapeNatural, []string{`hard category not_in [gaming,comedy] applied @不要游戏 @搞笑`}, nil},
		// a hedge with nothing after it changes nothing.
		{"美国科技博主，最好", ShapeNatural, []string{`hard country eq "US" applied @美国`, `hard category eq "tech" applied @科技`}, nil},
		{"posted in the past three months", ShapeNatural, []string{`hard last_active within_days 90 applied @posted in the past three months`}, nil},
		// an exclusion word with nothing to exclude leaves the next one alone.
		{"不要，不要游戏", ShapeNatural, []string{`hard category not_in [gaming] applied @不要游戏`}, nil},
		{"不要游戏、不要搞笑", ShapeNatural, []string{`hard category not_in [gaming,comedy] applied @不要游戏 @不要搞笑`}, nil},
		{"近 1 天有更新", ShapeNatural, []string{`hard last_active within_days 1 applied @近 1 天有更新`}, nil},
		// ten years is the longest window.
		{"近 10 年有更新", ShapeNatural, []string{`hard last_active within_days 3650 applied @近 10 年有更新`}, nil},
		// the span of an excluded category holds the exclusion word across
		// the filler before it.
		{"美妆博主，不要做游戏的", ShapeNatural, []string{`hard category eq "beauty" applied @美妆`, `hard category not_in [gaming] applied @不要做游戏`}, nil},
		{"近 3650 天有更新", ShapeNatural, []string{`hard last_active within_days 3650 applied @近 3650 天有更新`}, nil},
		// an exclusion object ends before a stop word and drops a trailing
		// connector.
		{"no pranks in Japan", ShapeNatural, []string{`keyword keyword not_contains "pranks" applied @no pranks`, `hard country eq "JP" applied @Japan`}, nil},
		{"no pranks and, 美国", ShapeNatural, []string{`keyword keyword not_contains "pranks" applied @no pranks`, `hard country eq "US" applied @美国`}, nil},
		// a space ends an exclusion object unless it joins two Latin words.
		{"no gaming 美国博主", ShapeNatural, []string{`hard category not_in [gaming] applied @no gaming`, `hard country eq "US" applied @美国`}, nil},
		{"不要游戏 YouTube 1w+", ShapeNatural, []string{
			`hard category not_in [gaming] applied @不要游戏`, `hard platform eq "youtube" applied @YouTube`,
			`hard followers gte 10000 applied !field_assumed @1w+`}, nil},
		// tiers unite into one derived range, open above for mega creators.
		{"腰部和头部博主", ShapeNatural, []string{`derived followers gte 100000 applied @腰部 @头部博主`}, nil},
	})
}

// nameList is a NameMatcher that returns, in the order given, the first
// occurrence of each name; Label is the display name it reports.
type nameList []struct{ text, id, label string }

func (l nameList) MatchNames(s string) []NameMatch {
	var out []NameMatch
	for _, n := range l {
		if i := strings.Index(s, n.text); i >= 0 {
			out = append(out, NameMatch{Start: i, End: i + len(n.text), ChannelID: n.id, Name: n.label})
		}
	}
	return out
}

// TestChannelNameEdges pins which matches of a NameMatcher become channel
// anchors: matches in any order, names at the ends of the text, names next
// to each other, names cutting through a handle, names that are one
// vocabulary word, and the display name.
func TestChannelNameEdges(t *testing.T) {
	tests := []struct {
		in    string
		names nameList
		want  []string // detail() of every condition, then the first condition's labels
		label string
	}{
		// reported out of text order: both names are anchors, the first in
		// the text applied.
		{"像 Linus Tech Tips 和老高与小茉这样的美国频道", nameList{{"老高与小茉", "UClg", "老高与小茉"}, {"Linus Tech Tips", "UCltt", "Linus Tech Tips"}}, []string{
			`anchor channel eq "UCltt" applied @Linus Tech Tips`, `anchor channel eq "UClg" pending !multiple_anchors @老高与小茉`,
			`hard country eq "US" applied @美国`}, "Linus Tech Tips"},
		// two names at one start: the longer wins, whatever the order.
		{"类似 Sony Music India 的频道，最近活跃", nameList{{"Sony Music", "UCsm", "Sony Music"}, {"Sony Music India", "UCsmi", "Sony Music India"}}, []string{
			`anchor channel eq "UCsmi" applied @Sony Music India`, `hard last_active within_days 30 applied @最近活跃`}, "Sony Music India"},
		{"类似 Sony Music India 的频道，最近活跃", nameList{{"Sony Music India", "UCsmi", "Sony Music India"}, {"Sony Music", "UCsm", "Sony Music"}}, []string{
			`anchor channel eq "UCsmi" applied @Sony Music India`, `hard last_active within_days 30 applied @最近活跃`}, "Sony Music India"},
		// names at the very start and the very end of the text.
		{"Linus Tech Tips 这样的美国博主", nameList{{"Linus Tech Tips", "UCltt", "Linus Tech Tips"}}, []string{
			`anchor channel eq "UCltt" applied @Linus Tech Tips`, `hard country eq "US" applied @美国`}, "Linus Tech Tips"},
		{"美国博主，类似 Linus Tech Tips", nameList{{"Linus Tech Tips", "UCltt", "Linus Tech Tips"}}, []string{
			`anchor channel eq "UCltt" applied @Linus Tech Tips`, `hard country eq "US" applied @美国`}, "Linus Tech Tips"},
		// two names that touch are both names.
		{"类似老高与小茉Linus Tech Tips的频道，美国", nameList{{"老高与小茉", "UClg", "老高与小茉"}, {"Linus Tech Tips", "UCltt", "Linus Tech Tips"}}, []string{
			`anchor channel eq "UClg" applied @老高与小茉`, `anchor channel eq "UCltt" pending !multiple_anchors @Linus Tech Tips`,
			`hard country eq "US" applied @美国`}, "老高与小茉"},
		// a name must end on a word boundary: "Ali" is no name inside "Alix".
		{"美国的 Alix 频道", nameList{{"Ali", "UCali", "Ali"}}, []string{
			`hard country eq "US" applied @美国的`, `keyword keyword contains "Alix" reference !ranking_term @Alix`}, "美国"},
		// an empty match is no name.
		{"美国科技博主", nameList{{"", "UCempty", "Empty"}}, []string{`hard country eq "US" applied @美国`, `hard category eq "tech" applied @科技`}, "美国"},
		// a name may be a whole handle, not a piece of one.
		{"像 @mkbhd 这样的科技博主", nameList{{"@mkbhd", "UCmkbhd", "MKBHD"}}, []string{
			`anchor channel eq "UCmkbhd" applied @@mkbhd`, `hard category eq "tech" applied @科技`}, "MKBHD"},
		{"像 @mkbhd 这样的科技博主", nameList{{"mkbhd", "UCmkbhd", "MKBHD"}}, []string{
			`anchor handle eq "@mkbhd" applied @@mkbhd`, `hard category eq "tech" applied @科技`}, "@mkbhd"},
		// a name right after a link is a name.
		{"https://www.youtube.com/@abc老高与小茉类似的频道", nameList{{"老高与小茉", "UClg", "老高与小茉"}}, []string{
			`anchor url eq "https://www.youtube.com/@abc" applied @https://www.youtube.com/@abc`,
			`anchor channel eq "UClg" pending !multiple_anchors @老高与小茉`}, "链接 https://www.youtube.com/@abc"},
		// a name right before a handle is a name too.
		{"类似老高与小茉@laogao 的频道，美国", nameList{{"老高与小茉", "UClg", "老高与小茉"}}, []string{
			`anchor channel eq "UClg" applied @老高与小茉`, `anchor handle eq "@laogao" pending !multiple_anchors @@laogao`,
			`hard country eq "US" applied @美国`}, "老高与小茉"},
		// one vocabulary word of any class stays that word.
		{"Canada 科技博主，最近活跃", nameList{{"Canada", "UCca", "Canada"}}, []string{
			`hard country eq "CA" applied @Canada`, `hard category eq "tech" applied @科技`, `hard last_active within_days 30 applied @最近活跃`}, "加拿大"},
		{"English 科技博主，最近活跃", nameList{{"English", "UCen", "English"}}, []string{
			`hard language eq "en" applied @English`, `hard category eq "tech" applied @科技`, `hard last_active within_days 30 applied @最近活跃`}, "英语"},
		{"Gaming 博主，最近活跃", nameList{{"Gaming", "UCgaming", "Gaming"}}, []string{
			`hard category eq "gaming" applied @Gaming`, `hard last_active within_days 30 applied @最近活跃`}, "游戏"},
		{"Premium 博主，最近活跃", nameList{{"Premium", "UCpremium", "Premium"}}, []string{
			`hard last_active within_days 30 applied @最近活跃`, `soft preference prefer "premium" reference @Premium`}, "近 30 天活跃"},
		// the display name is the label; without one the text is.
		{"类似 mkbhd 的美国频道", nameList{{"mkbhd", "UCmkbhd", "Marques Brownlee"}}, []string{
			`anchor channel eq "UCmkbhd" applied @mkbhd`, `hard country eq "US" applied @美国`}, "Marques Brownlee"},
		{"类似 mkbhd 的美国频道", nameList{{"mkbhd", "UCmkbhd", ""}}, []string{
			`anchor channel eq "UCmkbhd" applied @mkbhd`, `hard country eq "US" applied @美国`}, "mkbhd"},
	}
	for _, tc := range tests {
		r, err := Parse(tc.in, WithChannelNames(tc.names))
		if err != nil {
			t.Fatalf("Parse(%q) error %v", tc.in, err)
		}
		var got []string
		for _, c := range r.Conditions {
			got = append(got, detail(c))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Parse(%q, WithChannelNames(%v)) (-want +got):\n%s", tc.in, tc.names, diff)
		}
		if len(r.Conditions) > 0 && r.Conditions[0].Label.ZH != tc.label {
			t.Errorf("Parse(%q, WithChannelNames(%v)) first label = %+v, want %q", tc.in, tc.names, r.Conditions[0].Label, tc.label)
		}
		checkInvariants(t, tc.in, r)
	}
}

// TestLabels pins the zh and en names the user sees on condition chips.
func TestLabels(t *testing.T) {
	tests := []struct {
		in   string
		want []string // "zh | en" of every condition
	}{
		{"粉丝 1.5万-2.25万", []string{"粉丝 1.5万–2.25万 | Followers 15K–22.5K"}},
		{"粉丝 1.2M 以上", []string{"粉丝 ≥ 120万 | Followers ≥ 1.2M"}},
		{"均播 500 以下", []string{"均播 ≤ 500 | Avg views ≤ 500"}},
		{"美国和加拿大", []string{"美国、加拿大 | United States, Canada"}},
		{"不要美国和加拿大", []string{"排除 美国、加拿大 | Not United States, Canada"}},
		{"北美", []string{"北美 | North America"}},
		{"https://youtu.be/dQw4w9WgXcQ 美国", []string{"链接 https://youtu.be/dQw4w9WgXcQ | Link https://youtu.be/dQw4w9WgXcQ", "美国 | United States"}},
		{"@mkbhd 美国", []string{"@mkbhd | @mkbhd", "美国 | United States"}},
		{"美妆博主，不要带货的", []string{"美妆 | Beauty", "排除：带货 | Exclude: 带货"}},
		{"近 45 天活跃", []string{"近 45 天活跃 | Active in last 45 days"}},
		{"腰部和头部博主", []string{"腰部博主、头部博主 | Mid-tier creators, Mega creators"}},
		{"最好不要太商业化", []string{"避免：商业化 | Avoid: 商业化"}},
		// an avoided preference says so: the user asked for the opposite.
		{"最好不要高级感", []string{"避免：高级感 | Avoid: Premium feel"}},
		{"最好不要太专业", []string{"避免：专业 | Avoid: Professional"}},
	}
	for _, tc := range tests {
		r, err := Parse(tc.in)
		if err != nil {
			t.Fatalf("Parse(%q) error %v", tc.in, err)
		}
		var got []string
		for _, c := range r.Conditions {
			got = append(got, c.Label.ZH+" | "+c.Label.EN)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Parse(%q) labels (-want +got):\n%s", tc.in, diff)
		}
	}
}

// TestMergeEdges pins how repeated and contradicting conditions merge:
// duplicates become one condition with every span, contradictions are all
// pending with issue conflict, a value said again replaces the earlier,
// a hedged mention stays soft beside the hard one.
func TestMergeEdges(t *testing.T) {
	runEdgeCases(t, []edgeCase{
		{"美国博主，最好是加拿大的", ShapeNatural, []string{`hard country eq "US" applied @美国`, `soft country eq "CA" reference @加拿大`}, nil},
		// a country wanted and excluded, among other fields.
		{"美国，不要美国，英语，游戏", ShapeNatural, []string{
			`hard country eq "US" pending !conflict @美国`, `hard country not_in [US] pending !conflict @不要美国`,
			`hard language eq "en" applied @英语`, `hard category eq "gaming" applied @游戏`}, nil},
		// a keyword typed twice, in another case, is one keyword.
		{"Anker 充电宝，美国，anker", ShapeMixed, []string{
			`keyword keyword contains "Anker" applied @Anker @anker`, `keyword keyword contains "充电宝" applied @充电宝`, `hard country eq "US" applied @美国`}, nil},
		// one field said twice with values that do not combine: the later
		// value applies (the earlier is named in Result.Replaced, audit D3).
		{"粉丝 1w+，粉丝 2w+", ShapeNatural, []string{`hard followers gte 20000 applied @粉丝 2w+`}, nil},
		// "at least" and "at most" one number is that number.
		{"粉丝 5万以上，粉丝 5万以下", ShapeNatural, []string{`hard followers between 50000..50000 applied @粉丝 5万以上 @粉丝 5万以下`}, nil},
		{"粉丝 5万以下，不超过 5 万粉丝", ShapeNatural, []string{`hard followers lte 50000 applied @粉丝 5万以下 @不超过 5 万粉丝`}, nil},
		// an upper bound and a range said after it: the range replaces it.
		{"粉丝 5w 以下，粉丝 1w-5w", ShapeNatural, []string{`hard followers between 10000..50000 applied @粉丝 1w-5w`}, nil},
	})
}
