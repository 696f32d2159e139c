package agent

import (
	"fmt"
	"searchagent/tools/condition"
	"searchagent/tools/platform"
	"slices"
	"strings"

	"searchagent/agent/fsm"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/render"
	"searchagent/router"
	"searchagent/tools/states"
	"searchagent/tools/store"
	"searchagent/tools/urlresolve"
)

// question decides whether the first results deserve exactly one
// high-value question (spec 4.1-4.2, seed 000 §5.3: search first, ask
// later, one question at a time, never the same topic twice).
func (t *turn) question() *Question {
	s := t.s
	if s.State.Container != states.ExpandedAgent || s.Question != nil {
		return nil
	}
	asked := func(topic string) bool { return slices.Contains(s.Asked, topic) }
	plat := s.Platform.Label(s.Locale)
	for _, c := range s.Conds {
		// A platform left pending is the conflict question: asked first,
		// and asked again (the same question, not a second one) while it
		// stays pending, so its condition never waits in 「待澄清」 without
		// its buttons — also after a repair (issue 26 item 5).
		if c.Field == "platform" && c.Status == condition.StatusPending && (len(s.Asked) == 0 || asked(string(render.TopicConflict))) {
			if isExclusion(c.Op) && s.Anchor == nil {
				// "no TikTok please" on the TikTok page: which platform to
				// search instead (fixF3, class F1), or stay.
				opts := []QuestionOption{{ID: "o1", LabelZH: "仍在 " + plat + " 找", LabelEN: "Keep searching " + plat, Apply: "drop:" + c.ID}}
				for _, p := range platform.All() {
					if p == s.Platform || slices.Contains(c.Value.Codes(), string(p)) || len(opts) == 4 {
						continue
					}
					there := p.Label(s.Locale)
					opts = append(opts, QuestionOption{ID: fmt.Sprintf("o%d", len(opts)+1), LabelZH: "换到 " + there + " 搜，条件不变",
						LabelEN: "Search " + there + ", same conditions", Apply: "platform:" + c.ID + ":" + string(p)})
				}
				if len(opts) > 1 {
					return &Question{ID: s.newID("q"), Topic: string(render.TopicConflict), Subject: c.Span, Turn: s.Turn, Options: opts}
				}
			}
			opts := []QuestionOption{
				{ID: "o1", LabelZH: "只在 " + plat + " 找", LabelEN: "Search " + plat + " only", Apply: "drop:" + c.ID},
				{ID: "o2", LabelZH: "保留为参考", LabelEN: "Keep as a reference", Apply: "reference:" + c.ID},
			}
			if p, err := platform.Parse(c.Value.Str); err == nil && p != s.Platform && s.Anchor == nil {
				// What was asked is always one of the answers (audit 33,
				// class M4): the same conditions searched on the platform
				// the user named, a new search of its own.
				there := p.Label(s.Locale)
				opts = append(opts, QuestionOption{ID: "o3", LabelZH: "换到 " + there + " 搜，条件不变", LabelEN: "Search " + there + ", same conditions", Apply: "platform:" + c.ID})
			}
			return &Question{ID: s.newID("q"), Topic: string(render.TopicConflict), Subject: c.Span, Turn: s.Turn, Options: opts}
		}
	}
	if len(s.Asked) > 0 {
		// One question per episode (seed 001 §4.5): once a question was
		// asked, answering it (or anything after it) never brings another
		// until a new first round starts.
		return nil
	}
	if s.Anchor.Resolved() || s.Results == nil || s.Results.Total < 10 {
		return nil
	}
	if slices.ContainsFunc(s.Conds, func(c Cond) bool { return c.Field == "category" }) {
		return nil
	}
	// Do the results split between two kinds of channel? Sample the first
	// hundred (step classify) and ask only when two categories each hold a
	// quarter or more and neither dominates.
	var top [2]struct {
		id string
		n  int
	}
	total := 0
	err := t.step(api.StepClassify, func() (any, error) {
		q := s.buildQuery(t.now, "")
		for i, k := range q.keywords {
			// What a ranking term means is asked about the channels it
			// matches: sample them, not the whole ranked platform.
			if k.Soft && slices.ContainsFunc(s.Tags, func(tg Tag) bool { return tg.Ranks() && tg.Text == k.Text }) {
				q.keywords[i].Soft = false
			}
		}
		page, err := t.a.cfg.Store.Search(t.ctx, store.SearchQuery{Platform: s.Platform, Keywords: q.keywords, Filters: q.filters, Limit: store.MaxLimit})
		if err != nil {
			return nil, storeErr(err)
		}
		hist := map[string]int{}
		for _, h := range page.Items {
			if h.Channel.Category != "" {
				hist[h.Channel.Category]++
				total++
			}
		}
		for id, n := range hist {
			switch {
			case n > top[0].n || n == top[0].n && id < top[0].id:
				top[1] = top[0]
				top[0].id, top[0].n = id, n
			case n > top[1].n || n == top[1].n && id < top[1].id:
				top[1].id, top[1].n = id, n
			}
		}
		return map[string]any{"sampled": total, "categories": hist}, nil
	})
	if err != nil || total < 10 || top[1].n*4 < total || top[0].n*10 > total*7 {
		return nil
	}
	return &Question{ID: s.newID("q"), Topic: string(render.TopicCategory), Turn: s.Turn, Options: []QuestionOption{
		{ID: "o1", LabelZH: categoryName(top[0].id, "zh"), LabelEN: categoryName(top[0].id, "en"), Apply: "category:" + top[0].id},
		{ID: "o2", LabelZH: categoryName(top[1].id, "zh"), LabelEN: categoryName(top[1].id, "en"), Apply: "category:" + top[1].id},
		{ID: "o3", LabelZH: "都可以", LabelEN: "Either", Apply: "keep"},
	}}
}

