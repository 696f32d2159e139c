package platform

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		in   string
		want Platform
		err  bool
	}{
		{"youtube", YouTube, false}, {" YT ", YouTube, false}, {"油管", YouTube, false},
		{"IG", Instagram, false}, {"ins", Instagram, false},
		{"TikTok", TikTok, false}, {"twitter", X, false}, {"x.com", X, false}, {"推特", X, false},
		{"", "", true}, {"facebook", "", true}, {"'; DROP TABLE x;--", "", true},
	}
	for _, tc := range cases {
		got, err := Parse(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("Parse(%q) = %q, %v; want %q, err=%v", tc.in, got, err, tc.want, tc.err)
		}
		if err != nil && !errors.Is(err, ErrUnknown) {
			t.Errorf("Parse(%q) error %v does not wrap ErrUnknown", tc.in, err)
		}
	}
	for _, p := range All() {
		if !p.Valid() || p.Label("zh") == "" {
			t.Errorf("%q: Valid=%v Label=%q", p, p.Valid(), p.Label("zh"))
		}
	}
	if Platform("myspace").Valid() {
		t.Error("myspace is not a platform")
	}
}
