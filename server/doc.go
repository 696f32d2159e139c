// Package server is searchagent's HTTP layer: the Gin routes of the search
// box's API, Server-Sent Events for turns and session streams, API-key
// auth, the access log and the Prometheus endpoint. It talks to the agent
// only through the small Service interface it owns.
//
// Routes (paths from package api):
//
//	POST /v1/sessions                  201 api.CreateSessionResponse (Location: /v1/sessions/{id})
//	GET  /v1/sessions/:id              200 api.Snapshot
//	POST /v1/sessions/:id/events       200 api.EventResponse (JSON), or with
//	                                   "Accept: text/event-stream" 200 SSE of the turn's events
//	GET  /v1/sessions/:id/stream       200 SSE: replay after Last-Event-ID (or ?lastEventId=), then live
//	GET  /v1/sessions/:id/trace        200 the audit trail (JSON)
//	POST /v1/route/explain             200 the router explain (JSON)
//	GET  /healthz                      200 {"status":"ok"}
//	GET  /readyz                       200 api.Readiness, 503 when not ready
//	GET  /metrics                      200 Prometheus text format
//
// The session token travels in the X-Session-Token header or, for
// EventSource, the ?token= query parameter; the agent checks it. With
// WithAPIKeys every /v1 call also needs "Authorization: Bearer <key>";
// /healthz, /readyz and /metrics stay open.
//
// Every error is JSON {"error": {"code", "message", "details"}}
// (api.ErrorBody); messages are safe to show and follow Accept-Language
// (en, otherwise zh):
//
//	400 bad_json (malformed body, unknown field, trailing data), bad_request
//	401 unauthorized (missing/wrong API key; missing session token)
//	403 forbidden (wrong session token)
//	404 not_found (unknown session, and unknown routes)
//	405 method_not_allowed (details.allowed lists the methods)
//	409 not_allowed (details: agent.Refusal with the allowed actions), conflict
//	410 gone (the session was replaced by a newer one)
//	413 too_large (body over the limit, default 64 KiB; details.limit_bytes)
//	500 internal (generic message; the cause goes to the log only)
//	503 unavailable
//
// Request bodies are decoded strictly: unknown fields and trailing data
// are rejected with 400 bad_json, so client typos surface at once.
//
// Streams: a streaming turn opens the SSE response on its first event; if
// the turn fails before that, the answer is the JSON error with its status.
// If it fails mid-stream and the agent has not emitted a "turn.error" event,
// the server emits one (data: api.ErrorBody, no id, so the client's
// Last-Event-ID stays on the last logged event) and ends the stream.
// GET …/stream checks the session and token first (JSON errors), then
// opens the stream with a retry: hint and heartbeat comments. Every logged
// event carries id = Seq, event = Name, data = Data; a streaming turn's
// own events go out pending (no id) until the turn commits, and its
// turn.done (or turn.error) carries the id. Each is flushed at once
// with a per-write deadline, so a stalled client cannot pin a goroutine.
// No compression is applied; Transfer-Encoding and Connection are left to
// net/http.
package server
