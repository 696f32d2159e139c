// Package openapitest checks HTTP exchanges against the API's OpenAPI
// document (api.OpenAPIJSON) with github.com/getkin/kin-openapi, so the
// document cannot drift from what the server really answers: wrap the
// handler of an API test with Handler and every request and response of
// the test is validated, SSE bodies event by event.
package openapitest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"searchagent/agent/fsm"
	"searchagent/api"
)

// ErrInvalid wraps every mismatch between an exchange and the document.
var ErrInvalid = errors.New("openapi: exchange does not match the document")

// Checker validates exchanges against the document.
type Checker struct {
	doc    *openapi3.T
	router routers.Router

	// Response bodies whose schema is a component are validated with
	// that component compiled once (kin-openapi compiles the schema again
	// for every OpenAPI 3.1 value it visits, which makes a whole API test
	// run under -race several times slower). Same engine, same document.
	comp  *jsonschema.Compiler
	mu    sync.Mutex
	cache map[string]*jsonschema.Schema
}

// docURL names the document inside the schema compiler.
const docURL = "https://searchagent.local/openapi.json"

// statusClientClosed is logged by the server when the client went away;
// no client ever sees it.
const statusClientClosed = 499

var registerSSE sync.Once

// New loads api.OpenAPIJSON, validates the document itself and builds a
// router over it.
func New(ctx context.Context) (*Checker, error) {
	registerSSE.Do(func() { openapi3filter.RegisterBodyDecoder("text/event-stream", decodeSSE) })
	raw, err := api.OpenAPIJSON(fsm.UserEventNames())
	if err != nil {
		return nil, err
	}
	loader := openapi3.NewLoader()
	loader.Context = ctx
	doc, err := loader.LoadFromData(raw)
	if err != nil {
		return nil, fmt.Errorf("openapi: load: %w", err)
	}
	if err := doc.Validate(ctx); err != nil {
		return nil, fmt.Errorf("openapi: the document is invalid: %w", err)
	}
	// Match paths on any host: tests run on random loopback ports.
	doc.Servers = nil
	r, err := legacy.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("openapi: router: %w", err)
	}
	parsed, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	comp := jsonschema.NewCompiler()
	comp.DefaultDraft(jsonschema.Draft2020)
	if err := comp.AddResource(docURL, parsed); err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	return &Checker{doc: doc, router: r, comp: comp, cache: map[string]*jsonschema.Schema{}}, nil
}

// compiled returns the component schema ref ("#/components/schemas/X")
// compiled once.
func (c *Checker) compiled(ref string) (*jsonschema.Schema, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if sch, ok := c.cache[ref]; ok {
		return sch, nil
	}
	sch, err := c.comp.Compile(docURL + ref)
	if err != nil {
		return nil, fmt.Errorf("openapi: compile %s: %w", ref, err)
	}
	c.cache[ref] = sch
	return sch, nil
}

// checkResponse validates a response whose documented body schema is a
// component reference; ok is false when the response has another shape
// (left to kin-openapi's ValidateResponse).
func (c *Checker) checkResponse(route *routers.Route, status int, header http.Header, body []byte) (ok bool, err error) {
	op := route.Operation
	if op == nil || op.Responses == nil {
		return false, nil
	}
	resp := op.Responses.Status(status)
	if resp == nil {
		resp = op.Responses.Default()
	}
	if resp == nil || resp.Value == nil {
		return false, nil
	}
	mt := resp.Value.Content.Get(header.Get("Content-Type"))
	if mt == nil || mt.Schema == nil || !strings.HasPrefix(mt.Schema.Ref, "#/components/schemas/") {
		return false, nil
	}
	sch, err := c.compiled(mt.Schema.Ref)
	if err != nil {
		return true, err
	}
	var v any
	if strings.HasPrefix(header.Get("Content-Type"), "text/event-stream") {
		v, err = decodeSSE(bytes.NewReader(body), header, nil, nil)
	} else {
		v, err = jsonschema.UnmarshalJSON(bytes.NewReader(body))
	}
	if err != nil {
		return true, fmt.Errorf("response %d: body: %v", status, err)
	}
	if err := sch.Validate(v); err != nil {
		return true, fmt.Errorf("response %d against %s: %v", status, mt.Schema.Ref, err)
	}
	return true, nil
}

// Doc is the loaded document.
func (c *Checker) Doc() *openapi3.T { return c.doc }

