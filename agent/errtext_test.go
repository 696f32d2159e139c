package agent

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"testing"

	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/tools/store"
)

// goNameRe is what no error text may show (the API test's rule):
// qualified Go identifiers, package prefixes, decoder words.
var goNameRe = regexp.MustCompile(`(?i:\bgo (value|type)\b|\bstruct\b|searchagent/|\bjson: |cannot unmarshal|\b(condparse|router|store|agent|sessions|pgx):|\.go\b)|\[\]|\b[a-z]+\.[A-Z][A-Za-z]+\b`)

// TestErrorsBelowTheAPIAreWorded covers the codes the service answers
// only when something below it fails (the HTTP test cannot provoke them
// on a healthy embedded service): each has a message in zh and in en that
// names no Go type, and a failed search is answered in the session's
// locale, as its turn.error is.
func TestErrorsBelowTheAPIAreWorded(t *testing.T) {
	cases := []struct {
		code string
		err  error
	}{
		{"conflict", commitError(fmt.Errorf("commit: %w", sessions.ErrConflict))},
		{"unavailable", commitError(fmt.Errorf("commit: %w", sessions.ErrUnavailable))},
		{"internal", commitError(errors.New("disk full"))},
		{"busy", lockError(sessions.ErrBusy, true)},
		{"unavailable", lockError(sessions.ErrUnavailable, true)},
		{"internal", lockError(errors.New("lock: boom"), true)},
		{"turn_failed", turnFailure(errors.New("render: template: nil map"))},
		{"turn_failed", turnFailure(context.Canceled)},
		{"bad_query", storeErr(fmt.Errorf("%w: min over max", store.ErrBadQuery))},
		{"unavailable", storeErr(errors.New("dial tcp: connection refused"))},
		{"unavailable", newError(ErrInternal, "internal", both("无法读取会话", "could not read the session"), nil, fmt.Errorf("get: %w", sessions.ErrUnavailable))},
	}
	for _, tc := range cases {
		var ae *Error
		if !errors.As(tc.err, &ae) || ae.Code != tc.code {
			t.Errorf("%v: code %v, want %s", tc.err, ae, tc.code)
			continue
		}
		zh, en := ae.In("zh"), ae.In("en")
		if !hasHan(zh) || hasHan(en) || en == "" {
			t.Errorf("%s: zh %q, en %q; want one message in each language", tc.code, zh, en)
		}
		for _, m := range []string{zh, en} {
			if w := goNameRe.FindString(m); w != "" {
				t.Errorf("%s: message %q names %q", tc.code, m, w)
			}
		}
	}

	fs := &failingStore{}
	cfg := testConfig(t)
	fs.Store = cfg.Store
	cfg.Store = fs
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, locale := range []string{"zh", "en"} {
		b := newBox(t, a, "youtube", locale)
		fs.set(true)
		_, err := b.try("search.submit", api.Args{Text: "camping"})
		fs.set(false)
		var ae *Error
		if !errors.As(err, &ae) || ae.Code != "unavailable" || ae.Locale != locale || hasHan(ae.In(ae.Locale)) != (locale == "zh") {
			t.Errorf("search with the store down in a %s session = %v (locale %q), want unavailable in %s", locale, err, ae.Locale, locale)
		}
	}
}
