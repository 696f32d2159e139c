// Package llmtest is a scripted in-process OpenAI-compatible server for
// tests of the model path: each test queues replies (or installs a
// responder that answers by the request's schema name) and reads back the
// requests the client sent. No model weights, no network beyond loopback.
package llmtest

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"
)

// Reply is one scripted answer.
type Reply struct {
	// Status is the HTTP status (200 by default).
	Status int
	// Header is sent as is (e.g. Retry-After).
	Header map[string]string
	// Content is the assistant message's content; Refusal its refusal.
	Content, Refusal string
	// Finish is the finish reason ("stop" by default).
	Finish string
	// PromptTokens and CompletionTokens are the usage reported (10 and 20
	// by default).
	PromptTokens, CompletionTokens int
	// Delay holds the answer back (for timeouts and disconnects); a
	// request whose client goes away stops waiting.
	Delay time.Duration
	// Raw, when set, is the whole body instead of a chat completion.
	Raw string
}

// Request is what the client sent.
type Request struct {
	Path string
	Body ChatRequest
	Raw  []byte
	// Canceled is set when the client went away before the answer.
	Canceled bool
}

// ChatRequest is the part of a chat completion request tests look at.
type ChatRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	MaxCompletionTokens int `json:"max_completion_tokens"`
	ResponseFormat      *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name   string          `json:"name"`
			Strict bool            `json:"strict"`
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
	// Input is set on embedding requests.
	Input      []string `json:"input"`
	Dimensions int      `json:"dimensions"`
}

// SchemaName is the request's response_format schema name, or "".
func (r ChatRequest) SchemaName() string {
	if r.ResponseFormat == nil || r.ResponseFormat.JSONSchema == nil {
		return ""
	}
	return r.ResponseFormat.JSONSchema.Name
}

// Server is the scripted server.
type Server struct {
	*httptest.Server
	mu        sync.Mutex
	queue     []Reply
	responder func(ChatRequest) Reply
	requests  []Request
	// EmbedDims is the length of the vectors /embeddings returns (8 by
	// default, or the request's dimensions).
	EmbedDims int
}

// New starts a server closed at the end of the test.
func New(t testing.TB) *Server {
	s := &Server{EmbedDims: 8}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// URL is the base URL to configure (…/v1).
func (s *Server) BaseURL() string { return s.Server.URL + "/v1" }

// Push queues replies, answered in order.
func (s *Server) Push(r ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, r...)
}

// Respond installs a responder for requests the queue does not answer.
func (s *Server) Respond(fn func(ChatRequest) Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.responder = fn
}

// Requests returns the requests so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// JSON encodes v for a Reply's Content.
func JSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body ChatRequest
	_ = json.Unmarshal(raw, &body)
	if r.URL.Path == "/v1/embeddings" {
		s.embeddings(w, r, raw, body)
		return
	}
	s.mu.Lock()
	idx := len(s.requests)
	s.requests = append(s.requests, Request{Path: r.URL.Path, Body: body, Raw: raw})
	var rep Reply
	switch {
	case len(s.queue) > 0:
		rep, s.queue = s.queue[0], s.queue[1:]
	case s.responder != nil:
		rep = s.responder(body)
	default:
		rep = Reply{Status: http.StatusInternalServerError, Raw: `{"error":{"message":"llmtest: no reply scripted","type":"server_error"}}`}
	}
	s.mu.Unlock()
	if rep.Delay > 0 {
		select {
		case <-time.After(rep.Delay):
		case <-r.Context().Done():
			s.mu.Lock()
			s.requests[idx].Canceled = true
			s.mu.Unlock()
			return
		}
	}
	for k, v := range rep.Header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	status := rep.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	if rep.Raw != "" {
		io.WriteString(w, rep.Raw)
		return
	}
	if status != http.StatusOK {
		fmt.Fprintf(w, `{"error":{"message":"scripted status %d","type":"server_error"}}`, status)
		return
	}
	finish := rep.Finish
	finish = cmp.Or(finish, "stop")
	pt, ct := rep.PromptTokens, rep.CompletionTokens
	if pt == 0 && ct == 0 {
		pt, ct = 10, 20
	}
	msg := map[string]any{"role": "assistant", "content": rep.Content}
	if rep.Refusal != "" {
		msg["refusal"] = rep.Refusal
	}
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-" + strconv.Itoa(idx), "object": "chat.completion", "created": 1764547200, "model": body.Model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage":   map[string]int{"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct},
	})
}

// embeddings answers with deterministic vectors: text i gets a vector
// derived from its bytes.
func (s *Server) embeddings(w http.ResponseWriter, r *http.Request, raw []byte, body ChatRequest) {
	s.mu.Lock()
	s.requests = append(s.requests, Request{Path: r.URL.Path, Body: body, Raw: raw})
	dims := s.EmbedDims
	s.mu.Unlock()
	if body.Dimensions > 0 {
		dims = body.Dimensions
	}
	data := make([]any, len(body.Input))
	for i, text := range body.Input {
		v := make([]float32, dims)
		for j, b := range []byte(text) {
			v[j%dims] += float32(b) / 255
		}
		data[i] = map[string]any{"object": "embedding", "index": i, "embedding": v}
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": body.Model,
		"usage": map[string]int{"prompt_tokens": len(body.Input), "total_tokens": len(body.Input)}})
}
