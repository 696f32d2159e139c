package agent

import (
	"errors"
	"fmt"
	"searchagent/tools/condition"
	"slices"
	"strings"
	"time"

	"searchagent/agent/fsm"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/router"
	"searchagent/tools/condparse"
	"searchagent/tools/fields"
	"searchagent/tools/states"
	"searchagent/tools/store"
)

// commandKind is how the agent carries out one kind of router command:
// the router's command (typed name and arguments) is the only reading of
// a follow-up; nothing here re-interprets the text.
type commandKind struct {
	// plan runs when the router has decided, before the registry picks
	// the turn's row: a session-level command chooses the event the
	// follow-up fires (a new task, an answer, back to classic…). Nil for
	// a graph command, which plan queues for apply.
	plan func(t *turn, cmd router.Command, f *fsm.Facts)
	// apply changes the condition graph after the first transition (step
	// update_conditions of the router's execution plan).
	apply func(s *Session, args router.Args) (anchorURL string, err error)
}

// commandKinds has one entry per command of the router's vocabulary
// (router.CommandNames, by test).
var commandKinds = map[string]commandKind{
	"add_filter":          {apply: addFilter},
	"remove_filter":       {apply: removeFilter},
	"add_keyword":         {apply: func(s *Session, a router.Args) (string, error) { return "", addKeywords(s, a, false) }},
	"exclude_keyword":     {apply: func(s *Session, a router.Args) (string, error) { return "", addKeywords(s, a, true) }},
	"set_keyword_scope":   {apply: setKeywordScope},
	"add_soft_preference": {apply: addSoftPreference},
	"replace_anchor": {apply: func(s *Session, a router.Args) (string, error) {
		u, _ := a.Get("url").(string)
		if u == "" && a.Get("position") != nil {
			return resultURL(s, a.Get("position"))
		}
		if u == "" {
			return "", fmt.Errorf("replace_anchor: no url")
		}
		return u, nil
	}},
	"remove_anchor": {apply: func(s *Session, a router.Args) (string, error) {
		if s.Anchor == nil {
			return "", fmt.Errorf("remove_anchor: there is no anchor")
		}
		s.Anchor = nil
		return "", nil
	}},
	"new_task": {plan: func(t *turn, cmd router.Command, f *fsm.Facts) {
		t.plan.reset = true
		if txt, _ := cmd.Args.Get("text").(string); txt != "" {
			t.plan.text = txt
		}
	}},
	"back_to_classic": {plan: func(t *turn, cmd router.Command, f *fsm.Facts) { t.ev = fsm.FallbackToClassic }},
	"switch_to_nl": {plan: func(t *turn, cmd router.Command, f *fsm.Facts) {
		s := t.s
		if s.State.Container != states.ExpandedRepair {
			t.refuse(f, pick(s.zh(), "已经是智能搜索：直接描述要补充的条件即可", "already in smart search: just describe what to add"))
			return
		}
		t.ev = fsm.RepairSwitchToNL
		if txt, _ := cmd.Args.Get("text").(string); txt != "" {
			t.plan.text = txt
		}
		f.HasText = t.plan.text != ""
	}},
	"answer_option": {plan: func(t *turn, cmd router.Command, f *fsm.Facts) {
		s := t.s
		if s.Question == nil {
			t.refuse(f, pick(s.zh(), "当前没有待回答的问题", "there is no open question to answer"))
			return
		}
		opt := s.Question.option(str(cmd.Args.Get("option_id")), str(cmd.Args.Get("label")))
		if opt == nil {
			if pos, ok := intOf(cmd.Args.Get("position")); ok && pos >= 1 && int(pos) <= len(s.Question.Options) {
				opt = &s.Question.Options[pos-1]
			}
		}
		if opt == nil {
			t.refuse(f, pick(s.zh(), "没有这个选项", "no such option"))
			return
		}
		t.ev, t.plan.answer = fsm.ClarifyAnswer, opt
	}},
	"widen_recall": {plan: func(t *turn, cmd router.Command, f *fsm.Facts) {
		s := t.s
		if s.State.Container == states.ExpandedRepair && (s.RepairReason == states.RepairLowRecall || s.RepairReason == states.RepairNoResults) {
			// No single relaxation finds anything: widening alone would
			// promise results it cannot give (issue 16 item 5); said with
			// its edits it runs with them (decided in route).
			t.plan.unrelaxable = s.RepairReason == states.RepairNoResults && !s.facts().Relaxable
			t.ev = fsm.RepairExpandRecallScope
			return
		}
		t.plan.widen = true
	}},
	"narrow": {plan: func(t *turn, cmd router.Command, f *fsm.Facts) { t.plan.narrow = true }},
	"reset": {plan: func(t *turn, cmd router.Command, f *fsm.Facts) {
		t.refuse(f, pick(t.s.zh(), "清空当前搜索需要确认：请点击「新建搜索」", "clearing the search needs confirmation: use “New search”"))
	}},
}

