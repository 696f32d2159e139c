package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/agent/sessions"
	"searchagent/api"
)

// TestRewriteAfterAGuardReadsALink: after a refused request, a follow-up
// that is only a link is a fresh description (an anchor search), while
// words the parser cannot place keep the session refused with a notice.
func TestRewriteAfterAGuardReadsALink(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, rewrite, state, anchor string
		refused                        bool
	}{
		{"zh", "https://www.youtube.com/@gadgetgrid", "followup_waiting/expanded_agent/results_ready", "https://www.youtube.com/@gadgetgrid resolved_exact", false},
		{"en", "https://www.youtube.com/@gadgetgrid", "followup_waiting/expanded_agent/results_ready", "https://www.youtube.com/@gadgetgrid resolved_exact", false},
		{"zh", "嗯嗯", "followup_waiting/expanded_repair/unsupported", "", true},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: "help me buy 10k fake followers"})
		if got := b.shown(); got.substate != "repair-unsupported" {
			t.Fatalf("precondition: the guard refuses the request, have %+v", got)
		}
		b.send("followup.submit", api.Args{Text: tc.rewrite})
		got := b.shown()
		if got.state != tc.state || got.anchor != tc.anchor || (got.notice != "") != tc.refused {
			t.Errorf("followup.submit(%q) after a guard (%s): %s, anchor %q, notice %q; want %s, anchor %q, refused=%v",
				tc.rewrite, tc.locale, got.state, got.anchor, got.notice, tc.state, tc.anchor, tc.refused)
		}
		if !tc.refused && (got.total <= 0 || !slices.Contains(got.conds, "锚点 @gadgetgrid(applied)") && !slices.Contains(got.conds, "Anchor @gadgetgrid(applied)")) {
			t.Errorf("followup.submit(%q) after a guard (%s): %d results, chips %v; want the anchor's similar channels", tc.rewrite, tc.locale, got.total, got.conds)
		}
	}
}

// TestRefusedFollowupNotice: a follow-up the router cannot carry out says
// why, by what the parser placed (a vague amount, a sort) or by what the
// router misses in user words, and the generic hint when it misses
// nothing a user can name; the search stays as it was.
func TestRefusedFollowupNotice(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, search, followup, notice string
	}{
		// The router matches an exclusion with no keyword left; the parser
		// places the words as a vague amount.
		{"zh", "帮我找美国做露营评测的博主", "粉丝不要太多", "「粉丝不要太多」没有具体数值，未加入条件：请给出范围，例如“粉丝 1万以下”"},
		// The same exclusion with nothing the parser places, and no slot a
		// user can name: the generic hint, not an empty "say …".
		{"zh", "帮我找美国做露营评测的博主", "不要的", "没能理解这条补充：可以说地区、粉丝量、关键词或排除项，例如“只要美国的，粉丝 1w+”"},
		// A scope change with no keyword to change: the slot in words.
		{"zh", "帮我找美国做露营评测的博主", "只搜简介", "还不能执行：请说明要修改的是哪个条件"},
		{"en", "find US camping review channels", "only in descriptions", "cannot run this yet: say which condition to change"},
		// The rules do not decide; the parser places a vague amount.
		{"en", "find US camping review channels", "not too many followers", "“not too many followers” has no number, so no condition was added: give a range, e.g. “under 10k followers”"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.search})
		before := b.shown()
		b.send("followup.submit", api.Args{Text: tc.followup})
		got := b.shown()
		if got.notice != tc.notice {
			t.Errorf("followup.submit(%q) (%s): notice %q, want %q", tc.followup, tc.locale, got.notice, tc.notice)
		}
		if got.state != before.state || got.total != before.total || !slices.Equal(got.conds, before.conds) || len(got.tags) != 0 {
			t.Errorf("followup.submit(%q) (%s) changed the search: %+v, want %+v", tc.followup, tc.locale, got, before)
		}
	}
}

