package agent

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"searchagent/tools/condition"
	"searchagent/tools/platform"
	"slices"
	"strconv"
	"strings"

	"searchagent/agent/fsm"
	"searchagent/agent/modelpath"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/render"
	"searchagent/tools/catalog"
	"searchagent/tools/condparse"
	"searchagent/tools/states"
	"searchagent/tools/store"
	"searchagent/tools/urlresolve"
)

// maxWork bounds the system transitions of one turn.
const maxWork = 8

// work runs the tools while the session is in a state of work in progress
// (compact_resolving, retrieving, refining) and lands it in a stable or
// repair state (seed 000 §5.4: a follow-up always lands).
func (t *turn) work() error {
	s := t.s
	for i := 0; i < maxWork; i++ {
		st := s.State
		switch {
		case s.Anchor != nil && s.Anchor.Resolution == string(urlresolve.StateResolving) && (st.Transient()):
			ok, err := t.resolveAnchor()
			if err != nil {
				return err
			}
			if !ok {
				return t.system(fsm.SysResolveFailed)
			}
			if st.Container == states.CompactResolving {
				if err := t.system(fsm.SysResolvedExact); err != nil {
					return err
				}
			}
		case st.Session == states.Retrieving || st.Session == states.Refining:
			if t.plan.unsupported != "" {
				s.Unsupported, s.Alternative = t.plan.unsupported, t.plan.alternative
				s.Results = nil
				return t.system(fsm.SysUnsupported)
			}
			return t.search()
		case t.ev == fsm.ResultsSort || t.ev == fsm.ResultsPage:
			return t.fetch()
		default:
			return nil
		}
	}
	return errors.New("the turn did not settle")
}

// resolveAnchor resolves the pending anchor URL (step resolve_url).
func (t *turn) resolveAnchor() (bool, error) {
	s := t.s
	var res urlresolve.Resolution
	err := t.step(api.StepResolveURL, func() (any, error) {
		var err error
		res, err = urlresolve.Resolve(t.ctx, s.Platform, s.Anchor.URL, t.a.cfg.Store)
		if err != nil {
			return nil, newError(ErrUnavailable, "unavailable", both("暂时无法查询这个链接，请稍后重试", "could not look the link up"), nil, err)
		}
		return map[string]any{"state": res.State, "reason": res.Reason, "key": res.Key}, nil
	})
	if err != nil {
		return false, err
	}
	a := s.Anchor
	a.Resolution, a.Reason, a.HintZH, a.HintEN = string(res.State), string(res.Reason), res.Hint.Zh, res.Hint.En
	a.LinkPlatform = string(res.LinkPlatform)
	if res.State != urlresolve.StateExact {
		s.RepairReason = states.RepairReason(res.RepairReason)
		s.HintVisible = false
		s.Results = nil
		return false, nil
	}
	a.Key, a.Handle, a.Name = res.Key, res.Channel.Handle, res.Channel.Name
	if res.Parsed != nil && res.Parsed.URL != "" {
		a.URL = res.Parsed.URL
	}
	return true, nil
}

// search runs the graph as a store query and lands the session.
func (t *turn) search() error {
	s := t.s
	from := s.State
	// Results that follow a repair are post_repair (contract 4.3, 4.6A):
	// a repair container, a repair action from any container, or a change
	// made while the search had no results.
	repaired := from.Container == states.ExpandedRepair || strings.HasPrefix(string(t.ev), "A_REPAIR_") || from.Session == states.EmptyRepair
	t.sameSearchElsewhere()
	if err := t.fetch(); err != nil {
		return err
	}
	switch {
	case s.Results.Total == 0:
		if err := t.relaxations(); err != nil {
			return err
		}
		s.RepairReason, s.HintVisible = states.RepairNoResults, false
		// A platform left pending is asked about with the first results;
		// with none, the repair says it and how to settle it, so its
		// condition never waits in 「待澄清」 unexplained (issue 26 item 5).
		s.notePendingPlatform()
		return t.system(fsm.SysNoResults)
	case s.Results.Anchor != nil && store.LowRecall(s.Results.Total):
		s.RepairReason, s.HintVisible = states.RepairLowRecall, true
		r := *s.Results // replaced, not changed: see markStale
		r.LowRecall = true
		s.Results = &r
		if repaired {
			s.SourceStage = StagePostRepair
		}
		return t.system(fsm.SysLowRecall)
	}
	s.RepairReason, s.HintVisible, s.Relaxations = states.RepairNone, false, nil
	if repaired {
		s.SourceStage = StagePostRepair
	}
	if err := t.system(fsm.SysResults); err != nil {
		return err
	}
	if q := t.plan.reask; q != nil && q.open(s) && s.State.Container == states.ExpandedAgent {
		// The question a follow-up left unanswered is the same question,
		// asked again with its buttons: not a second one (001 §4.5).
		q.Turn = s.Turn
		s.Question, s.Expect = q, q.expectation()
		return t.system(fsm.SysClarify)
	}
	if q := t.question(); q != nil {
		s.Question = q
		if !slices.Contains(s.Asked, q.Topic) {
			s.Asked = append(s.Asked, q.Topic)
		}
		s.Expect = q.expectation()
		return t.system(fsm.SysClarify)
	}
	return nil
}