// planCommand carries out a command's decision part, or queues a graph
// command for applyFollowup.
func (t *turn) planCommand(cmd router.Command, f *fsm.Facts) error {
	k, ok := commandKinds[cmd.Name]
	if !ok {
		return newError(ErrInternal, "internal", both("意图路由给出了未知指令", "the router sent an unknown command"), nil, fmt.Errorf("unknown command %q", cmd.Name))
	}
	if k.plan != nil {
		k.plan(t, cmd, f)
		return nil
	}
	t.plan.commands = append(t.plan.commands, cmd)
	return nil
}

// refuse marks the follow-up refused with a message saying what is missing.
func (t *turn) refuse(f *fsm.Facts, msg string) {
	f.RouterRefused = true
	t.plan.notice = msg
}

// applyCommand applies a queued graph command.
func (t *turn) applyCommand(cmd router.Command) error {
	k, ok := commandKinds[cmd.Name]
	if !ok || k.apply == nil {
		return fmt.Errorf("command %q does not change the graph", cmd.Name)
	}
	u, err := k.apply(t.s, cmd.Args)
	if u != "" {
		t.plan.anchorURL = u
	}
	return err
}

// commandError is a command that cannot be applied, said in the user's
// words; cause is what the trace records.
type commandError struct{ zh, en, cause string }

func (e commandError) Error() string { return e.cause }

// failedText says in the user's words which part of a follow-up was not
// applied: the command's own reason when it has one, else the label of
// the router spec that read it. Never the internal error (issue 16).
func (t *turn) failedText(cmd router.Command, err error) string {
	zh := t.s.zh()
	var ce commandError
	if errors.As(err, &ce) {
		return pick(zh, ce.zh, ce.en)
	}
	if sp, ok := t.a.cfg.Router.Snapshot().Spec(cmd.Spec); ok {
		if l := sp.Label.In(t.s.Locale); l != "" {
			return l
		}
	}
	return pick(zh, "其中一项", "one of its parts")
}

func addFilter(s *Session, args router.Args) (string, error) {
	name, _ := args.Get("field").(string)
	op, _ := args.Get("op").(string)
	ff, ok := filterFieldNamed(name)
	if !ok {
		return "", fmt.Errorf("add_filter: unknown field %q", name)
	}
	c := Cond{Kind: condition.KindHard, Field: string(ff.Name), Source: condition.SourceUserInput, Status: condition.StatusApplied, Priority: 1, Op: condition.Op(op)}
	switch ff.Kind {
	case fields.Set:
		vals := stringsOf(args.Get("value"))
		if len(vals) == 0 {
			return "", fmt.Errorf("add_filter %s: no value", name)
		}
		if removal, _ := args.Get(removalArg).(bool); removal && op == "not_in" {
			// "forget Canada" with Canada in the filter: Canada leaves it;
			// only values it does not hold are excluded.
			if vals = s.takeOut(string(ff.Name), vals); len(vals) == 0 {
				return "", nil
			}
		}
		c.Op, c.Value = setValue(op == "not_in", vals)
	case fields.Count, fields.Ratio:
		lo, hi, ok := rangeOf(op, args.Get("value"))
		if !ok || lo > ff.Max || hi > ff.Max {
			// "粉丝 0 以上": the router reads a count the store cannot
			// filter by; the user is told which field needs a number.
			label := ff.Label(s.Locale)
			return "", commandError{zh: label + "需要大于 0 的数值", en: label + " needs a number above 0",
				cause: fmt.Sprintf("add_filter %s: bad value %v", name, args.Get("value"))}
		}
		c.Op, c.Value = countValue(lo, hi)
	case fields.Duration:
		days, ok := intOf(args.Get("value"))
		if !ok || days <= 0 {
			return "", fmt.Errorf("add_filter %s: bad value %v", name, args.Get("value"))
		}
		c.Op, c.Value = "within_days", condparse.IntValue(days)
	}
	s.mergeCond(c)
	return "", nil
}

