package contract

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/width"
)

func TestWidth(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0}, {"abc", 3}, {"搜索中", 6}, {"a搜b", 4}, {"ＡＢ", 4}, {"🔥", 2}, {"e\u0301", 1}, {"a\u200bb", 2}, {"\x00\x07", 0},
		{"a b", 3}, {"\x1f\x7f", 0}, {"a\u02ffb", 3}, {"a\u0300b", 2}, {"\u4e00\u9fff", 4}, {"、〾", 4}, {"！｠", 4},
	}
	for _, tc := range tests {
		if got := Width(tc.in); got != tc.want {
			t.Errorf("Width(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// TestWidthFastPath checks the fast path of the wide ranges against the
// East Asian Width table: every rune it takes is wide or full-width there,
// ends included, so the path changes only the speed.
func TestWidthFastPath(t *testing.T) {
	for r := rune(0x3001); r <= 0xff60; r++ {
		if !commonWide(r) {
			continue
		}
		if k := width.LookupRune(r).Kind(); k != width.EastAsianWide && k != width.EastAsianFullwidth {
			t.Fatalf("commonWide(%U) = true, but the table says %v", r, k)
		}
	}
}

func TestClipAndCut(t *testing.T) {
	tests := []struct {
		in        string
		max       int
		clip, cut string
	}{
		{"hello", 10, "hello", "hello"},
		{"hello world", 6, "hello…", "hello"},
		{"搜索结果很多", 7, "搜索结…", "搜索结"},
		{"abc", 1, "", "a"},
		{"abc", 2, "a…", "ab"},
		{"hello", 5, "hello", "hello"},
		{"搜索", 4, "搜索", "搜索"},
		// Dropping the cut word back to the space keeps half: kept.
		{"abc defgh", 7, "abc de…", "abc def"},
		{"abcd efgh", 7, "abcd…", "abcd"},
	}
	for _, tc := range tests {
		if got := Clip(tc.in, tc.max); got != tc.clip {
			t.Errorf("clip(%q, %d) = %q, want %q", tc.in, tc.max, got, tc.clip)
		}
		if got := Cut(tc.in, tc.max); got != tc.cut {
			t.Errorf("cut(%q, %d) = %q, want %q", tc.in, tc.max, got, tc.cut)
		}
		if Width(Clip(tc.in, tc.max)) > tc.max || Width(Cut(tc.in, tc.max)) > tc.max {
			t.Errorf("clip/cut(%q, %d) exceed the width", tc.in, tc.max)
		}
	}
}

func TestNormalizeText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"  two  spaces\tand\nlines ", "two spaces and lines"},
		{"bad\xffutf8", "badutf8"},
		{"a\u202eb\u200bc", "abc"},
		{"emoji 👩\u200d💻", "emoji 👩\u200d💻"},
		{"\x00\x01", ""},
		{"全角\u3000空格", "全角 空格"},
		// What the plain-text fast path must not let through.
		{"a\x80b", "ab"}, {"a\x7fb", "a b"}, {"\x7f搜", "搜"}, {"\x80搜", "搜"}, {" 搜索", "搜索"}, {"搜  索", "搜 索"}, {"搜索 ", "搜索"}, {"a\x1fb", "a b"},
	}
	for _, tc := range tests {
		if got := normalizeText(tc.in); got != tc.want {
			t.Errorf("normalizeText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := DisplayText("say 「hi」 “there” \"x\""); got != "say hi there x" {
		t.Errorf("displayText = %q", got)
	}
	if got := DisplayText("「swim vest」的"); got != "swim vest的" {
		t.Errorf("displayText(「swim vest」的) = %q, want %q", got, "swim vest的")
	}
}

func TestCountQuestions(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"找到 42 个频道", 0},
		{"你要的粉丝量级是哪一档？", 1},
		{"要美国的吗", 1},
		{"你觉得呢。", 1},
		{"要不要限定语言", 1},
		{"US only? Or Canada too?", 2},
		{"Which one??", 1},
		{"Do you want US only", 1},
		{"Would you like more. Shall we widen it", 2},
		{"Channels you can reach", 0},
		{"As many channels as we can", 0}, {"Would you", 1},
		{"Search by the anchor; applied: US", 0},
		{"What we search by: keywords", 0},
		{"How about US", 1},
		{"Keywords kept. 已生效：美国。", 0},
		{"", 0},
	}
	for _, tc := range tests {
		if got := CountQuestions(tc.in); got != tc.want {
			t.Errorf("countQuestions(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestWordingDetectors(t *testing.T) {
	loading := map[string]bool{
		"正在为你搜索": true, "加载中": true, "Searching…": true, "LOADING": true, "please   wait": true, "please wait": true,
		"找到 42 个频道": false, "uploading videos": false, "Search by keywords": false, "in progress": true,
	}
	for in, want := range loading {
		if _, got := loadingWording(in); got != want {
			t.Errorf("loadingWording(%q) = %v, want %v", in, got, want)
		}
	}
	chat := map[string]bool{
		"Let me know if you need anything": true, "作为AI助手": true, "联系客服": true, "Feel free to ask": true,
		"Contact details": false, "Describe the channels you want": false, "open the sidebar": true, "asking price": false,
	}
	for in, want := range chat {
		if _, got := ChatWording(in); got != want {
			t.Errorf("chatWording(%q) = %v, want %v", in, got, want)
		}
	}
	for _, s := range []string{"…", "wait...", "好。。。", "⋯"} {
		if !hasEllipsis(s) {
			t.Errorf("hasEllipsis(%q) = false", s)
		}
	}
}

func TestMaskKnown(t *testing.T) {
	k := &knownSet{}
	for _, s := range []string{"why?", "你好吗", strings.Repeat("长", 50)} {
		k.add(s)
	}
	tests := []struct{ in, want string }{
		{"Keywords “why?”; applied: US", "Keywords 「X」; applied: US"},
		{"锚点「你好吗」", "锚点「X」"},
		{"「" + strings.Repeat("长", 10) + "…」 kept", "「X」 kept"},
		{"“not known?”", "“not known?”"},
		{"unbalanced 「why?", "unbalanced 「why?"},
		{"「WHY?」", "「X」"},
		{"“why?…”", "「X」"},
		{"“wh…”", "「X」"},
		{"“whys?…”", "“whys?…”"},
	}
	for _, tc := range tests {
		if got := maskKnown(tc.in, k); got != tc.want {
			t.Errorf("maskKnown(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestMatchersAgreeWithPatterns checks the hand-written id matchers
// against the schemas' patterns.
func TestMatchersAgreeWithPatterns(t *testing.T) {
	pairs := []struct {
		pattern string
		match   func(string) bool
	}{
		{idPattern, ValidID}, {fieldPattern, ValidField}, {actionPattern, ValidAction}, {repairPattern, ValidRepair}, {hintActionPattern, matchHintAction},
	}
	inputs := []string{
		"", "a", "A", "c1", "q-1", "o.1:x", "_x", "-x", "a b", "c\n", strings.Repeat("a", 64), strings.Repeat("a", 65),
		"country", "last_active", "Country", "1field", strings.Repeat("f", 40), strings.Repeat("f", 41),
		"A_", "A_X", "A_REPAIR_FIX_URL", "A_REPAIR_", "A_HINT_OPEN_REPAIR_LOW_RECALL", "A_HINT_", "a_x", "A_x", "B_X",
		"A_COMMITTED_KEYWORD__TAG_SET_SCOPE__COMMITTED_KEYWORD__01", "A_" + strings.Repeat("X", 120), "A_" + strings.Repeat("X", 121),
		"A_REPAIR_" + strings.Repeat("X", 110), "A_REPAIR_" + strings.Repeat("X", 111), "é", "A_É",
		// Each end of each character range, and the byte just outside it.
		"z", "Z", "0", "9", "az", "aZ", "a0", "a9", "a_", "z9_", "`", "{", "@", "[", "/", "a`", "a{", "a@", "a[", "a/",
		"A_Z", "A_0", "A_9", "A_A", "A__", "A_@", "A_[", "A_/", "A_:", "A_REPAIR_Z9", "A_HINT_0Z",
	}
	for _, p := range pairs {
		re := regexp.MustCompile(p.pattern)
		for _, in := range inputs {
			if got, want := p.match(in), re.MatchString(in); got != want {
				t.Errorf("matcher for %s on %q = %v, regexp says %v", p.pattern, in, got, want)
			}
		}
	}
}

// TestHasFold holds the case-folding substring match the summary checks
// use, at the start, the middle and the end of the text.
func TestHasFold(t *testing.T) {
	tests := []struct {
		h, t string
		want bool
	}{
		{"Tech US", "us", true}, {"Tech US", "tech", true}, {"Tech US", "H U", true}, {"Tech US", "usa", false},
		{"美国科技", "科技", true}, {"美国科技", "科学", false}, {"", "a", false}, {"US", "US", true},
		// The ends of the letter range fold; bytes 0x20 apart that are no letters do not.
		{"BAD", "bad", true}, {"JAZZ", "jazz", true}, {"x@", "x`", false}, {"x[", "x{", false}, {"A", "a", true}, {"Z", "z", true},
	}
	for _, tc := range tests {
		if got := hasFold(tc.h, tc.t); got != tc.want {
			t.Errorf("hasFold(%q, %q) = %v, want %v", tc.h, tc.t, got, tc.want)
		}
	}
}

// TestHasWordFold holds the soft-in-summary match: a Latin term matches
// as a word of its own ("US" is not inside "used"), a CJK term anywhere.
func TestHasWordFold(t *testing.T) {
	tests := []struct {
		h, t string
		want bool
	}{
		{"Not used as conditions", "US", false}, {"Applied: Tech / US", "us", true}, {"US", "US", true},
		{"Applied: United States", "united states", true}, {"Applied: United Statesman", "united states", false},
		{"已生效：美国科技", "美国", true}, {"US-based", "us", true}, {"", "us", false}, {"us", "", false},
	}
	for _, tc := range tests {
		if got := hasWordFold(tc.h, tc.t); got != tc.want {
			t.Errorf("hasWordFold(%q, %q) = %v, want %v", tc.h, tc.t, got, tc.want)
		}
	}
}

// TestLowerASCII holds the lower-casing the marker checks read ("Applied:"
// is an applied clause), at both ends of the upper-case range.
func TestLowerASCII(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Applied: US", "applied: us"}, {"AB", "ab"}, {"Zoom", "zoom"}, {"已应用", "已应用"}, {"plain 1@[", "plain 1@["}, {"", ""},
	} {
		if got := lowerASCII(tc.in); got != tc.want {
			t.Errorf("lowerASCII(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestLatinWords holds the word split the English wording checks match
// phrases on: letters (both ends of the alphabet), digits and apostrophes
// make words, anything else separates them.
func TestLatinWords(t *testing.T) {
	got := []string(latinWords("Zebra, az 0 9 a'z—lazy 90s!", nil))
	want := []string{"Zebra", "az", "0", "9", "a'z", "lazy", "90s"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("latinWords (-want +got):\n%s", diff)
	}
}
