package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/server"
)

// goNames are what an error text must never show: Go types, package
// paths, decoder internals (issue 31: "cannot unmarshal array into Go
// value of type api.EventRequest").
var goNames = regexp.MustCompile(`(?i:\bgo (value|type)\b|\bstruct\b|searchagent/|\bjson: |cannot unmarshal|\b(condparse|router|store|agent|sessions|pgx):|\.go\b)|\[\]|\b[a-z]+\.[A-Z][A-Za-z]+\b`)

// detailNames are the same for the details (which may hold lists, so
// "[]" is allowed there).
var detailNames = regexp.MustCompile(`(?i:\bgo (value|type)\b|\bstruct\b|searchagent/|\bjson: |cannot unmarshal|\b(condparse|router|store|sessions|pgx):|\.go\b)|\b(api|agent|router|contract|condparse|store)\.[A-Z][A-Za-z]+\b`)

// errorsOnlyBelowTheAPI are the codes a healthy service on the embedded
// default cannot be made to answer from outside (a store or lock failure,
// a commit race, a router bug); TestErrorsBelowTheAPIAreWorded in the
// agent package checks their texts in both languages.
var errorsOnlyBelowTheAPI = []string{"conflict", "busy", "internal", "turn_failed", "unavailable", "bad_query"}

// errApp is a service on the mini catalog with the given configuration,
// checked against the OpenAPI document.
func errApp(t *testing.T, cfg appConfig) string {
	t.Helper()
	cfg.catalog = catalogFlags{files: []string{mini}}
	cfg.log = slog.New(slog.DiscardHandler)
	a, err := newApp(context.Background(), cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.close)
	srv := httptest.NewServer(openapiChecked(t, a.server.Handler()))
	t.Cleanup(srv.Close)
	return srv.URL
}

// rawCall sends body as is (it may be malformed on purpose).
func rawCall(t *testing.T, method, url, body string, hdr map[string]string) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, url, rd)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func other(lang string) string {
	if lang == "zh" {
		return "en"
	}
	return "zh"
}

// errSession is a session of an error test.
type errSession struct {
	t         *testing.T
	base      string
	key       string
	lang      string
	id, token string
	snap      api.Snapshot
}

// hdr is what every call on the session carries: its token, the API key,
// and an Accept-Language of the other language (the session's wins).
func (s *errSession) hdr() map[string]string {
	h := map[string]string{"X-Session-Token": s.token, "Accept-Language": other(s.lang)}
	if s.key != "" {
		h["Authorization"] = "Bearer " + s.key
	}
	return h
}

func openErrSession(t *testing.T, base, key, lang, clientRef string) *errSession {
	t.Helper()
	h := map[string]string{}
	if key != "" {
		h["Authorization"] = "Bearer " + key
	}
	body, _ := json.Marshal(api.CreateSessionRequest{Platform: "youtube", Locale: lang, ClientRef: clientRef})
	code, b := rawCall(t, "POST", base+"/v1/sessions", string(body), h)
	if code != http.StatusCreated {
		t.Fatalf("POST /v1/sessions = %d %s", code, b)
	}
	var cr api.CreateSessionResponse
	_ = json.Unmarshal(b, &cr)
	return &errSession{t: t, base: base, key: key, lang: lang, id: cr.SessionID, token: cr.Token, snap: cr.Snapshot}
}

// event posts one event; on 200 the snapshot is kept.
func (s *errSession) event(name string, args api.Args) (int, []byte) {
	s.t.Helper()
	body, _ := json.Marshal(api.EventRequest{Event: name, Args: args})
	return s.raw("POST", "/events", string(body))
}

func (s *errSession) raw(method, path, body string) (int, []byte) {
	s.t.Helper()
	code, b := rawCall(s.t, method, s.base+"/v1/sessions/"+s.id+path, body, s.hdr())
	if code == http.StatusOK && path == "/events" {
		var er api.EventResponse
		_ = json.Unmarshal(b, &er)
		s.snap = er.Snapshot
	}
	return code, b
}

// must sends an event that has to succeed.
func (s *errSession) must(name string, args api.Args) {
	s.t.Helper()
	if code, b := s.event(name, args); code != http.StatusOK {
		s.t.Fatalf("%s = %d %s", name, code, b)
	}
}

// answer is one error answer to check.
type answer struct {
	code   int
	body   []byte
	lang   string // the language the message must be in
	status int
	want   string // the error code
}