// removalArg marks an add_filter exclusion said with a removal verb
// (condparse.IssueRemoved), set by mergeReading.
const removalArg = "removal"

// takeOut removes vals from the session's include filter of field and
// returns the values it did not hold. A filter left empty goes, and the
// removal is said.
func (s *Session) takeOut(field string, vals []string) []string {
	i := slices.IndexFunc(s.Conds, func(o Cond) bool {
		return o.Field == field && o.Kind == condition.KindHard && !isExclusion(o.Op) && len(o.Value.Codes()) > 0
	})
	if i < 0 {
		return vals
	}
	held := s.Conds[i].Value.Codes()
	var keep, rest []string
	for _, v := range held {
		if !slices.Contains(vals, v) {
			keep = append(keep, v)
		}
	}
	for _, v := range vals {
		if !slices.Contains(held, v) {
			rest = append(rest, v)
		}
	}
	if len(keep) == len(held) {
		return vals
	}
	if len(keep) == 0 {
		label := pick(s.zh(), s.Conds[i].LabelZH, s.Conds[i].LabelEN)
		s.removeCond(s.Conds[i].ID)
		s.note(pick(s.zh(), "已移除：", "Removed: ") + label)
		return rest
	}
	next := s.Conds[i]
	next.Op, next.Value = setValue(false, keep)
	next.LabelZH, next.LabelEN = "", ""
	s.mergeCond(next)
	return rest
}

// countValue is the operator and value of a count range.
func countValue(lo, hi int64) (condition.Op, condparse.Value) {
	switch {
	case lo > 0 && hi > 0:
		return condition.OpBetween, condparse.RangeValue(lo, hi)
	case lo > 0:
		return condition.OpGte, condparse.IntValue(lo)
	}
	return condition.OpLte, condparse.IntValue(hi)
}

func removeFilter(s *Session, args router.Args) (string, error) {
	before := s.chips()
	// The router's condition_ids are required and resolved from the
	// session's chips (router/specs/filters.yaml, filter.remove), and
	// removeCond removes every kind of chip: the ids are what goes.
	ids := stringsOf(args.Get("condition_ids"))
	name, _ := args.Get("field").(string)
	removed := false
	for _, id := range ids {
		removed = s.removeCond(id) || removed
	}
	if !removed && name != "" && !slices.ContainsFunc(before, func(c contract.Condition) bool { return string(c.Field) == name }) {
		// "把英国去掉吧，国家不限": the reading of the same follow-up took
		// the field's condition away already; nothing is left to remove.
		return "", nil
	}
	if !removed {
		return "", fmt.Errorf("remove_filter: no condition matches %v %q", ids, name)
	}
	var gone []string
	for _, c := range before {
		if !slices.ContainsFunc(s.chips(), func(n contract.Condition) bool { return n.ID == c.ID }) {
			gone = append(gone, c.Label)
		}
	}
	if len(gone) > 0 {
		// A removal is a change to what the user had: it is said (issue 16
		// item 7).
		s.note(pick(s.zh(), "已移除：", "Removed: ") + strings.Join(gone, pick(s.zh(), "、", ", ")))
	}
	return "", nil
}

func addKeywords(s *Session, args router.Args, excluded bool) error {
	kws := stringsOf(args.Get("keywords"))
	if len(kws) == 0 {
		return fmt.Errorf("keyword command: no keywords")
	}
	ranking := stringsOf(args.Get(rankingArg))
	for _, k := range kws {
		if tg := s.addTag(k, contract.ScopeAll, excluded, condition.SourceUserInput); tg != nil && !excluded && slices.Contains(ranking, k) && tg.Status == "" {
			// A word the user did not mark ranks (issue 26 item 1).
			tg.Status = condition.StatusReference
		}
	}
	return nil
}

// rankingArg lists the keywords of an add_keyword command that the
// reading of the follow-up did not see marked (quoted, cued, typed as a
// term of its own): they rank, they filter nothing. Set by mergeReading.
const rankingArg = "ranking"

func setKeywordScope(s *Session, args router.Args) (string, error) {
	scope, _ := args.Get("scope").(string)
	// condition_ids is keyword.scope's required target, resolved by the
	// router from the session's keyword chips (router/specs/keywords.yaml):
	// a follow-up that names none is asked about, never carried out here.
	ids := stringsOf(args.Get("condition_ids"))
	changed := false
	for _, id := range ids {
		if _, t := s.tag(id); t != nil {
			t.Scope = contract.Scope(scope)
			changed = true
		}
	}
	if !changed {
		return "", fmt.Errorf("set_keyword_scope: no keyword tag to change")
	}
	return "", nil
}

