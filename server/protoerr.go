package server

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"

	"searchagent/api"
)

// Protocol-level errors. net/http answers a request it cannot parse (431
// headers too large, 400 for a malformed request line, header or
// Content-Length, 501 for an unsupported Transfer-Encoding) before any
// handler runs, by writing a fixed plain-text response straight to the
// connection (net/http server.go, conn.serve: fmt.Fprintf(c.rwc, "HTTP/1.1
// "+…+errorHeaders+…)). No hook reaches it; the connection can. Every such
// response is one write that starts with the status line followed by
// exactly errorHeaders (no Date header, which every handler response
// carries), so the listener's connections recognise that write and send
// the same status as the API's JSON error instead.
//
// Not covered: a client that closes before reading, and malformed
// requests net/http drops without an answer (isCommonNetReadError).

// CodeNotImplemented is the code of a 501 (an unsupported Transfer-Encoding).
const CodeNotImplemented = "not_implemented"

// netHTTPErrorHeaders is net/http's errorHeaders constant.
const netHTTPErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// JSONProtocolErrors wraps ln so that net/http's own plain-text answers
// to unparsable requests go out as JSON errors (api.ErrorBody). Serve
// applies it; tests that serve with net/http directly may too.
func JSONProtocolErrors(ln net.Listener) net.Listener { return protoErrListener{ln} }

type protoErrListener struct{ net.Listener }

func (l protoErrListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &protoErrConn{Conn: c}, nil
}

// protoErrConn rewrites net/http's protocol error responses; every other
// write passes unchanged.
type protoErrConn struct{ net.Conn }

func (c *protoErrConn) Write(b []byte) (int, error) {
	if out, ok := jsonProtocolError(b); ok {
		if _, err := c.Conn.Write(out); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	return c.Conn.Write(b)
}

// CloseWrite keeps net/http's half-close after a 431 (closeWriteAndWait).
func (c *protoErrConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// ReadFrom keeps the sendfile path for response bodies.
func (c *protoErrConn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(c.Conn, r)
}

// protocolErrors are the answers by status: code and message.
var protocolErrors = map[int]struct {
	code string
	text msg
}{
	431: {CodeTooLarge, msg{"请求头过大", "request header fields too large"}},
	400: {CodeBadRequest, msg{"请求格式错误（请求行、请求头或 Content-Length 无效）", "malformed request (request line, header or Content-Length)"}},
	501: {CodeNotImplemented, msg{"不支持该 Transfer-Encoding", "unsupported Transfer-Encoding"}},
}

// jsonProtocolError returns the JSON response for one of net/http's
// protocol error writes, or false for any other write.
func jsonProtocolError(b []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(b, []byte("HTTP/1.1 "))
	if !ok || len(rest) < 4 || rest[3] != ' ' {
		return nil, false
	}
	i := bytes.Index(rest, []byte(netHTTPErrorHeaders))
	if i < 0 || bytes.IndexByte(rest[:i], '\n') >= 0 {
		return nil, false // errorHeaders must follow the status line
	}
	status, err := strconv.Atoi(string(rest[:3]))
	if err != nil {
		return nil, false
	}
	pe, ok := protocolErrors[status]
	if !ok {
		return nil, false
	}
	// net/http's text never reaches the client: it may quote the request
	// ("invalid header name"), and the message says enough.
	body, err := json.Marshal(api.ErrorBody{Error: api.ErrorInfo{Code: pe.code, Message: pe.text.zh + " (" + pe.text.en + ")"}})
	if err != nil {
		return nil, false
	}
	var out bytes.Buffer
	out.WriteString("HTTP/1.1 " + strconv.Itoa(status) + " " + http.StatusText(status) + "\r\n")
	out.WriteString("Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n")
	out.WriteString("Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n")
	out.Write(body)
	return out.Bytes(), true
}
