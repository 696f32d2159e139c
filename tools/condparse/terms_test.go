package condparse

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestOnlyMarkedWordsFilter holds the reading of issue 26: in a sentence
// a word filters only when the user marked it (quotes, a cue, a list item
// of its own); other words rank; frame, hedge and style words are dropped
// and listed; a subtopic inside a phrase is its category plus a ranking
// term; terse keyword lists keep filtering as typed.
func TestOnlyMarkedWordsFilter(t *testing.T) {
	const rt = "reference !ranking_term"
	tests := []struct {
		in      string
		want    []string
		dropped []string
	}{
		// ranking terms, dropped frame and style words
		{"find me US beauty creators, ideally with a friendly vibe", []string{
			`hard country eq "US" applied`, `hard category eq "beauty" applied`, `keyword keyword contains "friendly" ` + rt}, []string{"find me", "ideally", "vibe"}},
		{"日本的游戏实况主播，两万粉以上，风格搞笑", []string{
			`hard country eq "JP" applied`, `hard category eq "gaming" applied`, `hard followers gte 20000 applied`, `keyword keyword contains "搞笑" ` + rt}, []string{"风格"}},
		{"我们是做耳机的品牌，想找美国科技博主合作", []string{
			`hard country eq "US" applied`, `hard category eq "tech" applied`, `keyword keyword contains "耳机" ` + rt}, []string{"我们是做", "品牌", "想找", "合作"}},
		{"想在油管上投放，找德国的汽车博主，越活跃越好", []string{
			`hard platform eq "youtube" applied`, `hard country eq "DE" applied`, `hard category eq "automotive" applied`}, []string{"想在", "投放", "找"}},
		// marks: a cue, a quote, a title scope, a list item of its own
		{"关键词 iPhone，美国的科技博主", []string{
			`keyword keyword contains "iPhone" applied`, `hard country eq "US" applied`, `hard category eq "tech" applied`}, nil},
		{"包含“Minecraft”的游戏频道", []string{`keyword keyword contains "Minecraft" applied`, `hard category eq "gaming" applied`}, nil},
		{"find creators with Sennheiser in the title, US", []string{`keyword keyword contains "Sennheiser" applied`, `hard country eq "US" applied`}, []string{"find"}},
		{"帮我找美国的博主，Hollyland 麦克风", []string{
			`hard country eq "US" applied`, `keyword keyword contains "Hollyland" applied`, `keyword keyword contains "麦克风" applied`}, []string{"帮我找"}},
		// subtopics: category plus ranking term, or an excluded keyword;
		// a teaching form said with it ranks with it too (audit 24, class I)
		{"我想看看抖音上做烘焙教学的博主有哪些", []string{
			`hard platform eq "tiktok" applied`, `hard category eq "food" applied !subtopic`, `keyword keyword contains "烘焙" ` + rt,
			`keyword keyword contains "烘焙教学" ` + rt}, []string{"我想", "看看", "有哪些"}},
		{"游戏里的枪械测评频道", []string{`hard category eq "gaming" applied`, `keyword keyword contains "枪械" ` + rt}, nil},
		{"不要烘焙类的", []string{`keyword keyword not_contains "烘焙" applied`}, nil},
		{"帮我找健身博主，推一款蛋白粉", []string{`hard category eq "fitness" applied`, `keyword keyword contains "蛋白粉" ` + rt}, []string{"帮我找", "一款"}},
		// a hedge reaches an activity said with its recent marker
		{"最好是最近还在更新的美妆博主", []string{`hard category eq "beauty" applied`, `soft last_active within_days 30 reference`}, []string{"最好是"}},
		// terse lists and keyword-only input filter as typed
		{"Hollyland 麦克风，美国，IG，粉丝 1w+", []string{
			`keyword keyword contains "Hollyland" applied`, `keyword keyword contains "麦克风" applied`, `hard country eq "US" applied`,
			`hard platform eq "instagram" applied`, `hard followers gte 10000 applied`}, nil},
		{"美国 耳机", []string{`hard country eq "US" applied`, `keyword keyword contains "耳机" applied`}, nil},
		{"烘焙", []string{`keyword keyword contains "烘焙" applied`}, nil},
	}
	for _, tc := range tests {
		r, err := Parse(tc.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.in, err)
		}
		checkInvariants(t, tc.in, r)
		if diff := cmp.Diff(tc.want, briefs(r)); diff != "" {
			t.Errorf("Parse(%q) conditions (-want +got):\n%s", tc.in, diff)
		}
		var dropped []string
		for _, d := range r.Dropped {
			dropped = append(dropped, d.Text)
		}
		if diff := cmp.Diff(tc.dropped, dropped); diff != "" {
			t.Errorf("Parse(%q) dropped (-want +got):\n%s", tc.in, diff)
		}
	}
}