// fetch runs the query (keyword search, or similar recall around the
// anchor) as a step and stores the results.
func (t *turn) fetch() error {
	s := t.s
	q := s.buildQuery(t.now, "")
	limit := store.DefaultLimit
	t.searched = true
	if q.anchor != "" {
		sort := store.Sort(s.Sort)
		if sort == "relevance" {
			sort = store.SortSimilarity
		}
		return t.step(api.StepRecallSimilar, func() (any, error) {
			res, err := t.a.cfg.Store.SimilarTo(t.ctx, store.SimilarQuery{Platform: s.Platform, AnchorKey: q.anchor, Keywords: q.keywords,
				Filters: q.filters, Sort: sort, Offset: s.Offset, Limit: limit, MinScore: q.minScore})
			if err != nil {
				return nil, storeErr(err)
			}
			s.Results = toResults(res.Anchor, res.Items, res.Total, s.Offset, limit, string(sort))
			if res.TotalAtLeast {
				// The set goes on past the total the store ranked: the
				// next page is there while this one is full.
				s.Results.TotalAtLeast = true
				if res.NextOffset >= 0 {
					s.Results.NextCursor = strconv.Itoa(res.NextOffset)
				}
			}
			s.Results.Expansions = s.expansions(res.Expansions)
			filters := s.filterReasons()
			for i, h := range res.Items {
				s.withReasons(&s.Results.Items[i], slices.Concat(h.Reasons, filters))
			}
			return map[string]any{"anchor": q.anchor, "total": res.Total, "total_at_least": res.TotalAtLeast, "min_score": res.MinScore, "keywords": len(q.keywords),
				"expansions": res.Expansions, "basis": res.Basis}, nil
		})
	}
	sort := store.Sort(s.Sort)
	if sort == store.SortSimilarity {
		sort = store.SortRelevance
	}
	return t.step(api.StepRetrieve, func() (any, error) {
		page, err := t.a.cfg.Store.Search(t.ctx, store.SearchQuery{Platform: s.Platform, Keywords: q.keywords, Filters: q.filters,
			Sort: sort, Offset: s.Offset, Limit: limit})
		if err != nil {
			return nil, storeErr(err)
		}
		s.Results = toResults(nil, page.Items, page.Total, s.Offset, limit, string(sort))
		s.Results.Expansions = s.expansions(page.Expansions)
		filters := s.filterReasons()
		for i, h := range page.Items {
			// a result a keyword met through an alias says so (issue 26).
			s.withReasons(&s.Results.Items[i], slices.Concat(keywordReasons(h.Channel, q.keywords), store.AliasReasons(h.Channel, page.Expansions), filters))
		}
		return map[string]any{"total": page.Total, "keywords": len(q.keywords), "expansions": page.Expansions}, nil
	})
}

// expansions turns the store's alias expansions into the results' wire
// form, labelled in the session's locale.
func (s *Session) expansions(exps []store.Expansion) []api.Expansion {
	var out []api.Expansion
	for _, e := range exps {
		out = append(out, api.Expansion{Keyword: e.Keyword, Scope: string(e.Scope), Also: e.Also, Label: e.Label(s.Locale)})
	}
	return out
}

