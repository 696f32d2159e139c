package condparse

import "testing"

// The classes audit 22's runs left open (testdata/audit22/RUNS.md), with
// phrasings of my own; the audit's briefs are not tuned on.

// TestWindowAfterVerbForms: a posting verb said as "published" (also
// after "that have") takes the window after it; a date said as the
// middle of a month counts from its 15th (下旬 from the 21st); a marked
// window before 有 and a deed that is no activity word still bounds
// activity, the deed ranking (audit 22, class 1).
func TestWindowAfterVerbForms(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"cooking channels that have published in the past three weeks", []string{`hard last_active within_days 21 applied`, `hard category eq "food"`}},
		{"travel creators who published within the last 10 days, Spain", []string{`hard last_active within_days 10 applied`, `hard country eq "ES"`}},
		{"gaming youtubers publishing in the last month", []string{`hard last_active within_days 30 applied`}},
		{"tech reviewers uploaded since mid-September", []string{`hard last_active within_days 83 applied`}},
		{"beauty creators active from mid November, UK", []string{`hard last_active within_days 22 applied`, `hard country eq "GB"`}},
		{"pet channels posting since the middle of October", []string{`hard last_active within_days 53 applied`}},
		{"9月中旬以来还在更新的数码博主", []string{`hard last_active within_days 83 applied`, `hard category eq "tech"`}},
		{"从11月中旬开始有发视频的美食博主", []string{`hard last_active within_days 22 applied`}},
		{"10月下旬以来活跃的游戏博主", []string{`hard last_active within_days 47 applied`}},
		{"近两周有直播的游戏主播", []string{`hard last_active within_days 14 applied`, `keyword keyword contains "直播" reference`}},
		{"找最近一个月内有接广告的美妆博主", []string{`hard last_active within_days 30 applied`, `keyword keyword contains "接广告" reference`}},
		{"近7天有开箱的数码博主，日本", []string{`hard last_active within_days 7 applied`, `keyword keyword contains "开箱" reference`, `hard country eq "JP"`}},
	} {
		r := readAt(t, tc.in, tc.want, nil)
		noTerm(t, r, "published", "publishing", "mid", "中旬", "下旬", "有直播", "有接")
	}
}

// TestUntilJoinsCounts: until/till between two counts join them as "to"
// does, and "and up to" after "between" says the upper end (audit 22,
// class 2).
func TestUntilJoinsCounts(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"cooking channels in Peru from 20k until 200k subscribers", `hard followers between 20000..200000 applied`},
		{"beauty creators, 5k till 60k followers", `hard followers between 5000..60000 applied`},
		{"fitness creators in Brazil, from 5k up until 50k followers", `hard followers between 5000..50000 applied`},
		{"gaming channels between 30k and up to 300k subs", `hard followers between 30000..300000 applied`},
		{"pet accounts with 8k and up to 40k followers", `hard followers between 8000..40000 applied`},
		{"tech youtubers 1k til 10k", `hard followers between 1000..10000 applied`},
	} {
		r := readAt(t, tc.in, []string{tc.want}, nil)
		noTerm(t, r, "until", "till", "til", "up")
	}
}

// TestReuseFormsListed: every reuse form is a content form of the
// lexicon (it ranks when no category absorbs it).
func TestReuseFormsListed(t *testing.T) {
	forms := map[string]bool{}
	for _, ents := range defaultLexicon.ents {
		for _, e := range ents {
			forms[e.word] = forms[e.word] || e.form
		}
	}
	for _, w := range reuseForms {
		if !forms[w] {
			t.Errorf("reuse form %q is no content form of the lexicon", w)
		}
	}
}

// TestReuseFormsExcluded: content forms made from others' videos are
// forms; forms run together are excluded one by one, a 纯 before them
// and a creator noun after them are frame; 不接受 excludes and a slash
// lists what it refuses; the verb 做 is never excluded (audit 22,
// class 3).
func TestReuseFormsExcluded(t *testing.T) {
	for _, tc := range []struct {
		in    string
		want  []string
		frame []string
	}{
		{"美食博主，不要纯切片二创号", []string{`keyword keyword not_contains "切片" applied`, `keyword keyword not_contains "二创" applied`}, []string{"纯", "号"}},
		{"别找纯搬运的游戏号，日本", []string{`keyword keyword not_contains "搬运" applied`, `hard country eq "JP"`}, []string{"纯"}},
		{"不要评测开箱类的", []string{`keyword keyword not_contains "评测" applied`, `keyword keyword not_contains "开箱" applied`}, nil},
		{"音乐频道，不接受翻唱/纯音乐", []string{`keyword keyword not_contains "翻唱" applied`, `keyword keyword not_contains "纯音乐" applied`}, []string{"接受"}},
		{"不能接受录播/切片的主播", []string{`keyword keyword not_contains "录播" applied`, `keyword keyword not_contains "切片" applied`}, []string{"接受"}},
		{"gaming creators, we do not accept reaction channels", []string{`keyword keyword not_contains "reaction" applied`}, []string{"accept"}},
		{"we cannot accept compilations or reuploads, UK", []string{`keyword keyword not_contains "compilations" applied`, `keyword keyword not_contains "reuploads" applied`}, []string{"accept"}},
		{"排除做 reaction 的，美国游戏博主", []string{`keyword keyword not_contains "reaction" applied`, `hard country eq "US"`}, []string{"做"}},
		{"搞笑博主，去掉做 compilation 的", []string{`keyword keyword not_contains "compilation" applied`}, []string{"做"}},
		{"不要做搬运的", []string{`keyword keyword not_contains "搬运" applied`}, []string{"做"}},
	} {
		r := readAt(t, tc.in, tc.want, nil)
		noTerm(t, r, tc.frame...)
	}
	// a reuse form wanted in a sentence ranks; glued to an unknown word it
	// stays inside it.
	readAt(t, "找做切片的游戏主播", []string{`keyword keyword contains "切片" reference`}, nil)
	readAt(t, "宠物用品开箱达人", []string{`keyword keyword contains "宠物用品开箱"`}, nil)
	// in a terse list a form that opens its item is a keyword as typed
	readAt(t, "切片号，日本", []string{`keyword keyword contains "切片" applied`, `hard country eq "JP"`}, nil)
	readAt(t, "reaction channels, Japan", []string{`keyword keyword contains "reaction" applied`}, nil)
	readAt(t, "unboxing channels, Canada", []string{`keyword keyword contains "unboxing" applied`}, nil)
}

