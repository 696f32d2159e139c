package condparse

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/internal/testwait"
	"searchagent/tools/condition"
	"searchagent/tools/platform"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want error
	}{
		{"100 KB", strings.Repeat("a", 100*1024), ErrTooLong},
		{"one byte over", strings.Repeat("a", MaxInputLen+1), ErrTooLong},
		{"invalid UTF-8", "swim \xff vest", ErrInvalidUTF8},
		{"truncated rune", "美\xe5\x9b", ErrInvalidUTF8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.in)
			if !errors.Is(err, tc.want) {
				t.Errorf("Parse(%.20q…) error = %v, want %v", tc.in, err, tc.want)
			}
		})
	}
	for _, in := range []string{strings.Repeat("美", MaxInputLen/3), strings.Repeat("a", MaxInputLen)} {
		if _, err := Parse(in); err != nil {
			t.Errorf("Parse(%d bytes) error = %v, want nil (at most %d)", len(in), err, MaxInputLen)
		}
	}
}

func TestOptionErrors(t *testing.T) {
	tests := []struct {
		name string
		opt  Option
	}{
		{"nil matcher", WithChannelNames(nil)},
		{"zero days", WithRecentDays(0)},
		{"too many days", WithRecentDays(5000)},
		{"bad platform", WithPlatform("myspace")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := New(tc.opt); !errors.Is(err, ErrBadOption) {
				t.Errorf("New(%s) error = %v, want ErrBadOption", tc.name, err)
			}
			if _, err := Parse("x", tc.opt); !errors.Is(err, ErrBadOption) {
				t.Errorf("Parse with %s error = %v, want ErrBadOption", tc.name, err)
			}
		})
	}
}

func TestWithRecentDays(t *testing.T) {
	// the allowed range is 1..3650, both ends included.
	for _, days := range []int{1, 14, 3650} {
		r, err := Parse("最近活跃的博主", WithRecentDays(days))
		if err != nil {
			t.Fatalf("Parse with WithRecentDays(%d) error %v", days, err)
		}
		got := briefs(r)
		want := []string{fmt.Sprintf("hard last_active within_days %d applied", days)}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Parse with WithRecentDays(%d) (-want +got):\n%s", days, diff)
		}
	}
}

func TestWithPlatform(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"IG 美妆博主", []string{`hard platform eq "instagram" pending !platform_mismatch`, `hard category eq "beauty" applied`}},
		{"YouTube 美妆博主", []string{`hard platform eq "youtube" applied`, `hard category eq "beauty" applied`}},
		{"美妆博主，不要 YouTube", []string{`hard category eq "beauty" applied`, `hard platform not_in [youtube] pending !platform_mismatch`}},
	}
	for _, tc := range tests {
		r, err := Parse(tc.in, WithPlatform(platform.YouTube))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, briefs(r)); diff != "" {
			t.Errorf("Parse(%q, WithPlatform(youtube)) (-want +got):\n%s", tc.in, diff)
		}
	}
}

// TestPlatformCodes checks every platform the lexicon emits against the
// shared platform package.
func TestPlatformCodes(t *testing.T) {
	for _, in := range []string{"youtube", "油管", "ig", "ins", "instagram", "tiktok", "抖音国际版", "推特", "twitter", "on X", "YouTubers", "tiktokers"} {
		r, err := Parse(in + " 美国")
		if err != nil {
			t.Fatal(err)
		}
		ps := r.ByField(condition.Platform)
		if len(ps) != 1 {
			t.Errorf("Parse(%q) platform conditions = %v, want one", in, briefs(r))
			continue
		}
		p := platform.Platform(ps[0].Value.Str)
		if !p.Valid() {
			t.Errorf("Parse(%q) platform %q is not a tools/platform value", in, p)
		}
		if q, err := platform.Parse(string(p)); err != nil || q != p {
			t.Errorf("platform.Parse(%q) = %q, %v", p, q, err)
		}
	}
}

type fakeNames map[string]string // name → channel id

func (f fakeNames) MatchNames(text string) []NameMatch {
	var out []NameMatch
	for name, id := range f {
		if i := strings.Index(text, name); i >= 0 {
			out = append(out, NameMatch{Start: i, End: i + len(name), ChannelID: id, Name: name})
		}
	}
	// out-of-range and misaligned matches must be ignored, not panic.
	out = append(out, NameMatch{Start: -1, End: 3, ChannelID: "bad"}, NameMatch{Start: 0, End: len(text) + 5, ChannelID: "bad"},
		NameMatch{Start: 1, End: 2, ChannelID: "bad"})
	return out
}

