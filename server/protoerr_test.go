package server

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"searchagent/api"
)

// Requests net/http refuses before any handler runs answer with the API's
// JSON error, over a raw TCP connection to Serve; the request's text is
// never echoed; a well-formed request on the same server is untouched.
func TestProtocolErrorsAreJSON(t *testing.T) {
	s := newTestServer(t, newFake())
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	defer func() {
		stop()
		if err := waitErr(t, served, "Serve to return"); err != nil {
			t.Errorf("Serve = %v", err)
		}
	}()
	const get = "GET /healthz HTTP/1.1\r\nHost: x\r\n"
	cases := []struct {
		name   string
		req    string
		status int
		code   string
	}{
		{"headers too large", get + "X-Big: " + strings.Repeat("a", 200<<10) + "\r\n\r\n", 431, CodeTooLarge},
		{"bad Content-Length", "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n{}", 400, CodeBadRequest},
		{"two Content-Lengths", "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}", 400, CodeBadRequest},
		{"unsupported Transfer-Encoding", "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n{}", 501, CodeNotImplemented},
		{"invalid header name", get + "Bad<script>Header: 1\r\n\r\n", 400, CodeBadRequest},
		{"malformed request line", "GARBAGE\r\n\r\n", 400, CodeBadRequest},
		{"missing Host", "GET /healthz HTTP/1.1\r\n\r\n", 400, CodeBadRequest},
		{"well formed", get + "\r\n", 200, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(10 * time.Second))
			go io.WriteString(conn, tc.req) // a 431 may come before the write ends
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("reading the answer: %v", err)
			}
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.status {
				t.Fatalf("status = %d %s, want %d", resp.StatusCode, body, tc.status)
			}
			if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
				t.Errorf("Content-Type = %q, want JSON (body %s)", resp.Header.Get("Content-Type"), body)
			}
			if tc.code == "" {
				return
			}
			var eb api.ErrorBody
			if err := json.Unmarshal(body, &eb); err != nil || eb.Error.Code != tc.code || eb.Error.Message == "" {
				t.Errorf("body = %s (%v), want code %q and a message", body, err, tc.code)
			}
			if strings.Contains(string(body), "script") || strings.Contains(string(body), "12abc") {
				t.Errorf("body %s echoes the request", body)
			}
		})
	}
}

// Only net/http's own error writes are rewritten.
func TestJSONProtocolErrorMatchesOnlyNetHTTP(t *testing.T) {
	cases := []struct {
		name string
		in   string
		ok   bool
	}{
		{"431", "HTTP/1.1 431 Request Header Fields Too Large" + netHTTPErrorHeaders + "431 Request Header Fields Too Large", true},
		{"400 with text", "HTTP/1.1 400 Bad Request: invalid header name" + netHTTPErrorHeaders + "400 Bad Request: invalid header name", true},
		{"handler response", "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nDate: Mon, 01 Dec 2026 00:00:00 GMT\r\nConnection: close\r\n\r\nx", false},
		{"body that quotes it", "HTTP/1.1 200 OK\r\nDate: x\r\n\r\nHTTP/1.1 400 Bad Request" + netHTTPErrorHeaders, false},
		{"other status", "HTTP/1.1 418 I'm a teapot" + netHTTPErrorHeaders + "x", false},
		{"body bytes", `{"a":1}`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, ok := jsonProtocolError([]byte(tc.in)); ok != tc.ok {
				t.Errorf("jsonProtocolError(%q) rewrote = %v, want %v", tc.in, ok, tc.ok)
			}
		})
	}
}
