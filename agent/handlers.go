package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"searchagent/agent/fsm"
	"searchagent/agent/modelpath"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/router"
	"searchagent/tools/condparse"
	"searchagent/tools/store"
	"searchagent/tools/urlresolve"
)

// prepare decides the turn's first action without changing anything: it
// validates the arguments, runs the router for follow-ups, computes the
// guard facts and asks the registry. A refusal is a 409 with what is
// allowed now; no event is logged for it.
func (t *turn) prepare() error {
	s, args := t.s, t.args
	f := s.facts()
	needTag := func(id string) error {
		if id == "" {
			id = s.ActiveTagID
		}
		if _, tg := s.tag(id); tg == nil {
			return badRequest("unknown_tag", "no keyword tag with this id", map[string]any{"tag_id": id, "tags": s.Tags})
		}
		t.args.TagID = id
		f.TagIsLast = len(s.Tags) == 1
		return nil
	}
	switch t.ev {
	case fsm.InputType, fsm.FollowupType:
		f.HasText = args.Text != ""
		f.Draft, f.DraftHasURL = classify(args.Text)
		if !f.HasText {
			return badRequest("empty_text", pick(s.zh(), "输入为空：清空请发送 input.clear / followup.clear", "text is empty: to clear, send input.clear or followup.clear"), nil)
		}
	case fsm.InputCommit, fsm.SearchSubmit:
		text := strings.TrimSpace(args.Text)
		if text == "" {
			text = strings.TrimSpace(s.Draft)
		}
		t.plan.text = text
		f.HasText = text != ""
		f.Draft, f.DraftHasURL = classify(text)
		if f.Draft == fsm.ShapeURL {
			t.plan.anchorURL = text
		}
		if t.ev == fsm.SearchSubmit {
			t.guardCheck(text)
		}
	case fsm.TagEdit, fsm.TagDelete, fsm.TagMenuOpen, fsm.TagToggleExclude:
		if err := needTag(args.TagID); err != nil {
			return err
		}
	case fsm.TagEditSubmit:
		if err := needTag(args.TagID); err != nil {
			return err
		}
		f.TextEmpty = strings.TrimSpace(args.Text) == ""
		f.HasText = !f.TextEmpty
	case fsm.TagSetScope:
		if err := needTag(args.TagID); err != nil {
			return err
		}
		if !store.Scope(args.Scope).Valid() {
			return badRequest("bad_scope", "scope must be one of tags, name, description, content, all", map[string]string{"scope": args.Scope})
		}
	case fsm.FollowupSubmit:
		text := strings.TrimSpace(args.Text)
		if text == "" {
			text = strings.TrimSpace(s.FollowupDraft)
		}
		f.HasText = text != ""
		if f.HasText {
			if err := t.route(text, &f); err != nil {
				return err
			}
		}
	case fsm.ClarifyAnswer:
		if s.Question == nil {
			break // the registry refuses: no question is open
		}
		opt := s.Question.option(args.OptionID, args.Text)
		if opt == nil {
			return badRequest("unknown_option", pick(s.zh(), "没有这个选项", "no such option"), map[string]any{"options": s.Question.Options})
		}
		t.plan.answer = opt
	case fsm.RepairFixURL, fsm.RepairReplaceAnchor:
		u := strings.TrimSpace(args.URL)
		if u == "" {
			u = strings.TrimSpace(args.Text)
		}
		t.plan.anchorURL = u
		f.HasText = u != ""
	case fsm.RepairSwitchToNL:
		t.plan.text = strings.TrimSpace(args.Text)
		f.HasText = t.plan.text != ""
		if f.HasText {
			t.guardCheck(t.plan.text)
		}
	case fsm.RepairExpandRecallScope:
		if args.ConditionID != "" {
			i := slices.IndexFunc(s.Relaxations, func(r Relaxation) bool { return r.ConditionID == args.ConditionID })
			if i < 0 {
				return badRequest("unknown_relaxation", pick(s.zh(), "没有针对这个条件的放宽建议", "no repair suggestion for this condition"), map[string]any{"relaxations": s.Relaxations})
			}
			t.plan.relax = &s.Relaxations[i]
		}
	case fsm.ConditionEdit, fsm.ConditionRemove:
		if _, c := s.cond(args.ConditionID); c == nil {
			if _, tg := s.tag(args.ConditionID); tg == nil || t.ev == fsm.ConditionEdit {
				return badRequest("unknown_condition", pick(s.zh(), "没有这个条件", "no condition with this id"), map[string]any{"condition_id": args.ConditionID})
			}
		}
		if t.ev == fsm.ConditionEdit {
			if _, err := t.editedCond(); err != nil {
				return err
			}
		}
	case fsm.FilterSet:
		if _, err := t.filterCond(); err != nil {
			return err
		}
	case fsm.FilterClear:
		if !slices.ContainsFunc(s.Conds, func(c Cond) bool { return c.Field == args.Field }) {
			return badRequest("unknown_filter", pick(s.zh(), "当前没有这个筛选条件", "no filter on this field"), map[string]string{"field": args.Field})
		}
	case fsm.ResultsSort:
		if !slices.Contains([]string{"similarity", "relevance", "followers", "avg_views", "recent"}, args.By) {
			return badRequest("bad_sort", "by must be one of similarity, relevance, followers, avg_views, recent", nil)
		}
	case fsm.ResultsPage:
		n, err := strconv.Atoi(args.Cursor)
		if err != nil || n < 0 || n > store.MaxOffset {
			return badRequest("bad_cursor", "cursor is the next_cursor of the results", nil)
		}
	}
	a, err := t.a.reg.Resolve(s.State, t.ev, f)
	if err != nil {
		return t.refusal(err)
	}
	t.first, t.facts = a, f
	return nil
}