func TestWithChannelNames(t *testing.T) {
	m := fakeNames{"Linus Tech Tips": "UCXuqSBlHAE6Xw-yeJA0Tunw", "老高与小茉": "UCMUnInmOkrWN4gof9KlhNmQ",
		"Sony Music India": "UC56gTxNs4f9xZ7Pa2i5xNzg", "YouTube": "UCBR8-60-B28hp2BmDPdntcQ", "Ali": "UCali"}
	tests := []struct {
		in    string
		shape Shape
		want  []string
	}{
		{"像 Linus Tech Tips 这样的美国科技博主", ShapeMixed, []string{
			`anchor channel eq "UCXuqSBlHAE6Xw-yeJA0Tunw" applied`, `hard country eq "US" applied`, `hard category eq "tech" applied`}},
		{"类似老高与小茉的频道，粉丝 10 万以上", ShapeMixed, []string{
			`anchor channel eq "UCMUnInmOkrWN4gof9KlhNmQ" applied`, `hard followers gte 100000 applied`}},
		// keyword shape stays classic: no anchor from a name.
		{"Linus Tech Tips", ShapeKeyword, []string{`keyword keyword contains "Linus Tech Tips" applied`}},
		// an exact name wins over the vocabulary inside it (P0) …
		{"类似 Sony Music India 的频道，最近活跃", ShapeMixed, []string{
			`anchor channel eq "UC56gTxNs4f9xZ7Pa2i5xNzg" applied`, `hard last_active within_days 30 applied`}},
		// … but a name that is one vocabulary word stays that word.
		{"YouTube 美妆博主 1w+", ShapeNatural, []string{
			`hard platform eq "youtube" applied`, `hard category eq "beauty" applied`, `hard followers gte 10000 applied !field_assumed`}},
		// a name must match whole words.
		{"Alibaba 相关，美国", ShapeMixed, []string{`keyword keyword contains "Alibaba" applied`, `hard country eq "US" applied`}},
	}
	for _, tc := range tests {
		r, err := Parse(tc.in, WithChannelNames(m))
		if err != nil {
			t.Fatal(err)
		}
		if r.Shape != tc.shape {
			t.Errorf("Parse(%q).Shape = %s, want %s", tc.in, r.Shape, tc.shape)
		}
		if diff := cmp.Diff(tc.want, briefs(r)); diff != "" {
			t.Errorf("Parse(%q, WithChannelNames) (-want +got):\n%s", tc.in, diff)
		}
		checkInvariants(t, tc.in, r)
	}
}

func TestValueJSON(t *testing.T) {
	tests := []struct {
		v    Value
		want string
	}{
		{StringValue("US"), `"US"`},
		{StringsValue("US", "CA"), `["US","CA"]`},
		{StringsValue(), `[]`},
		{IntValue(10000), `10000`},
		{IntValue(0), `0`},
		{RangeValue(5000, 20000), `{"min":5000,"max":20000}`},
		{Value{}, `null`},
	}
	for _, tc := range tests {
		b, err := json.Marshal(tc.v)
		if err != nil {
			t.Fatalf("Marshal(%v) error %v", tc.v, err)
		}
		if string(b) != tc.want {
			t.Errorf("Marshal(%v) = %s, want %s", tc.v, b, tc.want)
		}
		var back Value
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("Unmarshal(%s) error %v", b, err)
		}
		if tc.v.Type == ValueStrings && len(tc.v.Strs) == 0 {
			tc.v.Strs = []string{}
		}
		if diff := cmp.Diff(tc.v, back); diff != "" {
			t.Errorf("round trip of %s (-want +got):\n%s", b, diff)
		}
	}
	for _, bad := range []string{`true`, `1.5`, `{"min":1,"lo":2}`, `[1,2]`} {
		var v Value
		if err := json.Unmarshal([]byte(bad), &v); err == nil {
			t.Errorf("Unmarshal(%s) = %v, want an error", bad, v)
		}
	}
	if _, err := json.Marshal(Value{Type: "bogus"}); err == nil {
		t.Error("Marshal(bogus type) = nil error, want an error")
	}
}

