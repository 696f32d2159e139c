package agent

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"searchagent/agent/fsm"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/render"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/fields"
	"searchagent/tools/platform"
	"searchagent/tools/states"
	"searchagent/tools/store"
)

// The repairs of an empty result (seed 002 §6.2, contract 4.7) come from
// its actual cause: each is one condition relaxed in the way that cause
// calls for, counted for real with the store, and offered with its own
// arguments so that choosing it gives exactly the promised count
// (issue 16 items 4 and 5).
//
//   - a keyword with no hits in its match scope: match it in another scope
//     (channel names first, then descriptions, content);
//   - an exclusion (an excluded keyword or a not-in filter): lift it;
//   - a range or time window too narrow: widen it, counted with the widened
//     bounds;
//   - a filter that no channel meets together with the others: drop it;
//   - similar recall around an anchor that the keywords empty: accept less
//     similar channels, or drop the anchor and keep the keywords.
//
// A relaxation that finds nothing is not the cause and is not offered, and
// neither is one that would leave no positive condition at all (the whole
// catalogue is not a repair of the user's search).

// maxRelaxations is the number of repair options (contract 4.7: 1-3).
const maxRelaxations = 3

// scopeTries are the scopes a keyword is tried in when its own finds
// nothing, the most precise first; all (every field) comes last.
var scopeTries = []contract.Scope{contract.ScopeName, contract.ScopeDescription, contract.ScopeContent, contract.ScopeAll}

// relaxRank orders repairs: the smallest change to what the user asked
// first (a keyword's scope, a widened range), then lifting a condition.
var relaxRank = map[render.RelaxChange]int{
	render.RelaxPlatform: -1, // what the user asked for, not a relaxation of it
	render.RelaxScope:    0, render.RelaxWiden: 0, render.RelaxInclude: 1, render.RelaxSimilarity: 1,
	render.RelaxDrop: 2, render.RelaxRemoveAnchor: 2,
}

