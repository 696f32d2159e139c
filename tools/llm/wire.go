package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// zeroTemperature marks a request whose temperature is an explicit 0.
type zeroTemperature struct{}

// wire puts a zero temperature on the wire. go-openai's
// ChatCompletionRequest.Temperature is a float32 with omitempty, so a 0
// is dropped and the server's default (1 on OpenAI) applies
// (sashabaranov/go-openai#678, open). The usual work-around,
// math.SmallestNonzeroFloat32, sends 1e-45, which a server such as
// llama.cpp divides the logits by. This layer sets "temperature": 0 in
// the body instead, for requests whose context says so.
type wire struct{ next doer }

func (w *wire) Do(req *http.Request) (*http.Response, error) {
	if req.Context().Value(zeroTemperature{}) == nil || req.Body == nil {
		return w.next.Do(req)
	}
	body, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("read request body: %w", err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err == nil {
		if _, set := fields["temperature"]; !set {
			fields["temperature"] = json.RawMessage("0")
			if patched, err := json.Marshal(fields); err == nil {
				body = patched
			}
		}
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	req.ContentLength = int64(len(body))
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	return w.next.Do(req)
}

func withZeroTemperature(ctx context.Context) context.Context {
	return context.WithValue(ctx, zeroTemperature{}, true)
}
