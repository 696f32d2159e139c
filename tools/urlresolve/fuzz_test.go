package urlresolve

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// fuzzSeeds are the table inputs plus hostile text.
func fuzzSeeds() []string {
	seeds := []string{
		"", " ", "\x00", "\xff\xfe\xfd", "https://", "https://www.youtube.com/@\u202Eevil\u202C",
		"https://www.youtube.com/@😀😀😀", "https://x.com/%", "https://x.com/%zz", "https://[::1]/", "https://x.com:/jack",
		"youtube.com/@" + strings.Repeat("a", 5000), "'; DROP TABLE channels; --", "\" OR 1=1 --",
		"مرحبا https://www.youtube.com/@شفا", "https://www.youtube.com/@شفا", "参考https://www.youtube.com/@abc这种",
		"https://www.youtube.com/watch?v=%00", "https://youtube.com/#!/x", "https://twitter.com/#!/", "HTTPS://T.CO/",
		"https://www.youtube.com/@a%2Fb", "https://www.instagram.com/stories/", "https://vm.tiktok.com/%E6%9D%8E",
	}
	for _, tc := range resolveCases {
		if len(tc.in) < 1000 {
			seeds = append(seeds, tc.in)
		}
	}
	return seeds
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		p, err := Parse(in)
		if err != nil {
			if r := ReasonOf(err); r == "" || r.Unsupported() {
				t.Fatalf("Parse(%q) error %v has reason %q", in, err, r)
			}
			if p != (Parsed{}) {
				t.Fatalf("Parse(%q) = %+v with error %v, want a zero Parsed", in, p, err)
			}
		} else {
			checkParsed(t, in, p)
		}
		checkSpans(t, in, FindURLs(in))
		_ = LooksLikeURL(in)
	})
}

// checkParsed checks the invariants of a successful parse.
func checkParsed(t *testing.T, in string, p Parsed) {
	t.Helper()
	if !p.Platform.Valid() || !strings.HasPrefix(p.URL, "https://") || !utf8.ValidString(p.URL) {
		t.Fatalf("Parse(%q) = %+v: bad platform or URL", in, p)
	}
	switch p.Kind {
	case KindChannel:
		if p.Key == "" || p.ContentID != "" || p.Reason != "" {
			t.Fatalf("Parse(%q) = %+v: channel without key", in, p)
		}
	case KindContent:
		if p.ContentID == "" || p.ContentKey != catalog.ContentKey(p.Platform, p.ContentID) || p.ContentType == "" || p.Reason != "" {
			t.Fatalf("Parse(%q) = %+v: content without id", in, p)
		}
	case KindUnsupported:
		if !p.Reason.Unsupported() || p.Key != "" || p.ContentID != "" {
			t.Fatalf("Parse(%q) = %+v: unsupported without reason", in, p)
		}
	default:
		t.Fatalf("Parse(%q).Kind = %q", in, p.Kind)
	}
	if p.Key != "" && p.Key != catalog.Key(p.Platform, p.RefKind, p.RefValue) {
		t.Fatalf("Parse(%q).Key = %q, want catalog.Key of %s %s", in, p.Key, p.RefKind, p.RefValue)
	}
	again, err := Parse(p.URL)
	if err != nil || again != p {
		t.Fatalf("Parse(%q) = %+v, %v; want %+v (idempotent, from %q)", p.URL, again, err, p, in)
	}
}

func checkSpans(t *testing.T, in string, spans []Span) {
	t.Helper()
	prev := 0
	for _, s := range spans {
		if s.Start < prev || s.End <= s.Start || s.End > len(in) || in[s.Start:s.End] != s.Text {
			t.Fatalf("FindURLs(%q) span %+v out of order or out of range", in, s)
		}
		prev = s.End
	}
}

func FuzzResolve(f *testing.F) {
	for i, s := range fuzzSeeds() {
		f.Add(uint8(i), s)
	}
	cat := newTestCatalog(f)
	pages := platform.All()
	f.Fuzz(func(t *testing.T, pageIdx uint8, in string) {
		page := pages[int(pageIdx)%len(pages)]
		r, err := Resolve(context.Background(), page, in, cat)
		if err != nil {
			t.Fatalf("Resolve(%s, %q) error: %v", page, in, err)
		}
		checkResolution(t, page, in, r)
		if r.State == StateExact && r.Parsed.Platform != page {
			t.Fatalf("Resolve(%s, %q) exact on another platform's link", page, in)
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("json.Marshal(Resolve(%q)): %v", in, err)
		}
	})
}