// Check validates one exchange: the request (method, URL, headers and
// body reqBody) and the answer (status, header, body). A request the
// document calls invalid must have been refused (status >= 400); every
// answer must match its documented response. Routes the document does not
// list are an error unless answered 404 or 405 with the error body.
func (c *Checker) Check(ctx context.Context, req *http.Request, reqBody []byte, status int, header http.Header, body []byte) error {
	if req.Method == http.MethodHead || req.Method == http.MethodOptions || status == statusClientClosed {
		return nil
	}
	r := req.Clone(ctx)
	r.Body = io.NopCloser(bytes.NewReader(reqBody))
	route, params, err := c.router.FindRoute(r)
	if err != nil {
		if status == http.StatusNotFound || status == http.StatusMethodNotAllowed {
			return c.CheckSchema("ErrorBody", body)
		}
		return fmt.Errorf("%w: %s %s answered %d but is not in the document: %v", ErrInvalid, req.Method, req.URL.Path, status, err)
	}
	in := &openapi3filter.RequestValidationInput{
		Request:    r,
		PathParams: params,
		Route:      route,
		Options:    &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true},
	}
	var errs []error
	if err := openapi3filter.ValidateRequest(ctx, in); err != nil && status < 400 {
		errs = append(errs, fmt.Errorf("the server accepted (%d) a request the document calls invalid: %v", status, err))
	}
	if handled, err := c.checkResponse(route, status, header, body); handled {
		if err != nil {
			errs = append(errs, err)
		}
		if len(errs) > 0 {
			return fmt.Errorf("%w: %s %s: %w", ErrInvalid, req.Method, req.URL.Path, errors.Join(errs...))
		}
		return nil
	}
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 status,
		Header:                 header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		errs = append(errs, fmt.Errorf("response %d: %v", status, err))
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w: %s %s: %w", ErrInvalid, req.Method, req.URL.Path, errors.Join(errs...))
	}
	return nil
}

// CheckSchema validates a JSON document against components.schemas[name].
func (c *Checker) CheckSchema(name string, body []byte) error {
	ref := c.doc.Components.Schemas[name]
	if ref == nil || ref.Value == nil {
		return fmt.Errorf("%w: no schema %q", ErrInvalid, name)
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return fmt.Errorf("%w: %s: body is not JSON: %v", ErrInvalid, name, err)
	}
	if err := ref.Value.VisitJSON(v, openapi3.EnableJSONSchema2020(), openapi3.MultiErrors()); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrInvalid, name, err)
	}
	return nil
}

// Handler wraps h so that every exchange through it is checked; a
// mismatch fails t. Responses pass through unchanged (streams are
// flushed as they are written) and are checked once the handler returns.
func (c *Checker) Handler(t testing.TB, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var reqBody []byte
		if r.Body != nil {
			b, err := io.ReadAll(r.Body)
			if err != nil {
				// Too large or broken: let the handler see the same failure.
				r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(b), errReader{err}))
			} else {
				r.Body = io.NopCloser(bytes.NewReader(b))
			}
			reqBody = b
		}
		req := r.Clone(context.WithoutCancel(r.Context()))
		tw := &teeWriter{ResponseWriter: w}
		h.ServeHTTP(tw, r)
		status := tw.status
		if status == 0 {
			status = http.StatusOK
		}
		if err := c.Check(context.Background(), req, reqBody, status, tw.Header().Clone(), tw.buf.Bytes()); err != nil {
			t.Errorf("%v", err)
		}
	})
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// teeWriter passes a response through and keeps a copy of it.
type teeWriter struct {
	http.ResponseWriter
	status int
	mu     sync.Mutex
	buf    bytes.Buffer
}

func (w *teeWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *teeWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.mu.Lock()
	w.buf.Write(b)
	w.mu.Unlock()
	return w.ResponseWriter.Write(b)
}

// Flush keeps streams streaming.
func (w *teeWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the real writer (write
// deadlines of SSE streams).
func (w *teeWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// decodeSSE decodes a text/event-stream body into the list of its events,
// each {"id"?, "event", "data"} with data parsed as JSON, for the schema
// SSEStream. Comments and retry hints are skipped; a frame cut off by a
// dropped connection (no blank line after it) is not an event.
func decodeSSE(body io.Reader, _ http.Header, _ *openapi3.SchemaRef, _ openapi3filter.EncodingFn) (any, error) {
	var (
		events []any
		id     string
		name   string
		data   []string
		inData bool
	)
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			if name != "" || inData {
				ev := map[string]any{"event": name}
				if name == "" {
					ev["event"] = "message"
				}
				if id != "" {
					n, err := strconv.ParseFloat(id, 64)
					if err != nil {
						return nil, fmt.Errorf("sse: id %q is not a number", id)
					}
					ev["id"] = n
				}
				var v any
				if err := json.Unmarshal([]byte(strings.Join(data, "\n")), &v); err != nil {
					return nil, fmt.Errorf("sse: event %q: data is not JSON: %v", name, err)
				}
				ev["data"] = v
				events = append(events, ev)
			}
			id, name, data, inData = "", "", nil, false
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "id":
			id = value
		case "event":
			name = value
		case "data":
			data, inData = append(data, value), true
		case "retry":
		default:
			return nil, fmt.Errorf("sse: unknown field %q", field)
		}
	}
	if events == nil {
		events = []any{}
	}
	return events, sc.Err()
}
