package embed_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"searchagent/tools/embed"
	"searchagent/tools/llm"
	"searchagent/tools/llm/llmtest"
)

func TestOpenAIEmbedder(t *testing.T) {
	srv := llmtest.New(t)
	c, err := llm.New(llm.Config{BaseURL: srv.BaseURL(), Model: "chat", Sleep: func(<-chan struct{}, time.Duration) bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	e, err := embed.NewOpenAI(c, "text-embedding-3-small", 32, 2)
	if err != nil {
		t.Fatal(err)
	}
	var _ embed.Embedder = e
	texts := []string{"汽配 评测", "", "auto parts review", "beauty", "美妆"}
	vs, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != len(texts) {
		t.Fatalf("Embed returned %d vectors, want %d", len(vs), len(texts))
	}
	for i, v := range vs {
		if len(v) != 32 {
			t.Errorf("vector %d has %d values, want 32", i, len(v))
		}
	}
	reqs := srv.Requests()
	if len(reqs) != 2 { // 4 non-empty texts in batches of 2
		t.Fatalf("%d requests, want 2 batches", len(reqs))
	}
	for _, r := range reqs {
		if r.Body.Model != "text-embedding-3-small" || r.Body.Dimensions != 32 || len(r.Body.Input) != 2 {
			t.Errorf("request = %+v", r.Body)
		}
	}
	if e.Model() != "text-embedding-3-small@32" {
		t.Errorf("Model() = %q", e.Model())
	}
	// A vector of this model never meets one of the hashing embedder.
	h, _ := embed.NewHashing()
	hv, _ := h.Embed(context.Background(), []string{"beauty"})
	_, err = embed.Similarity(embed.Vector{Model: e.Model(), Values: vs[3]}, embed.Vector{Model: h.Model(), Values: hv[0]})
	if !errors.Is(err, embed.ErrModelMismatch) {
		t.Errorf("Similarity across models = %v, want ErrModelMismatch", err)
	}
	// An answer of the wrong size is refused.
	bad, _ := embed.NewOpenAI(shortAPI{}, "m", 16, 0)
	if _, err := bad.Embed(context.Background(), []string{"x"}); !errors.Is(err, embed.ErrDimensionMismatch) {
		t.Errorf("wrong size: %v, want ErrDimensionMismatch", err)
	}
}

type shortAPI struct{}

func (shortAPI) Embed(_ context.Context, _ string, _ int, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = make([]float32, 3)
	}
	return out, nil
}
