package number

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseCount(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"3000", 3000, true},
		{"1,000", 1000, true},
		{"1,234,567", 1234567, true},
		{"5k", 5000, true},
		{"5K", 5000, true},
		{"1.5w", 15000, true},
		{"2W", 20000, true},
		{"1w", 10000, true},
		{"10万", 100000, true},
		{"10萬", 100000, true},
		{"1.2M", 1200000, true},
		{"1.5 million", 1500000, true},
		{"2 millions", 2000000, true},
		{"100 thousand", 100000, true},
		{"3千", 3000, true},
		{"1亿", 100000000, true},
		{"2.5亿", 250000000, true},
		{"1B", 1000000000, true},
		{"百万", 1000000, true},
		{"千", 1000, true},
		{"十万", 100000, true},
		{"一百五十万", 1500000, true},
		{"两千", 2000, true},
		{"一万五", 15000, true},
		{"三千五", 3500, true},
		{"一千零五", 1005, true},
		{"千万", 10000000, true},
		{"1.2345k", 1235, true},
		{"0.5k", 500, true},
		{"５ｋ", 5000, true},
		{" 20k ", 20000, true},
		{"", 0, false},
		{"k", 0, false},
		{"-5k", 0, false},
		{"5km", 0, false},
		{"5 m", 0, false},
		{"5k+", 0, false},
		{"abc", 0, false},
		{"1.5.5", 0, false},
		{"99999999999999999999", 0, false},
		{"2000000b", 0, false},
	}
	for _, tc := range tests {
		got, ok := ParseCount(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseCount(%q) = %d, %v, want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func i64(v int64) *int64 { return &v }

func TestParseRange(t *testing.T) {
	tests := []struct {
		in   string
		want Range
	}{
		{"1w+", Range{Min: i64(10000)}},
		{"5k-20k", Range{Min: i64(5000), Max: i64(20000)}},
		{"5K-20K", Range{Min: i64(5000), Max: i64(20000)}},
		{"1-5w", Range{Min: i64(10000), Max: i64(50000)}},
		{"1.5-2w", Range{Min: i64(15000), Max: i64(20000)}},
		{"一到五万", Range{Min: i64(10000), Max: i64(50000)}},
		{"20k-5k", Range{Min: i64(5000), Max: i64(20000)}},
		{"10万以上", Range{Min: i64(100000)}},
		{"10万粉以下", Range{Max: i64(100000)}},
		{"不超过5万", Range{Max: i64(50000)}},
		{"不低于5万", Range{Min: i64(50000)}},
		{"不少于 3000", Range{Min: i64(3000)}},
		{"no less than 20k", Range{Min: i64(20000)}},
		{"over 100k", Range{Min: i64(100000)}},
		{"over 10k", Range{Min: i64(10000)}},
		{"less than 50k", Range{Max: i64(50000)}},
		{"cap changed to 80k", Range{Max: i64(80000)}},
		{"keep the cap at 30k", Range{Max: i64(30000)}},
		{"capital city creators over 10k", Range{Min: i64(10000)}},
		{"caption writers 20k", Range{Min: i64(20000)}},
		{"between 10k and 50k", Range{Min: i64(10000), Max: i64(50000)}},
		{"10k to 50k", Range{Min: i64(10000), Max: i64(50000)}},
		{"1万到5万", Range{Min: i64(10000), Max: i64(50000)}},
		{"1.5 million", Range{Min: i64(1500000)}},
		{"三千", Range{Min: i64(3000)}},
		{"3000+", Range{Min: i64(3000)}},
		{"1,000,000", Range{Min: i64(1000000)}},
		{"粉丝5万以内的博主", Range{Max: i64(50000)}},
		{"粉丝至多3千", Range{Max: i64(3000)}},
		{"up to 2k", Range{Max: i64(2000)}},
		{"500 <", Range{Min: i64(500)}},
		{"< 500", Range{Max: i64(500)}},
		{"粉丝5万的中国博主", Range{Min: i64(50000)}},
		{"粉丝１０万以上", Range{Min: i64(100000)}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseRange(tc.in)
			if err != nil {
				t.Fatalf("ParseRange(%q) error = %v", tc.in, err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ParseRange(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
	for _, in := range []string{"no number", "", "千万别"} {
		if got, err := ParseRange(in); err == nil {
			t.Errorf("ParseRange(%q) = %v, want an error", in, got)
		}
	}
}

func TestRangeOpAndValue(t *testing.T) {
	tests := []struct {
		r      Range
		op     string
		value  any
		render string
	}{
		{Range{Min: i64(10000)}, "gte", int64(10000), ">=10000"},
		{Range{Max: i64(5)}, "lte", int64(5), "<=5"},
		{Range{Min: i64(5), Max: i64(9)}, "between", []int64{5, 9}, "5-9"},
		{Range{Min: i64(7), Max: i64(7)}, "eq", int64(7), "=7"},
		{Range{}, "gte", nil, ""},
	}
	for _, tc := range tests {
		if got := tc.r.Op(); got != tc.op {
			t.Errorf("%v.Op() = %q, want %q", tc.r, got, tc.op)
		}
		if diff := cmp.Diff(tc.value, tc.r.FilterValue()); diff != "" {
			t.Errorf("%v.FilterValue() mismatch (-want +got):\n%s", tc.r, diff)
		}
		if got := tc.r.String(); got != tc.render {
			t.Errorf("String() = %q, want %q", got, tc.render)
		}
	}
}

func TestFind(t *testing.T) {
	got := Find("粉丝 1w+，均播 3000，两周内，千万别")
	var vals []int64
	for _, f := range got {
		vals = append(vals, f.Value)
	}
	if diff := cmp.Diff([]int64{10000, 3000, 2}, vals); diff != "" {
		t.Errorf("Find values mismatch (-want +got):\n%s", diff)
	}
	s := "over 10k subs"
	f := Find(s)
	if len(f) != 1 || s[f[0].Start:f[0].End] != "10k" {
		t.Errorf("Find(%q) = %+v, want one number spanning \"10k\"", s, f)
	}
}

func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"1w+", "5k-20k", "一到五万", "between 10k and 50k", "粉丝１０万以上"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRange(s)
		if err != nil {
			return
		}
		if r.Min != nil && r.Max != nil && *r.Min > *r.Max {
			t.Errorf("ParseRange(%q) = %v: min over max", s, r)
		}
	})
}

func TestEnglishWord(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"two", 2, true},
		{" Twenty ", 20, true},
		{"a", 1, true},
		{"an", 1, true},
		{"fifteen", 15, true},
		{"zwei", 0, false},
		{"", 0, false},
	}
	for _, tc := range tests {
		got, ok := EnglishWord(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("EnglishWord(%q) = %d, %v, want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// TestScanPercent holds the percentage written in words: 百分之 and a
// Chinese or Arabic number, in basis points; anything else is none.
func TestScanPercent(t *testing.T) {
	for _, tc := range []struct {
		in   string
		bp   int64
		end  int // runes read
		want bool
	}{
		{"百分之三", 300, 4, true},
		{"百分之三以上", 300, 4, true},
		{"百分之十五", 1500, 5, true},
		{"百分之二十五的", 2500, 6, true},
		{"百分之三点五", 350, 6, true},
		{"百分之零点五", 50, 6, true},
		{"百分之百", 10000, 4, true},
		{"百分之2.5", 250, 6, true},
		{"百分之１０", 1000, 5, true},
		{"百分之0.125", 13, 8, true},
		{"百分之", 0, 0, false},
		{"百分之5k", 0, 0, false},
		{"百分百", 0, 0, false},
		{"一百", 0, 0, false},
	} {
		n, end, ok := ScanPercent(Fold(tc.in), 0)
		if ok != tc.want || ok && (n.BasisPoints != tc.bp || end != tc.end || !n.Percent) {
			t.Errorf("ScanPercent(%q) = %+v, %d, %v; want %d bp, %d runes, %v", tc.in, n, end, ok, tc.bp, tc.end, tc.want)
		}
	}
	if n, _, ok := ScanChinese(Fold("百分之三"), 0); !ok || !n.Percent || n.Value != 3 {
		t.Errorf("ScanChinese(百分之三) = %+v, %v; want the percentage 3", n, ok)
	}
	if v, ok := ParseCount("百分之三"); ok {
		t.Errorf("ParseCount(百分之三) = %d, true; a percentage is no count", v)
	}
	f := Find("互动率百分之三以上，百搭")
	if len(f) != 1 || !f[0].Percent || f[0].BasisPoints != 300 || "互动率百分之三以上，百搭"[f[0].Start:f[0].End] != "百分之三" {
		t.Errorf("Find(互动率百分之三以上，百搭) = %+v, want one percentage spanning 百分之三", f)
	}
}

func TestScanEnglish(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		end  string // the text left after the count
		ok   bool
	}{
		{"twenty thousand", 20000, "", true},
		{"fifty thousand subscribers", 50000, " subscribers", true},
		{"a million", 1000000, "", true},
		{"one hundred thousand", 100000, "", true},
		{"two hundred and fifty thousand fans", 250000, " fans", true},
		{"twenty-five thousand", 25000, "", true},
		{"twenty five thousand", 25000, "", true},
		{"half a million", 500000, "", true},
		{"a couple hundred thousand followers", 200000, " followers", true},
		{"a couple of thousand", 2000, "", true},
		{"couple hundred thousand", 200000, "", true},
		{"one million two hundred thousand", 1200000, "", true},
		{"twenty thousand five", 20000, " five", true},
		{"Ten Thousand", 10000, "", true},
		{"a few thousand", 10000, "", true}, // 1000–10000, as 几千 (audit 25)
		{"thousands", 0, "", false},
		{"two weeks", 0, "", false},
		{"a hundred", 0, "", false},
		{"twenty", 0, "", false},
		{"a", 0, "", false},
	}
	for _, tc := range tests {
		rs := Fold(tc.in)
		n, e, ok := ScanEnglish(rs, 0)
		if ok != tc.ok || ok && (n.Value != tc.want || string(rs[e:]) != strings.ToLower(tc.end)) {
			t.Errorf("ScanEnglish(%q) = %d, %q, %v; want %d, %q, %v", tc.in, n.Value, string(rs[e:]), ok, tc.want, tc.end, tc.ok)
		}
	}
}
