package llm

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Key identifies an exchange for record/replay: every request field that
// changes the answer — the prompt (id, version, hash of the rendered
// prompt), the hash of the output schema, the model, the output mode, the
// completion-token cap, the temperature, the seed, and the hash of the
// messages as sent (re-asks and the json_object schema message included).
// Two requests with the same key are the same question.
type Key struct {
	PromptID      string `json:"prompt_id"`
	PromptVersion string `json:"prompt_version"`
	PromptHash    string `json:"prompt_hash"`
	SchemaHash    string `json:"schema_hash"`
	Model         string `json:"model"`
	Output        string `json:"output,omitempty"`
	MaxTokens     int    `json:"max_tokens,omitempty"`
	// Temperature and Seed as sent ("default" and "none" when not sent).
	Temperature  string `json:"temperature,omitempty"`
	Seed         string `json:"seed,omitempty"`
	MessagesHash string `json:"messages_hash,omitempty"`
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// Name is the cassette's file name:
// <prompt id>@<version>-<16 hex digits of the hash of the whole key>.json.
func (k Key) Name() string {
	fields := []string{k.PromptID, k.PromptVersion, k.PromptHash, k.SchemaHash, k.Model,
		k.Output, strconv.Itoa(k.MaxTokens), k.Temperature, k.Seed, k.MessagesHash}
	sum := sha256.Sum256([]byte(strings.Join(fields, "\x00")))
	id := unsafeName.ReplaceAllString(k.PromptID, "_")
	v := unsafeName.ReplaceAllString(k.PromptVersion, "_")
	return fmt.Sprintf("%s@%s-%s.json", id, v, hex.EncodeToString(sum[:8]))
}

func (k Key) String() string {
	return fmt.Sprintf("%s (prompt %s v%s, rendered %s, schema %s, model %s, output %s, max tokens %d, temperature %s, seed %s, messages %s)",
		k.Name(), k.PromptID, k.PromptVersion, short(k.PromptHash), short(k.SchemaHash), k.Model, k.Output, k.MaxTokens, k.Temperature, k.Seed, short(k.MessagesHash))
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// Cassette is one recorded exchange.
type Cassette struct {
	Key      Key             `json:"key"`
	Path     string          `json:"path"`
	Request  json.RawMessage `json:"request"`
	Status   int             `json:"status"`
	Response json.RawMessage `json:"response"`
}

type keyCtx struct{}

func withKey(ctx context.Context, k Key) context.Context { return context.WithValue(ctx, keyCtx{}, k) }

// cassettes records or replays exchanges keyed by the Key in the request's
// context. A request without a key (embeddings) is keyed by the hash of
// its body.
type cassettes struct {
	mode CassetteMode
	dir  string
	next doer
	// recorded are the cassettes this client wrote: in record mode a
	// request with the same key is answered from its cassette, never
	// asked again (the same question gets the same answer).
	mu       sync.Mutex
	recorded map[string]bool
}

func (c *cassettes) key(req *http.Request) (Key, []byte, error) {
	var body []byte
	if req.Body != nil {
		var err error
		body, err = io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return Key{}, nil, fmt.Errorf("read request body: %w", err)
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	k, ok := req.Context().Value(keyCtx{}).(Key)
	if !ok {
		sum := sha256.Sum256(body)
		k = Key{PromptID: "raw" + unsafeName.ReplaceAllString(req.URL.Path, "_"), PromptVersion: "0", PromptHash: hex.EncodeToString(sum[:])}
	}
	return k, body, nil
}

func (c *cassettes) Do(req *http.Request) (*http.Response, error) {
	k, body, err := c.key(req)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(c.dir, k.Name())
	c.mu.Lock()
	again := c.recorded[k.Name()]
	c.mu.Unlock()
	if c.mode == CassetteReplay || (c.mode == CassetteRecord && again) {
		raw, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s", ErrReplayMiss, k)
		}
		if err != nil {
			return nil, fmt.Errorf("read cassette %s: %w", k.Name(), err)
		}
		var cs Cassette
		if err := json.Unmarshal(raw, &cs); err != nil {
			return nil, fmt.Errorf("cassette %s: %w", k.Name(), err)
		}
		return &http.Response{
			StatusCode: cs.Status, Status: http.StatusText(cs.Status), Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header:  http.Header{"Content-Type": {"application/json"}, "X-Cassette": {k.Name()}},
			Body:    io.NopCloser(bytes.NewReader(cs.Response)),
			Request: req, ContentLength: int64(len(cs.Response)),
		}, nil
	}
	resp, err := c.next.Do(req)
	if err != nil || c.mode != CassetteRecord || resp.StatusCode != http.StatusOK {
		return resp, err
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("read response: %w", err)
	}
	resp.Body = io.NopCloser(bytes.NewReader(data))
	if !json.Valid(data) || !json.Valid(body) {
		return resp, nil // not an exchange we can store; the caller sees the error
	}
	doc, err := json.MarshalIndent(Cassette{Key: k, Path: req.URL.Path, Request: body, Status: resp.StatusCode, Response: data}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode cassette: %w", err)
	}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return nil, fmt.Errorf("cassette dir: %w", err)
	}
	if err := os.WriteFile(path, append(doc, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("write cassette: %w", err)
	}
	c.mu.Lock()
	if c.recorded == nil {
		c.recorded = map[string]bool{}
	}
	c.recorded[k.Name()] = true
	c.mu.Unlock()
	return resp, nil
}