// addSoftPreference adds the router's soft preferences under the one
// code the reading names them with (condparse.PreferenceCode), so the
// same words leave the same condition in a first search and a follow-up.
func addSoftPreference(s *Session, args router.Args) (string, error) {
	for _, p := range stringsOf(args.Get("preference")) {
		s.upsertCond(Cond{Kind: condition.KindSoft, Field: "preference", Op: condition.OpPrefer, Value: condparse.StringValue(condparse.PreferenceCode(p)),
			Source: condition.SourceUserInput, Status: condition.StatusReference, Priority: 2})
	}
	return "", nil
}

// filterFieldNamed finds a filter field by its graph or router name: its
// row of the filter registry (tools/fields), which says how its values
// read and how it narrows a store query. A new filter field is one row
// there; nothing here lists fields.
func filterFieldNamed(name string) (fields.Field, bool) {
	ff, ok := fields.Lookup(name)
	return ff, ok && string(ff.Name) == name
}

// isCount reports whether a graph field is a count or ratio range.
func isCount(field string) bool {
	ff, ok := filterFieldNamed(field)
	return ok && ff.Kind.Numeric()
}

func addSet(include, exclude *[]string, c Cond) {
	vals := c.Value.Strs
	if c.Value.Str != "" {
		vals = []string{c.Value.Str}
	}
	if c.Op == condition.OpNotIn || c.Op == condition.OpNeq {
		*exclude = append(*exclude, vals...)
		return
	}
	*include = append(*include, vals...)
}

// applyFilter narrows a store query by one hard or derived node, by the
// kind of its registry row.
func applyFilter(f *store.Filters, c Cond, now time.Time) {
	ff, ok := filterFieldNamed(c.Field)
	if !ok {
		return
	}
	switch ff.Kind {
	case fields.Set:
		v := f.Values(ff.Name)
		addSet(&v.In, &v.Out, c)
		f.SetValues(ff.Name, v)
	case fields.Count, fields.Ratio:
		f.SetRange(ff.Name, rangeOfCond(c))
	case fields.Duration:
		if c.Value.Int > 0 {
			f.SetSince(ff.Name, now.AddDate(0, 0, -int(c.Value.Int)))
		}
	}
}

// PlanTrace is one step of the router's execution plan and what carried
// it out in the turn: a step, a transition of the event that does it, or
// the notice of a refusal. Ran is false when nothing did (the trace then
// says so rather than pretending).
type PlanTrace struct {
	StepCode string   `json:"step_code"`
	StepName string   `json:"step_name"`
	Reason   string   `json:"reason"`
	Ran      bool     `json:"ran"`
	By       []string `json:"by,omitempty"`
}

// planEvidence says what in a turn carries out each plan step code of
// the router: step names and the events whose transitions do it.
var planEvidence = map[string]struct {
	steps  []string
	events []fsm.Event
	notice bool
}{
	"update_conditions":   {steps: []string{api.StepUpdateConditions, api.StepParseConditions}},
	"retrieve":            {steps: []string{api.StepRetrieve, api.StepRecallSimilar}},
	"resolve_url":         {steps: []string{api.StepResolveURL}},
	"recall_similar":      {steps: []string{api.StepRecallSimilar}},
	"expand_recall":       {events: []fsm.Event{fsm.RepairExpandRecallScope}},
	"reset_conditions":    {events: []fsm.Event{fsm.SessionReset}},
	"reset_session":       {events: []fsm.Event{fsm.SessionReset}},
	"parse_conditions":    {steps: []string{api.StepParseConditions}},
	"fallback_to_classic": {events: []fsm.Event{fsm.FallbackToClassic}},
	"switch_to_nl":        {events: []fsm.Event{fsm.RepairSwitchToNL}},
	"apply_answer":        {events: []fsm.Event{fsm.ClarifyAnswer}},
	"render_slots":        {steps: []string{api.StepRenderSlots}},
	"validate_contract":   {steps: []string{api.StepValidateContract}},
	"refuse":              {notice: true, events: []fsm.Event{fsm.SysUnsupported}},
	"clarify":             {notice: true},
	"ask_slots":           {notice: true},
	"confirm":             {notice: true},
}

