package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"searchagent/agent/agenttest"
	"searchagent/agent/fsm"
	"searchagent/agent/sessions"
	"searchagent/api"
)

// TestEveryOfferedButtonWorks drives every scripted session and, at every
// resting snapshot, clicks every offered button on a copy of the session
// with plausible arguments: none is refused (no 409, no 400), and no
// snapshot shows two buttons — or two slot actions — with the same label.
func TestEveryOfferedButtonWorks(t *testing.T) {
	a := newTestAgent(t)
	clicks := 0
	for _, sc := range agenttest.Catalogue {
		t.Run(sc.Name, func(t *testing.T) {
			b := newBox(t, a, sc.Platform, sc.Locale)
			check := func(where string) {
				t.Helper()
				distinctLabels(t, where, b.snap)
				// The same buttons in the other language are distinct too.
				s := mustSession(t, a, b)
				s.Locale = map[string]string{"zh": "en", "en": "zh"}[s.Locale]
				other := api.Snapshot{Actions: apiActions(a.offers(s))}
				other.Slots.Actions = append(other.Slots.Actions, contractActions(s, a.offers(s))...)
				distinctLabels(t, where+" in "+s.Locale, other)
				for _, act := range b.snap.Actions {
					args := plausibleArgs(b.snap, act)
					c := cloneBox(t, a, b)
					if _, err := c.try(act.Event, args); err != nil {
						t.Errorf("%s: button %q (%s, %s) with %+v refused: %v", where, act.Label, act.Event, act.ActionID, args, err)
					}
					clicks++
				}
			}
			check(fmt.Sprintf("%s / start (%s)", sc.Name, b.snap.Substate))
			for i, st := range sc.Steps {
				b.send(st.Event, st.Args)
				check(fmt.Sprintf("%s / step %d %s (%s)", sc.Name, i+1, st.Event, b.snap.Substate))
			}
		})
	}
	t.Logf("%d buttons clicked", clicks)
}

// distinctLabels fails on two buttons, or two slot actions, with one label.
func distinctLabels(t *testing.T, where string, snap api.Snapshot) {
	t.Helper()
	seen := map[string]string{}
	for _, act := range snap.Actions {
		if prev, ok := seen[act.Label]; ok {
			t.Errorf("%s: label %q on %s and %s", where, act.Label, prev, act.ActionID)
		}
		seen[act.Label] = act.ActionID
	}
	seen = map[string]string{}
	for _, act := range snap.Slots.Actions {
		if prev, ok := seen[act.Label]; ok {
			t.Errorf("%s: slot action label %q on %s and %s", where, act.Label, prev, act.ActionID)
		}
		seen[act.Label] = act.ActionID
	}
}

// cloneBox copies a session into a new one (a fresh replay of the same
// steps, without running them again).
func cloneBox(t *testing.T, a *Agent, b *box) *box {
	t.Helper()
	ctx := context.Background()
	rec, err := a.cfg.Sessions.Get(ctx, b.id)
	if err != nil {
		t.Fatal(err)
	}
	var s Session
	if err := json.Unmarshal(rec.Snapshot, &s); err != nil {
		t.Fatal(err)
	}
	s.ID = "s_" + randomHex(12)
	raw, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	token := randomHex(8)
	if _, err := a.cfg.Sessions.Create(ctx, sessions.Record{ID: s.ID, TokenHash: hashToken(token), Platform: rec.Platform, Locale: rec.Locale, Snapshot: raw}); err != nil {
		t.Fatal(err)
	}
	return &box{t: t, a: a, id: s.ID, token: token, snap: b.snap}
}