// refusal turns a registry refusal into the 409 error.
func (t *turn) refusal(err error) error {
	var na *fsm.NotAllowedError
	if !errors.As(err, &na) {
		return newError(ErrInternal, "internal", "could not resolve the event", nil, err)
	}
	r := Refusal{Event: string(na.Event), State: na.State.String(), FailedGuards: na.Refused, AllowedEvents: []string{}, AllowedActions: []string{}}
	for _, a := range na.Allowed {
		if !slices.Contains(r.AllowedEvents, string(a.Event)) {
			r.AllowedEvents = append(r.AllowedEvents, string(a.Event))
		}
		r.AllowedActions = append(r.AllowedActions, a.ID)
	}
	r.Reason = refusalReason(t.s, na)
	return newError(ErrNotAllowed, "not_allowed", r.Reason, r, nil)
}

func refusalReason(s *Session, na *fsm.NotAllowedError) string {
	for _, g := range na.Refused {
		switch g {
		case "submit_url", "submit_url_upgrade", "commit_url":
			if s.Anchor.Resolved() {
				return pick(s.zh(), "已有一个锚点：请先替换或删除现有锚点", "an anchor is already set: replace or delete it first")
			}
		case "fallback_conditions_hold_tags", "fallback_conditions_hold_anchor":
			return pick(s.zh(), "还不能回到经典搜索：需无未完成追问、无修正中卡点，且只剩关键词和/或单一锚点", "cannot go back to classic search yet: no open question, no repair, and only keyword tags and/or one anchor may remain")
		}
	}
	if len(na.Refused) > 0 {
		return pick(s.zh(), "当前状态下不能执行该操作（条件不满足："+strings.Join(na.Refused, ", ")+"）", "not allowed now (guard failed: "+strings.Join(na.Refused, ", ")+")")
	}
	return pick(s.zh(), "当前状态下不能执行该操作", fmt.Sprintf("%s is not allowed in %s", na.Event, na.State))
}

