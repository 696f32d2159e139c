package condparse

import (
	"strings"
	"testing"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		in   string
		want Shape
	}{
		// keyword: classic mode is never hijacked (spec 3.3).
		{"swim vest", ShapeKeyword},
		{"汽配评测", ShapeKeyword},
		{"Hollyland 麦克风", ShapeKeyword},
		{"gaming", ShapeKeyword},
		{"美妆博主", ShapeKeyword},
		{"best mic for vlogging", ShapeKeyword},
		{"how to edit videos", ShapeKeyword},
		{"我的世界", ShapeKeyword},
		{"DJI Osmo Pocket 3", ShapeKeyword},
		{"订阅 3 个月以上的频道", ShapeKeyword}, // a duration is no count and no unsupported condition
		{"", ShapeKeyword},
		// url
		{"https://www.youtube.com/@mkbhd", ShapeURL},
		{"youtube.com/@mkbhd", ShapeURL},
		{"  https://www.tiktok.com/@khaby.lame?lang=en  ", ShapeURL},
		{"https://x.com/elonmusk", ShapeURL},
		{"@mkbhd", ShapeURL},
		// natural
		{"帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人", ShapeNatural},
		{"find tech reviewers in Germany with over 100k subscribers", ShapeNatural},
		{"美国 1w+", ShapeNatural},
		{"做汽配评测的博主", ShapeNatural},
		{"有没有美妆博主", ShapeNatural},
		{"性价比高", ShapeNatural},
		{"no gaming", ShapeNatural},
		// mixed
		{"Hollyland 麦克风，美国，IG，粉丝 1w+，均播 3000+", ShapeMixed},
		{"https://www.youtube.com/@mkbhd tech", ShapeMixed},
		{"https://www.youtube.com/@mkbhd 帮我找类似的美国频道", ShapeMixed},
		{"swim vest 美国", ShapeMixed},
		{"帮我找 swim vest", ShapeMixed},
		{"creators who review drones", ShapeMixed},
		{"@mkbhd 粉丝 10 万以上", ShapeMixed},
	}
	for _, tc := range tests {
		if got := Classify(tc.in); got != tc.want {
			t.Errorf("Classify(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestClassifyNeverFails(t *testing.T) {
	long := strings.Repeat("美国 1w+ 游戏 ", 20000)
	if got := Classify(long); got != ShapeNatural {
		t.Errorf("Classify(long) = %s, want natural (classified on the first %d bytes)", got, MaxInputLen)
	}
	// exactly MaxInputLen bytes are classified whole; bytes that are all
	// continuation bytes have no rune start to cut at.
	if got := Classify(strings.Repeat("a", MaxInputLen)); got != ShapeKeyword {
		t.Errorf("Classify(%d bytes) = %s, want keyword", MaxInputLen, got)
	}
	if got := Classify(strings.Repeat("\x80", MaxInputLen+10)); got != ShapeKeyword {
		t.Errorf("Classify(continuation bytes) = %s, want keyword", got)
	}
	// the cut falls inside "＋" (3 bytes from byte 4095): it is dropped
	// whole, so "1w" is a bare number, no count (the whole text would be
	// "1w＋", followers ≥ 10000: mixed with the keywords).
	if got := Classify(strings.Repeat("swim vest, ", 372) + " 1w＋"); got != ShapeKeyword {
		t.Errorf("Classify(text cut inside a rune) = %s, want keyword", got)
	}
	if got := Classify(strings.Repeat("swim vest, ", 371) + " 1w＋"); got != ShapeMixed {
		t.Errorf("Classify(text ending in \"1w＋\") = %s, want mixed", got)
	}
	if got := Classify("swim \xff\xfe vest"); got != ShapeKeyword {
		t.Errorf("Classify(invalid UTF-8) = %s, want keyword", got)
	}
}
