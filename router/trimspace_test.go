package router

import (
	"math/rand"
	"strings"
	"testing"
)

// TestTrimSpace checks trimSpace against strings.TrimSpace on random
// mixes of spaces, CJK, ASCII and broken UTF-8.
func TestTrimSpace(t *testing.T) {
	parts := []string{" ", "\t", "\u3000", "\u00a0", "\u0085", "\u2028", "\u3001", "美", "a", "\xe3\x80", "\xe3", "\x80", "\xed\xa0\x80", "\xef\xbf\xbd", "😀", "\u200b", "\ufeff", "游", "\u4e00", "\u9fff", "é", "\x00"}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := rng.Intn(6); n > 0; n-- {
			b.WriteString(parts[rng.Intn(len(parts))])
		}
		s := b.String()
		if got, want := trimSpace(s), strings.TrimSpace(s); got != want {
			t.Fatalf("trimSpace(%q) = %q, want %q", s, got, want)
		}
	}
}
