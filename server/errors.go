package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"searchagent/agent"
	"searchagent/api"
)

// Error codes the server itself produces (the agent's *agent.Error
// carries its own codes).
const (
	CodeBadJSON          = "bad_json"
	CodeBadRequest       = "bad_request"
	CodeBadText          = "bad_text"
	CodeUnauthorized     = "unauthorized"
	CodeForbidden        = "forbidden"
	CodeNotFound         = "not_found"
	CodeMethodNotAllowed = "method_not_allowed"
	CodeNotAllowed       = "not_allowed"
	CodeConflict         = "conflict"
	CodeGone             = "gone"
	CodeTooLarge         = "too_large"
	CodeInternal         = "internal"
	CodeUnavailable      = "unavailable"
)

// statusClientClosed is logged (never seen by anyone) when the client went
// away before the answer.
const statusClientClosed = 499

// msg is a user-facing message in both languages.
type msg struct{ zh, en string }

func (m msg) in(lang string) string {
	if lang == "zh" {
		return m.zh
	}
	return m.en
}

// kinds maps the agent's sentinel kinds to statuses, default codes and
// default messages (used when an error carries none of its own).
var kinds = []struct {
	kind   error
	status int
	code   string
	text   msg
}{
	{agent.ErrBadRequest, http.StatusBadRequest, CodeBadRequest, msg{"请求无效", "bad request"}},
	{agent.ErrUnauthorized, http.StatusUnauthorized, CodeUnauthorized, msg{"缺少会话令牌", "missing session token"}},
	{agent.ErrForbidden, http.StatusForbidden, CodeForbidden, msg{"会话令牌不正确", "wrong session token"}},
	{agent.ErrNotFound, http.StatusNotFound, CodeNotFound, msg{"会话不存在", "session not found"}},
	{agent.ErrNotAllowed, http.StatusConflict, CodeNotAllowed, msg{"当前状态下不允许此操作", "this action is not allowed now"}},
	{agent.ErrConflict, http.StatusConflict, CodeConflict, msg{"会话已被并发修改，请重试", "the session changed concurrently, please retry"}},
	{agent.ErrGone, http.StatusGone, CodeGone, msg{"会话已被新会话取代", "the session was replaced by a newer one"}},
	{agent.ErrTooLarge, http.StatusRequestEntityTooLarge, CodeTooLarge, msg{"输入过长", "input too large"}},
	{agent.ErrUnavailable, http.StatusServiceUnavailable, CodeUnavailable, msg{"服务暂不可用，请稍后重试", "service unavailable, please retry later"}},
	{agent.ErrInternal, http.StatusInternalServerError, CodeInternal, msgInternal},
}

var (
	msgInternal = msg{"服务内部错误，请稍后重试", "internal error, please retry later"}
	msgTimeout  = msg{"处理超时，请稍后重试", "the request timed out, please retry later"}
)

// httpError is an error the server itself answers with; its message is
// put in the answer's language when it is answered (classify).
type httpError struct {
	status  int
	code    string
	text    msg
	details any
	cause   error
}

func (e *httpError) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%d %s: %s: %v", e.status, e.code, e.text.en, e.cause)
	}
	return fmt.Sprintf("%d %s: %s", e.status, e.code, e.text.en)
}

func (e *httpError) Unwrap() error { return e.cause }

// newHTTPError is the server's own error answer. r is unused (the answer's
// language is decided when it is sent) and kept so every call site reads
// the same.
func newHTTPError(_ *http.Request, status int, code string, text msg, details any, cause error) *httpError {
	return &httpError{status: status, code: code, text: text, details: details, cause: cause}
}

// acceptLanguage picks the message language from Accept-Language: the
// first zh or en tag listed wins; "" when it names neither.
func acceptLanguage(r *http.Request) string {
	for part := range strings.SplitSeq(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(part, ";")
		tag = strings.ToLower(strings.TrimSpace(tag))
		switch {
		case strings.HasPrefix(tag, "en"):
			return "en"
		case strings.HasPrefix(tag, "zh"):
			return "zh"
		}
	}
	return ""
}

// SessionLocales is implemented by services that know the locale of the
// sessions they serve without reading a store (*agent.Agent does): an
// error on a session's route is answered in the session's language even
// when the server refuses the request before the service sees it (a
// malformed body, a rate limit).
type SessionLocales interface {
	SessionLocale(id string) (string, bool)
}

// errorLang is the language of err's answer (issue 31 item 3): the locale
// of the session the error is about (the agent's error names it, or the
// session of the route's id), else the request's Accept-Language, else
// English.
func (s *Server) errorLang(c *gin.Context, err error) string {
	var ae *agent.Error
	if errors.As(err, &ae) && ae.Locale != "" {
		return ae.Locale
	}
	if sl, ok := s.svc.(SessionLocales); ok {
		if id := c.Param("id"); id != "" {
			if l, ok := sl.SessionLocale(id); ok {
				return l
			}
		}
	}
	if l := acceptLanguage(c.Request); l != "" {
		return l
	}
	return "en"
}

