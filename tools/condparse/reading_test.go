package condparse

import (
	"strings"
	"testing"

	"searchagent/tools/condition"
)

func TestReadSortSaidInWords(t *testing.T) {
	for _, tc := range []struct {
		text, by string
		keep     []condition.Field // conditions that must stay
		gone     condition.Field   // a field whose condition the sort took ("" = none)
	}{
		{"按平均播放量排一下", SortAvgViews, nil, ""},
		{"sort by most followers", SortFollowers, nil, ""},
		{"越活跃越好", SortRecent, nil, condition.LastActive},
		{"粉丝从高到低", SortFollowers, nil, ""},
		{"粉丝越多越好", SortFollowers, nil, condition.Followers},
		{"the more active the better", SortRecent, nil, condition.LastActive},
		{"按最近更新排", SortRecent, nil, condition.LastActive},
		{"按活跃度排序", SortRecent, nil, condition.LastActive},
		{"highest average views first", SortAvgViews, nil, ""},
		{"list the biggest channels first", SortFollowers, nil, ""},
		{"看看谁最近最活跃", SortRecent, nil, condition.LastActive},
		{"只要美国的，按粉丝排序", SortFollowers, []condition.Field{condition.Country}, ""},
		{"粉丝十万以上，按粉丝排", SortFollowers, []condition.Field{condition.Followers}, ""},
		{"food creators in the US, order by average views", SortAvgViews, []condition.Field{condition.Category, condition.Country}, ""},
		{"最近30天有更新", "", []condition.Field{condition.LastActive}, ""},
		{"粉丝最多十万", "", []condition.Field{condition.Followers}, ""},
		{"从高到低排", "", nil, ""},
	} {
		r, err := Read(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		by := ""
		if r.Sort != nil {
			by = r.Sort.By
		}
		if by != tc.by {
			t.Errorf("Read(%q).Sort = %q, want %q", tc.text, by, tc.by)
		}
		fields := map[condition.Field]bool{}
		for _, c := range r.Conditions {
			fields[c.Field] = true
			if by != "" && c.Kind == condition.KindKeyword {
				t.Errorf("Read(%q): the sort's words left keyword %q", tc.text, c.Value.Str)
			}
		}
		for _, f := range tc.keep {
			if !fields[f] {
				t.Errorf("Read(%q): no %s condition, want it kept", tc.text, f)
			}
		}
		if tc.gone != "" && fields[tc.gone] {
			t.Errorf("Read(%q): a %s condition, want the sort to take its words", tc.text, tc.gone)
		}
		for _, sp := range r.Remainder {
			if by != "" && sp.Role == ResidueSort {
				t.Errorf("Read(%q): remainder %q still a sort to be told about", tc.text, sp.Text)
			}
		}
	}
}

func TestReadHedgedClauseIsAReference(t *testing.T) {
	for _, tc := range []struct {
		text  string
		soft  condition.Field
		hard  condition.Field // a condition of another clause that stays hard ("" = none)
		extra string          // a word that must not stay unread
	}{
		{"最好是最近还在更新的", condition.LastActive, "", "最近"},
		{"尽量是最近还活跃的", condition.LastActive, "", "最近"},
		{"ideally posted in the last month", condition.LastActive, "", ""},
		{"尽量粉丝十万以上", condition.Followers, "", ""},
		{"最好均播一万以上", condition.AvgViews, "", ""},
		{"preferably based in the UK", condition.Country, "", ""},
		{"只要美国的，最好是最近还在更新的", condition.LastActive, condition.Country, "最近"},
	} {
		r, err := Read(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range r.Conditions {
			switch c.Field {
			case tc.soft:
				if c.Kind != condition.KindSoft || c.Status != condition.StatusReference {
					t.Errorf("Read(%q): %s is %s/%s, want soft/reference", tc.text, c.Field, c.Kind, c.Status)
				}
			case tc.hard:
				if c.Kind != condition.KindHard {
					t.Errorf("Read(%q): %s is %s, want it hard (its clause has no hedge)", tc.text, c.Field, c.Kind)
				}
			}
		}
		for _, sp := range r.Remainder {
			if tc.extra != "" && strings.Contains(sp.Text, tc.extra) {
				t.Errorf("Read(%q): %q left unread next to its condition", tc.text, sp.Text)
			}
		}
	}
	for text, want := range map[string]bool{"最好近一个月内还有更新": true, "ideally posted lately": true, "只要美国的，最好是英语的": false, "最好的美妆博主": false} {
		if got := WhollyHedged(text); got != want {
			t.Errorf("WhollyHedged(%q) = %v, want %v", text, got, want)
		}
	}
	// "最好的" is "the best": no hedge.
	if !opensWithHedge("最好是美国的") || opensWithHedge("最好的美妆博主") {
		t.Errorf("opensWithHedge: a hedge before a condition opens the clause, 最好的 (the best) does not")
	}
}

func TestReadUnreadFields(t *testing.T) {
	for _, tc := range []struct {
		text string
		want condition.Field
	}{
		{"粉丝数第三档，排除游戏", condition.Followers},
		{"粉丝量级二十万档，排除游戏", ""}, // 量级 names the follower count: a tier of 200k is read
		{"粉丝十万以上", ""},
		{"排除游戏", ""},
	} {
		r, err := Read(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		got := condition.Field("")
		if u := r.UnreadFields(); len(u) > 0 {
			got = u[0].Field
		}
		if got != tc.want {
			t.Errorf("Read(%q).UnreadFields() = %q, want %q", tc.text, got, tc.want)
		}
	}
}
