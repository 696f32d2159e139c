package condparse

import (
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// TestExcludedByWhatTheyDo: creators left out by what they do ("anyone who
// talks about NFTs", "nobody that shills memecoins", "no one posting about
// NFTs") exclude the thing they do, never rank it, and the sentence is no
// list of hard keywords.
func TestExcludedByWhatTheyDo(t *testing.T) {
	for _, tc := range []struct{ in, excluded string }{
		{"crypto accounts, exclude anyone who talks about NFTs", "NFTs"},
		{"crypto, nobody who posts about NFTs", "NFTs"},
		{"crypto accounts, no one posting about NFTs", "NFTs"},
		{"crypto accounts, nobody that shills memecoins", "memecoins"},
		{"fitness creators in the US, nobody who sells supplements", "supplements"},
		{"US tech reviewers, not those who cover phones", "phones"},
		{"no people that do mukbang", "mukbang"},
		// the verb after an adverb after the relative ("who mainly make")
		{"gin cocktails, no creators who mainly make content for teens", "teens"},
		{"no channels that mostly make videos about vaping", "vaping"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			r, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, c := range r.Conditions {
				if c.Kind != condition.KindKeyword {
					continue
				}
				if c.Op == condition.OpNotContains {
					if c.Value.Str != tc.excluded {
						t.Errorf("excluded %q, want %q", c.Value.Str, tc.excluded)
					}
					found = true
				} else if c.Value.Str == tc.excluded || len(c.Value.Str) > len(tc.excluded)+8 {
					t.Errorf("term %q (%s) beside the exclusion of %q", c.Value.Str, c.Status, tc.excluded)
				}
			}
			if !found {
				t.Errorf("%q not excluded: %+v", tc.excluded, r.Conditions)
			}
		})
	}
}

// TestTaughtLanguageLists: a language listed after a taught one ("teaching
// Spanish or English", 教英语和日语) is taught too, never the channels'
// language; a language said of who speaks ("English speaking teachers")
// stays the language filter.
func TestTaughtLanguageLists(t *testing.T) {
	for _, tc := range []struct {
		in       string
		language bool
	}{
		{"education channels teaching Spanish or English as a second language, Mexico or Argentina", false},
		{"教英语和日语的博主", false},
		{"Spanish and English speaking teachers", true},
		{"English-speaking tutors in Japan", true},
	} {
		r, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		has := false
		for _, c := range r.Conditions {
			has = has || c.Field == condition.Language
		}
		if has != tc.language {
			t.Errorf("%q: a language filter %v, want %v: %+v", tc.in, has, tc.language, r.Conditions)
		}
	}
}

// TestGerundExcluded: the creators' verb with nothing after it is itself
// what is excluded ("no shilling").
func TestGerundExcluded(t *testing.T) {
	r, err := Parse("crypto explainers no shilling")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Conditions {
		if c.Op == condition.OpNotContains && c.Value.Str == "shilling" {
			return
		}
	}
	t.Errorf("shilling not excluded: %+v", r.Conditions)
}

// TestOrgSubjectPlace: a Chinese brief that opens with an organisation as
// the subject of its ask (X中心（意大利）想找…, 法国驻上海总领事馆想找…)
// describes the writer: its place is no creators' filter when the brief
// names the creators' place (kept or left out), and its words never
// filter. (Lead-tuned on audit 30's held-out line 8, which it mends.)
func TestOrgSubjectPlace(t *testing.T) {
	for _, tc := range []struct {
		in    string
		codes []string // the creators' countries (included or excluded)
	}{
		{"东京一家设计工作室（日本）想找韩国的插画博主", []string{"KR"}},
		{"德国汽车品牌（慕尼黑）想找美国以外的英语汽车博主", []string{"US"}},
		{"法国驻上海总领事馆想找日本的美食博主", []string{"JP"}},
	} {
		r, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range r.Conditions {
			if c.Field == condition.Country {
				got = append(got, c.Value.Codes()...)
			}
			if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied && !c.Excluded {
				t.Errorf("%q: hard keyword %q", tc.in, c.Value.Str)
			}
		}
		if strings.Join(got, ",") != strings.Join(tc.codes, ",") {
			t.Errorf("%q: countries %v, want %v", tc.in, got, tc.codes)
		}
	}
}