// TestSortHeading: a sort word heading a "heading: value" item is the
// sort request and its value the measure; neither is a term, a wish or
// unread text (audit 22, class 5).
func TestSortHeading(t *testing.T) {
	for _, tc := range []struct{ in, by string }{
		{"fitness creators in Chile. Sort: engagement.", "engagement"},
		{"travel vloggers, sort: views", SortAvgViews},
		{"Sort: followers", SortFollowers},
		{"美妆博主，日本，排序：粉丝数", SortFollowers},
		{"游戏主播 / 排序：播放量", SortAvgViews},
		{"排序：互动，宠物博主", "engagement"},
	} {
		r := readAt(t, tc.in, nil, nil)
		if r.Sort == nil || r.Sort.By != tc.by {
			t.Errorf("Read(%q): sort %+v, want by %s", tc.in, r.Sort, tc.by)
		}
		for _, c := range r.Conditions {
			if c.Field == "preference" || c.Kind == "keyword" {
				t.Errorf("Read(%q): the sort's words read as %s", tc.in, brief(c))
			}
		}
		for _, sp := range r.Remainder {
			t.Errorf("Read(%q): unread %q", tc.in, sp.Text)
		}
	}
}

// TestSlashListItems: a typed slash list is read item by item as a
// sentence would be; a lone capital X item is the platform X, and a CJK
// item opening with a category word glued to words of its own names the
// category while the rest ranks (audit 22, class 4).
func TestSlashListItems(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		not  []string
	}{
		{"X / 游戏剧情考据 / 美国 / 1万+", []string{`hard platform eq "x"`, `hard category eq "gaming" applied`, `keyword keyword contains "剧情考据" reference`, `hard country eq "US"`, `hard followers gte 10000`}, []string{"游戏剧情"}},
		{"YouTube / 科技极客改装 / 日本 / 日语 / 近两周", []string{`hard category eq "tech" applied`, `keyword keyword contains "极客改装" reference`, `hard language eq "ja"`, `hard last_active within_days 14`}, []string{"科技极客"}},
		{"美妆成分分析 / 英国 / 5万+ / 按互动排", []string{`hard category eq "beauty" applied`, `keyword keyword contains "成分分析" reference`, `hard country eq "GB"`}, []string{"美妆成分"}},
		{"X / 新闻时政评论 / 印度 / 英文 / 近30天", []string{`hard platform eq "x"`, `hard category eq "news" applied`, `keyword keyword contains "时政评论" reference`, `hard country eq "IN"`, `hard language eq "en"`, `hard last_active within_days 30`}, nil},
	} {
		r := readAt(t, tc.in, tc.want, tc.not)
		noTerm(t, r, "/")
	}
	// outside a slash list a category word glued to an unknown word stays
	// inside the keyword, and a lone x is a letter
	readAt(t, "游戏剧情考据，美国", []string{`keyword keyword contains "游戏剧情考据" applied`}, nil)
	r := readAt(t, "X, 美国, 科技", nil, nil)
	for _, c := range r.Conditions {
		if c.Field == "platform" {
			t.Errorf("Read(%q): a lone X outside a slash list read as %s", r.Input, brief(c))
		}
	}
	// X上 is on X
	readAt(t, "X上做AI的科技博主", []string{`hard platform eq "x" applied`}, []string{"x上"})
}

// TestComparativeRecentFirst: "the more recent uploads first", "newer
// posts on top" sort by recency; no window, no keyword (audit 22).
func TestComparativeRecentFirst(t *testing.T) {
	for _, in := range []string{"and the more recent uploads first", "newer posts on top please", "put the more recently active ones first"} {
		r, err := Read(in)
		if err != nil {
			t.Fatal(err)
		}
		if r.Sort == nil || r.Sort.By != SortRecent {
			t.Errorf("Read(%q): sort %+v, want recent", in, r.Sort)
		}
		for _, c := range r.Conditions {
			t.Errorf("Read(%q): condition %s %s %v, want none", in, c.Field, c.Op, c.Value)
		}
	}
}