// expectation is what the router expects next turn: the question's
// options, answered by label or position.
func (q *Question) expectation() []router.Expectation {
	e := router.Expectation{ID: q.ID, Kind: router.ExpectChoice, DeclaredTurn: int(q.Turn), TTL: 2}
	for _, o := range q.Options {
		e.Options = append(e.Options, router.Choice{ID: o.ID, Label: o.LabelZH, Aliases: []string{o.LabelEN}})
	}
	return []router.Expectation{e}
}

// renderInput fills the contract's renderer input from the session.
func (t *turn) renderInput() render.Input {
	s := t.s
	sub := fsm.Substate(s.State, s.facts())
	in := render.Input{
		State: contract.StateKey(s.State.Key()),
		Context: contract.Context{RepairReason: s.RepairReason, RepairHintVisible: s.HintVisible,
			SourceStage: contract.SourceStage(s.SourceStage), Substate: sub.ID},
		Locale: s.Locale, Platform: string(s.Platform), Conditions: s.chips(),
		UnsupportedReason: s.Unsupported,
	}
	for _, tg := range s.Tags {
		in.Keywords = append(in.Keywords, tg.Tag)
	}
	if a := s.Anchor; a != nil {
		v := &render.AnchorView{URL: a.URL, Handle: a.Handle, Title: a.Name, LinkPlatform: a.LinkPlatform}
		if a.Resolved() {
			v.ConditionID = a.ID
			if v.Handle != "" {
				v.Handle = "@" + v.Handle
			}
		}
		if a.Resolution == string(urlresolve.StateInvalid) {
			v.LinkIssue = render.LinkIncomplete
			if strings.HasSuffix(a.Reason, "not_found") {
				v.LinkIssue = render.LinkNotFound
			}
		}
		in.Anchor = v
	}
	if s.SourceStage == StageFollowup || s.State.Session == states.Refining {
		in.Followup = s.LastFollowup
	}
	if s.Results != nil {
		in.ResultsTotal = s.Results.Total
		in.ResultsAtLeast = s.Results.TotalAtLeast
	}
	if q := s.Question; q != nil && (s.State.Session == states.Clarifying || s.State.Session == states.EmptyRepair) {
		spec := &render.QuestionSpec{ID: q.ID, Topic: render.QuestionTopic(q.Topic), Subject: q.Subject, Text: s.conflictText(q)}
		for _, o := range q.Options {
			spec.Options = append(spec.Options, contract.Option{ID: o.ID, Label: pick(s.zh(), o.LabelZH, o.LabelEN)})
		}
		in.Question = spec
	}
	for _, r := range s.Relaxations {
		in.Relaxations = append(in.Relaxations, s.contractRelaxation(r))
	}
	in.AllowedActions = contractActions(s, t.a.offers(s))
	return in
}