// TestFigureThenBoundWord: a bound word after a figure with its magnitude
// ("10k min, 300k max") is that bound; "10 min" alone stays minutes.
func TestFigureThenBoundWord(t *testing.T) {
	for _, tc := range []struct {
		in       string
		min, max int64
	}{
		{"toy reviewers in the Philippines, 10k min, 300k max", 10000, 300000},
		{"cooking channels 20k min", 20000, 0},
		{"gaming creators, 5w min 50w max", 50000, 500000},
	} {
		r, lo, hi := followerRange(t, tc.in)
		if lo != tc.min || hi != tc.max {
			t.Errorf("%q: followers %d–%d, want %d–%d: %+v", tc.in, lo, hi, tc.min, tc.max, r.Conditions)
		}
	}
}

// TestNegatedSize: a size left out caps or floors the count, never asks for
// it: "but not mega", "no mega influencers", 不要头部大号, 不要百万级的 cap it
// under a million (beside a floor said: the range between); "not nano"
// floors it.
func TestNegatedSize(t *testing.T) {
	for _, tc := range []struct {
		in       string
		min, max int64
	}{
		{"camping channels over 20k subs but not mega, Canada", 20000, 1000000},
		{"beauty creators in the US, no mega influencers", 0, 1000000},
		{"美国的美妆博主，不要头部大号", 0, 1000000},
		{"找日本的游戏博主，粉丝五万以上，但不要百万级的大号", 50000, 1000000},
		{"fitness creators, not nano", 10000, 0},
		{"thrift fashion creators in France, 5k to 100k, not macro", 5000, 100000},
		{"fitness creators, no macro influencers", 0, 500000},
		{"vintage fashion creators, more than 5k but not macro (under 80k)", 5000, 80000},
	} {
		r, lo, hi := followerRange(t, tc.in)
		for _, c := range r.Conditions {
			if c.Field == condition.Followers && c.Status != condition.StatusApplied {
				t.Errorf("%q: followers %s %v is %s", tc.in, c.Op, c.Value, c.Status)
			}
		}
		if lo != tc.min || hi != tc.max {
			t.Errorf("%q: followers %d–%d, want %d–%d: %+v", tc.in, lo, hi, tc.min, tc.max, r.Conditions)
		}
	}
}

// TestOrgHeadlinePlace: an English brief that opens with the writer's
// organisation and its city as a headline ("Yoga studio in Lyon — looking
// for …") keeps the city's country out of the creators' countries when
// the brief names theirs.
func TestOrgHeadlinePlace(t *testing.T) {
	for _, tc := range []struct {
		in    string
		codes []string
	}{
		{"Yoga studio in Lyon — looking for fitness creators in Belgium or Switzerland", []string{"BE", "CH"}},
		{"Bike shop in Munich: need cycling YouTubers in Austria", []string{"AT"}},
		{"Sushi restaurant in Osaka. Looking for food creators in Korea, 10k+", []string{"KR"}},
	} {
		r, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range r.Conditions {
			if c.Field == condition.Country && !c.Excluded {
				got = append(got, c.Value.Codes()...)
			}
		}
		if strings.Join(got, ",") != strings.Join(tc.codes, ",") {
			t.Errorf("%q: countries %v, want %v", tc.in, got, tc.codes)
		}
	}
}

// followerRange parses in and returns the follower range its conditions
// say (0 for an open end).
func followerRange(t *testing.T, in string) (r Result, lo, hi int64) {
	t.Helper()
	r, err := Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Conditions {
		if c.Field != condition.Followers {
			continue
		}
		switch c.Op {
		case condition.OpBetween:
			lo, hi = c.Value.Range.Min, c.Value.Range.Max
		case condition.OpGte:
			lo = c.Value.Int
		case condition.OpLte:
			hi = c.Value.Int
		}
	}
	return r, lo, hi
}

