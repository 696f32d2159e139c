package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"searchagent/agent"
	"searchagent/agent/fsm"
	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/evals"
	"searchagent/router"
	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
)

// inputModes is the real API over the demo agent with each session store:
// memory, and PostgreSQL when TEST_DATABASE_URL is set (emptied first).
// One input rule holds in both (issue 33): what one accepts the other
// stores, what one refuses the other refuses with the same status.
func inputModes(t *testing.T) map[string]http.Handler {
	t.Helper()
	r, err := router.Default()
	if err != nil {
		t.Fatal(err)
	}
	v, err := contract.New()
	if err != nil {
		t.Fatal(err)
	}
	build := func(st sessions.Store) http.Handler {
		a, err := evals.DemoAgent(context.Background(), r, v, nil, func(c *agent.Config) { c.Sessions = st })
		if err != nil {
			t.Fatal(err)
		}
		s, err := New(a)
		if err != nil {
			t.Fatal(err)
		}
		return s.Handler()
	}
	out := map[string]http.Handler{"memory": build(sessions.NewMemory())}
	if dsn := pgdbtestDSN(t); dsn != "" {
		ctx := context.Background()
		pool, err := pgdb.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pool.Close)
		if err := pgdb.Ensure(ctx, pool, sessions.Schema, true, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, `TRUNCATE sessions, session_events, session_turns`); err != nil {
			t.Fatal(err)
		}
		out["postgres"] = build(sessions.NewPostgres(pool))
	} else {
		t.Log("TEST_DATABASE_URL is unset: the PostgreSQL half of the input rule is not checked")
	}
	return out
}

// pgdbtestDSN is TEST_DATABASE_URL, locked for the test, or "".
func pgdbtestDSN(t *testing.T) string {
	var dsn string
	t.Run("postgres", func(t *testing.T) { dsn = pgdbtest.DSN(t) })
	return dsn
}

// answer is what a client saw of one call: the status, and the error
// code of the JSON body or of the stream's turn.error.
type answer struct {
	status int
	code   string
}

func (a answer) String() string { return fmt.Sprintf("%d %s", a.status, a.code) }

// inputCall sends body to path (as SSE when stream) and reads the answer.
func inputCall(t *testing.T, h http.Handler, method, path, tok, body string, stream bool) (answer, []byte) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if tok != "" {
		req.Header.Set(api.HeaderToken, tok)
	}
	if stream {
		req.Header.Set("Accept", "text/event-stream")
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	a := answer{status: rec.Code}
	b := rec.Body.Bytes()
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "text/event-stream") {
		sc := bufio.NewScanner(strings.NewReader(string(b)))
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		name := ""
		for sc.Scan() {
			line := sc.Text()
			if n, ok := strings.CutPrefix(line, "event: "); ok {
				name = n
			}
			if d, ok := strings.CutPrefix(line, "data: "); ok && name == api.EventTurnError {
				var eb api.ErrorBody
				if json.Unmarshal([]byte(d), &eb) == nil && eb.Error.Code != "" {
					a.code = eb.Error.Code
				} else {
					var te struct {
						Code string `json:"code"`
					}
					_ = json.Unmarshal([]byte(d), &te)
					a.code = te.Code
				}
			}
		}
		return a, b
	}
	if rec.Code >= 400 {
		var eb api.ErrorBody
		if err := json.Unmarshal(b, &eb); err != nil {
			t.Fatalf("%s %s = %d with a non-JSON error %q", method, path, rec.Code, b)
		}
		a.code = eb.Error.Code
	}
	return a, b
}