func storeErr(err error) error {
	if errors.Is(err, store.ErrBadQuery) {
		return newError(ErrBadRequest, "bad_query", both("按这些条件无法检索：请修改或删除某个条件后重试", "the search cannot run with these conditions: change or remove one and retry"), nil, err)
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return newError(ErrUnavailable, "unavailable", both("检索暂时不可用，请稍后重试", "the search is unavailable"), nil, err)
}

func toResults(anchor *catalog.Channel, items []store.Hit, total, offset, limit int, sort string) *api.Results {
	r := &api.Results{Anchor: anchor, Items: []api.ResultItem{}, Total: total, Sort: sort}
	for _, h := range items {
		r.Items = append(r.Items, api.ResultItem{Channel: h.Channel, Score: h.Score})
	}
	if offset+limit < total {
		r.NextCursor = strconv.Itoa(offset + limit)
	}
	return r
}

// widen applies a "放宽 / more results" follow-up outside a repair.
func (t *turn) widen() {
	s := t.s
	if s.Anchor.Resolved() {
		s.MinScore = max(nextMinScore(s.MinScore, t.a.cfg.Store.Describe().MinScore)-0.10, 0.05)
		return
	}
	named := keptFields(foldEdit(t.args.Text))
	if slices.Contains(named, string(condition.LastActive)) && !slices.ContainsFunc(named, isCount) {
		// "活跃时间放宽一点", "loosen the activity window a bit": the
		// window the follow-up names widens, never a count (audit 34, S8)
		t.widenWindow()
		return
	}
	for i := range s.Conds {
		c := &s.Conds[i]
		if isCount(c.Field) && (!slices.ContainsFunc(named, isCount) || slices.Contains(named, c.Field)) {
			before := s.chipLabel(c.ID)
			lo, hi := widenRange(rangeOfCond(*c))
			// an open end stays open: "≥ 10k" widens to "≥ 6k", never
			// to a range whose upper end is 0
			c.Op, c.Value = countValue(lo, hi)
			c.LabelZH, c.LabelEN = "", ""
			// the widened condition is named (issue 26): a vague
			// "widen it" says what it widened
			s.note(pick(s.zh(), "已放宽："+before+" → "+s.chipLabel(c.ID)+"，其他条件不变",
				"Widened: "+before+" → "+s.chipLabel(c.ID)+"; the rest stays"))
			return
		}
	}
	if len(named) == 0 && slices.ContainsFunc(s.Conds, func(c Cond) bool {
		return c.Field == string(condition.LastActive) && c.Status == condition.StatusApplied && c.Kind != condition.KindSoft && c.Value.Int > 0
	}) {
		// no count to widen: the activity window is next in the
		// widening order
		t.widenWindow()
		return
	}
	s.Notice = pick(s.zh(), "没有可以放宽的范围条件：可以删除某个条件，或说明要放宽哪一项", "there is no range to widen: remove a condition or say which one to relax")
}

// widenWindow moves the activity window held one rung longer
// (windowSteps) and says so; with no window held it says there is none
// to widen.
func (t *turn) widenWindow() {
	s := t.s
	for i := range s.Conds {
		c := &s.Conds[i]
		if c.Field != string(condition.LastActive) || c.Status != condition.StatusApplied || c.Kind == condition.KindSoft || c.Value.Int <= 0 {
			continue
		}
		days, next := c.Value.Int, c.Value.Int*2
		for _, w := range windowSteps {
			if w > days {
				next = w
				break
			}
		}
		if next > 3650 {
			next = 3650
		}
		c.Op, c.Value = condition.OpWithinDays, condparse.IntValue(next)
		c.LabelZH, c.LabelEN = "", ""
		s.note(pick(s.zh(), fmt.Sprintf("活跃时间从最近 %d 天放宽到最近 %d 天，其他条件不变", days, next),
			fmt.Sprintf("the activity window went from the last %d days to the last %d days; the rest stays", days, next)))
		return
	}
	s.Notice = pick(s.zh(), "当前没有活跃时间条件可以放宽：可以说明要多久内活跃，例如“近半年活跃”", "there is no activity window to widen: say one, e.g. “active in the last 6 months”")
}

func nextMinScore(cur, def float64) float64 {
	if cur > 0 {
		return cur
	}
	return def
}

// answer applies the chosen option of the clarifying question.
func (t *turn) answer(o *QuestionOption) {
	s := t.s
	if o == nil {
		return
	}
	kind, arg, _ := cut(o.Apply)
	switch kind {
	case "category":
		s.upsertCond(Cond{Kind: condition.KindHard, Field: "category", Op: condition.OpEq, Value: stringValue(arg), Source: condition.SourceUserInput, Status: condition.StatusApplied, Priority: 1})
	case "drop":
		s.removeCond(arg)
	case "reference":
		if _, c := s.cond(arg); c != nil {
			c.Status = condition.StatusReference
		}
	case "platform":
		// The search moves to the platform the user asked for, its other
		// conditions kept: the platform chip is then what the search is.
		// "platform:<id>:<platform>": a platform chosen instead of the
		// page's one the user does not want (view.go).
		id, to, _ := cut(arg)
		if _, c := s.cond(id); c != nil && s.Anchor == nil {
			if p, err := platform.Parse(cmp.Or(to, c.Value.Str)); err == nil {
				s.Platform = p
			}
		}
		s.removeCond(id)
	}
}

// render renders the slots with the template renderer and checks them
// against the contract (steps render_slots and validate_contract).
func (t *turn) render(ctx context.Context) error {
	s := t.s
	in := t.renderInput()
	var slots contract.Slots
	if err := t.step(api.StepRenderSlots, func() (any, error) {
		var err error
		slots, err = render.Turn(in)
		if err != nil {
			return nil, fmt.Errorf("render %s: %w", in.State, err)
		}
		return map[string]any{"renderer": "template"}, nil
	}); err != nil {
		return err
	}
	var prefix string
	if s.Notice != "" && s.State.Expanded() {
		// A refusal or partial application is said in the search box
		// (seed 003 §3.1), ahead of the summary.
		note := strings.TrimRight(s.Notice, "。.！!？? ")
		prefix = note + pick(s.zh(), "。", ". ")
		slots.TaskSummary = clip(strings.TrimSpace(prefix+slots.TaskSummary), 120)
	}
	vin := in.ValidationInput()
	vin.UserTexts = append(vin.UserTexts, t.dropped...)
	vin.TagsBefore = t.tagsBefore
	if vin.TagsBefore == nil {
		vin.TagsBefore = []contract.Tag{}
	}
	var rep contract.Report
	if err := t.step(api.StepValidateContract, func() (any, error) {
		var err error
		rep, err = t.a.cfg.Validator.Validate(vin, slots)
		if err != nil {
			return nil, fmt.Errorf("validate %s: %w", in.State, err)
		}
		return map[string]any{"schema": rep.Schema, "valid": rep.Valid, "violations": len(rep.Violations)}, nil
	}); err != nil {
		return err
	}
	source := modelpath.SourceTemplate
	if rep.Valid && t.wantModelSlots() {
		// The model writes the slots; they are shown only once they
		// validate, else the (valid) template output is shown marked
		// "template" and the model's violations are emitted.
		var mr modelpath.SlotsResult
		if err := t.step(api.StepRenderSlots, func() (any, error) {
			shown := 0
			if s.Results != nil {
				shown = len(s.Results.Items)
			}
			if !strings.HasPrefix(slots.TaskSummary, prefix) {
				prefix = "" // clipped into the summary: the model rewrites none of it
			}
			mr = t.a.cfg.ModelPath.WriteSlots(t.ctx, modelpath.SlotsRequest{Render: in, Check: vin, Draft: slots, Shown: shown, SummaryPrefix: prefix})
			return map[string]any{"renderer": "model", "source": mr.Source, "asks": mr.Asks, "reasks": mr.Reasks, "first_pass_valid": mr.FirstPassValid, "error": mr.Error}, nil
		}); err != nil {
			return err
		}
		t.trace.ModelSlots = &mr
		if mr.Source == modelpath.SourceModel {
			slots, rep, source = mr.Slots, mr.Report, modelpath.SourceModel
		} else {
			for _, v := range mr.Violations {
				t.a.cfg.Observer.ContractViolation(string(v.Code))
				if err := t.emit(api.EventContractViolation, v); err != nil {
					return err
				}
			}
		}
	}
	sub := fsm.Substate(s.State, s.facts())
	t.trace.Contract = &ContractTrace{State: string(in.State), Schema: string(rep.Schema), Substate: sub.ID, Source: source, Valid: rep.Valid, Violations: rep.Violations}
	for _, v := range rep.Violations {
		t.a.cfg.Observer.ContractViolation(string(v.Code))
		if err := t.emit(api.EventContractViolation, v); err != nil {
			return err
		}
	}
	if !rep.Valid && t.a.cfg.FailOnViolation {
		return fmt.Errorf("slots of %s violate the contract: %v", in.State, rep.Codes())
	}
	if t.a.cfg.FailOnViolation {
		// Test mode also holds that no code, spec id or rendering slip
		// reaches a text (issue 16).
		if fs := contract.InternalText(slots, in.TypedTexts()); len(fs) > 0 {
			return fmt.Errorf("slots of %s show internal text: %s %q (%s in %q)", in.State, fs[0].Where, fs[0].Match, fs[0].Why, fs[0].Text)
		}
	}
	s.Slots, s.SlotsSchema = slots, string(rep.Schema)
	return t.emit(api.EventSlots, api.SlotsEvent{State: string(in.State), Schema: string(rep.Schema), Source: source, Slots: slots, Substate: sub.ID})
}

// wantModelSlots says whether the model writes this turn's slots: the
// slots stage is on, the turn is a persisted one, and either the stage is
// set to every turn or the turn's reading already involved the model (a
// classifier or parse call). A turn the deterministic stages fully handle
// makes no model call.
func (t *turn) wantModelSlots() bool {
	mp := t.a.cfg.ModelPath
	if mp == nil || !mp.Stages().Slots || !t.persist || t.ledger == nil {
		return false
	}
	if mp.Stages().SlotsEveryTurn {
		return true
	}
	for _, c := range t.ledger.Calls() {
		if c.Stage == modelpath.StageClassifier || c.Stage == modelpath.StageParse {
			return true
		}
	}
	return false
}

func stringValue(s string) condparse.Value { return condparse.StringValue(s) }

func cut(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
