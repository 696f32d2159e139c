package condparse

import (
	"slices"
	"strings"
	"testing"
)

// TestCantoneseReading is the tuning table of class K1 (audit 35): written
// Cantonese reads as the Mandarin it stands for — 唔要/唔好 X 嘅 excludes X
// (never an include), 嘅 is 的 (never glued to a term), 啲/哋/搵/係/
// 边度 are 些/们/找/是/哪里 (frame, never a term), 打机 is gaming — in
// Cantonese alone, mixed with Mandarin or English, and in Traditional
// script. The held-out table is agent/cantonese_heldout_test.go.
func TestCantoneseReading(t *testing.T) {
	for _, tc := range []leftCase{
		{in: "我哋係开书店嘅，想搵啲英国嘅读书博主，唔要打机嘅", want: []string{`country eq "GB"`, `category not_in [gaming]`}, noKw: []string{"哋", "係", "嘅", "搵", "啲", "打机"}},
		{in: "唔要大陆嘅，台湾嘅美妆博主，粉丝一万到五万", want: []string{`country eq "TW"`, `category eq "beauty"`, `country not_in [CN]`, `followers between`}, not: []string{`country in [TW,CN]`, `country eq "CN"`}},
		{in: "边度有啲讲养生嘅博主？", want: []string{`category eq "fitness"`}, noKw: []string{"养生嘅", "边度", "啲"}},
		{in: "唔好搞笑嘅，要韩国嘅旅行博主", want: []string{`country eq "KR"`, `category eq "travel"`, `category not_in [comedy]`}, noKw: []string{"嘅"}},
		{in: "打机博主，日本嘅，粉丝起码三万", want: []string{`category eq "gaming"`, `country eq "JP"`, `followers gte 30000`}, noKw: []string{"打机"}},
		{in: "我哋係做咖啡嘅，想在IG搵澳洲嘅美食博主", want: []string{`country eq "AU"`, `category eq "food"`}, noKw: []string{"哋", "係", "嘅", "搵"}},
		// mixed with English; Traditional script
		{in: "搵啲Canada嘅fitness creators，唔要US嘅", want: []string{`country eq "CA"`, `category eq "fitness"`}, not: []string{`country in`, `country eq "US"`}, noKw: []string{"搵", "嘅"}},
		{in: "唔要打機嘅，搵啲台灣嘅旅遊博主", want: []string{`country eq "TW"`, `category eq "travel"`, `category not_in [gaming]`}, noKw: []string{"嘅", "打機"}},
		// a quoted term is the user's, as typed
		{in: `标题要有"唔该"嘅美食博主`, want: []string{`category eq "food"`}, noKw: []string{"谢谢"}},
		// Mandarin and English untouched
		{in: "我们是美食系的学生，想找英国的美食博主", want: []string{`country eq "GB"`, `category eq "food"`}},
	} {
		if p := tc.problems(); len(p) > 0 {
			t.Errorf("Read(%q): %s", tc.in, strings.Join(p, "; "))
		}
	}
}

// TestCantoneseNamed: the reading names the Cantonese words it read as
// Mandarin, as typed, once each; a Mandarin text names none.
func TestCantoneseNamed(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"唔要打机嘅，搵啲香港嘅博主", []string{"唔要", "打机", "嘅", "搵", "啲"}},
		{"不要游戏的，找些香港的博主", nil},
	} {
		r, err := Read(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Cantonese, tc.want) {
			t.Errorf("Read(%q).Cantonese = %q, want %q", tc.in, r.Cantonese, tc.want)
		}
	}
}
