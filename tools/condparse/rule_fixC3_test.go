package condparse

import "testing"

// TestFixC3Quantifiers: a Chinese quantifier (任何, 所有, 全部, 一切)
// opening an exclusion's object, in Chinese or mixed with English, is no
// excluded keyword, and the category or keyword named after it is what is
// excluded — never turned into an inclusion (class C3).
func TestFixC3Quantifiers(t *testing.T) {
	for _, tc := range []heldCase{
		{"exclude 所有 kids channels", []string{"has hard category not_in [family] applied", "noterm 所", "nohardterm"}},
		{"不要任何游戏", []string{"has hard category not_in [gaming] applied", "noterm 任何"}},
		{"排除全部 gaming 频道，要美食的", []string{"has hard category not_in [gaming] applied", "has hard category eq \"food\" applied", "noterm 全部"}},
		{"no 一切 unboxing content", []string{"excl unboxing", "noterm 一切", "nohardterm"}},
		{"beauty creators, 不要所有 vlog 类的", []string{"has hard category eq \"beauty\" applied", "noterm 所有", "nohardterm"}},
		{"不要 any gaming", []string{"has hard category not_in [gaming] applied", "nohardterm"}},
		{"no 游戏类的", []string{"has hard category not_in [gaming] applied", "nohardterm"}},
		{"除了 beauty 以外都可以", []string{"has hard category not_in [beauty] applied", "nohardterm"}},
	} {
		if m := missesC3(t, readAt(t, tc.in, nil, nil), tc.checks); len(m) > 0 {
			for _, s := range m {
				t.Error(s)
			}
		}
	}
}
