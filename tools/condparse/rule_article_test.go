package condparse

import (
	"slices"
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// TestArticleNotCount: 一 and a measure word before a thing that is not
// the creators (一个品牌, 一所大学, 一家公司) are an article, no result
// count and no word of a term; before the creators (一个美妆博主) or
// alone (就要一个) they still count results. A clause opened by 给/替/为
// says whom the search is for: frame, never "not understood".
func TestArticleNotCount(t *testing.T) {
	for _, tc := range []struct {
		in       string
		quantity string // "" for none
	}{
		{"给一个电动车品牌找推特上的科技博主，德国、法国都可以", ""},
		{"我们是一家日本的护肤品公司，想找美国的美妆博主", ""},
		{"香港一所大学的市场部：想找香港的学生博主", ""},
		{"替客户找几个日本的美食博主", ""},
		{"为我们的新品找美国的科技博主", ""},
		{"帮我找一个美妆博主", "一个"},
		{"找一个就行，美国的美妆博主", "一个"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			r, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if r.Quantity != nil {
				got = r.Quantity.Text
			}
			if strings.TrimSpace(got) != tc.quantity {
				t.Errorf("quantity %q, want %q", got, tc.quantity)
			}
			for _, c := range r.Conditions {
				if s := c.Value.Str; strings.HasPrefix(s, "一") || strings.HasPrefix(s, "给") || strings.HasPrefix(s, "替") || strings.HasPrefix(s, "为") {
					t.Errorf("term %q keeps the article or the beneficiary word", s)
				}
			}
			for _, rem := range r.Remainder {
				if t0 := strings.TrimSpace(rem.Text); t0 == "给" || t0 == "替" || t0 == "为" || strings.HasPrefix(t0, "一") {
					t.Errorf("remainder %q", t0)
				}
			}
		})
	}
}

// TestBackParticle: "back" after the object of bring/put/switch is frame,
// never "not understood"; the object is read as before.
func TestBackParticle(t *testing.T) {
	for _, in := range []string{"bring NZ back and also Ireland", "put the UK back", "switch it back to English"} {
		r, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, rem := range r.Remainder {
			if strings.Contains(strings.ToLower(rem.Text), "back") {
				t.Errorf("%q: remainder %q", in, rem.Text)
			}
		}
		for _, c := range r.Conditions {
			if strings.Contains(strings.ToLower(c.Value.Str), "back") {
				t.Errorf("%q: term %q", in, c.Value.Str)
			}
		}
	}
}

// TestForWhom: whom the search is for (给/替/为 … up to 找) is frame, never
// a ranking term or a keyword: "想给上小学的女儿找…", "帮我替老板找…".
func TestForWhom(t *testing.T) {
	for _, in := range []string{"我是一名家长，想给上小学的女儿找教画画的账号", "帮我替我们老板找几个韩国的时尚博主", "想为刚退休的爸爸找钓鱼频道"} {
		r, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range r.Conditions {
			for _, w := range []string{"女儿", "老板", "爸爸", "给", "替", "为"} {
				if strings.Contains(c.Value.Str, w) {
					t.Errorf("%q: term %q holds %q", in, c.Value.Str, w)
				}
			}
		}
	}
}

// TestDeadlinePricePerPost: a deadline said as a date with spaces ("12 月
// 20 号前要定人") is the campaign's timing, never a result count or a term;
// a price per post ("3000 欧一条") is no result count; 帮 opening a clause
// for whom the brief is ("帮一家流媒体平台推新剧") is frame.
func TestDeadlinePricePerPost(t *testing.T) {
	for _, in := range []string{"找新加坡的美妆博主，粉丝2w-10w，12 月 20 号前要定人", "找法国的旅行博主，预算 500 欧一篇", "帮一家咖啡连锁推新品，找韩国的美食博主"} {
		r, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		if r.Quantity != nil {
			t.Errorf("%q: result count %q", in, r.Quantity.Text)
		}
		for _, c := range r.Conditions {
			if c.Kind == condition.KindKeyword && (strings.Contains(c.Value.Str, "定人") || strings.Contains(c.Value.Str, "帮")) {
				t.Errorf("%q: term %q", in, c.Value.Str)
			}
		}
		for _, rem := range r.Remainder {
			if rem.Role == "" {
				t.Errorf("%q: not understood %q", in, rem.Text)
			}
		}
	}
}

// TestZhWriterRole: the writer's role said first in Chinese (我是达人经纪人，
// 我是一名营销实习生，想找…) is frame, as "I'm a talent manager" is; a creator
// introducing themselves (我是美妆博主) keeps its category.
func TestZhWriterRole(t *testing.T) {
	for _, tc := range []struct{ in, role string }{
		{"我是达人经纪人，帮一个品牌找泰国的美食达人", "经纪人"},
		{"我是一名市场部实习生，想找韩国的时尚博主", "实习生"},
		{"本人是公关顾问，需要英国的科技博主", "顾问"},
	} {
		r, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range r.Conditions {
			if strings.Contains(c.Value.Str, tc.role) {
				t.Errorf("%q: term %q holds the writer's role", tc.in, c.Value.Str)
			}
		}
		for _, rem := range r.Remainder {
			if strings.Contains(rem.Text, tc.role) {
				t.Errorf("%q: %q not understood", tc.in, rem.Text)
			}
		}
	}
	r, err := Parse("我是美妆博主，想找同量级的互推")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(r.Conditions, func(c Condition) bool { return c.Field == condition.Category }) {
		t.Errorf("a creator's self-introduction lost its category: %+v", r.Conditions)
	}
}