// guardCheck runs the router's guard stage over submitted text: a guard
// hit lands the turn in unsupported (contract 4.8).
func (t *turn) guardCheck(text string) {
	in := router.Input{Text: text, Locale: t.s.Locale, Platform: string(t.s.Platform), State: routerState(t.s.State), Turn: int(t.s.Turn)}
	// The deterministic stages only: submitted text is read by the
	// condition parser next, so the classifier (a model call) is not
	// asked here. A refusal is audited with its full explain trace.
	if res, err := t.a.cfg.Router.QueryRules(t.ctx, in); err != nil || res.Branch != router.BranchGuardHit {
		return
	}
	res, tr, err := t.a.cfg.Router.ExplainRules(t.ctx, in)
	if err != nil {
		return
	}
	t.trace.Router = &RouterStage{Result: res, Trace: tr}
	t.a.cfg.Observer.RouterBranch(string(res.Branch))
	t.plan.unsupported = guardReason(res)
}

func routerState(s fsm.State) router.State {
	return router.State{Input: string(s.Input), Container: string(s.Container), Session: string(s.Session)}
}

func guardReason(res *router.Result) string {
	if res.Top == nil {
		return ""
	}
	return guardReasonID(res.Top.ID)
}

// guardReasonID is the unsupported reason of a guard spec id.
func guardReasonID(specID string) string {
	switch id := strings.TrimPrefix(specID, "guard."); id {
	case "contact_info":
		return "personal_data"
	default:
		return id
	}
}

// route sends a follow-up through the router and turns its decision into
// the turn's plan: the event to resolve and the commands to apply, or a
// refusal that says what is missing.
func (t *turn) route(text string, f *fsm.Facts) error {
	s := t.s
	in := router.Input{Text: text, Locale: s.Locale, Platform: string(s.Platform), State: routerState(s.State),
		Turn: int(s.Turn), Pending: s.Expect, Conditions: s.routerConditions(), ActiveTagID: s.ActiveTagID}
	res, tr, err := t.a.cfg.Router.Explain(t.ctx, in)
	if errors.Is(err, router.ErrInputTooLong) {
		return newError(ErrTooLarge, "too_large", err.Error(), nil, nil)
	}
	if err != nil {
		return newError(ErrInternal, "internal", "the router failed", nil, err)
	}
	t.trace.Router = &RouterStage{Result: res, Trace: tr}
	t.a.cfg.Observer.RouterBranch(string(res.Branch))
	t.plan.text = text
	refuse := func(msg string) {
		f.RouterRefused = true
		t.plan.notice = msg
	}
	if res.Branch == router.BranchGuardHit {
		t.plan.unsupported = guardReason(res)
		return nil
	}
	if s.State.Session == fsm.Unsupported {
		// The last request was refused and nothing of it was kept: the
		// rewrite is a fresh description (seed 000 §5.2 unsupported →
		// retrieving), read whole by the parser.
		pr, err := condparse.Parse(text, condparse.WithPlatform(s.Platform))
		if err != nil || !usefulParse(pr) {
			refuse(refusalText(s, res))
			return nil
		}
		t.plan.parse, t.plan.rewrite = &pr, true
		return nil
	}
	switch res.Branch {
	case router.BranchFallback, router.BranchAmbiguous:
		// The rules did not decide; the deterministic condition parser
		// may still read the text as conditions (a real refinement). If it
		// reads nothing, refuse and say what is missing.
		if pr, err := condparse.Parse(text, condparse.WithPlatform(s.Platform)); err == nil && usefulParse(pr) {
			t.plan.parse = &pr
			return nil
		}
		refuse(refusalText(s, res))
		return nil
	}
	if res.Decision.RequiresConfirmation {
		refuse(pick(s.zh(), "清空当前搜索需要确认：请点击「新建搜索」", "clearing the search needs confirmation: use “New search”"))
		return nil
	}
	if !res.Decision.ShouldExecute {
		refuse(refusalText(s, res))
		return nil
	}
	for _, cmd := range res.Commands {
		switch cmd.Name {
		case "new_task":
			t.plan.reset = true
			if txt, _ := cmd.Args.Get("text").(string); txt != "" {
				t.plan.text = txt
			}
		case "back_to_classic":
			t.ev = fsm.FallbackToClassic
		case "switch_to_nl":
			if s.State.Container == fsm.ExpandedRepair {
				t.ev = fsm.RepairSwitchToNL
				if txt, _ := cmd.Args.Get("text").(string); txt != "" {
					t.plan.text = txt
				}
				f.HasText = t.plan.text != ""
			} else {
				refuse(pick(s.zh(), "已经是智能搜索：直接描述要补充的条件即可", "already in smart search: just describe what to add"))
			}
		case "answer_option":
			if s.Question == nil {
				refuse(pick(s.zh(), "当前没有待回答的问题", "there is no open question to answer"))
				continue
			}
			opt := s.Question.option(str(cmd.Args.Get("option_id")), str(cmd.Args.Get("label")))
			if opt == nil {
				if pos, ok := intOf(cmd.Args.Get("position")); ok && pos >= 1 && int(pos) <= len(s.Question.Options) {
					opt = &s.Question.Options[pos-1]
				}
			}
			if opt == nil {
				refuse(pick(s.zh(), "没有这个选项", "no such option"))
				continue
			}
			t.ev, t.plan.answer = fsm.ClarifyAnswer, opt
		case "widen_recall":
			if s.State.Container == fsm.ExpandedRepair && (s.RepairReason == fsm.RepairLowRecall || s.RepairReason == fsm.RepairNoResults) {
				t.ev = fsm.RepairExpandRecallScope
			} else {
				t.plan.widen = true
			}
		case "narrow":
			t.plan.narrow = true
		case "reset":
			refuse(pick(s.zh(), "清空当前搜索需要确认：请点击「新建搜索」", "clearing the search needs confirmation: use “New search”"))
		default:
			t.plan.commands = append(t.plan.commands, cmd)
		}
	}
	if t.plan.reset {
		t.ev = fsm.SessionReset
	}
	if !f.RouterRefused && t.ev == fsm.FollowupSubmit && len(t.plan.commands) == 0 && !t.plan.widen && !t.plan.narrow {
		refuse(refusalText(s, res))
	}
	return nil
}

