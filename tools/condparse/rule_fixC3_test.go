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

// TestFixC3UnlistedCountries: a country the catalog's country list does
// not have is named (ResidueUnlistedCountry), never a keyword, and a
// listed country beside it still filters; a name inside a topic or
// another place is left alone (class C2).
func TestFixC3UnlistedCountries(t *testing.T) {
	for _, tc := range []heldCase{
		{"fitness coaches in Sri Lanka", []string{"role unlisted_country", "noterm sri", "noterm lanka", "has hard category eq \"fitness\" applied"}},
		{"travel creators from Senegal or Morocco", []string{"role unlisted_country", "noterm senegal", "has hard country eq \"MA\" applied"}},
		{"找斯里兰卡和泰国的美食博主", []string{"role unlisted_country", "noterm 斯里兰卡", "has hard country eq \"TH\" applied"}},
		{"尼泊尔的户外博主", []string{"role unlisted_country", "noterm 尼泊尔", "nohardterm"}},
		{"Bolivian and Peruvian food bloggers", []string{"role unlisted_country", "noterm bolivia", "has hard country eq \"PE\" applied"}},
		{"no creators from Myanmar", []string{"role unlisted_country", "noterm myanmar"}},
		// a topic or another place, not the country
		{"Nepal trekking vlogs", []string{"norole unlisted_country"}},
		{"斯里兰卡红茶测评", []string{"norole unlisted_country"}},
		{"内蒙古的美食博主", []string{"norole unlisted_country"}},
		{"增加纳入标准的说明", []string{"norole unlisted_country"}},
	} {
		if m := missesC3(t, readAt(t, tc.in, nil, nil), tc.checks); len(m) > 0 {
			for _, s := range m {
				t.Error(s)
			}
		}
	}
}

// TestFixC3CalendarRanges: a range of months or dates said of when the
// creators posted is an activity window back to the range's start (from
// readAt's 2026-12-06), its end named as not applied (ResidueRangeEnd);
// a range said with "next"/明年 or of the campaign is no window, and its
// months are no ranking terms (class C1).
func TestFixC3CalendarRanges(t *testing.T) {
	for _, tc := range []heldCase{
		{"food creators who posted between March and May", []string{"active 280..281", "role range_end", "noterm march", "noterm may"}},
		{"今年3月到5月之间有更新的美妆博主", []string{"active 280..281", "role range_end", "nohardterm"}},
		{"gaming channels active from June to August", []string{"active 188..189", "role range_end", "noterm august"}},
		{"9月至11月有发过视频的旅行博主", []string{"active 96..97", "role range_end", "nohardterm"}},
		{"channels that uploaded from 9/15 to 10/30", []string{"active 82..83", "role range_end"}},
		{"去年10月到12月发过内容的母婴博主", []string{"active 431..432", "role range_end", "nohardterm"}},
		{"我们明年3月到5月投放，找美妆博主", []string{"noactive", "norole range_end", "nohardterm"}},
		{"the campaign runs from March to May, beauty creators please", []string{"noactive", "noterm march", "noterm may"}},
		{"近3到5月有更新的", []string{"norole range_end"}},
	} {
		if m := missesC3(t, readAt(t, tc.in, nil, nil), tc.checks); len(m) > 0 {
			for _, s := range m {
				t.Error(s)
			}
		}
	}
}
