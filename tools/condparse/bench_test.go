package condparse

import "testing"

var benchInputs = []string{
	"swim vest",
	"https://www.youtube.com/@mkbhd",
	"帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人",
	"Hollyland 麦克风，美国，IG，粉丝 1w+，均播 3000+",
	"find tech reviewers in Germany with over 100k subscribers",
	"看看https://www.youtube.com/@abc这个频道类似的，不要游戏，最好性价比高",
	"between 10k and 50k followers, English-speaking, posted this week, no gaming",
}

// BenchmarkParse measures one parse of a typical input.
func BenchmarkParse(b *testing.B) {
	p, err := New()
	if err != nil {
		b.Fatal(err)
	}
	for _, in := range benchInputs {
		b.Run(benchName(in), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := p.Parse(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkClassify measures classification alone.
func BenchmarkClassify(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range benchInputs {
			Classify(in)
		}
	}
}

func benchName(s string) string {
	r := []rune(s)
	if len(r) > 12 {
		r = r[:12]
	}
	return string(r)
}