func str(v any) string { s, _ := v.(string); return s }

// usefulParse reports whether a parse found conditions to refine by.
func usefulParse(r condparse.Result) bool {
	for _, c := range r.Conditions {
		if c.Kind != condparse.KindAnchor || c.Field == condparse.FieldURL {
			return true
		}
	}
	return false
}

// refusalText says what is missing (seed 003 §3.1: never a fake "noted").
func refusalText(s *Session, res *router.Result) string {
	if res.Decision.Refusal != "" {
		return res.Decision.Refusal
	}
	var miss []string
	miss = append(miss, res.Decision.MissingData...)
	if len(miss) > 0 {
		return pick(s.zh(), "还不能执行：缺少 "+strings.Join(miss, "、"), "cannot run this yet: missing "+strings.Join(miss, ", "))
	}
	return pick(s.zh(), "没能理解这条补充：可以说地区、粉丝量、关键词或排除项，例如“只要美国的，粉丝 1w+”", "could not read this follow-up: say a region, a follower range, a keyword or an exclusion, e.g. “US only, 10k+ followers”")
}

func (q *Question) option(id, text string) *QuestionOption {
	for i := range q.Options {
		o := &q.Options[i]
		if id != "" && o.ID == id || text != "" && (strings.EqualFold(o.LabelZH, text) || strings.EqualFold(o.LabelEN, text)) {
			return o
		}
	}
	return nil
}

// editedCond is the condition a condition.edit makes (source manual).
func (t *turn) editedCond() (Cond, error) {
	_, old := t.s.cond(t.args.ConditionID)
	c := *old
	c.Source, c.Status = "manual", "applied"
	if c.Kind == "soft" {
		c.Status = "reference"
	}
	if err := decodeValue(t.args.Value, c.Op, &c.Value); err != nil {
		return c, badRequest("bad_value", err.Error(), nil)
	}
	c.LabelZH, c.LabelEN = "", ""
	return c, nil
}