// inputSession creates a session with a committed tag and results, and
// returns its id, token, a tag id and a condition id.
func inputSession(t *testing.T, h http.Handler) (id, tok, tagID, condID string) {
	t.Helper()
	a, b := inputCall(t, h, http.MethodPost, api.PathSessions, "", `{"platform":"youtube","locale":"zh"}`, false)
	if a.status != http.StatusCreated {
		t.Fatalf("create = %v %s", a, b)
	}
	var cr api.CreateSessionResponse
	if err := json.Unmarshal(b, &cr); err != nil {
		t.Fatal(err)
	}
	id, tok = cr.SessionID, cr.Token
	for _, ev := range []string{`{"event":"input.type","args":{"text":"美食"}}`, `{"event":"input.commit","args":{"text":"美食"}}`} {
		if a, b := inputCall(t, h, http.MethodPost, "/v1/sessions/"+id+"/events", tok, ev, false); a.status != http.StatusOK {
			t.Fatalf("setup %s = %v %s", ev, a, b)
		}
	}
	a, b = inputCall(t, h, http.MethodGet, "/v1/sessions/"+id, tok, "", false)
	var snap api.Snapshot
	if err := json.Unmarshal(b, &snap); err != nil {
		t.Fatal(err)
	}
	if len(snap.Context.KeywordTags) > 0 {
		tagID = snap.Context.KeywordTags[0].ID
	}
	if len(snap.Context.Conditions) > 0 {
		condID = snap.Context.Conditions[0].ID
	}
	return id, tok, tagID, condID
}

// badStrings are JSON string literals no store may choke on.
var badStrings = map[string]string{
	"nul":             `"a\u0000b"`,
	"lone_high":       `"a\ud800b"`,
	"lone_low":        `"\udc00"`,
	"reversed_pair":   `"\ude00\ud83d"`,
	"huge":            `"` + strings.Repeat("字", 2000) + `"`,
	"long_tag":        `"` + strings.Repeat("k", 130) + `"`,
	"emoji_only":      `"🔥🔥"`,
	"punct_only":      `"!!!"`,
	"valid_pair":      `"a\ud83d\ude00b"`,
	"nul_only":        `"\u0000"`,
	"long_whitespace": `"` + strings.Repeat(" ", 4000) + `"`,
}

// badValues are JSON values for the value arg.
var badValues = map[string]string{
	"nul":         `"\u0000"`,
	"lone":        `"\ud800"`,
	"array_nul":   `["x\u0000"]`,
	"range_lone":  `{"min":"\ud800","max":1}`,
	"object_key":  `{"\u0000":1}`,
	"huge_number": `1e400`,
	"neg":         `-1`,
	"deep":        strings.Repeat("[", 50) + strings.Repeat("]", 50),
	"long_string": `"` + strings.Repeat("v", 5000) + `"`,
}

var argFields = []string{"text", "tag_id", "scope", "url", "option_id", "condition_id", "field", "op", "by", "cursor"}

// baseArgs are valid args for ev on the inputSession.
func baseArgs(ev fsm.Event, tagID, condID string) map[string]json.RawMessage {
	q := func(s string) json.RawMessage { b, _ := json.Marshal(s); return b }
	m := map[string]json.RawMessage{}
	switch ev {
	case fsm.TagEdit, fsm.TagEditSubmit, fsm.TagEditCancel, fsm.TagDelete, fsm.TagMenuOpen, fsm.TagMenuClose, fsm.TagSetScope, fsm.TagToggleExclude:
		m["tag_id"] = q(tagID)
		m["text"] = q("旅行")
		m["scope"] = q("name")
	case fsm.ConditionEdit, fsm.ConditionRemove:
		m["condition_id"] = q(condID)
		m["value"] = q("美妆")
	case fsm.FilterSet, fsm.FilterClear:
		m["field"] = q("followers")
		m["op"] = q("gte")
		m["value"] = json.RawMessage(`10000`)
	case fsm.ResultsSort, fsm.ResultsPage:
		m["by"] = q("followers")
	case fsm.RepairFixURL, fsm.RepairReplaceAnchor:
		m["url"] = q("https://www.youtube.com/@mkbhd")
	default:
		m["text"] = q("美食博主")
	}
	return m
}

func eventBody(ev fsm.Event, args map[string]json.RawMessage) string {
	b, _ := json.Marshal(map[string]any{"event": string(ev), "args": args})
	return string(b)
}

