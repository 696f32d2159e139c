package agent

import (
	"bytes"
	"encoding/json"

	lru "github.com/hashicorp/golang-lru/v2"

	"searchagent/agent/sessions"
	"searchagent/api"
)

// decodedResultsCap bounds the sessions whose decoded results are kept
// (the turns in flight, with room: a session that is not in it decodes
// its results again).
const decodedResultsCap = 4096

// decodedResults is a session's results as the snapshot encodes them and
// decoded. Results are never changed in place once a turn has emitted
// them (markStale and the low-recall landing replace the pointer), so one
// decoded value serves every later reader of the same bytes.
type decodedResults struct {
	raw     json.RawMessage
	results *api.Results
}

// resultsCache keeps the decoded results of recent sessions, so that a
// turn does not decode again the results its session's last turn
// encoded: decoding them was most of reading a session (issue 28 item 6).
// An entry is used only for the same bytes; a snapshot committed
// elsewhere (another instance) simply misses.
type resultsCache struct {
	c *lru.Cache[string, decodedResults]
}

func newResultsCache() resultsCache {
	c, _ := lru.New[string, decodedResults](decodedResultsCap) // errors only for a size ≤ 0
	return resultsCache{c: c}
}

// keep records what a committed turn encoded.
func (rc resultsCache) keep(id string, raw json.RawMessage, r *api.Results) {
	if raw != nil && r != nil {
		rc.c.Add(id, decodedResults{raw: raw, results: r})
	}
}

// sessionFields is Session without its methods, for decoding it with
// its results kept encoded.
type sessionFields Session

// decode decodes a session record's snapshot; its results come from the
// cache when it holds the same bytes.
func (a *Agent) decode(rec sessions.Record) (*Session, error) {
	if c, ok := a.results.c.Get(rec.ID); ok {
		if s, ok := decodeBeside(rec.Snapshot, c); ok {
			s.Closed = rec.Closed()
			return s, nil
		}
	}
	var s Session
	in := struct {
		*sessionFields
		Results json.RawMessage `json:"results"`
	}{sessionFields: (*sessionFields)(&s)}
	if err := json.Unmarshal(rec.Snapshot, &in); err != nil {
		return nil, newError(ErrInternal, "internal", both("无法读取会话，请稍后重试", "could not read the session"), nil, err)
	}
	if len(in.Results) > 0 && !bytes.Equal(in.Results, []byte("null")) {
		if c, ok := a.results.c.Get(rec.ID); ok && bytes.Equal(c.raw, in.Results) {
			s.Results = c.results
		} else {
			s.Results = new(api.Results)
			if err := json.Unmarshal(in.Results, s.Results); err != nil {
				return nil, newError(ErrInternal, "internal", both("无法读取会话，请稍后重试", "could not read the session"), nil, err)
			}
			a.results.keep(rec.ID, in.Results, s.Results)
		}
	}
	s.Closed = rec.Closed()
	return &s, nil
}

// resultsMember is what Session.encode writes between the rest of the
// session and its results.
const resultsMember = `,"results":`

// decodeBeside decodes a snapshot that Session.encode wrote with the
// cached results appended (the rest of the session, then
// `,"results":<c.raw>}`): only the part before the results is read, and
// the results are the cached ones. Reading the results' bytes at all
// (json.Unmarshal checks the whole input, then skips the raw member) was
// most of the cost of decoding a session. ok is false when the snapshot
// does not end that way or its rest does not decode; the caller then
// decodes it whole.
func decodeBeside(snap []byte, c decodedResults) (*Session, bool) {
	n := len(snap) - len(c.raw) - 1 - len(resultsMember)
	if n < 1 || snap[len(snap)-1] != '}' || !bytes.Equal(snap[n+len(resultsMember):len(snap)-1], c.raw) ||
		string(snap[n:n+len(resultsMember)]) != resultsMember {
		return nil, false
	}
	// The member name cannot occur inside a string (its quotes would be
	// escaped there), so the bytes before it are the session's other
	// members; the object closes after them.
	rest := make([]byte, n+1)
	copy(rest, snap[:n])
	rest[n] = '}'
	var s Session
	if json.Unmarshal(rest, (*sessionFields)(&s)) != nil || s.Results != nil {
		return nil, false
	}
	s.Results = c.results
	return &s, true
}