// relaxations computes the repairs of an empty result (step count).
func (t *turn) relaxations() error {
	s := t.s
	s.Relaxations = nil
	return t.step(api.StepCount, func() (any, error) {
		var cands []Relaxation
		var probed []map[string]any
		tryOn := func(p platform.Platform, r Relaxation, q query) error {
			n, err := t.a.cfg.Store.Count(t.ctx, store.CountQuery{Platform: p, AnchorKey: q.anchor, Keywords: q.keywords, Filters: q.filters, MinScore: q.minScore})
			if err != nil {
				return storeErr(err)
			}
			probed = append(probed, map[string]any{"condition_id": r.ConditionID, "change": r.Change, "scope": r.Scope, "count": n})
			if n > 0 {
				r.Count = n
				cands = append(cands, r)
			}
			return nil
		}
		try := func(r Relaxation, q query) error { return tryOn(s.Platform, r, q) }
		conds := s.positiveCount()
		expand := "A_REPAIR_EXPAND_RECALL_SCOPE"
		for i, tg := range s.Tags {
			if tg.Excluded {
				if err := try(Relaxation{ActionID: expand, ConditionID: tg.ID, Change: render.RelaxInclude}, s.buildQuery(t.now, tg.ID)); err != nil {
					return nil, err
				}
				continue
			}
			// A keyword with no hits in its own scope: the narrowest other
			// scope where it finds channels (with every other condition).
			alone := s.buildQuery(t.now, "")
			alone.keywords = []store.Keyword{{Text: tg.Text, Scope: store.Scope(tg.Scope)}}
			if n, err := t.a.cfg.Store.Count(t.ctx, store.CountQuery{Platform: s.Platform, Keywords: alone.keywords}); err != nil {
				return nil, storeErr(err)
			} else if n == 0 {
				// The narrowest scope with hits, then every field ("从全部来源",
				// spec 3.4.1D) when that finds more (issue 31 item 5).
				narrow := 0
				for _, sc := range scopeTries {
					if sc == tg.Scope || narrow > 0 && sc != contract.ScopeAll {
						continue
					}
					q := s.buildQuery(t.now, "")
					q.keywords[i].Scope = store.Scope(sc) // buildQuery keeps every tag, in order
					before := len(cands)
					if err := try(Relaxation{ActionID: expand, ConditionID: tg.ID, Change: render.RelaxScope, Scope: sc}, q); err != nil {
						return nil, err
					}
					switch {
					case len(cands) == before:
					case sc != contract.ScopeAll:
						narrow = cands[len(cands)-1].Count
					case narrow > 0 && cands[len(cands)-1].Count <= narrow:
						cands = cands[:len(cands)-1] // the narrow scope's channels again
					}
				}
			}
			if conds > 1 {
				if err := try(Relaxation{ActionID: expand, ConditionID: tg.ID, Change: render.RelaxDrop}, s.buildQuery(t.now, tg.ID)); err != nil {
					return nil, err
				}
			}
		}
		for _, c := range s.Conds {
			if c.Status != condition.StatusApplied || (c.Kind != condition.KindHard && c.Kind != condition.KindDerived) || c.Field == "platform" {
				continue
			}
			ff, _ := filterFieldNamed(c.Field)
			switch {
			case c.Op == condition.OpNotIn || c.Op == condition.OpNeq:
				if err := try(Relaxation{ActionID: expand, ConditionID: c.ID, Change: render.RelaxInclude}, s.buildQuery(t.now, c.ID)); err != nil {
					return nil, err
				}
			case ff.Kind.Numeric():
				lo, hi := widenRange(rangeOfCond(c))
				wide := c
				wide.Op, wide.Value = countValue(lo, hi)
				q := s.buildQuery(t.now, c.ID)
				applyFilter(&q.filters, wide, t.now)
				if err := try(Relaxation{ActionID: expand, ConditionID: c.ID, Change: render.RelaxWiden, Min: lo, Max: hi}, q); err != nil {
					return nil, err
				}
			case ff.Kind == fields.Duration && c.Value.Int > 0 && c.Value.Int < MaxDays:
				wide := c
				wide.Value = condparse.IntValue(min(c.Value.Int*3, MaxDays))
				q := s.buildQuery(t.now, c.ID)
				applyFilter(&q.filters, wide, t.now)
				if err := try(Relaxation{ActionID: expand, ConditionID: c.ID, Change: render.RelaxWiden, Days: wide.Value.Int}, q); err != nil {
					return nil, err
				}
			case conds > 1:
				if err := try(Relaxation{ActionID: expand, ConditionID: c.ID, Change: render.RelaxDrop}, s.buildQuery(t.now, c.ID)); err != nil {
					return nil, err
				}
			}
		}
		// A platform the user named that this page does not search (its
		// condition pending; its question is asked in the agent container
		// only): the same conditions there, counted there (issue 26).
		for _, c := range s.Conds {
			if c.Field != "platform" || c.Status != condition.StatusPending || s.Anchor != nil {
				continue
			}
			if p, err := platform.Parse(c.Value.Str); err == nil && p != s.Platform {
				if err := tryOn(p, Relaxation{ActionID: expand, ConditionID: c.ID, Change: render.RelaxPlatform, Platform: p}, s.buildQuery(t.now, c.ID)); err != nil {
					return nil, err
				}
			}
		}
		if s.Anchor.Resolved() {
			q := s.buildQuery(t.now, "")
			q.minScore = lowerMinScore(s.MinScore, t.a.cfg.Store.Describe().MinScore)
			if err := try(Relaxation{ActionID: expand, ConditionID: s.Anchor.ID, Change: render.RelaxSimilarity, MinScore: q.minScore}, q); err != nil {
				return nil, err
			}
			if len(s.Tags) > 0 {
				if err := try(Relaxation{ActionID: "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", ConditionID: s.Anchor.ID, Change: render.RelaxRemoveAnchor}, s.buildQuery(t.now, s.Anchor.ID)); err != nil {
					return nil, err
				}
			}
		}
		slices.SortStableFunc(cands, func(a, b Relaxation) int {
			if d := relaxRank[a.Change] - relaxRank[b.Change]; d != 0 {
				return d
			}
			return b.Count - a.Count
		})
		if len(cands) > maxRelaxations {
			cands = cands[:maxRelaxations]
		}
		s.Relaxations = cands
		return map[string]any{"relaxations": cands, "probed": probed}, nil
	})
}

// positiveCount is the number of conditions that say what to find (not
// only what to leave out): keyword tags not excluded, applied hard and
// derived filters that are no exclusion (the platform aside), the anchor.
// Dropping one of them is a repair only while another one remains; else
// the search would be the whole catalogue (or an exclusion alone).
func (s *Session) positiveCount() int {
	n := 0
	for _, tg := range s.Tags {
		if !tg.Excluded {
			n++
		}
	}
	for _, c := range s.Conds {
		if c.Status == condition.StatusApplied && (c.Kind == condition.KindHard || c.Kind == condition.KindDerived) && c.Field != "platform" && c.Op != condition.OpNotIn && c.Op != condition.OpNeq {
			n++
		}
	}
	if s.Anchor.Resolved() {
		n++
	}
	return n
}

