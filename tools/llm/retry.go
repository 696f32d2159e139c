package llm

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

// doer is what go-openai sends requests through.
type doer interface {
	Do(req *http.Request) (*http.Response, error)
}

// retrier sends a request with a timeout per attempt and retries 429, 5xx
// and attempt timeouts with exponential backoff and jitter, honouring
// Retry-After (seconds or an HTTP date) up to BackoffMax. It never waits
// past the caller's deadline (the stage's): then it returns the last
// failure.
type retrier struct {
	next doer
	cfg  *Config
	now  func() time.Time
}

type attemptsKey struct{}

// withAttempts attaches an attempt counter to ctx.
func withAttempts(ctx context.Context, n *atomic.Int32) context.Context {
	return context.WithValue(ctx, attemptsKey{}, n)
}

func (r *retrier) Do(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	var body []byte
	if req.Body != nil {
		var err error
		body, err = io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("read request body: %w", err)
		}
	}
	counter, _ := ctx.Value(attemptsKey{}).(*atomic.Int32)
	for attempt := 0; ; attempt++ {
		if counter != nil {
			counter.Add(1)
		}
		actx, cancel := context.WithTimeout(ctx, r.cfg.CallTimeout)
		areq := req.Clone(actx)
		areq.Body = io.NopCloser(bytes.NewReader(body))
		areq.ContentLength = int64(len(body))
		resp, err := r.next.Do(areq)
		retry, why := r.retryable(ctx, resp, err)
		if !retry || attempt >= r.cfg.MaxRetries {
			if err != nil {
				cancel()
				if ctx.Err() == nil && errors.Is(actx.Err(), context.DeadlineExceeded) {
					return nil, fmt.Errorf("%w: attempt %d %w after %s", ErrUnavailable, attempt+1, errTimedOut, r.cfg.CallTimeout)
				}
				return nil, err
			}
			resp.Body = &cancelBody{ReadCloser: resp.Body, cancel: cancel}
			return resp, nil
		}
		delay := r.backoff(attempt, resp)
		status := 0
		if resp != nil {
			status = resp.StatusCode
			io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
			resp.Body.Close()
		}
		cancel()
		// A Retry-After (or backoff) beyond the caller's deadline — the
		// stage's — is not waited for.
		if dl, ok := ctx.Deadline(); ok && r.now().Add(delay).After(dl) {
			if status != 0 {
				return nil, &StatusError{Status: status, Message: fmt.Sprintf("the next retry (in %s) would pass the stage deadline", delay)}
			}
			msg := fmt.Sprintf("%s, and the next retry (in %s) would pass the stage deadline", why, delay)
			if err != nil && errors.Is(err, context.DeadlineExceeded) {
				return nil, fmt.Errorf("%w: %w: %s", ErrUnavailable, errTimedOut, msg)
			}
			return nil, fmt.Errorf("%w: %s", ErrUnavailable, msg)
		}
		if !r.cfg.Sleep(ctx.Done(), delay) {
			return nil, ctx.Err()
		}
	}
}

func (r *retrier) retryable(ctx context.Context, resp *http.Response, err error) (bool, string) {
	if err != nil {
		if ctx.Err() != nil {
			return false, "" // the caller gave up: no retry
		}
		var ne net.Error
		if errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout() {
			return true, "attempt timed out"
		}
		return true, "transport error: " + err.Error()
	}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
		return true, "status " + strconv.Itoa(resp.StatusCode)
	}
	return false, ""
}

// backoff is the wait before the retry after attempt (0-based): the
// server's Retry-After when given, else base·2^attempt with full jitter in
// its upper half; both capped at BackoffMax.
func (r *retrier) backoff(attempt int, resp *http.Response) time.Duration {
	if resp != nil {
		if d, ok := retryAfter(resp.Header.Get("Retry-After"), r.now()); ok {
			return min(d, r.cfg.BackoffMax)
		}
	}
	d := r.cfg.BackoffBase << attempt
	if d <= 0 || d > r.cfg.BackoffMax {
		d = r.cfg.BackoffMax
	}
	return d/2 + time.Duration(r.cfg.Jitter()*float64(d/2))
}

// retryAfter reads a Retry-After value: delay-seconds or an HTTP date.
func retryAfter(v string, now time.Time) (time.Duration, bool) {
	if v == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// cancelBody releases the attempt's context when the body is closed.
type cancelBody struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelBody) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}

func sleep(done <-chan struct{}, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-done:
		return false
	}
}

func jitter() float64 { return rand.Float64() }
