package server

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"searchagent/api"
)

// TestStreamLimits: beyond the per-session or per-client bound a new
// stream answers 429, beyond the total 503, both with Retry-After; a
// streamed turn counts against its client's bound only (idle streams
// never lock turns out), and a closed stream frees its slot.
func TestStreamLimits(t *testing.T) {
	f := idleFollows{newFake()}
	s, err := New(f, WithStreamLimits(StreamLimits{Total: 4, PerClient: 3, PerSession: 2}), WithAPIKeys([]string{"k1", "k2", "k3"}))
	if err != nil {
		t.Fatal(err)
	}
	ls := startLive(t, s)
	type open struct {
		cancel context.CancelFunc
		resp   *http.Response
	}
	stream := func(key, session string) open {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		resp := openStream(t, ctx, "GET", ls.URL+"/v1/sessions/"+session+"/stream", "",
			map[string]string{"Authorization": "Bearer " + key, api.HeaderToken: "tok"})
		return open{cancel, resp}
	}
	want := func(o open, status int, code string) {
		t.Helper()
		if o.resp.StatusCode != status {
			t.Fatalf("status %d, want %d", o.resp.StatusCode, status)
		}
		if status == http.StatusOK {
			return
		}
		if o.resp.Header.Get("Retry-After") == "" {
			t.Errorf("%d without Retry-After", status)
		}
		if got := decodeErrorBody(t, o.resp); got.Code != code {
			t.Errorf("code %q, want %q", got.Code, code)
		}
	}
	first := stream("k1", "s1")
	want(first, http.StatusOK, "")
	want(stream("k1", "s1"), http.StatusOK, "")
	want(stream("k1", "s1"), http.StatusTooManyRequests, CodeRateLimited) // per session
	want(stream("k1", "s2"), http.StatusOK, "")
	want(stream("k1", "s3"), http.StatusTooManyRequests, CodeRateLimited) // per client
	want(stream("k2", "s4"), http.StatusOK, "")
	want(stream("k2", "s5"), http.StatusServiceUnavailable, CodeOverloaded) // in total
	streamedTurn := func(key string) open {
		return open{resp: openStream(t, context.Background(), "POST", ls.URL+"/v1/sessions/s1/events", `{"event":"input.type","args":{"text":"a"}}`,
			map[string]string{"Authorization": "Bearer " + key, api.HeaderToken: "tok", "Accept": "text/event-stream"})}
	}
	// The total and s1's bound are full, yet a turn on s1 streams.
	want(streamedTurn("k3"), http.StatusOK, "")
	// k1 holds its 3: its streamed turn is over its client bound.
	want(streamedTurn("k1"), http.StatusTooManyRequests, CodeRateLimited)

	first.cancel()
	deadline := time.Now().Add(5 * time.Second)
	for s.streamGate.open() > 3 {
		if time.Now().After(deadline) {
			t.Fatal("a closed stream kept its slot")
		}
		time.Sleep(5 * time.Millisecond)
	}
	want(stream("k2", "s5"), http.StatusOK, "")
	if _, err := New(f, WithStreamLimits(StreamLimits{Total: -1})); err == nil {
		t.Error("a negative bound was accepted")
	}
}

// TestStreamsCountAgainstTheEventRate: opening a stream takes a token of
// the client's event bucket.
func TestStreamsCountAgainstTheEventRate(t *testing.T) {
	s, err := New(idleFollows{newFake()}, WithRateLimits(RateLimit{}, RateLimit{Rate: 0.01, Burst: 2}))
	if err != nil {
		t.Fatal(err)
	}
	ls := startLive(t, s)
	hdr := map[string]string{api.HeaderToken: "tok"}
	for i := 0; i < 2; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		if resp := openStream(t, ctx, "GET", ls.URL+"/v1/sessions/s1/stream", "", hdr); resp.StatusCode != http.StatusOK {
			t.Fatalf("stream %d within the burst: %d", i, resp.StatusCode)
		}
	}
	resp := openStream(t, context.Background(), "GET", ls.URL+"/v1/sessions/s1/stream", "", hdr)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("stream over the event rate: %d Retry-After %q, want 429 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
}

func decodeErrorBody(t *testing.T, resp *http.Response) api.ErrorInfo {
	t.Helper()
	var eb api.ErrorBody
	if err := json.NewDecoder(resp.Body).Decode(&eb); err != nil {
		t.Fatalf("error body: %v", err)
	}
	return eb.Error
}

// idleFollows is the fake whose every Follow is an idle stream.
type idleFollows struct{ *fakeService }

func (idleFollows) Follow(ctx context.Context, _, _ string, _ int64, _ func(api.StreamEvent) error) error {
	<-ctx.Done()
	return ctx.Err()
}