// filterCond is the condition a filter.set makes (source manual).
func (t *turn) filterCond() (Cond, error) {
	a := t.args
	c := Cond{Kind: "hard", Field: a.Field, Op: a.Op, Source: "manual", Status: "applied", Priority: 1}
	switch a.Field {
	case "country", "language", "category":
		if c.Op == "" {
			c.Op = "in"
		}
		if !slices.Contains([]string{"eq", "in", "not_in"}, c.Op) {
			return c, badRequest("bad_op", "op must be eq, in or not_in for "+a.Field, nil)
		}
	case "followers", "avg_views":
		if !slices.Contains([]string{"gte", "lte", "between"}, c.Op) {
			return c, badRequest("bad_op", "op must be gte, lte or between for "+a.Field, nil)
		}
	case "last_active":
		c.Op = "within_days"
	default:
		return c, badRequest("bad_field", "field must be one of country, language, category, followers, avg_views, last_active", map[string]string{"field": a.Field})
	}
	if err := decodeValue(a.Value, c.Op, &c.Value); err != nil {
		return c, badRequest("bad_value", err.Error(), nil)
	}
	f := store.Filters{}
	applyFilter(&f, c, t.now)
	if _, err := f.Canonical(); err != nil {
		return c, badRequest("bad_value", err.Error(), nil)
	}
	return c, nil
}

func decodeValue(raw json.RawMessage, op string, v *condparse.Value) error {
	if len(raw) == 0 {
		return errors.New("value is required")
	}
	switch op {
	case "between":
		var r struct{ Min, Max int64 }
		if err := json.Unmarshal(raw, &r); err != nil || r.Min < 0 || r.Max < 0 || (r.Max != 0 && r.Min > r.Max) {
			return errors.New(`value must be {"min": n, "max": m} with 0 <= min <= max`)
		}
		*v = condparse.RangeValue(r.Min, r.Max)
	case "gte", "lte", "within_days":
		var n int64
		if err := json.Unmarshal(raw, &n); err != nil || n <= 0 {
			return errors.New("value must be a positive integer")
		}
		*v = condparse.IntValue(n)
	case "in", "not_in":
		var ss []string
		if err := json.Unmarshal(raw, &ss); err != nil {
			var one string
			if err := json.Unmarshal(raw, &one); err != nil || one == "" {
				return errors.New("value must be a string or a list of strings")
			}
			ss = []string{one}
		}
		if len(ss) == 0 {
			return errors.New("value must not be empty")
		}
		*v = condparse.StringsValue(ss...)
	default:
		var one string
		if err := json.Unmarshal(raw, &one); err != nil || one == "" {
			return errors.New("value must be a string")
		}
		*v = condparse.StringValue(one)
	}
	return nil
}

// run applies the turn: turn.started, the router decision, the context
// change and the first transition, then the work until the session lands,
// then the slots and results.
func (t *turn) run() error {
	s := t.s
	if err := t.emit(api.EventTurnStarted, api.TurnStarted{Turn: s.Turn, Event: string(t.ev), Args: t.args, State: toAPIState(s.State)}); err != nil {
		return err
	}
	if t.trace.Router != nil {
		if err := t.emit(api.EventRouterDecision, t.trace.Router.Result); err != nil {
			return err
		}
	}
	s.Notice = ""
	if err := t.effects(); err != nil {
		return err
	}
	if err := t.apply(t.first); err != nil {
		return err
	}
	if err := t.after(); err != nil {
		return err
	}
	// Everything the user asked for is applied now: the contract's
	// SCOPE_REWRITE check compares the slots with these tags, so only a
	// change the agent made on its own would count.
	t.tagsBefore = nil
	for _, tg := range s.Tags {
		t.tagsBefore = append(t.tagsBefore, tg.Tag)
	}
	if err := t.work(); err != nil {
		return err
	}
	t.trace.Notice = s.Notice
	if err := t.render(t.ctx); err != nil {
		return err
	}
	if s.Results != nil && t.searched {
		if err := t.emit(api.EventResults, s.Results); err != nil {
			return err
		}
	}
	return nil
}

