package condparse

import (
	"testing"

	"searchagent/tools/condition"
)

// TestResultCount: a result count ("给我20个", "need 10 tech youtubers",
// "just show me 10", "前10个", "10 more") is Result.Quantity — never a
// filter, a keyword or remainder; a follower count or a year is none.
func TestResultCount(t *testing.T) {
	tests := []struct {
		text, quantity string
	}{
		{"给我20个做穿搭的英国博主", "20个"},
		{"need 10 tech youtubers in the UK", "10"},
		{"give me 15 car channels from Germany with over 1M subs", "15"},
		{"just show me 10", "10"},
		{"给我前10个就好", "10个"},
		{"找5位日本的美食博主", "5位"},
		{"give me 10 more from Canada", "10"},
		{"8 beauty creators in Korea", "8"},
		{"美国的科技博主，粉丝5万以上", ""},
		{"fitness creators with 500 followers", ""},
		{"best tech of 2024, US", ""},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			rd, err := Read(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if rd.Quantity != nil {
				got = rd.Quantity.Text
			}
			if got != tt.quantity {
				t.Errorf("Read(%q).Quantity = %q, want %q", tt.text, got, tt.quantity)
			}
			if tt.quantity == "" {
				return
			}
			for _, c := range rd.Conditions {
				if c.Kind == condition.KindKeyword || c.Field == condition.Followers && c.Value.Int < 1000 {
					t.Errorf("Read(%q): the result count became %s %v", tt.text, c.Field, c.Value)
				}
			}
			for _, sp := range rd.Remainder {
				if sp.Text == tt.quantity {
					t.Errorf("Read(%q): the result count is remainder", tt.text)
				}
			}
		})
	}
}
