package server

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"searchagent/api"
)

// token is the session token: the X-Session-Token header, or ?token= for
// EventSource, which cannot set headers.
func token(c *gin.Context) string {
	if t := c.GetHeader(api.HeaderToken); t != "" {
		return t
	}
	return c.Query(api.QueryToken)
}

func (s *Server) healthz(c *gin.Context) {
	writeJSON(c, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz answers the readiness. With API keys configured, the detail
// (mode, stores, database host, port, user and name) is for key holders
// only: a probe without the key gets the bare status (issue 33).
func (s *Server) readyz(c *gin.Context) {
	rd := s.corsReadiness(s.svc.Readiness(c.Request.Context()))
	status := http.StatusOK
	if !rd.Ready {
		status = http.StatusServiceUnavailable
	}
	if len(s.cfg.keyHashes) > 0 {
		if _, ok := s.bearerKey(c); !ok {
			writeJSON(c, status, api.ReadinessStatus{Ready: rd.Ready, Detail: "send Authorization: Bearer <API key> for the active mode, stores and notes"})
			return
		}
	}
	writeJSON(c, status, rd)
}

func (s *Server) createSession(c *gin.Context) {
	var req api.CreateSessionRequest
	if err := s.decode(c, &req); err != nil {
		s.fail(c, err)
		return
	}
	// Replacing the client's previous session needs proof of owning it
	// (issue 15): its token, in the header only (never ?token=), or the
	// API key that created it.
	req.ReplaceToken = c.GetHeader(api.HeaderToken)
	req.Owner = c.GetString(keyOwner)
	resp, err := s.svc.CreateSession(c.Request.Context(), req)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Location", api.PathSessions+"/"+url.PathEscape(resp.SessionID))
	writeJSON(c, http.StatusCreated, resp)
}

func (s *Server) getSession(c *gin.Context) {
	snap, err := s.svc.Snapshot(c.Request.Context(), c.Param("id"), token(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	writeJSON(c, http.StatusOK, snap)
}

// SessionUpdater is implemented by services whose sessions have settings
// a client may change (*agent.Agent does): PATCH /v1/sessions/{id} with
// api.UpdateSessionRequest (the locale) answers the snapshot after the
// change, committed as one turn other readers see.
type SessionUpdater interface {
	UpdateSession(ctx context.Context, id, token string, req api.UpdateSessionRequest, emit func(api.StreamEvent) error) (api.Snapshot, error)
}

var msgNoUpdate = msg{"此服务的会话没有可修改的设置", "this service's sessions have no settings to change"}

func (s *Server) patchSession(c *gin.Context) {
	up, ok := s.svc.(SessionUpdater)
	if !ok {
		s.fail(c, newHTTPError(c.Request, http.StatusMethodNotAllowed, CodeMethodNotAllowed, msgNoUpdate, nil, errors.New("service has no UpdateSession")))
		return
	}
	var req api.UpdateSessionRequest
	if err := s.decode(c, &req); err != nil {
		s.fail(c, err)
		return
	}
	ctx := c.Request.Context()
	tctx, stop := s.turnContext(ctx)
	defer stop()
	snap, err := up.UpdateSession(tctx, c.Param("id"), token(c), req, nil)
	if err != nil {
		s.fail(c, err)
		return
	}
	writeJSON(c, http.StatusOK, snap)
}

// TracePager is implemented by services that page the audit trail
// (*agent.Agent does): GET …/trace?after=N&limit=M returns the turns
// after turn N, at most M of them (default DefaultTraceLimit, at most
// MaxTraceLimit), and where the next page starts.
type TracePager interface {
	TracePage(ctx context.Context, id, token string, after int64, limit int) (any, error)
}

// Page sizes of GET …/trace.
const (
	DefaultTraceLimit = 50
	MaxTraceLimit     = 500
)

var msgBadPage = msg{"after 与 limit 必须是非负整数", "after and limit must be non-negative integers"}

func (s *Server) trace(c *gin.Context) {
	if tp, ok := s.svc.(TracePager); ok {
		after, err1 := strconv.ParseInt(c.DefaultQuery("after", "0"), 10, 64)
		limit, err2 := strconv.Atoi(c.DefaultQuery("limit", strconv.Itoa(DefaultTraceLimit)))
		if err := errors.Join(err1, err2); err != nil || after < 0 || limit < 0 {
			s.fail(c, newHTTPError(c.Request, http.StatusBadRequest, CodeBadRequest, msgBadPage, nil, err))
			return
		}
		if limit == 0 || limit > MaxTraceLimit {
			limit = MaxTraceLimit
		}
		tr, err := tp.TracePage(c.Request.Context(), c.Param("id"), token(c), after, limit)
		if err != nil {
			s.fail(c, err)
			return
		}
		writeJSON(c, http.StatusOK, tr)
		return
	}
	tr, err := s.svc.Trace(c.Request.Context(), c.Param("id"), token(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	writeJSON(c, http.StatusOK, tr)
}

func (s *Server) explain(c *gin.Context) {
	var req api.ExplainRequest
	if err := s.decode(c, &req); err != nil {
		s.fail(c, err)
		return
	}
	res, err := s.svc.Explain(c.Request.Context(), req)
	if err != nil {
		s.fail(c, err)
		return
	}
	writeJSON(c, http.StatusOK, res)
}

// postEvent runs one turn: streamed as SSE when the client accepts
// text/event-stream (over JSON), otherwise answered as one JSON document.
func (s *Server) postEvent(c *gin.Context) {
	var req api.EventRequest
	if err := s.decode(c, &req); err != nil {
		s.fail(c, err)
		return
	}
	if wantsEventStream(c.GetHeader("Accept")) {
		s.streamTurn(c, req)
		return
	}
	ctx := c.Request.Context()
	tctx, stop := s.turnContext(ctx)
	defer stop()
	events := []api.StreamEvent{}
	snap, err := s.svc.Handle(tctx, c.Param("id"), token(c), req, func(ev api.StreamEvent) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		events = append(events, ev)
		return nil
	})
	if err != nil {
		s.fail(c, err)
		return
	}
	writeJSON(c, http.StatusOK, api.EventResponse{Events: events, Snapshot: snap})
}

// wantsEventStream reports whether the Accept header prefers
// text/event-stream over application/json: it must be listed with q > 0
// and with a q no lower than JSON's (wildcards count for JSON).
func wantsEventStream(accept string) bool {
	sseQ, jsonQ := -1.0, -1.0
	for part := range strings.SplitSeq(accept, ",") {
		mt, params, _ := strings.Cut(part, ";")
		mt = strings.ToLower(strings.TrimSpace(mt))
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				q = parseQ(strings.TrimSpace(v))
			}
		}
		switch mt {
		case "text/event-stream":
			sseQ = max(sseQ, q)
		case "application/json", "application/*", "*/*":
			jsonQ = max(jsonQ, q)
		}
	}
	return sseQ > 0 && sseQ >= jsonQ
}

// parseQ reads a quality value ("0", "0.5", "1.000"); malformed is 0.
func parseQ(v string) float64 {
	if v == "" || len(v) > 5 {
		return 0
	}
	whole, frac, _ := strings.Cut(v, ".")
	if whole != "0" && whole != "1" {
		return 0
	}
	q, scale := float64(whole[0]-'0'), 0.1
	for i := 0; i < len(frac); i++ {
		d := frac[i]
		if d < '0' || d > '9' {
			return 0
		}
		q += float64(d-'0') * scale
		scale /= 10
	}
	return min(q, 1)
}