// TestClarifyAnswerByLabel: a typed answer that is an option's label in
// either language, in any case, answers the question with that option,
// as clicking it does: the option itself, without asking the router (no
// router decision in the stream or the trace).
func TestClarifyAnswerByLabel(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, search, answer, chip string
	}{
		{"zh", "帮我找 Instagram 上的美国美妆博主", "keep as a reference", "Instagram(reference)"},
		{"zh", "帮我找 Instagram 上的美国美妆博主", "SEARCH YOUTUBE ONLY", ""},
		{"zh", "帮我找 Instagram 上的美国美妆博主", "保留为参考", "Instagram(reference)"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.search})
		if q := b.snap.Slots.Question; q == nil || len(q.Options) != 3 {
			t.Fatalf("precondition: a question with three options, have %+v", q)
		}
		b.send("clarify.answer", api.Args{Text: tc.answer})
		got := b.shown()
		hasChip := slices.ContainsFunc(got.conds, func(c string) bool { return len(c) > 9 && c[:9] == "Instagram" })
		if b.snap.Slots.Question != nil || got.notice != "" || tc.chip != "" && !slices.Contains(got.conds, tc.chip) || tc.chip == "" && hasChip {
			t.Errorf("clarify.answer(%q) (%s): question %+v, notice %q, chips %v; want it answered with chip %q", tc.answer, tc.locale, b.snap.Slots.Question, got.notice, got.conds, tc.chip)
		}
		for _, e := range b.events {
			if e.Name == api.EventRouterDecision {
				t.Errorf("clarify.answer(%q) (%s) asked the router: %s", tc.answer, tc.locale, e.Data)
			}
		}
	}
}

// TestConditionEditKeepsTheKind: editing a hard filter applies it; editing
// a soft preference keeps it for reference only (it never filters).
func TestConditionEditKeepsTheKind(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, field string
		value         string
		chip, summary string
	}{
		{"zh", "followers", `50000`, "粉丝 ≥ 5万(applied)", "已生效：美国 / Instagram / 粉丝 ≥ 5万 / 均播 ≥ 3000；仅作参考：高级感"},
		{"zh", "preference", `"简约"`, "简约(reference)", "已生效：美国 / Instagram / 粉丝 ≥ 1万 / 均播 ≥ 3000；仅作参考：简约"},
	} {
		b := newBox(t, a, "instagram", tc.locale)
		b.send("search.submit", api.Args{Text: "Hollyland 麦克风，美国，IG，粉丝 1w+，均播 3000+，要高级感"})
		id := ""
		for _, c := range b.snap.Context.Conditions {
			if string(c.Field) == tc.field {
				id = c.ID
			}
		}
		if id == "" {
			t.Fatalf("precondition: a %s chip, have %+v", tc.field, b.snap.Context.Conditions)
		}
		b.send("condition.edit", api.Args{ConditionID: id, Value: json.RawMessage(tc.value)})
		got := b.shown()
		if !slices.Contains(got.conds, tc.chip) || !strings.Contains(got.summary, tc.summary) {
			t.Errorf("condition.edit(%s, %s): chips %v, summary %q; want %s and %q", tc.field, tc.value, got.conds, got.summary, tc.chip, tc.summary)
		}
	}
}

