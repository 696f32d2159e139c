package agent

import (
	"slices"
	"testing"

	"searchagent/tools/condition"
	"searchagent/tools/condparse"
)

// fixUCorrected reads text as a first search does: its self-correction
// applied (correctedTail), then the condition reading.
func fixUCorrected(t *testing.T, text string) condparse.Reading {
	t.Helper()
	tail, _ := correctedTail(text)
	rd, err := condparse.Read(tail)
	if err != nil {
		t.Fatalf("Read(%q): %v", tail, err)
	}
	return rd
}

// fixUHas reports whether rd holds an applied hard condition of field f
// whose value is v (a country code) or, for a count, whose lower end is n.
func fixUHas(rd condparse.Reading, f condition.Field, v string, n int64) bool {
	return slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
		if c.Kind != condition.KindHard || c.Field != f || c.Status != condition.StatusApplied {
			return false
		}
		if v != "" {
			return c.Value.Str == v || len(c.Value.Strs) == 1 && c.Value.Strs[0] == v
		}
		return c.Op == condition.OpGte && c.Value.Int == n
	})
}

// TestFixUCorrectionHeldOut: class U3 (a Chinese self-correction inside a
// first search applies the corrected value), phrasings of my own written
// before the rule changed and never tuned on; they were first written
// into condparse's held-out table (rule_fixU_heldout_test.go) and moved
// here, where the correction is applied. 2/4 before (说错了 and 不对不对
// were marks already; a mark after a dash and 哦不 were not), 4/4 after.
func TestFixUCorrectionHeldOut(t *testing.T) {
	for _, tc := range []struct {
		in      string
		field   condition.Field
		country string
		min     int64
	}{
		{"找法国——不对，是意大利的旅游博主", condition.Country, "IT", 0},
		{"粉丝五万，哦不，十万以上的美食博主", condition.Followers, "", 100000},
		{"德国的，说错了，奥地利的汽车博主", condition.Country, "AT", 0},
		{"要巴西的，不对不对，是阿根廷的足球博主", condition.Country, "AR", 0},
	} {
		if rd := fixUCorrected(t, tc.in); !fixUHas(rd, tc.field, tc.country, tc.min) {
			t.Errorf("%q: want %s %s%d applied, got %+v", tc.in, tc.field, tc.country, tc.min, rd.Conditions)
		}
	}
}

// TestFixUCorrectionMarks: the tuning table of class U3: a mark after a
// dash or 哦不 before a comma withdraws the clause before it, and words
// that only look alike are no mark.
func TestFixUCorrectionMarks(t *testing.T) {
	for _, tc := range []struct{ in, withdrawn string }{
		{"找西班牙——不对，是墨西哥的美食博主", "西班牙"},
		{"美妆博主，粉丝两万，哦不，三万以上", "粉丝两万"},
		{"日本的，说错了，韩国的旅游博主", "日本的"},
		{"旅游博主，英国的——说错了，爱尔兰的", "英国的"},
		{"美食博主，不要日本的", ""},
		{"哦不错，就这些美妆博主", ""},
		{"不是美国的美妆博主", ""},
	} {
		if _, w := correctedTail(tc.in); w != tc.withdrawn {
			t.Errorf("correctedTail(%q) withdrew %q, want %q", tc.in, w, tc.withdrawn)
		}
	}
}