// TestOneInputRuleInBothModes sends every event with every arg set to
// NUL, lone surrogates, control characters, huge values and tags no
// search can run: no answer is a 5xx, both session stores give the same
// status, and a streamed turn gives the same code as the JSON answer.
func TestOneInputRuleInBothModes(t *testing.T) {
	modes := inputModes(t)
	type result struct{ json, sse answer }
	got := map[string]map[string]result{} // case → mode → result
	for mode, h := range modes {
		for _, ev := range fsm.UserEvents {
			// One session per event: the cases after an accepted one run
			// in the state it left, the same sequence in both modes.
			id, tok, tagID, condID := inputSession(t, h)
			for _, field := range append(argFields, "value") {
				vals := badStrings
				if field == "value" {
					vals = badValues
				}
				for _, vname := range slices.Sorted(maps.Keys(vals)) {
					lit := vals[vname]
					args := baseArgs(ev, tagID, condID)
					args[field] = json.RawMessage(lit)
					body := eventBody(ev, args)
					name := fmt.Sprintf("%s/%s=%s", ev, field, vname)
					var r result
					for _, stream := range []bool{false, true} {
						if stream && r.json.status == http.StatusOK {
							r.sse = r.json // an accepted event: nothing to compare
							break
						}
						a, b := inputCall(t, h, http.MethodPost, "/v1/sessions/"+id+"/events", tok, body, stream)
						if a.status >= 500 || a.code == CodeInternal || a.code == "turn_failed" {
							t.Errorf("%s %s (stream %v) = %v %.300s", mode, name, stream, a, b)
						}
						if stream {
							r.sse = a
						} else {
							r.json = a
						}
					}
					if r.json.code != r.sse.code {
						t.Errorf("%s %s: JSON %v, stream %v: want the same code", mode, name, r.json, r.sse)
					}
					if got[name] == nil {
						got[name] = map[string]result{}
					}
					got[name][mode] = r
				}
			}
		}
	}
	for name, byMode := range got {
		if m, p := byMode["memory"], byMode["postgres"]; len(byMode) == 2 && m.json != p.json {
			t.Errorf("%s: memory %v, postgres %v: want one rule", name, m.json, p.json)
		}
	}
}

// TestInputRuleOnCreateAndIDs: a client_ref or locale with NUL or a lone
// surrogate, and a session id with NUL, answer the same 4xx in both
// modes, never a 500.
func TestInputRuleOnCreateAndIDs(t *testing.T) {
	modes := inputModes(t)
	creates := map[string]string{
		"client_ref_nul":  `{"platform":"youtube","client_ref":"tab\u0000"}`,
		"client_ref_lone": `{"platform":"youtube","client_ref":"\ud800"}`,
		"client_ref_ctl":  `{"platform":"youtube","client_ref":"a\u001bb"}`,
		"locale_nul":      `{"platform":"youtube","locale":"zh\u0000"}`,
		"platform_lone":   `{"platform":"you\ud800tube"}`,
		"client_ref_ok":   `{"platform":"youtube","client_ref":"tab-😀"}`,
	}
	paths := map[string]string{
		"get_nul":    "/v1/sessions/%00",
		"get_bad":    "/v1/sessions/%FF%FE",
		"trace_nul":  "/v1/sessions/s_%00/trace",
		"events_nul": "/v1/sessions/%00/events",
	}
	got := map[string]map[string]answer{}
	record := func(name, mode string, a answer) {
		if got[name] == nil {
			got[name] = map[string]answer{}
		}
		got[name][mode] = a
	}
	for mode, h := range modes {
		for name, body := range creates {
			a, b := inputCall(t, h, http.MethodPost, api.PathSessions, "", body, false)
			if a.status >= 500 {
				t.Errorf("%s create %s = %v %s", mode, name, a, b)
			}
			record(name, mode, a)
		}
		for name, path := range paths {
			method, body := http.MethodGet, ""
			if strings.HasSuffix(path, "/events") {
				method, body = http.MethodPost, `{"event":"input.clear"}`
			}
			a, b := inputCall(t, h, method, path, "tok", body, false)
			if a.status != http.StatusNotFound {
				t.Errorf("%s %s %s = %v %s, want 404", mode, method, path, a, b)
			}
			record(name, mode, a)
		}
	}
	if a := got["client_ref_nul"]["memory"]; a.status != http.StatusBadRequest || a.code != "bad_text" {
		t.Errorf("create with a NUL in client_ref = %v, want 400 bad_text", a)
	}
	for name, byMode := range got {
		if len(byMode) == 2 && byMode["memory"] != byMode["postgres"] {
			t.Errorf("%s: memory %v, postgres %v: want one rule", name, byMode["memory"], byMode["postgres"])
		}
	}
}