func widenRange(r store.Range) (int64, int64) {
	lo, hi := r.Min*6/10, r.Max*3/2
	if r.Max == 0 {
		hi = 0
	}
	return lo, hi
}

// lowerMinScore is the similarity floor one step below the current one.
func lowerMinScore(cur, def float64) float64 {
	return max(nextMinScore(cur, def)-0.10, 0.05)
}

// relaxArgs are the arguments a relaxation's option carries.
func relaxArgs(r Relaxation) *contract.RepairArgs {
	if r.Change == render.RelaxRemoveAnchor {
		return nil // the action itself says what it drops
	}
	a := &contract.RepairArgs{ConditionID: r.ConditionID}
	switch {
	case r.Change == render.RelaxScope:
		a.Scope = r.Scope
	case r.Change == render.RelaxWiden && r.Days == 0:
		a.Value = &contract.RangeArg{Min: r.Min, Max: r.Max}
	}
	return a
}

// apiArgs is a relaxation's arguments as the event's.
func apiArgs(a *contract.RepairArgs) api.Args {
	if a == nil {
		return api.Args{}
	}
	out := api.Args{ConditionID: a.ConditionID, Scope: string(a.Scope)}
	if a.Value != nil {
		out.Value, _ = json.Marshal(a.Value)
	}
	return out
}

// contractRelaxation is a relaxation as the renderer takes it.
func (s *Session) contractRelaxation(r Relaxation) render.Relaxation {
	cr := render.Relaxation{ActionID: r.ActionID, ConditionID: r.ConditionID, Change: r.Change, Scope: r.Scope, Args: relaxArgs(r), Count: r.Count}
	if r.Change == render.RelaxWiden {
		if _, c := s.cond(r.ConditionID); c != nil {
			w := r.widened(*c)
			l := condparse.Describe(condition.Field(w.Field), w.Op, w.Value)
			cr.Widened = pick(s.zh(), l.ZH, l.EN)
		}
	}
	return cr
}

// widened is the condition after a widen relaxation.
func (r Relaxation) widened(c Cond) Cond {
	if r.Days > 0 {
		c.Value = condparse.IntValue(r.Days)
	} else {
		c.Op, c.Value = countValue(r.Min, r.Max)
	}
	c.LabelZH, c.LabelEN = "", ""
	return c
}

// relaxationFor finds the offered relaxation an A_REPAIR_EXPAND_RECALL_SCOPE
// names by its arguments: the condition, and the scope or widened range
// when the condition has several.
func (s *Session) relaxationFor(a api.Args) (*Relaxation, bool) {
	var match []int
	for i, r := range s.Relaxations {
		if r.ActionID != "A_REPAIR_EXPAND_RECALL_SCOPE" || r.ConditionID != a.ConditionID {
			continue
		}
		if (a.Scope != "") != (r.Change == render.RelaxScope) || (a.Scope != "" && string(r.Scope) != a.Scope) {
			continue
		}
		if len(a.Value) > 0 {
			var v contract.RangeArg
			if err := json.Unmarshal(a.Value, &v); err != nil || r.Change != render.RelaxWiden || r.Days != 0 || v.Min != r.Min || v.Max != r.Max {
				continue
			}
		}
		match = append(match, i)
	}
	if len(match) == 0 {
		return nil, false
	}
	return &s.Relaxations[match[0]], true
}

// relaxTargets: one button per computed relaxation of A_REPAIR_EXPAND_RECALL_SCOPE,
// labelled and argued as its repair option; one plain button when there
// is none (low recall widens the similarity floor).
func relaxTargets(s *Session) []target {
	chips := s.chips()
	var out []target
	if s.RepairReason == states.RepairNoResults {
		for _, r := range s.Relaxations {
			if r.ActionID != "A_REPAIR_EXPAND_RECALL_SCOPE" {
				continue
			}
			i := slices.IndexFunc(chips, func(c contract.Condition) bool { return c.ID == r.ConditionID })
			if i < 0 {
				continue
			}
			label, _ := render.RelaxationText(s.contractRelaxation(r), chips[i], s.Locale)
			out = append(out, target{args: apiArgs(relaxArgs(r)), fixed: label})
		}
	}
	if len(out) == 0 {
		l := handlerFor(fsm.RepairExpandRecallScope).group
		out = append(out, target{fixed: l.in(s.zh())})
	}
	return out
}

