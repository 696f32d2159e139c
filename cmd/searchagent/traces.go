package main

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"searchagent/agent/sessions"
	"searchagent/router"
)

// pathTraces is the auditors' query over every session's turn traces.
const pathTraces = "/v1/traces"

// tracesHandler serves GET /v1/traces?session=&branch=&command=&intent=&outcome=&since=&until=&limit=
// for holders of an auditor key (Authorization: Bearer KEY,
// SEARCHAGENT_AUDITOR_KEYS). Without auditor keys, or without the
// PostgreSQL session store, it says so instead of answering.
type tracesHandler struct {
	turns interface {
		QueryTurns(ctx context.Context, q sessions.TurnQuery) ([]sessions.Turn, error)
	}
	keys [][sha256.Size]byte
	// intents are the spec ids a query may name (the router's specs).
	intents []string
}

// traceParams are the query parameters of GET /v1/traces; any other is a
// 400, never silently ignored.
var traceParams = []string{"session", "branch", "command", "intent", "outcome", "since", "until", "limit"}

// traceBranches are the router's branches a trace query may name.
var traceBranches = []string{string(router.BranchGuardHit), string(router.BranchExpectationHit), string(router.BranchMatched),
	string(router.BranchAmbiguous), string(router.BranchFallback), string(router.BranchClassified)}

// tracesResponse is the answer of GET /v1/traces.
type tracesResponse struct {
	Turns []sessions.Turn `json:"turns"`
}

func traceError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"code": code, "message": msg}})
}

func (h *tracesHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if len(h.keys) == 0 {
		traceError(w, http.StatusNotImplemented, "not_configured", "GET /v1/traces needs auditor keys: set SEARCHAGENT_AUDITOR_KEYS")
		return
	}
	// The scheme is case-insensitive (RFC 9110 §11.1): "bearer KEY" too.
	scheme, key, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	key = strings.TrimSpace(key)
	if !ok || !strings.EqualFold(scheme, "Bearer") || key == "" {
		traceError(w, http.StatusUnauthorized, "unauthorized", "this call needs an auditor key (Authorization: Bearer KEY)")
		return
	}
	sum := sha256.Sum256([]byte(key))
	allowed := false
	for _, k := range h.keys {
		if subtle.ConstantTimeCompare(sum[:], k[:]) == 1 {
			allowed = true
		}
	}
	if !allowed {
		traceError(w, http.StatusForbidden, "forbidden", "the key is not an auditor key")
		return
	}
	if h.turns == nil {
		traceError(w, http.StatusNotImplemented, "not_available", "trace queries need the PostgreSQL session store (DATABASE_URL); the in-memory store answers per session on /v1/sessions/{id}/trace")
		return
	}
	v := r.URL.Query()
	for name, vals := range v {
		if !slices.Contains(traceParams, name) {
			traceError(w, http.StatusBadRequest, "bad_request", "unknown parameter "+strconv.Quote(name)+": the parameters are "+strings.Join(traceParams, ", "))
			return
		}
		if len(vals) > 1 {
			traceError(w, http.StatusBadRequest, "bad_request", "parameter "+name+" is given more than once")
			return
		}
	}
	q := sessions.TurnQuery{SessionID: v.Get("session"), Branch: v.Get("branch"), Command: v.Get("command"), Intent: v.Get("intent"), Outcome: v.Get("outcome"), Limit: 100}
	for _, c := range []struct {
		name, value string
		allowed     []string
	}{
		{"branch", q.Branch, traceBranches},
		{"command", q.Command, router.CommandNames()},
		{"intent", q.Intent, h.intents},
		{"outcome", q.Outcome, []string{"ok", "failed"}},
	} {
		if c.value != "" && !slices.Contains(c.allowed, c.value) {
			traceError(w, http.StatusBadRequest, "bad_request", c.name+" "+strconv.Quote(c.value)+" is not one of: "+strings.Join(c.allowed, ", "))
			return
		}
	}
	for name, dst := range map[string]*time.Time{"since": &q.Since, "until": &q.Until} {
		if s := v.Get(name); s != "" {
			t, err := time.Parse(time.RFC3339, s)
			if err != nil {
				traceError(w, http.StatusBadRequest, "bad_request", name+" must be an RFC 3339 time")
				return
			}
			*dst = t
		}
	}
	if s := v.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 1000 {
			traceError(w, http.StatusBadRequest, "bad_request", "limit must be 1..1000")
			return
		}
		q.Limit = n
	}
	turns, err := h.turns.QueryTurns(r.Context(), q)
	if err != nil {
		traceError(w, http.StatusServiceUnavailable, "unavailable", "the trace store is unavailable; retry in a moment")
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	json.NewEncoder(w).Encode(tracesResponse{Turns: turns})
}

// newTracesHandler reads the auditor keys from SEARCHAGENT_AUDITOR_KEYS
// (comma-separated); turns is nil in the embedded mode; rt's specs are
// the intents a query may name.
func newTracesHandler(keys []string, turns *sessions.Postgres, rt *router.Router) *tracesHandler {
	h := &tracesHandler{}
	for _, si := range rt.Snapshot().SpecInfos() {
		h.intents = append(h.intents, si.ID)
	}
	if turns != nil {
		h.turns = turns
	}
	for _, k := range keys {
		if k = strings.TrimSpace(k); k != "" {
			h.keys = append(h.keys, sha256.Sum256([]byte(k)))
		}
	}
	return h
}
