package server

import (
	"cmp"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// HeaderRequestID carries the request id (taken from the client when sane,
// generated otherwise) back in every answer and into the access log.
const HeaderRequestID = "X-Request-ID"

// routeUnmatched is the route label of requests no route matched.
const routeUnmatched = "unmatched"

// Context keys the handlers leave for the access log.
const (
	keySSEEvents = "searchagent.sse_events"
)

// accessLog assigns the request id, times the request, records the HTTP
// metrics and writes one structured log line. It never logs the query
// string (it may carry a session token).
func (s *Server) accessLog(c *gin.Context) {
	start := time.Now()
	rid := c.GetHeader(HeaderRequestID)
	if !saneRequestID(rid) {
		rid = newRequestID()
	}
	c.Header(HeaderRequestID, rid)

	c.Next()

	d := time.Since(start)
	status := c.Writer.Status()
	route := c.FullPath()
	route = cmp.Or(route, routeUnmatched)
	method := normMethod(c.Request.Method)
	s.cfg.metrics.HTTPRequest(route, method, status, d)

	level := slog.LevelInfo
	if status >= 500 {
		level = slog.LevelError
	}
	attrs := []slog.Attr{
		slog.String("request_id", rid),
		slog.String("method", method),
		slog.String("route", route),
		slog.String("path", c.Request.URL.Path),
		slog.Int("status", status),
		slog.Int("bytes", max(c.Writer.Size(), 0)),
		slog.Duration("duration", d),
		slog.String("client_ip", c.ClientIP()),
	}
	if n, ok := c.Get(keySSEEvents); ok {
		attrs = append(attrs, slog.Bool("sse", true), slog.Any("sse_events", n))
	}
	if len(c.Errors) > 0 {
		// Internal causes go to the log only, never to the client.
		attrs = append(attrs, slog.String("error", c.Errors.Last().Err.Error()))
	}
	s.cfg.log.LogAttrs(c.Request.Context(), level, "http request", attrs...)
}

func normMethod(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return m
	}
	return "OTHER"
}

func saneRequestID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-' || b == '_' || b == '.') {
			return false
		}
	}
	return true
}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

// recovery turns a handler panic into a logged 500 (or ends a stream that
// already started). http.ErrAbortHandler is passed on.
func (s *Server) recovery(c *gin.Context) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if r == http.ErrAbortHandler {
			panic(r)
		}
		err := fmt.Errorf("panic: %v", r)
		s.cfg.log.LogAttrs(c.Request.Context(), slog.LevelError, "handler panic",
			slog.String("path", c.Request.URL.Path), slog.Any("panic", r), slog.String("stack", string(debug.Stack())))
		if c.Writer.Written() {
			_ = c.Error(err)
			c.Abort()
			return
		}
		s.fail(c, err)
	}()
	c.Next()
}

// limitBody caps request bodies: a declared Content-Length over the limit
// is refused at once; otherwise reading past the limit fails in decode.
func (s *Server) limitBody(c *gin.Context) {
	r := c.Request
	if r.ContentLength > s.cfg.maxBody {
		s.fail(c, s.tooLarge(r, fmt.Errorf("content-length %d over %d", r.ContentLength, s.cfg.maxBody)))
		return
	}
	if r.Body != nil && r.Body != http.NoBody {
		r.Body = http.MaxBytesReader(c.Writer, r.Body, s.cfg.maxBody)
	}
	c.Next()
}

var (
	errAPIKey = errors.New("missing or invalid API key")
	msgAPIKey = msg{"缺少或无效的 API 密钥", "missing or invalid API key"}
)

// keyOwner is the gin context key of the API key's owner id (a hash of the
// key): sessions created with one key can be replaced with it.
const keyOwner = "searchagent.owner"

// auth checks "Authorization: Bearer <key>" when API keys are configured.
func (s *Server) auth(c *gin.Context) {
	if len(s.cfg.keyHashes) == 0 {
		c.Next()
		return
	}
	if key, ok := s.bearerKey(c); ok {
		h := sha256.Sum256([]byte("owner:" + key))
		c.Set(keyOwner, hex.EncodeToString(h[:16]))
		c.Next()
		return
	}
	s.fail(c, newHTTPError(c.Request, http.StatusUnauthorized, CodeUnauthorized, msgAPIKey, nil, errAPIKey))
}

// bearerKey is the request's API key when it carries a configured one
// ("Authorization: Bearer KEY", the scheme in any case).
func (s *Server) bearerKey(c *gin.Context) (string, bool) {
	scheme, key, ok := strings.Cut(strings.TrimSpace(c.GetHeader("Authorization")), " ")
	key = strings.TrimSpace(key)
	return key, ok && strings.EqualFold(scheme, "Bearer") && s.validKey(key)
}

// validKey compares against every configured key in constant time.
func (s *Server) validKey(key string) bool {
	if key == "" {
		return false
	}
	h := sha256.Sum256([]byte(key))
	found := 0
	for _, k := range s.cfg.keyHashes {
		found |= subtle.ConstantTimeCompare(h[:], k[:])
	}
	return found == 1
}

var (
	msgNoRoute  = msg{"没有这个接口", "no such endpoint"}
	msgNoMethod = msg{"此接口不支持该请求方法", "method not allowed on this endpoint"}
)

func (s *Server) noRoute(c *gin.Context) {
	s.fail(c, newHTTPError(c.Request, http.StatusNotFound, CodeNotFound, msgNoRoute, nil,
		fmt.Errorf("no route %s %s", c.Request.Method, c.Request.URL.Path)))
}

func (s *Server) noMethod(c *gin.Context) {
	var allowed []string
	for m := range strings.SplitSeq(c.Writer.Header().Get("Allow"), ",") {
		if m = strings.TrimSpace(m); m != "" {
			allowed = append(allowed, m)
		}
	}
	s.fail(c, newHTTPError(c.Request, http.StatusMethodNotAllowed, CodeMethodNotAllowed, msgNoMethod,
		map[string][]string{"allowed": allowed}, fmt.Errorf("method %s not allowed on %s", c.Request.Method, c.Request.URL.Path)))
}