// effects changes the context before the first transition, so that the
// transition's sub-state reads the new context.
func (t *turn) effects() error {
	s, args := t.s, t.args
	markStale := func() {
		if s.Results != nil {
			s.Results.Stale = true
		}
	}
	switch t.ev {
	case fsm.InputType:
		s.Draft = args.Text
	case fsm.InputClear:
		s.Draft = ""
	case fsm.InputCommit:
		if t.plan.anchorURL != "" {
			s.Anchor = &Anchor{ID: s.newID("a"), URL: t.plan.anchorURL, Resolution: string(urlresolve.StateResolving)}
		} else if len(s.Tags) < MaxTags {
			s.addTag(t.plan.text, contract.ScopeTags, false, "user_input")
			markStale()
		}
		s.Draft = ""
	case fsm.TagEdit:
		s.ActiveTagID = args.TagID
	case fsm.TagEditSubmit:
		if strings.TrimSpace(args.Text) == "" {
			s.removeCond(args.TagID)
		} else if _, tg := s.tag(args.TagID); tg != nil {
			tg.Text = strings.TrimSpace(args.Text)
		}
		s.ActiveTagID = ""
		markStale()
	case fsm.TagEditCancel:
		s.ActiveTagID = ""
	case fsm.TagDelete:
		s.removeCond(args.TagID)
		if s.ActiveTagID == args.TagID {
			s.ActiveTagID, s.MenuOpen = "", false
		}
		markStale()
	case fsm.TagMenuOpen:
		s.ActiveTagID, s.MenuOpen = args.TagID, true
	case fsm.TagMenuClose:
		s.MenuOpen = false
	case fsm.TagSetScope:
		// The user's own choice (spec 3.4.1D): never a silent rewrite.
		_, tg := s.tag(args.TagID)
		tg.Scope, tg.Source = contract.Scope(args.Scope), "manual"
		markStale()
	case fsm.TagToggleExclude:
		_, tg := s.tag(args.TagID)
		tg.Excluded, tg.Source = !tg.Excluded, "manual"
		markStale()
	case fsm.AnchorDelete:
		s.Anchor = nil
		markStale()
	case fsm.SearchSubmit:
		t.beginTask()
		shape, _ := classify(t.plan.text)
		s.QueryShape = string(shape)
		switch shape {
		case fsm.ShapeURL:
			if !s.Anchor.Resolved() {
				s.Anchor = &Anchor{ID: s.newID("a"), URL: t.plan.anchorURL, Resolution: string(urlresolve.StateResolving)}
			}
		case fsm.ShapeKeyword:
			if t.plan.text != "" && t.plan.unsupported == "" {
				s.addTag(t.plan.text, contract.ScopeTags, false, "user_input")
			}
		}
		s.Draft = ""
	case fsm.AgentUpgrade:
		s.Draft = ""
	case fsm.FollowupType:
		s.FollowupDraft = args.Text
	case fsm.FollowupClear:
		s.FollowupDraft = ""
	case fsm.FollowupSubmit:
		s.FollowupDraft = ""
		if t.facts.RouterRefused {
			s.Notice = t.plan.notice
			return nil
		}
		s.LastFollowup = t.plan.text
		s.Question, s.Expect = nil, nil
	case fsm.ClarifyAnswer:
		s.Question, s.Expect = nil, nil
		s.FollowupDraft = ""
		t.answer(t.plan.answer)
	case fsm.HintDismissLowRecall:
		s.HintVisible = false
	case fsm.RepairRemoveAnchorKeepKws:
		s.Anchor, s.RepairReason, s.HintVisible = nil, fsm.RepairNone, false
		s.MinScore = 0
	case fsm.RepairSwitchToNL:
		s.Question, s.Expect = nil, nil
	case fsm.RepairFixURL, fsm.RepairReplaceAnchor:
		s.Anchor = &Anchor{ID: s.newID("a"), URL: t.plan.anchorURL, Resolution: string(urlresolve.StateResolving)}
		s.MinScore = 0
	case fsm.RepairExpandRecallScope:
		t.expand()
	case fsm.FallbackToClassic:
		s.Question, s.Expect, s.Conds = nil, nil, nil
		s.RepairReason, s.HintVisible = fsm.RepairNone, false
	case fsm.ConditionEdit:
		c, _ := t.editedCond()
		i, _ := s.cond(c.ID)
		s.Conds[i] = c
		s.Question, s.Expect = nil, nil
	case fsm.ConditionRemove:
		s.removeCond(args.ConditionID)
		s.Question, s.Expect = nil, nil
	case fsm.FilterSet:
		c, _ := t.filterCond()
		s.upsertCond(c)
		s.Question, s.Expect = nil, nil
	case fsm.FilterClear:
		for _, c := range slices.Clone(s.Conds) {
			if c.Field == args.Field {
				s.removeCond(c.ID)
			}
		}
		s.Question, s.Expect = nil, nil
	case fsm.ResultsSort:
		s.Sort, s.Offset = args.By, 0
	case fsm.ResultsPage:
		s.Offset, _ = strconv.Atoi(args.Cursor)
	case fsm.SessionReset:
		*s = Session{ID: s.ID, Platform: s.Platform, Locale: s.Locale, State: s.State, Turn: s.Turn, NextID: s.NextID}
	}
	return nil
}