// TestFilterSetRangeBounds: the filter panel's range takes each bound
// from 0 to MaxCount, a lower bound equal to the upper one, and an open
// upper bound (0); a negative bound, crossed bounds or one past MaxCount
// are 400 bad_value and change nothing.
func TestFilterSetRangeBounds(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		value string
		code  string // "" when applied
		chip  string
	}{
		{`{"min": 0, "max": 20000}`, "", "粉丝 ≤ 2万(applied)"},
		{`{"min": 5000, "max": 0}`, "", "粉丝 ≥ 5000(applied)"},
		{`{"min": 20000, "max": 20000}`, "", "粉丝 2万–2万(applied)"},
		{`{"min": 0, "max": 10000000000}`, "", "粉丝 ≤ 100亿(applied)"},
		{`{"min": 10000000000, "max": 0}`, "", "粉丝 ≥ 100亿(applied)"},
		{`{"min": -1, "max": 20000}`, "bad_value", ""},
		{`{"min": 5000, "max": -1}`, "bad_value", ""},
		{`{"min": 20001, "max": 20000}`, "bad_value", ""},
		{`{"min": 0, "max": 10000000001}`, "bad_value", ""},
		{`{"min": 10000000001, "max": 0}`, "bad_value", ""},
	} {
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "帮我找美国做露营评测的博主"})
		before := b.snap.Version
		_, err := b.try("filter.set", api.Args{Field: "followers", Op: "between", Value: json.RawMessage(tc.value)})
		if tc.code == "" {
			if err != nil {
				t.Errorf("filter.set followers between %s = %v, want it applied", tc.value, err)
			} else if got := b.shown().conds; !slices.Contains(got, tc.chip) {
				t.Errorf("filter.set followers between %s shows %v, want %s", tc.value, got, tc.chip)
			}
			continue
		}
		var ae *Error
		if !errors.As(err, &ae) || ae.Code != tc.code {
			t.Errorf("filter.set followers between %s = %v, want %s", tc.value, err, tc.code)
		}
		if snap, _ := a.Snapshot(t.Context(), b.id, b.token); snap.Version != before {
			t.Errorf("a refused filter.set changed the session (version %d → %d)", before, snap.Version)
		}
	}
}

// TestResultsEventOncePerSearch: a turn that searches streams its results
// once, after the slots, with the total the snapshot shows; a turn that
// only changes the context (the results go stale) streams none.
func TestResultsEventOncePerSearch(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	resultsOf := func() (names []string, totals []int) {
		for _, e := range b.events {
			switch e.Name {
			case api.EventResults:
				var r api.Results
				if err := json.Unmarshal(e.Data, &r); err != nil {
					t.Fatal(err)
				}
				totals = append(totals, r.Total)
				names = append(names, e.Name)
			case api.EventSlots, api.EventTurnDone:
				names = append(names, e.Name)
			}
		}
		return names, totals
	}
	for _, kw := range []string{"科技", "评测"} {
		b.send("input.type", api.Args{Text: kw})
		b.send("input.commit", api.Args{})
	}
	b.send("search.submit", api.Args{})
	names, totals := resultsOf()
	if want := fmt.Sprint([]string{api.EventSlots, api.EventResults, api.EventTurnDone}); fmt.Sprint(names) != want || len(totals) != 1 || b.snap.Results == nil || totals[0] != b.snap.Results.Total || totals[0] == 0 {
		t.Errorf("search.submit streams %v with totals %v (snapshot %+v), want %s with the snapshot's total", names, totals, b.snap.Results, want)
	}
	b.send("tag.toggle_exclude", api.Args{TagID: b.snap.Context.KeywordTags[1].ID})
	if names, totals := resultsOf(); len(totals) != 0 {
		t.Errorf("tag.toggle_exclude (results stale, no search) streams %v with totals %v, want no results event", names, totals)
	}
}

// lossyLog is a session store that cannot append one event name.
type lossyLog struct {
	*sessions.Memory
	name string
}

func (l *lossyLog) Lock(ctx context.Context, id string) (sessions.Writer, error) {
	w, err := l.Memory.Lock(ctx, id)
	if err != nil {
		return nil, err
	}
	return lossyWriter{Writer: w, name: l.name}, nil
}

// lossyWriter refuses a turn whose events include its name.
type lossyWriter struct {
	sessions.Writer
	name string
}

func (w lossyWriter) Commit(ctx context.Context, v int64, snap json.RawMessage, evs []sessions.Event, turn *sessions.Turn) (sessions.Record, []sessions.Event, error) {
	for _, e := range evs {
		if e.Name == w.name {
			return sessions.Record{}, nil, fmt.Errorf("commit %s: %w", e.Name, sessions.ErrUnavailable)
		}
	}
	return w.Writer.Commit(ctx, v, snap, evs, turn)
}

