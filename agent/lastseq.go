package agent

import "context"

// LastSeq is the sequence number of the session's last event, for the
// server to refuse a Last-Event-ID beyond the log (issue 33: such a
// resume was accepted and then delivered nothing).
func (a *Agent) LastSeq(ctx context.Context, id, token string) (int64, error) {
	rec, err := a.record(ctx, id, token)
	if err != nil {
		return 0, err
	}
	return rec.LastSeq, nil
}
