package condparse

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzParse(f *testing.F) {
	for _, s := range goldenInputs {
		f.Add(s)
	}
	for _, s := range []string{
		"", " ", "\x00", "\xff\xfe", "美\xe5", "1w+", "5k-", "-5k", "粉丝", "不要", "除了", "最好不要太", "@", "@@a", "http://",
		"https://.", "www.", "youtube.com/", "\"", "\"\"", "「」", "1,0000", "1.2.3k", "一万五千万亿", "99999999999999999w",
		"🔥", "مرحبا", "'; DROP TABLE x; --", "\u202e\u200b\ufeff", "近近近近天", "between and", "粉丝 5k 到", "~", "+",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		r, err := Parse(in)
		if err != nil {
			switch {
			case len(in) > MaxInputLen && errors.Is(err, ErrTooLong):
			case !utf8.ValidString(in) && errors.Is(err, ErrInvalidUTF8):
			default:
				t.Fatalf("Parse(%q) unexpected error %v", in, err)
			}
			Classify(in) // must not panic either
			return
		}
		if r.Input != in {
			t.Fatalf("Parse(%q).Input = %q", in, r.Input)
		}
		checkInvariants(t, in, r)
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("Marshal(Parse(%q)) error %v", in, err)
		}
		// a matcher that names every field of the input, and some junk.
		m := NameMatcherFunc(func(s string) []NameMatch {
			out := []NameMatch{{Start: len(s) / 2, End: len(s)/2 + 1, ChannelID: "half"}, {Start: 3, End: 2, ChannelID: "rev"}}
			off := 0
			for _, f := range strings.Fields(s) {
				i := strings.Index(s[off:], f) + off
				out = append(out, NameMatch{Start: i, End: i + len(f), ChannelID: "id" + f})
				off = i + len(f)
			}
			return out
		})
		r2, err := Parse(in, WithChannelNames(m))
		if err != nil {
			t.Fatalf("Parse(%q, WithChannelNames) error %v", in, err)
		}
		checkInvariants(t, in, r2)
	})
}