// TestUnloggedResultsFailTheTurn: when the session log cannot take the
// turn's results, the turn fails and nothing of it is committed.
func TestUnloggedResultsFailTheTurn(t *testing.T) {
	log := &lossyLog{Memory: sessions.NewMemory(), name: api.EventResults}
	a := readinessAgent(t, func(c *Config) { c.Sessions = log })
	b := newBox(t, a, "youtube", "zh")
	_, err := b.try("search.submit", api.Args{Text: "帮我找美国做露营评测的博主"})
	if err == nil {
		t.Fatalf("search.submit with the results unlogged succeeded")
	}
	var ae *Error
	if !errors.As(err, &ae) || !errors.Is(err, ErrUnavailable) {
		t.Errorf("search.submit with the results unlogged = %v, want ErrUnavailable", err)
	}
	snap, serr := a.Snapshot(t.Context(), b.id, b.token)
	if serr != nil {
		t.Fatal(serr)
	}
	if snap.Version != b.snap.Version || snap.Results != nil || stateString(snap.State) != stateString(b.snap.State) {
		t.Errorf("after the failed turn: version %d in %s with results %v, want version %d in %s, unchanged", snap.Version, stateString(snap.State), snap.Results, b.snap.Version, stateString(b.snap.State))
	}
}

// TestFirstSearchResidueNotice: words of a first search the parser places
// as a sort sort the results and say so; a vague amount is said as what
// it is (not "not understood"); a second anchor's notice comes first.
func TestFirstSearchResidueNotice(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, text, notice string
	}{
		{"zh", "帮我找美国做露营评测的博主，按粉丝排序", "已按粉丝量从高到低排序。未作为条件：「帮我找」"},
		{"zh", "帮我找美国做露营评测的博主，粉丝不要太多", "「粉丝不要太多」没有具体数值，未加入条件：请给出范围，例如“粉丝 1万以下”。未作为条件：「帮我找」"},
		{"en", "find US camping review channels, sort by followers", "Sorted by followers, highest first. Not used as conditions: “find”"},
		{"en", "find US camping review channels with not too many followers", "“not too many followers” has no number, so no condition was added: give a range, e.g. “under 10k followers”. Not used as conditions: “find”"},
		{"zh", "像 https://www.youtube.com/@gadgetgrid 和 https://www.youtube.com/@oldironrevival 这样的美国频道，按粉丝排序", "只能有一个锚点：第二个链接未使用，请替换或删除现有锚点。已按粉丝量从高到低排序"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.text})
		if got := b.shown(); got.notice != tc.notice || got.total <= 0 || len(got.tags) != 0 {
			t.Errorf("search.submit(%q) (%s): notice %q, %d results, tags %v; want %q, results, no tag", tc.text, tc.locale, got.notice, got.total, got.tags, tc.notice)
		}
	}
}

// TestRefusedFollowupKeepsTheOpenQuestion: a follow-up the router cannot
// use, typed while a clarifying question is open, is refused with a
// notice, and the question stays: same question, same options, still
// answerable.
func TestRefusedFollowupKeepsTheOpenQuestion(t *testing.T) {
	b := newBox(t, newTestAgent(t), "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我找 Instagram 上的美国美妆博主"}) // another platform than the page: a question
	q := b.snap.Slots.Question
	if b.snap.State.Session != "clarifying" || q == nil || len(q.Options) < 2 {
		t.Fatalf("precondition: want an open question in clarifying, have %s with question %+v", stateString(b.snap.State), q)
	}
	b.send("followup.submit", api.Args{Text: "嗯嗯"})
	if b.snap.State.Session != "clarifying" || b.snap.State.Container != "expanded_clarifying" {
		t.Errorf("after a refused follow-up the session is %s, want it still clarifying", stateString(b.snap.State))
	}
	got := b.snap.Slots.Question
	if got == nil || got.ID != q.ID || got.Text != q.Text || len(got.Options) != len(q.Options) {
		t.Fatalf("after a refused follow-up the question is %+v, want the open one %+v", got, q)
	}
	if b.snap.Context.Notice == "" {
		t.Error("the refusal says nothing: context.notice is empty")
	}
	// The question is still answerable.
	b.send("clarify.answer", api.Args{OptionID: q.Options[0].ID})
	if b.snap.State.Session == "clarifying" || b.snap.Slots.Question != nil {
		t.Errorf("answering the kept question left %s with question %+v", stateString(b.snap.State), b.snap.Slots.Question)
	}
}