func TestResultJSONRoundTrip(t *testing.T) {
	r, err := Parse("Hollyland 麦克风，美国，IG，粉丝 5k-2w，不要游戏，性价比高")
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(r, back); diff != "" {
		t.Errorf("Result JSON round trip (-want +got):\n%s", diff)
	}
	for _, key := range []string{`"kind":"hard"`, `"field":"followers"`, `"op":"between"`, `"value":{"min":5000,"max":20000}`, `"source":"user_input"`, `"status":"reference"`, `"scope":"tags"`, `"priority":2`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("Result JSON lacks %s:\n%s", key, b)
		}
	}
}

func TestConcurrentUse(t *testing.T) {
	p, err := New(WithRecentDays(7))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan Result, 8)
	for range 8 {
		go func() {
			r, _ := p.Parse(benchInputs[2])
			done <- r
		}()
	}
	first := testwait.Recv(t, done, "the first concurrent parse")
	for range 7 {
		if diff := cmp.Diff(first, testwait.Recv(t, done, "a concurrent parse")); diff != "" {
			t.Errorf("concurrent parses differ:\n%s", diff)
		}
	}
}

func TestDescribe(t *testing.T) {
	cases := []struct {
		field      condition.Field
		op         condition.Op
		v          Value
		wantZH, en string
	}{
		{condition.Country, condition.OpEq, StringValue("US"), "美国", "United States"},
		{condition.Country, condition.OpNotIn, StringsValue("US", "GB"), "排除 美国、英国", "Not United States, United Kingdom"},
		{condition.Category, condition.OpIn, StringsValue("gaming"), "游戏", "Gaming"},
		{condition.Language, condition.OpEq, StringValue("xx"), "xx", "xx"},
		{condition.Followers, condition.OpGte, IntValue(10000), "粉丝 ≥ 1万", "Followers ≥ 10K"},
		{condition.Followers, condition.OpBetween, RangeValue(5000, 20000), "粉丝 5000–2万", "Followers 5K–20K"},
		{condition.AvgViews, condition.OpLte, IntValue(3000), "均播 ≤ 3000", "Avg views ≤ 3K"},
		// a range with an open end reads as one bound; big counts in 亿 and B.
		{condition.Followers, condition.OpBetween, RangeValue(0, 50000), "粉丝 ≤ 5万", "Followers ≤ 50K"},
		{condition.Followers, condition.OpBetween, RangeValue(100000, 0), "粉丝 ≥ 10万", "Followers ≥ 100K"},
		{condition.Followers, condition.OpGte, IntValue(1000), "粉丝 ≥ 1000", "Followers ≥ 1K"},
		{condition.Followers, condition.OpGte, IntValue(1_000_000), "粉丝 ≥ 100万", "Followers ≥ 1M"},
		{condition.Followers, condition.OpGte, IntValue(100_000_000), "粉丝 ≥ 1亿", "Followers ≥ 100M"},
		{condition.Followers, condition.OpGte, IntValue(1_000_000_000), "粉丝 ≥ 10亿", "Followers ≥ 1B"},
		{condition.Followers, condition.OpGte, IntValue(150_000_000), "粉丝 ≥ 1.5亿", "Followers ≥ 150M"},
		{condition.Followers, condition.OpGte, IntValue(2_500_000_000), "粉丝 ≥ 25亿", "Followers ≥ 2.5B"},
		{condition.LastActive, condition.OpWithinDays, IntValue(30), "近 30 天活跃", "Active in last 30 days"},
		// soft preferences: the parser's codes and the router's
		{condition.Preference, condition.OpPrefer, StringValue("premium"), "高级感", "Premium feel"},
		{condition.Preference, condition.OpPrefer, StringValue("value"), "性价比高", "Good value"},
		{condition.Preference, condition.OpPrefer, StringValue("value_for_money"), "性价比高", "Good value"},
		{condition.Preference, condition.OpPrefer, StringValue("high_quality"), "内容质量高", "High-quality content"},
		{condition.Preference, condition.OpAvoid, StringValue("authentic"), "避免：更像真人推荐", "Avoid: Authentic, like a real person"},
		{condition.Preference, condition.OpPrefer, StringValue("some_new_code"), "some new code", "some new code"},
	}
	for _, tc := range cases {
		got := Describe(tc.field, tc.op, tc.v)
		if got.ZH != tc.wantZH || got.EN != tc.en {
			t.Errorf("Describe(%s, %s, %v) = %+v, want %q / %q", tc.field, tc.op, tc.v, got, tc.wantZH, tc.en)
		}
	}
}
