package agent

import "testing"

// TestArrowEdited is the text an in-place edit of a pasted summary is
// read as (class A1): the fields the edit sets anew and the values it
// drops leave the summary; text with no such edit is left alone.
func TestArrowEdited(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Applied: US · Beauty · Followers 10K–50K → drop Beauty", "Applied: US · · Followers 10K–50K"},
		{"已应用：美国 / 美妆 / 粉丝 1万–5万 → 改成英国", "已应用： / 美妆 / 粉丝 1万–5万，改成英国"},
		{"followers 10k-50k -> 20k-80k", "，20k-80k"},
		{"粉丝 1万→5万的美妆博主", "粉丝 1万→5万的美妆博主"},
		{"beauty creators → cooking", "beauty creators → cooking"},
	}
	for _, tt := range tests {
		got, _ := arrowEdited(tt.in)
		if got != tt.want {
			t.Errorf("arrowEdited(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
