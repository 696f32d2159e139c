package condparse

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestEngagementHeldOut reads the held-out engagement phrasings (written
// by hand before the ratio rule was tuned, and not tuned on): most must
// yield their engagement condition. The count is logged for the issue
// note; the floor keeps a regression from passing silently.
func TestEngagementHeldOut(t *testing.T) {
	f, err := os.Open("testdata/engagement_heldout.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	total, ok := 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		text, want, _ := strings.Cut(line, "\t")
		total++
		r, err := Parse(text)
		if err != nil {
			t.Errorf("Parse(%q): %v", text, err)
			continue
		}
		got := "-"
		for _, c := range r.Conditions {
			if c.Field == "engagement" {
				got = string(c.Kind) + " " + string(c.Field) + " " + string(c.Op) + " " + c.Value.String() + " " + string(c.Status)
			}
		}
		if got == want {
			ok++
		} else {
			t.Logf("held out: Parse(%q) engagement = %q, want %q", text, got, want)
		}
	}
	t.Logf("held-out engagement phrasings: %d of %d", ok, total)
	if total == 0 || ok*10 < total*8 {
		t.Errorf("held-out engagement phrasings: %d of %d hold, want at least 80%%", ok, total)
	}
}

// TestChinesePercentIsARatio: a percentage written in words
// (tools/number's 百分之…) is the ratio it says, never its 百 (100).
func TestChinesePercentIsARatio(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"互动率百分之三以上", "hard engagement gte 300 applied"},
		{"互动率不低于百分之二点五的美妆博主", "hard engagement gte 250 applied"},
		{"互动率在百分之二到百分之五之间", "hard engagement between 200..500 applied"},
		{"互动率百分之2.5以下", "hard engagement lte 250 applied"},
	} {
		r, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		got := "-"
		for _, c := range r.Conditions {
			if c.Field == "engagement" {
				got = string(c.Kind) + " " + string(c.Field) + " " + string(c.Op) + " " + c.Value.String() + " " + string(c.Status)
			}
		}
		if got != tc.want {
			t.Errorf("Parse(%q) engagement = %q, want %q (all: %v)", tc.in, got, tc.want, briefs(r))
		}
	}
	// A percentage of a count is still no filter.
	r, err := Parse("粉丝百分之三以上")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Conditions {
		if c.Field == "followers" {
			t.Errorf("Parse(粉丝百分之三以上) = %s, want no follower condition", brief(c))
		}
	}
}
