package condparse

import "testing"

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
		{"1.2M", 1200000, true},
		{"1.5 million", 1500000, true},
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