// expand applies A_REPAIR_EXPAND_RECALL_SCOPE: the chosen relaxation (the
// first offered one when none is named), or for low recall a lower
// similarity floor (keywords and anchor stay).
func (t *turn) expand() {
	s := t.s
	r := t.plan.relax
	if r == nil && len(s.Relaxations) > 0 && s.RepairReason == states.RepairNoResults {
		if i := slices.IndexFunc(s.Relaxations, func(r Relaxation) bool { return r.ActionID == "A_REPAIR_EXPAND_RECALL_SCOPE" }); i >= 0 {
			r = &s.Relaxations[i]
			// a vague "widen it" / 放宽一点 took the first offered
			// repair: the notice names it, as its button would have
			// (issue 26); a wanted keyword it would drop ranks instead
			if t.rankInsteadOfDrop(r) {
				s.Relaxations = nil
				return
			}
			s.note(s.relaxationNotice(*r))
		}
	}
	switch {
	case r == nil:
		s.MinScore = lowerMinScore(s.MinScore, t.a.cfg.Store.Describe().MinScore)
	case r.Change == render.RelaxWiden:
		if i, c := s.cond(r.ConditionID); c != nil {
			w := r.widened(*c)
			w.Source = condition.SourceManual
			s.Conds[i] = w
		}
	case r.Change == render.RelaxScope:
		if _, tg := s.tag(r.ConditionID); tg != nil {
			tg.Scope, tg.Source = r.Scope, condition.SourceManual
		}
	case r.Change == render.RelaxSimilarity:
		s.MinScore = r.MinScore
	case r.Change == render.RelaxPlatform:
		// The question's "Search <platform>, same conditions" as a
		// repair: the search moves there, its other conditions kept.
		if s.Anchor == nil && r.Platform != "" {
			s.Platform = r.Platform
		}
		s.removeCond(r.ConditionID)
	case r.Change == render.RelaxInclude:
		if _, tg := s.tag(r.ConditionID); tg != nil {
			s.removeCond(tg.ID)
		} else {
			s.removeCond(r.ConditionID)
		}
	default:
		s.removeCond(r.ConditionID)
	}
	s.Relaxations = nil
}

// relaxationNotice names a repair applied without its button: "已放宽：去掉
// 「德国」" / "Widened: drop “Germany”" (the button's label without its
// count; the status says the results).
func (s *Session) relaxationNotice(r Relaxation) string {
	chips := s.chips()
	i := slices.IndexFunc(chips, func(c contract.Condition) bool { return c.ID == r.ConditionID })
	if i < 0 {
		return ""
	}
	label, _ := render.RelaxationText(s.contractRelaxation(r), chips[i], s.Locale)
	label = strings.TrimSpace(relaxCount.ReplaceAllString(label, ""))
	if !s.zh() && label != "" {
		label = strings.ToLower(label[:1]) + label[1:] // "Widened: drop “Germany”"
	}
	return pick(s.zh(), "已放宽："+label+"，其他条件不变", "Widened: "+label+"; the rest stays")
}

// relaxCount is the result count a repair button's label ends with.
var relaxCount = regexp.MustCompile(`\s*[(（]\d+[)）]\s*$`)

// rankInsteadOfDrop keeps a wanted keyword that a vague widening would
// drop as a ranking term (it orders the results, it filters none) and
// says so: a topic is never removed silently (issue 26). It reports
// whether it did.
func (t *turn) rankInsteadOfDrop(r *Relaxation) bool {
	s := t.s
	if r.Change != render.RelaxDrop {
		return false
	}
	_, tg := s.tag(r.ConditionID)
	if tg == nil || tg.Excluded || tg.Ranks() {
		return false
	}
	tg.Status, tg.Source = condition.StatusReference, condition.SourceManual
	s.note(pick(s.zh(), "已放宽：关键词「"+tg.Text+"」改为排序参考，不再用于筛选，其他条件不变",
		"Widened: the keyword “"+tg.Text+"” now ranks the results instead of filtering them; the rest stays"))
	return true
}
