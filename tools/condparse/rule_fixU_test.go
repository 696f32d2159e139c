package condparse

import "testing"

// TestFixUTerms is the tuning table of class U4: a one-rune 想 glued
// after an unknown word's rune ends that word (冥想, 思想) and is "want"
// only where it heads a request; a kana particle between a Han word and
// the next word is a joint, no part of the term after it; a trade noun
// after a plain word ranks with it ("med students", "digital nomads").
func TestFixUTerms(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		{"想找冥想博主", []string{"term 冥想"}},
		{"我想找幻想小说的书评博主", []string{"term 幻想", "noterm 我想"}},
		{"想找日本のスニーカー博主", []string{"term スニーカー", "noterm の", "has hard country eq \"JP\" applied"}},
		{"找韩国のコスメ博主", []string{"term コスメ", "noterm の"}},
		{"我想找美食博主", []string{"has hard category eq \"food\" applied", "noterm 想"}},
		{"med students on YouTube", []string{"term med students"}},
		{"backpacking / digital nomad content in Thailand", []string{"term digital nomad"}},
		{"architecture students sharing portfolio tips", []string{"term architecture students"}},
		{"还想找日本的旅游博主", []string{"noterm 想", "noterm 还"}},
	} {
		r := readAt(t, tc.in, nil, nil)
		for _, m := range misses34s(t, r, tc.checks) {
			t.Error(m)
		}
	}
}
