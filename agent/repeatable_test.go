package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"searchagent/api"
)

// TestReadingsRepeatUnderConcurrentTurns: a turn's reading depends on its
// words and its session only. Every one-reading phrase is sent once alone
// (a first search and a follow-up after the base search), then all of
// them again from eight goroutines at once on the same agent; each
// session's conditions, sort, notice, question and total must be what its
// sequential run gave. Scratch state shared between turns (pooled
// buffers, caches, the learned model) that leaked from one turn into
// another would show here as a different reading, and under -race as a
// race.
func TestReadingsRepeatUnderConcurrentTurns(t *testing.T) {
	a := newTestAgent(t)
	type job struct{ locale, base, phrase string }
	var jobs []job
	for _, tables := range []struct {
		base    map[string]string
		phrases map[string][]string
	}{{oneReadingBase, oneReadingTuned}, {oneReadingBase, oneReadingHeldOut}, {oneReadingHeldBase, oneReadingHeldTuned}, {oneReadingBase, oneReadingPairs}} {
		for _, locale := range []string{"zh", "en"} {
			for _, p := range tables.phrases[locale] {
				jobs = append(jobs, job{locale, tables.base[locale], p})
			}
		}
	}
	run := func(j job) (string, error) {
		ctx := context.Background()
		var out string
		for _, texts := range [][]string{{j.base + map[string]string{"zh": "，", "en": ", "}[j.locale] + j.phrase}, {j.base, j.phrase}} {
			res, err := a.CreateSession(ctx, api.CreateSessionRequest{Platform: "youtube", Locale: j.locale})
			if err != nil {
				return "", err
			}
			snap := res.Snapshot
			for i, text := range texts {
				event := "search.submit"
				if i > 0 {
					event = followupEvent(snap)
				}
				snap, err = a.Handle(ctx, res.SessionID, res.Token, api.EventRequest{Event: event, Args: api.Args{Text: text}}, func(api.StreamEvent) error { return nil })
				if err != nil {
					return "", fmt.Errorf("%s %q: %w", event, text, err)
				}
			}
			total := -1
			if snap.Results != nil {
				total = snap.Results.Total
			}
			q, _ := json.Marshal(snap.Context.PendingQuestion)
			out += fmt.Sprintf("%v sort=%v notice=%q question=%s total=%d\n", conditionSet(snap), snap.Context.Sort, snap.Context.Notice, q, total)
		}
		return out, nil
	}
	want := make([]string, len(jobs))
	for i, j := range jobs {
		got, err := run(j)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = got
	}
	got := make([]string, len(jobs))
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 8 {
		wg.Go(func() {
			for i := range next {
				got[i], errs[i] = run(jobs[i])
			}
		})
	}
	// In reverse, so each phrase meets other neighbours than alone.
	for i := len(jobs) - 1; i >= 0; i-- {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, j := range jobs {
		if errs[i] != nil {
			t.Errorf("%q: %v", j.phrase, errs[i])
		} else if got[i] != want[i] {
			t.Errorf("%q after %q reads otherwise when turns run at once:\nalone:\n%s\nat once:\n%s", j.phrase, j.base, want[i], got[i])
		}
	}
}
