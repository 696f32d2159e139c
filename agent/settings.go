package agent

import (
	"context"
	"strings"
	"time"

	"searchagent/api"
)

// parseLocale reads a locale as the API accepts it: "zh" or "en", alone
// or as the language of a tag ("zh-CN", "en_US"), in any case. It returns
// "zh" or "en", or false.
func parseLocale(v string) (string, bool) {
	l := strings.ToLower(v)
	for _, lang := range []string{"zh", "en"} {
		if rest, ok := strings.CutPrefix(l, lang); ok && (rest == "" || rest[0] == '-' || rest[0] == '_') {
			return lang, true
		}
	}
	return "", false
}

// UpdateSession changes the session's settings (PATCH /v1/sessions/{id}):
// today its locale. The session keeps everything else — its conditions,
// tags, anchor, question and results — and is re-rendered in the new
// locale as one turn that commits like any other (turn.started with the
// event api.TurnSessionUpdate, the slots and results in the new language,
// turn.done), so every other reader of the session sees the change. It
// is no event of the state machine: the state triple does not move.
// emit receives the turn's events as they happen (nil: none).
func (a *Agent) UpdateSession(ctx context.Context, id, token string, req api.UpdateSessionRequest, emit func(api.StreamEvent) error) (_ api.Snapshot, err error) {
	defer a.localize(id, &err)
	locale, ok := parseLocale(req.Locale)
	if !ok {
		return api.Snapshot{}, badRequest("bad_locale", both("语言必须是 zh（中文）或 en（英文）", "locale must be zh or en"), map[string]string{"locale": req.Locale})
	}
	mu := a.lock(id)
	mu.Lock()
	defer mu.Unlock()
	w, rec, s, err := a.writable(ctx, id, token)
	if err != nil {
		return api.Snapshot{}, err
	}
	defer w.Release()
	start := time.Now()
	s.Turn++
	if emit == nil {
		emit = func(api.StreamEvent) error { return nil }
	}
	t := a.newTurn(ctx, s, rec.Version, emit)
	t.persist = true
	t.seq0 = rec.LastSeq
	t.trace.Event = api.TurnSessionUpdate
	t.trace.Update = &api.UpdateSessionRequest{Locale: locale}
	runErr := t.relocalize(locale)
	if t.clientGone && runErr == nil {
		runErr = context.Canceled
	}
	if runErr = stopCause(ctx, runErr); runErr != nil {
		a.cfg.Logger.Warn("session update failed", "session", id, "err", runErr)
		return api.Snapshot{}, t.fail(w, start, runErr)
	}
	a.rememberLocale(id, locale)
	return t.commit(w, rec, start, true)
}

// relocalize is the locale change's turn: the slots are rendered again in
// the new locale (the chips, question, repair options and buttons are
// stored in both languages), and the results are fetched again with the
// same conditions, sort and page, so their reasons are worded in it too.
// Results the classic editor marked stale stay as they are (the user has
// not searched the edited query yet). The last turn's notice was written
// in the old language and is not carried over.
func (t *turn) relocalize(locale string) error {
	s := t.s
	if err := t.emit(api.EventTurnStarted, api.TurnStarted{Turn: s.Turn, Event: api.TurnSessionUpdate, Args: api.Args{}, State: toAPIState(s.State)}); err != nil {
		return err
	}
	s.Locale = locale
	s.Notice = ""
	if s.Results != nil && !s.Results.Stale {
		stale := *s.Results
		if err := t.fetch(); err != nil {
			return err
		}
		// The same page as before: the cursor and the low-recall mark
		// the landing state decided stay.
		s.Results.LowRecall = stale.LowRecall
	}
	if err := t.render(t.ctx); err != nil {
		return err
	}
	if s.Results != nil && t.searched {
		return t.emit(api.EventResults, s.Results)
	}
	return nil
}

// localeCacheSize bounds the sessions whose locale an instance remembers.
const localeCacheSize = 50_000

// rememberLocale notes the locale of a session this instance served.
func (a *Agent) rememberLocale(id, locale string) { a.locales.Add(id, locale) }

// SessionLocale is the locale of session id as this instance last saw it
// (created, read or changed it here), or false. It reads no store: the
// HTTP layer asks it for the errors it answers before the session is
// read (a malformed body, a rate limit), which must cost nothing.
func (a *Agent) SessionLocale(id string) (string, bool) { return a.locales.Get(id) }

// localize marks *err, when it is an *Error, as about session id in the
// locale this instance knows for it, so it is answered in that language.
func (a *Agent) localize(id string, err *error) {
	if *err == nil {
		return
	}
	if l, ok := a.SessionLocale(id); ok {
		*err = inLocale(*err, l)
	}
}
