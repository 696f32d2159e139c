package condparse

import (
	"searchagent/tools/condition"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestResidueNeverKeyword holds the residue policy (seed 002 §3.7.5, seed
// 001 §4.6A): follow-up and search phrasings whose words the rules cannot
// place never turn into a hard keyword. Edit verbs ("把", "改成", "change
// to") are filler around the condition they edit, sort requests and vague
// amounts come back as remainder with their role, and reference phrases are
// soft preferences.
func TestResidueNeverKeyword(t *testing.T) {
	tests := []struct {
		text  string
		conds []string // brief() of every condition
		roles []Residue
	}{
		// edits of an existing condition
		{"把粉丝改成 5 万以上", []string{"hard followers gte 50000 applied"}, nil},
		{"粉丝改成10万以上", []string{"hard followers gte 100000 applied"}, nil},
		{"把粉丝改成 1万到5万", []string{"hard followers between 10000..50000 applied"}, nil},
		{"换成科技博主", []string{`hard category eq "tech" applied`}, nil},
		{"改成美妆博主", []string{`hard category eq "beauty" applied`}, nil},
		{"把国家换成日本", []string{`hard country eq "JP" applied`}, nil},
		{"把地区改为英国", []string{`hard country eq "GB" applied`}, nil},
		{"换成德国的", []string{`hard country eq "DE" applied`}, nil},
		{"换成 TikTok", []string{`hard platform eq "tiktok" applied`}, nil},
		{"改成最近一个月活跃的", []string{"hard last_active within_days 30 applied"}, nil},
		{"change followers to 50k+", []string{"hard followers gte 50000 applied"}, nil},
		{"switch to tech creators", []string{`hard category eq "tech" applied`}, nil},
		{"change it to Japan", []string{`hard country eq "JP" applied`}, nil},
		{"make it US only", []string{`hard country eq "US" applied`}, nil},
		{"switch to beauty instead", []string{`hard category eq "beauty" applied`}, nil},
		{"set to over 100k subscribers", []string{"hard followers gte 100000 applied"}, nil},
		{"only over 10k, no gaming", []string{"hard followers gte 10000 applied !field_assumed", "hard category not_in [gaming] applied"}, nil},
		{"不要美国的", []string{"hard country not_in [US] applied"}, nil},
		// sorts
		{"按粉丝排序", []string{}, []Residue{ResidueSort}},
		{"按粉丝数排序", []string{}, []Residue{ResidueSort}},
		{"按播放量从高到低排", []string{}, []Residue{ResidueSort}},
		{"粉丝从多到少排列", []string{}, []Residue{ResidueSort}},
		{"按订阅数排个序", []string{}, []Residue{ResidueSort}},
		{"sort by followers", []string{}, []Residue{ResidueSort}},
		{"sort them by views", []string{}, []Residue{ResidueSort}},
		{"order by subscribers, highest first", []string{}, []Residue{ResidueSort, ResidueSort}},
		{"rank by average views", []string{}, []Residue{ResidueSort}},
		// vague amounts: a question, never a guess
		{"找粉丝不太多的美国科技博主", []string{`hard country eq "US" applied`, `hard category eq "tech" applied`}, []Residue{ResidueVague}},
		{"粉丝少一点", []string{}, []Residue{ResidueVague}},
		{"粉丝不要太多", []string{}, []Residue{ResidueVague}},
		// A lower wish without a number is as vague as an upper one, never
		// a soft "avoid 少" preference.
		{"粉丝别太少", []string{}, []Residue{ResidueVague}},
		{"日本的搞笑达人，粉丝不要太小", []string{`hard country eq "JP" applied`, `hard category eq "comedy" applied`}, []Residue{ResidueVague}},
		{"beauty creators, not too small", []string{`hard category eq "beauty" applied`}, []Residue{ResidueVague}},
		{"播放量高一点的", []string{}, []Residue{ResidueVague}},
		{"再多一点", []string{}, []Residue{ResidueVague}},
		{"not too many followers", []string{}, []Residue{ResidueVague}},
		{"fewer followers", []string{}, []Residue{ResidueVague}},
		// soft references
		{"feel like real recommendations", []string{`soft preference prefer "authentic" reference`}, nil},
		{"feels like a real recommendation", []string{`soft preference prefer "authentic" reference`}, nil},
		{"more authentic please", []string{`soft preference prefer "authentic" reference`}, nil},
		{"something that feels real", []string{`soft preference prefer "authentic" reference`}, nil},
		{"更像真人推荐一点", []string{`soft preference prefer "authentic" reference`}, nil},
		{"要更有高级感的", []string{`soft preference prefer "premium" reference`}, nil},
		{"调性合适就行", []string{`soft preference prefer "brand_fit" reference`}, nil},
		// an edit with nothing to edit is no keyword either
		{"change", []string{}, nil},
	}
	if len(tests) < 40 {
		t.Fatalf("the residue table has %d phrasings, want at least 40", len(tests))
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			r, err := Parse(tc.text)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.text, err)
			}
			for _, c := range r.Conditions {
				if c.Kind == condition.KindKeyword {
					t.Errorf("Parse(%q) made keyword %q from residue", tc.text, c.Value.Str)
				}
			}
			if diff := cmp.Diff(tc.conds, briefs(r)); diff != "" {
				t.Errorf("Parse(%q) conditions (-want +got):\n%s", tc.text, diff)
			}
			var roles []Residue
			for _, s := range r.Remainder {
				if s.Role != "" {
					roles = append(roles, s.Role)
				}
			}
			if diff := cmp.Diff(tc.roles, roles); diff != "" {
				t.Errorf("Parse(%q) remainder roles (-want +got):\n%s", tc.text, diff)
			}
		})
	}
}

// TestEditWordsInsideWords keeps edit and sort words that are part of a
// word where they were: keyword material.
func TestEditWordsInsideWords(t *testing.T) {
	tests := []struct{ text, want string }{
		{"把手", "把手"},
		{"按摩博主", "按摩"},
		{"drum set", "drum set"},
		{"安排", "安排"},
	}
	for _, tc := range tests {
		r, err := Parse(tc.text)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.text, err)
		}
		if got := r.Keywords(); len(got) != 1 || got[0].Value.Str != tc.want {
			t.Errorf("Parse(%q).Keywords() = %v, want [%q]", tc.text, got, tc.want)
		}
	}
}