// checkAnswer holds the rule of issue 31 item 1: the status and code, the
// message in the expected language, and no Go type in message or details.
func checkAnswer(t *testing.T, a answer) {
	t.Helper()
	var eb api.ErrorBody
	if err := json.Unmarshal(a.body, &eb); err != nil {
		t.Fatalf("body %s: %v", a.body, err)
	}
	e := eb.Error
	if a.code != a.status || e.Code != a.want {
		t.Fatalf("= %d %s, want %d %s (body %s)", a.code, e.Code, a.status, a.want, a.body)
	}
	switch {
	case e.Message == "":
		t.Errorf("%s: empty message", a.want)
	case a.lang == "zh" && !hasHan(e.Message):
		t.Errorf("%s: message %q is not in Chinese", a.want, e.Message)
	case a.lang == "en" && hasHan(e.Message) && !strings.ContainsAny(e.Message, "“\"「"):
		// An English message may quote what the user typed in Chinese.
		t.Errorf("%s: message %q is not in English", a.want, e.Message)
	}
	if m := goNames.FindString(e.Message); m != "" {
		t.Errorf("%s: message %q names %q", a.want, e.Message, m)
	}
	if d, _ := json.Marshal(e.Details); detailNames.Match(d) {
		t.Errorf("%s: details %s name %q", a.want, d, detailNames.Find(d))
	}
}