// TestTagsNoSearchCanRunAreRefusedAtCommit: a draft longer than the
// keyword limit, or with no searchable word, is refused when it would
// become a tag (input.commit, a keyword search.submit, tag.edit_submit)
// with 400 bad_keyword naming the limit, in both modes and on both
// paths; the session is unchanged, so the next search still runs.
func TestTagsNoSearchCanRunAreRefusedAtCommit(t *testing.T) {
	long := strings.Repeat("k", 130)
	wideCJK := strings.Repeat("美", 61) // 61 characters, 122 columns
	for mode, h := range inputModes(t) {
		for _, text := range []string{long, wideCJK, "🔥🔥", "!!!"} {
			// A run of Chinese reads as a natural sentence, never as a
			// draft tag: it can be too wide only as an edited tag.
			keywordShaped := text != wideCJK
			for _, stream := range []bool{false, true} {
				id, tok, tagID, _ := inputSession(t, h)
				post := func(ev string, args map[string]string) (answer, []byte) {
					b, _ := json.Marshal(map[string]any{"event": ev, "args": args})
					return inputCall(t, h, http.MethodPost, "/v1/sessions/"+id+"/events", tok, string(b), stream)
				}
				if a, b := post("input.type", map[string]string{"text": text}); a.status != http.StatusOK || a.code != "" {
					t.Fatalf("%s input.type %q = %v %s", mode, text, a, b)
				}
				if !keywordShaped {
					if a, b := post("input.clear", nil); a.status != http.StatusOK {
						t.Fatalf("%s input.clear = %v %s", mode, a, b)
					}
				}
				for _, step := range []struct {
					ev   string
					args map[string]string
				}{
					{"input.commit", map[string]string{}},
					{"input.commit", map[string]string{"text": text}},
					{"search.submit", map[string]string{"text": text}},
				} {
					if !keywordShaped {
						break
					}
					a, b := post(step.ev, step.args)
					if a.status != http.StatusBadRequest || a.code != "bad_keyword" {
						t.Errorf("%s stream=%v %s %q = %v %.200s, want 400 bad_keyword", mode, stream, step.ev, text, a, b)
					}
					if !strings.Contains(string(b), `"max_chars":100`) || !strings.Contains(string(b), `"max_width":120`) {
						t.Errorf("%s %s %q: the refusal does not name the limits: %.300s", mode, step.ev, text, b)
					}
				}
				if a, b := post("tag.edit", map[string]string{"tag_id": tagID}); a.status != http.StatusOK || a.code != "" {
					t.Fatalf("%s tag.edit = %v %s", mode, a, b)
				}
				if a, b := post("tag.edit_submit", map[string]string{"tag_id": tagID, "text": text}); a.status != http.StatusBadRequest || a.code != "bad_keyword" {
					t.Errorf("%s tag.edit_submit %q = %v %.200s, want 400 bad_keyword", mode, text, a, b)
				}
				if a, b := post("tag.edit_cancel", nil); a.status != http.StatusOK || a.code != "" {
					t.Fatalf("%s tag.edit_cancel = %v %s", mode, a, b)
				}
				if a, b := post("search.submit", map[string]string{"text": "旅行"}); a.status != http.StatusOK || a.code != "" {
					t.Errorf("%s search after the refusals = %v %.300s, want 200", mode, a, b)
				}
			}
		}
	}
}
