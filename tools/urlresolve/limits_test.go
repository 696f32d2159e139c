package urlresolve

import (
	"strings"
	"testing"
)

// TestParseAtTheLimits: every length limit of a name, id or code is
// accepted at its edge and refused one step beyond, and the reason a user
// is shown (bad handle, bad id, too long, bad scheme…) is the one for that
// limit.
func TestParseAtTheLimits(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	// 𠀀 (U+20000) is a CJK letter of four bytes: 30 of them are a handle of
	// 30 letters in 120 bytes, the byte bound of a 30-rune name.
	wide := func(n int) string { return strings.Repeat("𠀀", n) }
	search := "https://www.youtube.com/results?search_query="
	tests := []struct {
		name string
		in   string
		kind Kind   // the kind when accepted
		want Reason // the reason when refused ("" when accepted)
	}{
		{"yt handle of 3", "https://www.youtube.com/@abc", KindChannel, ""},
		{"yt handle of 2", "https://www.youtube.com/@ab", "", ReasonBadHandle},
		{"yt handle of 30 four-byte letters", "https://www.youtube.com/@" + wide(30), KindChannel, ""},
		{"yt handle of 31 four-byte letters", "https://www.youtube.com/@" + wide(31), "", ReasonBadHandle},
		{"ig user of 30", "instagram.com/" + a(30), KindChannel, ""},
		{"ig user of 31", "instagram.com/" + a(31), "", ReasonBadHandle},
		{"ig code of 5", "instagram.com/p/abcde", KindContent, ""},
		{"ig code of 4", "instagram.com/p/abcd", "", ReasonBadID},
		{"ig code of 64", "instagram.com/p/" + a(64), KindContent, ""},
		{"ig code of 65", "instagram.com/p/" + a(65), "", ReasonBadID},
		{"tt handle of 2", "tiktok.com/@ab", KindChannel, ""},
		{"tt handle of 24", "tiktok.com/@" + a(24), KindChannel, ""},
		{"tt handle of 25", "tiktok.com/@" + a(25), "", ReasonBadHandle},
		{"tt short code of 5", "vt.tiktok.com/abcde", KindContent, ""},
		{"tt short code of 4", "vt.tiktok.com/abcd", "", ReasonBadID},
		{"tt short code of 16", "vt.tiktok.com/" + a(16), KindContent, ""},
		{"tt short code of 17", "vt.tiktok.com/" + a(17), "", ReasonBadID},
		{"x handle of 1", "x.com/a", KindChannel, ""},
		{"x handle of 15", "x.com/" + a(15), KindChannel, ""},
		{"x status id of 25 digits", "x.com/jack/status/" + strings.Repeat("1", 25), KindContent, ""},
		{"x status id of 26 digits", "x.com/jack/status/" + strings.Repeat("1", 26), "", ReasonBadID},
		{"t.co code of 32", "t.co/" + a(32), KindUnsupported, ""},
		{"t.co code of 33", "t.co/" + a(33), "", ReasonBadID},
		{"t.co code with a path after it", "t.co/abc/def", "", ReasonBadID},
		{"input of 4096 bytes", search + a(MaxInputLen-len(search)), KindUnsupported, ""},
		{"input of 4097 bytes", search + a(MaxInputLen+1-len(search)), "", ReasonTooLong},
		// A scheme name is at most 32 characters of letters, digits, "+",
		// "-" and "."; anything else before a ":" is no scheme at all.
		{"scheme of 32 letters", a(32) + "://x.com/jack", "", ReasonBadScheme},
		{"scheme of 33 letters", a(33) + "://x.com/jack", "", ReasonMalformed},
		{"scheme with +", "svn+ssh://x.com/jack", "", ReasonBadScheme},
		{"scheme with -", "web-cal://x.com/jack", "", ReasonBadScheme},
		{"scheme with .", "a.b://x.com/jack", "", ReasonBadScheme},
		{"scheme with a digit", "s3://x.com/jack", "", ReasonBadScheme},
		{"no scheme: _ is not a scheme character", "a_b://x.com/jack", "", ReasonMalformed},
		{"a host starting with a dot is no platform's", "https://.x.com/jack", "", ReasonUnknownHost},
		{"C1 control characters around are trimmed", "\u0080https://x.com/jack\u0080", KindChannel, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse(tc.in)
			if r := ReasonOf(err); r != tc.want || got.Kind != tc.kind {
				t.Errorf("Parse(%.60q) = %q, reason %q (%v); want %q, reason %q", tc.in, got.Kind, r, err, tc.kind, tc.want)
			}
		})
	}
}

// TestErrorText pins the error text logs and traces carry: the reason,
// the detail and the input cut to 80 bytes on a rune boundary.
func TestErrorText(t *testing.T) {
	host := "https://example.com/"
	pad := func(n int) string { return host + strings.Repeat("a", n-len(host)) }
	tests := []struct {
		name, in  string
		wantInput string
		wantText  string
	}{
		{"no detail, no input", "", "", "urlresolve: empty"},
		{"detail and input", "https://example.com/x", "https://example.com/x",
			`urlresolve: unknown_host: host example.com is not YouTube, Instagram, TikTok or X: "https://example.com/x"`},
		{"an input of 80 bytes is kept whole", pad(80), pad(80), ""},
		{"an input of 81 bytes is cut to 80", pad(81), pad(80) + "…", ""},
		{"a rune across the cut is left out", pad(79) + "é", pad(79) + "…", ""},
		{"a too long input is cut too", pad(5000), pad(80) + "…", `urlresolve: too_long: input is longer than 4096 bytes: "` + pad(80) + `…"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.in)
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("Parse(%.40q) error = %v, want an *Error", tc.in, err)
			}
			if e.Input != tc.wantInput {
				t.Errorf("Parse(%.40q).Input = %q, want %q", tc.in, e.Input, tc.wantInput)
			}
			if tc.wantText != "" && e.Error() != tc.wantText {
				t.Errorf("Parse(%.40q).Error() = %q, want %q", tc.in, e.Error(), tc.wantText)
			}
		})
	}
}

// TestNamesChannel: a channel link and a content link that carries its
// channel's handle name a channel; a bare content id or an unsupported
// page does not.
func TestNamesChannel(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"https://www.youtube.com/@MrBeast", true},
		{"https://x.com/jack/status/20", true},
		{"https://youtu.be/0e3GPea1Tyg", false},
		{"https://x.com/hashtag/golang", false},
	}
	for _, tc := range tests {
		p, err := Parse(tc.in)
		if err != nil {
			t.Fatalf("Parse(%q) error: %v", tc.in, err)
		}
		if got := p.NamesChannel(); got != tc.want {
			t.Errorf("Parse(%q).NamesChannel() = %v, want %v", tc.in, got, tc.want)
		}
	}
}