// beginTask clears what a new first round replaces: the last task's
// repair, question and notices; explicit tags and the anchor stay.
func (t *turn) beginTask() {
	s := t.s
	s.Question, s.Expect, s.Asked = nil, nil, nil
	s.RepairReason, s.HintVisible, s.Unsupported = fsm.RepairNone, false, ""
	s.Relaxations, s.Offset, s.MinScore = nil, 0, 0
	s.SourceStage = StageFirstRound
	if s.Anchor != nil && !s.Anchor.Resolved() {
		s.Anchor = nil
	}
}

// after runs what follows the first transition within the same event:
// parsing submitted text into the graph and applying router commands.
func (t *turn) after() error {
	s := t.s
	switch {
	case t.ev == fsm.SessionReset && t.plan.reset && t.plan.text != "":
		// new_task: the reset is done; the new text starts a new search.
		f := s.facts()
		f.HasText = true
		f.Draft, f.DraftHasURL = classify(t.plan.text)
		a, err := t.a.reg.Resolve(s.State, fsm.SearchSubmit, f)
		if err != nil {
			return fmt.Errorf("new task: %w", err)
		}
		t.ev = fsm.SearchSubmit
		t.guardCheck(t.plan.text)
		if f.Draft == fsm.ShapeURL {
			t.plan.anchorURL = t.plan.text
		}
		if err := t.effects(); err != nil {
			return err
		}
		if err := t.apply(a); err != nil {
			return err
		}
		return t.after()
	case t.ev == fsm.SearchSubmit || t.ev == fsm.RepairSwitchToNL:
		shape, _ := classify(t.plan.text)
		// A refused request (guard) is not absorbed: nothing of it becomes
		// a condition.
		if t.plan.text != "" && t.plan.unsupported == "" && (shape == fsm.ShapeNatural || shape == fsm.ShapeMixed) {
			if err := t.parseInto(t.plan.text); err != nil {
				return err
			}
		}
		if t.ev == fsm.RepairSwitchToNL {
			s.Anchor = keepResolved(s.Anchor)
			s.RepairReason, s.HintVisible = fsm.RepairNone, false
		}
	case t.ev == fsm.FollowupSubmit && !t.facts.RouterRefused:
		s.SourceStage = StageFollowup
		if t.plan.rewrite {
			s.SourceStage, s.Unsupported = StageFirstRound, ""
			s.Origin = fsm.OriginNatural
			if t.plan.parse.Shape == "mixed" {
				s.Origin = fsm.OriginMixed
			}
		}
		if t.plan.parse != nil {
			if err := t.step(api.StepParseConditions, func() (any, error) {
				u, second := s.absorbParse(*t.plan.parse, "user_input")
				t.trace.Parse = t.plan.parse
				if u != "" {
					t.plan.anchorURL = u
				}
				return map[string]any{"conditions": len(t.plan.parse.Conditions), "second_anchor_refused": second}, nil
			}); err != nil {
				return err
			}
		}
		for _, cmd := range t.plan.commands {
			if _, u, err := s.applyCommand(cmd); err != nil {
				s.Notice = pick(s.zh(), "部分补充未能应用：", "part of the follow-up was not applied: ") + err.Error()
			} else if u != "" {
				t.plan.anchorURL = u
			}
		}
		if t.plan.anchorURL != "" {
			s.Anchor = &Anchor{ID: s.newID("a"), URL: t.plan.anchorURL, Resolution: string(urlresolve.StateResolving)}
			s.MinScore = 0
		}
		if t.plan.widen {
			t.widen()
		}
		if t.plan.narrow {
			if s.Anchor.Resolved() {
				s.MinScore = min(nextMinScore(s.MinScore, t.a.cfg.Store.Describe().MinScore)+0.10, 0.9)
			} else {
				s.Notice = pick(s.zh(), "请说明按什么收窄，例如“只要美国的”或“粉丝 1w+”", "say what to narrow by, e.g. “US only” or “10k+ followers”")
			}
		}
	}
	return nil
}