// snapshot is the API view of a session.
func (a *Agent) snapshot(s *Session, version int64, closed bool) api.Snapshot {
	sub := fsm.Substate(s.State, s.facts())
	snap := api.Snapshot{
		SessionID: s.ID, Platform: string(s.Platform), Locale: s.Locale, Version: version, Turn: s.Turn,
		State: toAPIState(s.State), Scene: string(sub.Scene), Substate: sub.ID, Slots: s.Slots, Results: s.Results,
		Actions: apiActions(a.offers(s)), Closed: closed || s.Closed,
		Context: api.Context{
			KeywordTags: []contract.Tag{}, ActiveTagID: s.ActiveTagID, ActiveTagMenu: s.MenuOpen, QueryShape: s.QueryShape,
			Origin: string(s.Origin), RepairReason: string(s.RepairReason), RepairHintVisible: s.HintVisible,
			SourceStage: s.SourceStage, Conditions: s.chips(), Sort: s.Sort, Notice: s.Notice,
		},
	}
	snap.Context.Draft = s.Draft
	if s.State.Input == states.DraftFollowup {
		snap.Context.Draft = s.FollowupDraft
	}
	for _, tg := range s.Tags {
		snap.Context.KeywordTags = append(snap.Context.KeywordTags, tg.Tag)
	}
	if an := s.Anchor; an != nil {
		snap.Context.Anchor = &api.Anchor{URL: an.URL, Platform: an.LinkPlatform, Key: an.Key, Handle: an.Handle, Name: an.Name,
			Resolution: an.Resolution, Hint: pick(s.zh(), an.HintZH, an.HintEN)}
	}
	if q := s.Slots.Question; q != nil {
		snap.Context.PendingQuestion = q
	}
	return snap
}

// conflictTextWidth is the widest conflict question (the expanded
// question limit, contract rules); a wider one falls back to the
// renderer's generic wording.
const conflictTextWidth = 80

// conflictText names both sides of a platform conflict (issue 16 item
// 10): the platform the user asked for and the one this page searches.
// It is "" for other questions (the renderer words them).
func (s *Session) conflictText(q *Question) string {
	if q.Topic != string(render.TopicConflict) {
		return ""
	}
	for _, o := range q.Options {
		kind, id, _ := cut(o.Apply)
		if kind != "drop" {
			continue
		}
		if _, c := s.cond(id); c != nil && c.Field == "platform" {
			asked := pick(s.zh(), c.LabelZH, c.LabelEN)
			here := s.Platform.Label(s.Locale)
			if isExclusion(c.Op) {
				text := pick(s.zh(), "你不要 "+here+"，但这里只搜 "+here+"：换到哪个平台？",
					"Not "+here+", but this page searches "+here+". Switch to which platform?")
				if contract.Width(text) > conflictTextWidth || s.State.Session == states.EmptyRepair {
					return ""
				}
				return text
			}
			if asked == "" || asked == here {
				return ""
			}
			text := pick(s.zh(), "你要找 "+asked+" 的频道，但这里只搜 "+here+"：怎么处理？",
				"You asked for "+asked+", but this page searches "+here+". Which stays?")
			limit := conflictTextWidth
			if s.State.Session == states.EmptyRepair {
				// A repair asks only a very short question (contract
				// 4.7): the renderer's own short wording stands.
				limit = 0
			}
			if contract.Width(text) > limit {
				return ""
			}
			return text
		}
	}
	return ""
}