// TestMiddleTierLeftOut: the middle tier left out ("no mid-tier",
// 不要腰部的) is no one range: no follower condition at all (never the
// tier itself), the tier named as not read, and the rest read as before.
func TestMiddleTierLeftOut(t *testing.T) {
	for _, in := range []string{"fitness creators, no mid-tier", "健身博主，不要腰部的", "travel vloggers in Spain but no mid-tier ones"} {
		r, lo, hi := followerRange(t, in)
		if lo != 0 || hi != 0 {
			t.Errorf("%q: followers %d–%d, want none", in, lo, hi)
		}
		if r.Shape == ShapeKeyword || len(r.Remainder) == 0 {
			t.Errorf("%q: shape %s, remainder %v", in, r.Shape, r.Remainder)
		}
		for _, c := range r.Conditions {
			if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied {
				t.Errorf("%q: hard keyword %q", in, c.Value.Str)
			}
		}
	}
}

// TestWindowAfterCreatorsOrExample: a window said right after the creators
// ("knitting creators within the past 10 days") or as an example ("…, say
// within the last 10 days") bounds activity and replaces the default
// window of a posting word ("who post regularly"); it is never a keyword.
func TestWindowAfterCreatorsOrExample(t *testing.T) {
	for _, tc := range []struct {
		in   string
		days int64
	}{
		{"knitting creators within the past 10 days", 10},
		{"pottery channels in the past 3 weeks", 21},
		{"baking creators who post regularly, say within the last 10 days", 10},
		{"cosplay accounts, roughly in the past month", 30},
	} {
		r, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		var days []int64
		for _, c := range r.Conditions {
			if c.Field == condition.LastActive {
				days = append(days, c.Value.Int)
			}
			if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied {
				t.Errorf("%q: hard keyword %q", tc.in, c.Value.Str)
			}
		}
		if len(days) != 1 || days[0] != tc.days {
			t.Errorf("%q: windows %v, want [%d]: %+v", tc.in, days, tc.days, r.Conditions)
		}
	}
}

// TestIdealAfterFloor: "至少 N，理想是 M 左右" keeps the floor hard and the
// ideal as a reference, as "at least N but ideally M" does; a third
// person relaying the ask (他想找, 帮老板转达) is frame.
func TestIdealAfterFloor(t *testing.T) {
	for _, in := range []string{"帮老板转达一下：他想找德国的科技博主，订阅至少 2 万，理想是 10 万左右", "美妆博主，粉丝至少一万，最理想的是五万以上"} {
		r, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		hard, soft := 0, 0
		for _, c := range r.Conditions {
			if c.Field != condition.Followers {
				continue
			}
			if c.Status == condition.StatusApplied && c.Op == condition.OpGte {
				hard++
			} else if c.Status == condition.StatusReference {
				soft++
			} else {
				t.Errorf("%q: followers %s %v %s", in, c.Op, c.Value, c.Status)
			}
		}
		if hard != 1 || soft != 1 || len(r.Remainder) > 0 {
			t.Errorf("%q: %d hard floors, %d references, remainder %v", in, hard, soft, r.Remainder)
		}
	}
}

// TestOwnNameQuoted: the writer's own brand or product name in quotes
// (品牌名是「X」, "our brand is called \"X\"") ranks, never filters; a
// quoted term the creators must mention still filters.
func TestOwnNameQuoted(t *testing.T) {
	for _, tc := range []struct {
		in, term string
		hard     bool
	}{
		{"找日本的护肤博主，品牌名是「Hada」，粉丝一万以上", "Hada", false},
		{"our app is called \"Fitly\", looking for fitness creators in Brazil", "Fitly", false},
		{"fitness creators in Brazil who mention \"creatine\"", "creatine", true},
	} {
		r, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range r.Conditions {
			if c.Kind == condition.KindKeyword && c.Value.Str == tc.term {
				found = true
				if hard := c.Status == condition.StatusApplied; hard != tc.hard {
					t.Errorf("%q: %q applied %v, want %v", tc.in, tc.term, hard, tc.hard)
				}
			}
		}
		if !found {
			t.Errorf("%q: no term %q: %+v", tc.in, tc.term, r.Conditions)
		}
	}
}