// followPlan records the router's execution plan against what the turn
// did. It runs after the turn's work; render_slots and validate_contract
// run after it and count as done when the turn renders.
func (t *turn) followPlan() {
	if t.trace.Router == nil {
		return
	}
	for _, ps := range t.trace.Router.Result.Decision.ExecutionPlan {
		pt := PlanTrace{StepCode: ps.StepCode, StepName: ps.StepName, Reason: ps.Reason}
		ev := planEvidence[ps.StepCode]
		for _, st := range t.trace.Steps {
			if slices.Contains(ev.steps, st.Step) && st.OK && !slices.Contains(pt.By, "step "+st.Step) {
				pt.By = append(pt.By, "step "+st.Step)
			}
		}
		for _, tr := range t.trace.Transitions {
			if slices.Contains(ev.events, fsm.Event(tr.Event)) && !slices.Contains(pt.By, tr.ActionID) {
				pt.By = append(pt.By, tr.ActionID)
			}
		}
		if ps.StepCode == api.StepRenderSlots || ps.StepCode == api.StepValidateContract {
			pt.By = append(pt.By, "step "+ps.StepCode)
		}
		if slices.Contains(t.did, ps.StepCode) {
			pt.By = append(pt.By, "applied")
		}
		if ev.notice && t.s.Notice != "" {
			pt.By = append(pt.By, "notice")
		}
		pt.Ran = len(pt.By) > 0
		t.trace.Plan = append(t.trace.Plan, pt)
	}
}

// resultURL is the channel URL of the result at a 1-based position of the
// page the user sees ("more like the second one", "像第一个那样的"; -1 is
// the last), for a similar search around it.
func resultURL(s *Session, position any) (string, error) {
	var n int64
	switch v := position.(type) {
	case int64:
		n = v
	case int:
		n = int64(v)
	case float64:
		n = int64(v)
	}
	if s.Results == nil || len(s.Results.Items) == 0 {
		return "", errors.New(pick(s.zh(), "还没有结果可以参照：先搜索一次，再说“像第几个那样的”", "there are no results to point at yet: search first, then say “more like the second one”"))
	}
	items := s.Results.Items
	if n == -1 {
		n = int64(len(items))
	}
	if n < 1 || n > int64(len(items)) || items[n-1].Channel == nil {
		return "", fmt.Errorf("%s", pick(s.zh(), fmt.Sprintf("当前页只有 %d 个结果，没有第 %d 个", len(items), n),
			fmt.Sprintf("this page has %d results, there is no number %d", len(items), n)))
	}
	ch := items[n-1].Channel
	if ch.URL == "" {
		return "", fmt.Errorf("%s", pick(s.zh(), "这个结果没有频道链接，无法作为参照", "that result has no channel link to search around"))
	}
	return ch.URL, nil
}

// liftBound takes one end of a held count away (a step the reading plans,
// no router command: "上限去掉", "remove the cap"): a
// range keeps its other end, a one-sided bound of that end goes. It runs
// after the follow-up's other commands, on the count they left.
func liftBound(s *Session, args router.Args) (string, error) {
	field, _ := args.Get("field").(string)
	upper, _ := args.Get("upper").(bool)
	for i := range s.Conds {
		c := s.Conds[i]
		if c.Field != field || c.Kind != condition.KindHard && c.Kind != condition.KindDerived && c.Kind != condition.KindSoft {
			continue
		}
		switch {
		case c.Kind == condition.KindSoft && c.Op == condition.OpBetween:
			// a wished range keeps its other end as a wish: left as said
			// (only a one-ended wish is lifted, below)
			continue
		case c.Op == condition.OpBetween && upper:
			return "", addFilterOf(s, field, condition.OpGte, c.Value.Range.Min)
		case c.Op == condition.OpBetween:
			return "", addFilterOf(s, field, condition.OpLte, c.Value.Range.Max)
		case c.Op == condition.OpLte && upper, c.Op == condition.OpGte && !upper:
			_, err := removeFilter(s, router.Args{"field": field, "condition_ids": []string{c.ID}})
			return "", err
		}
	}
	return "", nil
}

// addFilterOf applies an add_filter of a count as the router's command
// would.
func addFilterOf(s *Session, field string, op condition.Op, n int64) error {
	_, err := addFilter(s, router.Args{"field": field, "op": string(op), "value": n})
	return err
}