// TestEveryErrorIsInTheUsersLanguage is issue 31 item 1's acceptance: every
// error code the API answers is provoked through the HTTP API, in a zh
// and an en session (with an Accept-Language of the other language: the
// session's locale wins) or, without a session, with that Accept-Language;
// each message is in that language and names no Go type or package. The
// codes the service only answers when something below it fails are
// listed in errorsOnlyBelowTheAPI and worded by an agent test. A code of
// api/NAMES.md's error table that neither covers fails the test.
func TestEveryErrorIsInTheUsersLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("starts five services")
	}
	const key = "k-errors-test"
	keyed := errApp(t, appConfig{apiKeys: []string{key}, maxTurns: 8})
	tight := errApp(t, appConfig{eventLimit: server.RateLimit{Rate: 1e-6, Burst: 4}, explainLimit: server.RateLimit{Rate: 1e-6, Burst: 1}})
	full := errApp(t, appConfig{limits: sessions.Limits{MaxSessions: 3, IdleTTL: time.Hour}})
	narrow := errApp(t, appConfig{streams: server.StreamLimits{Total: 1, PerClient: 10, PerSession: 10}})
	seen := map[string]bool{}
	check := func(t *testing.T, a answer) {
		t.Helper()
		checkAnswer(t, a)
		seen[a.want] = true
	}
	keyHdr := func(lang string) map[string]string {
		return map[string]string{"Authorization": "Bearer " + key, "Accept-Language": lang}
	}

	for _, lang := range []string{"zh", "en"} {
		t.Run(lang, func(t *testing.T) {
			s := openErrSession(t, keyed, key, lang, "")
			sessionCases := []struct {
				name   string
				status int
				code   string
				call   func() (int, []byte)
			}{
				{"body of the wrong shape", 400, "bad_json", func() (int, []byte) { return s.raw("POST", "/events", `{"event":["x"]}`) }},
				{"malformed body", 400, "bad_json", func() (int, []byte) { return s.raw("POST", "/events", `{"event":`) }},
				{"unknown field", 400, "bad_json", func() (int, []byte) { return s.raw("POST", "/events", `{"event":"input.type","argz":{}}`) }},
				{"trace page", 400, "bad_request", func() (int, []byte) { return s.raw("GET", "/trace?after=x", "") }},
				{"bad locale", 400, "bad_locale", func() (int, []byte) { return s.raw("PATCH", "", `{"locale":"fr"}`) }},
				{"control character", 400, "bad_text", func() (int, []byte) { return s.event("input.type", api.Args{Text: "a\x00b"}) }},
				{"resume beyond the log", 400, "bad_last_event_id", func() (int, []byte) {
					h := s.hdr()
					h["Last-Event-ID"] = "999999"
					return rawCall(t, "GET", s.base+"/v1/sessions/"+s.id+"/stream", "", h)
				}},
				{"no event", 400, "missing_event", func() (int, []byte) { return s.raw("POST", "/events", `{}`) }},
				{"unknown event", 400, "unknown_event", func() (int, []byte) { return s.event("nope", api.Args{}) }},
				{"empty text", 400, "empty_text", func() (int, []byte) { return s.event("input.type", api.Args{}) }},
				{"unknown tag", 400, "unknown_tag", func() (int, []byte) { return s.event("tag.delete", api.Args{TagID: "k99"}) }},
				{"unknown condition", 400, "unknown_condition", func() (int, []byte) { return s.event("condition.remove", api.Args{ConditionID: "c999"}) }},
				{"unknown relaxation", 400, "unknown_relaxation", func() (int, []byte) {
					return s.event("A_REPAIR_EXPAND_RECALL_SCOPE", api.Args{ConditionID: "c999"})
				}},
				{"no such filter", 400, "unknown_filter", func() (int, []byte) { return s.event("filter.clear", api.Args{Field: "country"}) }},
				{"unknown field", 400, "bad_field", func() (int, []byte) { return s.event("filter.set", api.Args{Field: "nope"}) }},
				{"wrong operator", 400, "bad_op", func() (int, []byte) {
					return s.event("filter.set", api.Args{Field: "followers", Op: "in", Value: json.RawMessage(`1`)})
				}},
				{"country zz", 400, "bad_value", func() (int, []byte) {
					return s.event("filter.set", api.Args{Field: "country", Value: json.RawMessage(`"zz"`)})
				}},
				{"followers in words", 400, "bad_value", func() (int, []byte) {
					return s.event("filter.set", api.Args{Field: "followers", Op: "gte", Value: json.RawMessage(`"lots"`)})
				}},
				{"unknown sort", 400, "bad_sort", func() (int, []byte) { return s.event("results.sort", api.Args{By: "nope"}) }},
				{"bad cursor", 400, "bad_cursor", func() (int, []byte) { return s.event("results.page", api.Args{Cursor: "x"}) }},
				{"no token", 401, "unauthorized", func() (int, []byte) {
					h := s.hdr()
					delete(h, "X-Session-Token")
					return rawCall(t, "GET", s.base+"/v1/sessions/"+s.id, "", h)
				}},
				{"wrong token", 403, "forbidden", func() (int, []byte) {
					h := s.hdr()
					h["X-Session-Token"] = "wrong"
					return rawCall(t, "GET", s.base+"/v1/sessions/"+s.id, "", h)
				}},
				{"not allowed now", 409, "not_allowed", func() (int, []byte) { return s.event("clarify.answer", api.Args{OptionID: "o1"}) }},
				{"text over the limit", 413, "too_large", func() (int, []byte) {
					return s.event("input.type", api.Args{Text: strings.Repeat("健身博主", 1250)})
				}},
			}
			for _, tc := range sessionCases {
				t.Run(tc.name, func(t *testing.T) {
					code, b := tc.call()
					check(t, answer{code, b, lang, tc.status, tc.code})
				})
			}

			t.Run("text limit names bytes and characters", func(t *testing.T) {
				_, b := s.event("search.submit", api.Args{Text: strings.Repeat("a", 5000)})
				var eb api.ErrorBody
				_ = json.Unmarshal(b, &eb)
				for _, w := range []string{"4096", "1365", "5000"} {
					if !strings.Contains(eb.Error.Message, w) {
						t.Errorf("too_large message %q lacks %s", eb.Error.Message, w)
					}
				}
				// The user's words for what they typed, not the wire field.
				if lang == "zh" && (strings.Contains(eb.Error.Message, "text") || !strings.Contains(eb.Error.Message, "文字")) {
					t.Errorf("too_large message %q names the field, not the text", eb.Error.Message)
				}
			})
			t.Run("keyword and tag errors", func(t *testing.T) {
				k := openErrSession(t, keyed, key, lang, "")
				k.must("input.type", api.Args{Text: "!!!"})
				code, b := k.event("input.commit", api.Args{Text: "!!!"})
				check(t, answer{code, b, lang, 400, "bad_keyword"})
				k.must("input.type", api.Args{Text: "kayak"})
				k.must("input.commit", api.Args{Text: "kayak"})
				tag := k.snap.Context.KeywordTags[0].ID
				code, b = k.event("tag.set_scope", api.Args{TagID: tag, Scope: "nope"})
				check(t, answer{code, b, lang, 400, "bad_scope"})
			})
			t.Run("unknown option", func(t *testing.T) {
				q := openErrSession(t, keyed, key, lang, "")
				q.must("search.submit", api.Args{Text: "找 Instagram 上的 kayak 博主"})
				if q.snap.Context.PendingQuestion == nil {
					t.Fatalf("no question after a platform conflict: %s", q.snap.Substate)
				}
				code, b := q.event("clarify.answer", api.Args{OptionID: "o9"})
				check(t, answer{code, b, lang, 400, "unknown_option"})
			})
			t.Run("turn limit", func(t *testing.T) {
				f := openErrSession(t, keyed, key, lang, "")
				for i := 0; i < 20; i++ {
					code, b := f.event("input.type", api.Args{Text: "kayak " + strings.Repeat("x", i)})
					if code != http.StatusOK {
						check(t, answer{code, b, lang, 409, "session_full"})
						return
					}
				}
				t.Fatal("20 turns and no session_full with --max-turns 8")
			})
			t.Run("replaced session", func(t *testing.T) {
				old := openErrSession(t, keyed, key, lang, "box-"+lang)
				openErrSession(t, keyed, key, other(lang), "box-"+lang)
				code, b := old.event("input.type", api.Args{Text: "kayak"})
				check(t, answer{code, b, lang, 410, "gone"})
			})
			t.Run("event rate", func(t *testing.T) {
				r := openErrSession(t, tight, "", lang, "")
				for i := 0; i < 10; i++ {
					code, b := r.event("input.type", api.Args{Text: "kayak"})
					if code != http.StatusOK {
						check(t, answer{code, b, lang, 429, "rate_limited"})
						return
					}
				}
				t.Fatal("10 events and no rate_limited at burst 4")
			})
			t.Run("stream bound", func(t *testing.T) {
				n := openErrSession(t, narrow, "", lang, "")
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				req, _ := http.NewRequestWithContext(ctx, "GET", narrow+"/v1/sessions/"+n.id+"/stream?token="+n.token, nil)
				first, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer first.Body.Close()
				code, b := n.raw("GET", "/stream", "")
				check(t, answer{code, b, lang, 503, "overloaded"})
			})

			// Without a session: the request's Accept-Language.
			plain := []struct {
				name   string
				status int
				code   string
				call   func() (int, []byte)
			}{
				{"unknown platform", 400, "bad_platform", func() (int, []byte) {
					return rawCall(t, "POST", keyed+"/v1/sessions", `{"platform":"myspace"}`, keyHdr(lang))
				}},
				{"unknown locale", 400, "bad_locale", func() (int, []byte) {
					return rawCall(t, "POST", keyed+"/v1/sessions", `{"platform":"youtube","locale":"fr"}`, keyHdr(lang))
				}},
				{"body not JSON", 400, "bad_json", func() (int, []byte) { return rawCall(t, "POST", keyed+"/v1/sessions", `[1]`, keyHdr(lang)) }},
				{"invalid UTF-8", 400, "bad_text", func() (int, []byte) {
					return rawCall(t, "POST", keyed+"/v1/sessions", "{\"platform\":\"\xff\"}", keyHdr(lang))
				}},
				{"explain state as a string", 400, "bad_json", func() (int, []byte) {
					return rawCall(t, "POST", keyed+"/v1/route/explain", `{"text":"只要美国的","state":"results_ready"}`, keyHdr(lang))
				}},
				{"explain pending", 400, "bad_pending", func() (int, []byte) {
					return rawCall(t, "POST", keyed+"/v1/route/explain", `{"text":"只要美国的","pending":"x"}`, keyHdr(lang))
				}},
				{"explain conditions", 400, "bad_conditions", func() (int, []byte) {
					return rawCall(t, "POST", keyed+"/v1/route/explain", `{"text":"只要美国的","conditions":"x"}`, keyHdr(lang))
				}},
				{"explain turn", 400, "bad_turn", func() (int, []byte) {
					return rawCall(t, "POST", keyed+"/v1/route/explain", `{"text":"只要美国的","turn":-1}`, keyHdr(lang))
				}},
				{"explain stages", 400, "bad_stages", func() (int, []byte) {
					return rawCall(t, "POST", keyed+"/v1/route/explain", `{"text":"只要美国的","stages":"nope"}`, keyHdr(lang))
				}},
				{"no API key", 401, "unauthorized", func() (int, []byte) {
					return rawCall(t, "POST", keyed+"/v1/sessions", `{"platform":"youtube"}`, map[string]string{"Accept-Language": lang})
				}},
				{"no such session", 404, "not_found", func() (int, []byte) { return rawCall(t, "GET", keyed+"/v1/sessions/s_nope", "", keyHdr(lang)) }},
				{"no such route", 404, "not_found", func() (int, []byte) { return rawCall(t, "GET", keyed+"/v1/nope", "", keyHdr(lang)) }},
				{"wrong method", 405, "method_not_allowed", func() (int, []byte) {
					return rawCall(t, "DELETE", keyed+"/v1/sessions/s_x", "", keyHdr(lang))
				}},
				{"long client_ref", 413, "too_large", func() (int, []byte) {
					return rawCall(t, "POST", keyed+"/v1/sessions", `{"platform":"youtube","client_ref":"`+strings.Repeat("r", 300)+`"}`, keyHdr(lang))
				}},
				{"body over the limit", 413, "too_large", func() (int, []byte) {
					return rawCall(t, "POST", keyed+"/v1/sessions", `{"platform":"youtube","client_ref":"`+strings.Repeat("r", 70000)+`"}`, keyHdr(lang))
				}},
				{"not JSON", 415, "unsupported_media_type", func() (int, []byte) {
					h := keyHdr(lang)
					h["Content-Type"] = "text/plain"
					return rawCall(t, "POST", keyed+"/v1/sessions", `{"platform":"youtube"}`, h)
				}},
			}
			for _, tc := range plain {
				t.Run(tc.name, func(t *testing.T) {
					code, b := tc.call()
					check(t, answer{code, b, lang, tc.status, tc.code})
				})
			}
			t.Run("store full", func(t *testing.T) {
				for i := 0; i < 10; i++ {
					code, b := rawCall(t, "POST", full+"/v1/sessions", `{"platform":"youtube","locale":"`+lang+`"}`, map[string]string{"Accept-Language": other(lang)})
					if code != http.StatusCreated {
						check(t, answer{code, b, lang, 503, "overloaded"})
						return
					}
				}
				t.Fatal("10 sessions and no overloaded at --max-sessions 3")
			})
			t.Run("explain rate", func(t *testing.T) {
				for i := 0; i < 5; i++ {
					code, b := rawCall(t, "POST", tight+"/v1/route/explain", `{"text":"只要美国的"}`, map[string]string{"Accept-Language": lang})
					if code != http.StatusOK {
						check(t, answer{code, b, lang, 429, "rate_limited"})
						return
					}
				}
				t.Fatal("5 explains and no rate_limited at burst 1")
			})
		})
	}

	// Refused by the HTTP stack before any handler: no Accept-Language
	// is parsed yet, so the message says it in both languages.
	t.Run("protocol errors", func(t *testing.T) {
		srv := httptest.NewUnstartedServer(http.NotFoundHandler())
		srv.Listener = server.JSONProtocolErrors(srv.Listener)
		srv.Start()
		defer srv.Close()
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_, _ = io.WriteString(conn, "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		var eb api.ErrorBody
		_ = json.Unmarshal(b, &eb)
		if resp.StatusCode != 501 || eb.Error.Code != "not_implemented" || !hasHan(eb.Error.Message) || !strings.Contains(eb.Error.Message, "Transfer-Encoding") {
			t.Errorf("unsupported Transfer-Encoding = %d %s, want 501 not_implemented in both languages", resp.StatusCode, b)
		}
		seen["not_implemented"] = true
	})

	doc, err := os.ReadFile("../../api/NAMES.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, _ := strings.Cut(string(doc), "## Errors")
	table, _, _ = strings.Cut(table, "Requests the HTTP stack refuses")
	// The codes are the backticked words of the table rows, outside the
	// parentheses that describe them.
	paren := regexp.MustCompile(`\([^()]*\)`)
	for row := range strings.SplitSeq(table, "\n") {
		if !strings.HasPrefix(row, "| ") || strings.HasPrefix(row, "| status") {
			continue
		}
		for paren.MatchString(row) {
			row = paren.ReplaceAllString(row, "")
		}
		for _, m := range regexp.MustCompile("`([a-z_]+)`").FindAllStringSubmatch(row, -1) {
			if c := m[1]; !seen[c] && !slices.Contains(errorsOnlyBelowTheAPI, c) {
				t.Errorf("error code %s of api/NAMES.md is provoked by no case", c)
			}
		}
	}
}
