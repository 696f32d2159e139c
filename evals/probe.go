package evals

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"searchagent/agent"
	"searchagent/api"
)

// probeButtons replays the accepted turns up to and including turns[at]
// on fresh sessions and clicks every button the snapshot after it offers,
// with plausible arguments: a refusal (409) or a bad request (400) is a
// button that does not work.
func (r *Runner) probeButtons(turns []turnView, at int) []string {
	ctx := context.Background()
	snap := turns[at].After
	var out []string
	for _, a := range snap.Actions {
		id, token, err := r.replay(ctx, turns, at)
		if err != nil {
			return []string{"replay for the button probe: " + err.Error()}
		}
		ev := a.Event
		ev = cmp.Or(ev, a.ActionID)
		var args api.Args
		if a.Args != nil {
			// The button names what it acts on; the user adds the rest.
			args = withButtonArgs(*a.Args, PlausibleArgs(ev, snap, a.Args.ConditionID))
		} else {
			args = PlausibleArgs(ev, snap, "")
		}
		_, err = r.agent.Handle(ctx, id, token, api.EventRequest{Event: ev, Args: args}, nil)
		var ae *agent.Error
		if errors.As(err, &ae) && (errors.Is(err, agent.ErrNotAllowed) || errors.Is(err, agent.ErrBadRequest)) {
			out = append(out, fmt.Sprintf("offered button %q (%s) is refused when clicked: %s: %s", a.Label, a.ActionID, ae.Code, ae.Message))
		} else if err != nil {
			out = append(out, fmt.Sprintf("offered button %q (%s) failed: %v", a.Label, a.ActionID, err))
		}
	}
	return out
}

func (r *Runner) replay(ctx context.Context, turns []turnView, at int) (id, token string, err error) {
	first := turns[0].Before
	resp, err := r.agent.CreateSession(ctx, api.CreateSessionRequest{Platform: first.Platform, Locale: first.Locale})
	if err != nil {
		return "", "", err
	}
	for _, v := range turns[:at+1] {
		if v.Refused != nil {
			continue
		}
		if _, err := r.agent.Handle(ctx, resp.SessionID, resp.Token, api.EventRequest{Event: v.Event, Args: v.Args}, nil); err != nil {
			return "", "", fmt.Errorf("step %d %s: %w", v.Step, v.Event, err)
		}
	}
	return resp.SessionID, resp.Token, nil
}

// demoAnchor is a well-known demo channel per platform, for repair
// actions that take a link.
var demoAnchor = map[string]string{
	"youtube":   "https://www.youtube.com/@gadgetgrid",
	"instagram": "https://www.instagram.com/glowwithmaya/",
}

// PlausibleArgs are the arguments a user would send with a click of event
// in the snapshot s: the thing it acts on (the active or first tag, the
// condition named by conditionID or else the first one, the pending
// question's first option) and a sensible value (a condition edit keeps
// the condition's value).
func PlausibleArgs(event string, s api.Snapshot, conditionID string) api.Args {
	var a api.Args
	tag := s.Context.ActiveTagID
	if tag == "" && len(s.Context.KeywordTags) > 0 {
		tag = s.Context.KeywordTags[0].ID
	}
	zh := s.Locale != "en"
	text := func(zhText, enText string) string {
		if zh {
			return zhText
		}
		return enText
	}
	switch event {
	case "input.type", "input.commit":
		a.Text = "tech"
	case "followup.type", "followup.submit":
		a.Text = text("只要美国的", "US only")
	case "search.submit":
		if s.Context.Draft == "" && len(s.Context.KeywordTags) == 0 {
			a.Text = "tech"
		}
	case "tag.edit", "tag.delete", "tag.menu_open", "tag.toggle_exclude", "tag.edit_cancel":
		a.TagID = tag
	case "tag.edit_submit":
		a.TagID, a.Text = tag, "gadgets"
	case "tag.set_scope":
		a.TagID, a.Scope = tag, "all"
		for _, t := range s.Context.KeywordTags {
			if t.ID == tag && t.Scope == "all" {
				a.Scope = "name"
			}
		}
	case "clarify.answer":
		if q := s.Context.PendingQuestion; q != nil && len(q.Options) > 0 {
			a.OptionID = q.Options[0].ID
		}
	case "A_REPAIR_FIX_URL", "A_REPAIR_REPLACE_ANCHOR":
		a.URL = demoAnchor[s.Platform]
		a.URL = cmp.Or(a.URL, demoAnchor["youtube"])
	case "A_REPAIR_SWITCH_TO_NL":
		a.Text = text("找美国的科技博主", "US tech channels")
	case "condition.edit", "condition.remove":
		for _, c := range s.Context.Conditions {
			if c.Kind == "anchor" || conditionID != "" && c.ID != conditionID {
				continue
			}
			a.ConditionID = c.ID
			if event == "condition.edit" {
				a.Value, _ = json.Marshal(c.Value)
			}
			break
		}
	case "filter.set":
		a.Field, a.Op, a.Value = "country", "in", json.RawMessage(`["US"]`)
	case "filter.clear":
		a.Field = "country"
		for _, c := range s.Context.Conditions {
			if c.Kind == "hard" {
				a.Field = c.Field
				break
			}
		}
	case "results.sort":
		a.By = "followers"
	case "results.page":
		if s.Results != nil {
			a.Cursor = s.Results.NextCursor
		}
	}
	return a
}

// withButtonArgs is what a client sends for a button: the button's own
// arguments, completed with plausible values for what the user types.
func withButtonArgs(button, plausible api.Args) api.Args {
	out := button
	out.Text = cmp.Or(out.Text, plausible.Text)
	if out.TagID == "" {
		out.TagID = plausible.TagID
	}
	out.Scope = cmp.Or(out.Scope, plausible.Scope)
	if out.URL == "" {
		out.URL = plausible.URL
	}
	out.OptionID = cmp.Or(out.OptionID, plausible.OptionID)
	if out.ConditionID == "" {
		out.ConditionID = plausible.ConditionID
	}
	if len(out.Value) == 0 && out.Status == "" {
		// A status button (make it a filter / a reference only) sends
		// no value: it changes the chip's status, not what it holds.
		out.Value = plausible.Value
	}
	out.Field = cmp.Or(out.Field, plausible.Field)
	if out.Op == "" {
		out.Op = plausible.Op
	}
	out.By = cmp.Or(out.By, plausible.By)
	if out.Cursor == "" {
		out.Cursor = plausible.Cursor
	}
	return out
}
