package agent_test

import (
	"strings"
	"testing"

	"searchagent/api"
)

// A typed answer that names no option is quoted back in the notice whole
// up to 16 characters, and clipped with an ellipsis beyond.
func TestFreeAnswerQuotedUpToItsLimit(t *testing.T) {
	for _, tc := range []struct{ answer, quoted string }{
		{strings.Repeat("嗯", 16), strings.Repeat("嗯", 16)},
		{strings.Repeat("嗯", 17), strings.Repeat("嗯", 15) + "…"},
	} {
		u := newUser(t, "youtube")
		u.do("search.submit", api.Args{Text: "帮我找 Instagram 上的美国美妆博主"})
		if u.snap.Slots.Question == nil {
			t.Fatalf("precondition: an open question, have %s", u.state())
		}
		u.do("clarify.answer", api.Args{Text: tc.answer})
		if n := u.snap.Context.Notice; !strings.Contains(n, "「"+tc.quoted+"」") {
			t.Errorf("answer of %d characters: notice %q, want it to quote「%s」", len([]rune(tc.answer)), n, tc.quoted)
		}
	}
}