// classify maps any error to its status and user-safe body, with the
// message in lang. Plain errors (not *agent.Error, no sentinel kind)
// become a generic 500: their text is never shown.
func classify(r *http.Request, lang string, err error) (int, api.ErrorInfo) {
	var he *httpError
	if errors.As(err, &he) {
		return he.status, api.ErrorInfo{Code: he.code, Message: he.text.in(lang), Details: localized(he.details, lang)}
	}
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		return statusClientClosed, api.ErrorInfo{Code: CodeUnavailable, Message: msgTimeout.in(lang)}
	}
	var ae *agent.Error
	isAgent := errors.As(err, &ae)
	for _, k := range kinds {
		if !errors.Is(err, k.kind) {
			continue
		}
		info := api.ErrorInfo{Code: k.code, Message: k.text.in(lang)}
		if isAgent {
			if ae.Code != "" {
				info.Code = ae.Code
			}
			if m := ae.In(lang); m != "" {
				info.Message = m
			}
			info.Details = ae.Details
		}
		return k.status, info
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return http.StatusServiceUnavailable, api.ErrorInfo{Code: CodeUnavailable, Message: msgTimeout.in(lang)}
	}
	return http.StatusInternalServerError, api.ErrorInfo{Code: CodeInternal, Message: msgInternal.in(lang)}
}

// localized puts the msg values of an error's details (a reason) into
// lang; other details pass unchanged.
func localized(details any, lang string) any {
	d, ok := details.(map[string]any)
	if !ok {
		return details
	}
	out := make(map[string]any, len(d))
	for k, v := range d {
		if m, ok := v.(msg); ok {
			v = m.in(lang)
		}
		out[k] = v
	}
	return out
}

// fail answers with the JSON error for err and records err (with its
// internal cause) for the access log.
func (s *Server) fail(c *gin.Context, err error) {
	_ = c.Error(err)
	status, info := classify(c.Request, s.errorLang(c, err), err)
	if status == statusClientClosed {
		c.AbortWithStatus(status)
		return
	}
	if status == http.StatusUnauthorized && errors.Is(err, errAPIKey) {
		c.Header("WWW-Authenticate", `Bearer realm="searchagent"`)
	}
	if status == http.StatusServiceUnavailable || status == http.StatusTooManyRequests {
		c.Header("Retry-After", retryAfter(info))
	}
	writeJSON(c, status, api.ErrorBody{Error: info})
	c.Abort()
}

// internalBody is the fallback answer when a response cannot be encoded.
var internalBody = []byte(`{"error":{"code":"internal","message":"internal error, please retry later"}}`)

// writeJSON encodes v before committing the status, so an encoding
// failure still yields a clean 500.
func writeJSON(c *gin.Context, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		_ = c.Error(fmt.Errorf("encode response: %w", err))
		status, b = http.StatusInternalServerError, internalBody
	}
	c.Header("X-Content-Type-Options", "nosniff")
	c.Data(status, "application/json; charset=utf-8", b)
}

var (
	msgBadJSON  = msg{"请求体不是可用的 JSON 请求", "the request body is not a usable JSON request"}
	msgEmpty    = msg{"请求体为空", "request body is empty"}
	msgTooLarge = msg{"请求体过大", "request body too large"}
	msgBadText  = msg{"文本不是有效的 UTF-8", "the text is not valid UTF-8"}
)

// decode reads one JSON object from the body into dst: unknown fields,
// a key twice in one object, trailing data and an empty body are 400
// bad_json; a body over the limit
// is 413 too_large.
func (s *Server) decode(c *gin.Context, dst any) error {
	r := c.Request
	body, err := io.ReadAll(r.Body)
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return s.tooLarge(r, err)
	}
	if err != nil {
		return newHTTPError(r, http.StatusBadRequest, CodeBadJSON, msgBadJSON, map[string]any{"reason": msg{"无法读取请求体", "the body could not be read"}}, err)
	}
	// encoding/json would quietly turn invalid UTF-8 into U+FFFD and store
	// it: refuse it instead (issue 15).
	if !utf8.Valid(body) {
		return newHTTPError(r, http.StatusBadRequest, CodeBadText, msgBadText, nil, errors.New("request body is not valid UTF-8"))
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	err = dec.Decode(dst)
	if err == nil {
		var extra json.RawMessage
		if err2 := dec.Decode(&extra); err2 != io.EOF {
			if err2 == nil {
				err2 = errors.New("trailing data after the JSON object")
			}
			err = err2
		}
	}
	if err == nil {
		if k := duplicateKey(body); k != "" {
			return newHTTPError(r, http.StatusBadRequest, CodeBadJSON, msgBadJSON, map[string]any{"reason": msg{fmt.Sprintf("键 %q 在同一个对象里出现了两次", jsonReasonKey(k)), fmt.Sprintf("the key %q appears twice in one object", jsonReasonKey(k))}},
				errors.New("duplicate key"))
		}
		return nil
	}
	switch {
	case errors.As(err, &mbe):
		return s.tooLarge(r, err)
	case errors.Is(err, io.EOF):
		return newHTTPError(r, http.StatusBadRequest, CodeBadJSON, msgEmpty, nil, err)
	default:
		// The message says what is wrong ("field state must be an
		// object, not a string"): a well-formed body of the wrong shape is
		// no less a bad_json, and "not valid JSON" alone sent a newcomer
		// looking for a syntax error.
		why := jsonReason(err)
		return newHTTPError(r, http.StatusBadRequest, CodeBadJSON, msg{msgBadJSON.zh + "：" + why.zh, msgBadJSON.en + ": " + why.en}, map[string]any{"reason": why}, err)
	}
}

func (s *Server) tooLarge(r *http.Request, cause error) *httpError {
	return newHTTPError(r, http.StatusRequestEntityTooLarge, CodeTooLarge, msgTooLarge,
		map[string]int64{"limit_bytes": s.cfg.maxBody}, cause)
}

// retryAfter is the Retry-After of a 503 or 429: the error's
// retry_after_seconds detail, or 5 seconds.
func retryAfter(info api.ErrorInfo) string {
	if d, ok := info.Details.(map[string]int); ok && d["retry_after_seconds"] > 0 {
		return strconv.Itoa(d["retry_after_seconds"])
	}
	return "5"
}