func keepResolved(a *Anchor) *Anchor {
	if a.Resolved() {
		return a
	}
	return nil
}

// parseInto parses text into the graph as a visible step.
func (t *turn) parseInto(text string) error {
	s := t.s
	return t.step(api.StepParseConditions, func() (any, error) {
		res, err := condparse.Parse(text, condparse.WithPlatform(s.Platform))
		if err != nil {
			return nil, newError(ErrBadRequest, "bad_text", err.Error(), nil, err)
		}
		t.trace.Parse = &res
		model := t.modelParse(text, &res)
		if t.plan.unsupported != "" {
			// The model recognised a guard: nothing of the request is
			// absorbed (contract 4.8).
			return map[string]any{"shape": res.Shape, "model": model, "refused": t.plan.unsupported}, nil
		}
		u, second := s.absorbParse(res, "user_input")
		if u != "" && !s.Anchor.Resolved() {
			t.plan.anchorURL = u
			s.Anchor = &Anchor{ID: s.newID("a"), URL: u, Resolution: string(urlresolve.StateResolving)}
		}
		if second {
			s.Notice = pick(s.zh(), "只能有一个锚点：第二个链接未使用，请替换或删除现有锚点", "only one anchor: the second link was not used; replace or delete the current anchor")
		}
		var rem []string
		for _, r := range res.Remainder {
			rem = append(rem, r.Text)
		}
		if len(rem) > 0 && s.Notice == "" {
			s.Notice = pick(s.zh(), "未识别：", "not understood: ") + clip(strings.Join(rem, " "), 24)
		}
		detail := map[string]any{"shape": res.Shape, "conditions": len(res.Conditions), "remainder": rem}
		if model != "" {
			detail["model"] = model
		}
		return detail, nil
	})
}

// modelParse runs the model parse stage when it is on and the
// deterministic parse left text unread (modelpath.NeedsModel), merging the
// proposal into res. It returns what happened, for the step's detail
// ("" when the model was not asked); a failure keeps the deterministic
// parse and says so in the detail and the trace.
func (t *turn) modelParse(text string, res *condparse.Result) string {
	mp := t.a.cfg.ModelPath
	if mp == nil || !mp.Stages().Parse || !modelpath.NeedsModel(*res) {
		return ""
	}
	merged, mtr, err := mp.Parse(t.ctx, modelpath.ParseRequest{Text: text, Platform: string(t.s.Platform), Locale: t.s.Locale, Deterministic: *res,
		Graph: t.s.chips(), Guards: modelpath.GuardIDs(t.a.cfg.Router.Snapshot().SpecInfos())})
	t.trace.ModelParse = &mtr
	if err != nil {
		return "model parse failed, the deterministic parse stands: " + err.Error()
	}
	if mtr.Guard != "" {
		t.plan.unsupported = guardReasonID(mtr.Guard)
		return "the model recognised guard " + mtr.Guard + ": the request is refused"
	}
	*res = merged
	return fmt.Sprintf("merged: %d added, %d rejected, %d disagreements", len(mtr.Added), len(mtr.Rejected), len(mtr.Disagreements))
}