// plausibleArgs are what a user would send with a click of the button:
// its own arguments plus what the user types or picks.
func plausibleArgs(snap api.Snapshot, act api.AllowedAction) api.Args {
	var args api.Args
	if act.Args != nil {
		args = *act.Args
	}
	guard := ""
	if rows := fsm.Default().ByID(act.ActionID); len(rows) > 0 {
		guard = rows[0].GuardName()
	}
	switch fsm.Event(act.Event) {
	case fsm.InputType:
		args.Text = "tech"
	case fsm.FollowupType:
		args.Text = "只要美国的"
	case fsm.SearchSubmit, fsm.InputCommit:
		if snap.Context.Draft != "" {
			break
		}
		switch guard {
		case "submit_url", "commit_url", "submit_keyword_url", "commit_keyword_url":
			args.Text = agenttest.AnchorMany
		case "submit_natural", "submit_url_upgrade", "submit_keyword_upgrade":
			args.Text = agenttest.NaturalZH
		case "submit_mixed":
			args.Text = agenttest.MixedZH
		case "submit_anchor_only", "submit_anchor_keyword":
		default:
			if len(snap.Context.KeywordTags) == 0 {
				args.Text = "swim vest"
			}
		}
	case fsm.FollowupSubmit:
		if snap.Context.Draft == "" {
			args.Text = "只要美国的"
		}
	case fsm.RepairFixURL, fsm.RepairReplaceAnchor:
		args.URL = agenttest.AnchorMany
	case fsm.TagSetScope:
		args.Scope = "name"
		for _, tg := range snap.Context.KeywordTags {
			if tg.ID == args.TagID && tg.Scope == "name" {
				args.Scope = "tags"
			}
		}
	case fsm.ConditionEdit:
		// A status button (make it a filter / a reference only) runs as
		// offered; a value edit sends the chip's value back.
		for _, c := range snap.Context.Conditions {
			if c.ID == args.ConditionID && args.Status == "" {
				args.Value, _ = json.Marshal(c.Value)
			}
		}
	case fsm.FilterSet:
		args.Field, args.Op, args.Value = "country", "in", json.RawMessage(`["US"]`)
	case fsm.ResultsSort:
		args.By = "followers"
	case fsm.ResultsPage:
		if snap.Results != nil {
			args.Cursor = snap.Results.NextCursor
		}
	}
	return args
}

// TestRefusalNamesTheFailedCondition: a 409 says what really failed.
func TestRefusalNamesTheFailedCondition(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: agenttest.AnchorMany})
	b.send("input.type", api.Args{Text: "只要美国的，粉丝 1w+"}) // upgrade-url-before
	_, err := b.try("input.commit", api.Args{})
	var ae *Error
	if !errors.As(err, &ae) || !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("input.commit of a sentence = %v, want a 409", err)
	}
	if want := "这段输入是一句描述"; !containsStr(ae.In(ae.Locale), want) || containsStr(ae.In(ae.Locale), "已有一个锚点") {
		t.Errorf("409 message %q, want it to say %q and not blame the anchor", ae.In(ae.Locale), want)
	}
	r := ae.Details.(Refusal)
	events, actions := allowedIDs(a.offers(mustSession(t, a, b)))
	if fmt.Sprint(r.AllowedEvents) != fmt.Sprint(events) || fmt.Sprint(r.AllowedActions) != fmt.Sprint(actions) {
		t.Errorf("409 allows %v / %v, the snapshot offers %v / %v", r.AllowedEvents, r.AllowedActions, events, actions)
	}
}

func containsStr(s, sub string) bool { return strings.Contains(s, sub) }

