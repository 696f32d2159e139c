package condparse

import (
	"testing"

	"searchagent/tools/condition"
)

// TestRecommendVerbs: a recommending verb that opens what the creators
// recommend (推护肤品的, 经常推平价彩妆, 安利好物的) is frame: the goods rank
// without it; 推 inside another word (推理, 推拿, 推特) stays that word.
func TestRecommendVerbs(t *testing.T) {
	for _, tc := range []struct{ in, term string }{
		{"推护肤品的美国博主", "护肤品"},
		{"专门推数码产品的博主，粉丝十万以上", "数码产品"},
		{"经常推平价彩妆的博主", "平价彩妆"},
		{"安利好物的博主", "好物"},
		{"主要推母婴用品的", "母婴用品"},
		{"推拿按摩的博主", "推拿按摩"},
		{"推理小说博主", "推理小说"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			r, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, c := range r.Conditions {
				if c.Kind == condition.KindKeyword {
					if c.Value.Str == tc.term {
						found = true
					} else if []rune(c.Value.Str)[0] == '推' || c.Value.Str == "安利" {
						t.Errorf("term %q keeps the verb", c.Value.Str)
					}
				}
			}
			if !found {
				t.Errorf("no term %q: %+v", tc.term, r.Conditions)
			}
		})
	}
}