func mustSession(t *testing.T, a *Agent, b *box) *Session {
	t.Helper()
	_, s, err := a.load(context.Background(), b.id, b.token)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestGuardsSayWhyInChinese: every guard a user event can fail on has a
// Chinese text for the 409 (submit and commit guards have their own).
func TestGuardsSayWhyInChinese(t *testing.T) {
	for _, a := range fsm.Default().Actions() {
		if a.System() || a.Guard == nil || strings.HasPrefix(a.Guard.Name, "submit_") || strings.HasPrefix(a.Guard.Name, "commit_") {
			continue
		}
		if _, ok := guardZH[a.Guard.Name]; !ok {
			t.Errorf("guard %s (%s) of %s has no Chinese text", a.Guard.Name, a.Guard.Doc, a.ID)
		}
	}
}

// TestSlotActionsOncePerID: the slots list each action once, with its
// group label when it acts on several things (the first action of an
// empty keyword search edits either tag); the snapshot's buttons carry
// arguments only when they name the thing they act on (a tag, the
// relaxed condition), never an empty set.
func TestSlotActionsOncePerID(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, first string
	}{
		{"zh", "编辑关键词"},
		{"en", "Edit a keyword"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		for _, st := range []string{"input.type露营", "input.commit", "input.type评测", "input.commit", "search.submit"} {
			ev, txt := st, ""
			if i := len("input.type"); len(st) > i && st[:i] == "input.type" {
				ev, txt = st[:i], st[i:]
			}
			b.send(ev, api.Args{Text: txt})
		}
		acts := b.snap.Slots.Actions
		if len(acts) == 0 || acts[0].Label != tc.first {
			t.Errorf("%s: first slot action %+v, want the group label %q", tc.locale, acts, tc.first)
		}
		seen := map[string]bool{}
		for _, act := range acts {
			if seen[act.ActionID] {
				t.Errorf("%s: slot action %s listed twice: %+v", tc.locale, act.ActionID, acts)
			}
			seen[act.ActionID] = true
		}
		for _, act := range b.snap.Actions {
			if named := strings.HasPrefix(act.Event, "tag.") && act.Event != "tag.menu_open" || act.ActionID == "A_REPAIR_EXPAND_RECALL_SCOPE"; named != (act.Args != nil) {
				t.Errorf("%s: button %s %q has args %+v", tc.locale, act.ActionID, act.Label, act.Args)
			}
		}
	}
}

// TestButtonsNameWhatTheyActOn: a button that acts on one thing says
// which and carries its arguments: the anchor by its @handle, the tag
// being edited with its text, each option of the open question (its
// label clipped to 16 characters).
func TestButtonsNameWhatTheyActOn(t *testing.T) {
	a := newTestAgent(t)
	type button struct {
		label string
		args  api.Args
	}
	for _, tc := range []struct {
		name, locale string
		steps        func(b *box)
		event        string
		want         []button
	}{
		{"the anchor", "zh", func(b *box) { b.send("search.submit", api.Args{Text: "https://www.youtube.com/@gadgetgrid"}) },
			"anchor.delete", []button{{"删除锚点 @gadgetgrid", api.Args{}}}},
		{"the anchor", "en", func(b *box) { b.send("search.submit", api.Args{Text: "https://www.youtube.com/@gadgetgrid"}) },
			"anchor.delete", []button{{"Remove the anchor @gadgetgrid", api.Args{}}}},
		{"the tag being edited", "zh", func(b *box) {
			b.send("input.type", api.Args{Text: "露营"})
			b.send("input.commit", api.Args{})
			b.send("tag.edit", api.Args{TagID: b.snap.Context.KeywordTags[0].ID})
		}, "tag.edit_submit", []button{{"保存「露营」", api.Args{TagID: "k1", Text: "露营"}}}},
		{"the options of the question", "zh", func(b *box) { b.send("search.submit", api.Args{Text: "帮我找 Instagram 上的美国美妆博主"}) },
			"clarify.answer", []button{{"选择「只在 YouTube 找」", api.Args{OptionID: "o1"}}, {"选择「保留为参考」", api.Args{OptionID: "o2"}}, {"选择「换到 Instagram 搜，…」", api.Args{OptionID: "o3"}}}},
		{"the options of the question", "en", func(b *box) { b.send("search.submit", api.Args{Text: "find US beauty creators on Instagram"}) },
			"clarify.answer", []button{{"Choose “Search YouTube…”", api.Args{OptionID: "o1"}}, {"Choose “Keep as a…”", api.Args{OptionID: "o2"}}, {"Choose “Search Instagra…”", api.Args{OptionID: "o3"}}}},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		tc.steps(b)
		var got []button
		for _, act := range b.snap.Actions {
			if act.Event != tc.event {
				continue
			}
			bt := button{label: act.Label}
			if act.Args != nil {
				bt.args = *act.Args
			}
			got = append(got, bt)
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s (%s): %s buttons %+v, want %+v", tc.name, tc.locale, tc.event, got, tc.want)
		}
	}
}
