package agent

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"searchagent/agent/fsm"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/states"
	"searchagent/tools/store"
	"searchagent/tools/urlresolve"
)

// eventHandler is the one home of a user event in the agent, beside the
// event's rows in fsm's table: what it checks, what it changes, what runs
// after its first transition, and the button that offers it.
type eventHandler struct {
	// label is the button's text; a label with %s names the thing the
	// button acts on (one button per target).
	label text
	// labelFor, when set, chooses the label from the context.
	labelFor func(s *Session) text
	// group labels the contract's single entry of an action offered on
	// several things.
	group text
	// targets lists the things a button of this event acts on (tags,
	// conditions, options, filters); nil for an event without a target.
	targets func(s *Session) []target
	// prepare validates the arguments and fills the guard facts and the
	// turn's plan; it changes nothing (a refusal leaves no trace).
	prepare func(t *turn, f *fsm.Facts) error
	// effect changes the context before the first transition, so that
	// the transition's sub-state reads the new context.
	effect func(t *turn) error
	// after runs what follows the first transition within the same turn
	// (parsing submitted text, applying router commands).
	after func(t *turn) error
}

// text is a user-facing text in both languages.
type text struct{ zh, en string }

func (x text) in(zh bool) string { return pick(zh, x.zh, x.en) }

// handlerFor returns the handler of a user event (every one has one, by
// test).
func handlerFor(e fsm.Event) *eventHandler {
	if h, ok := eventHandlers[e]; ok {
		return h
	}
	return &eventHandler{}
}

// eventHandlers is filled in init: handlers refer to one another (a new
// task runs search.submit's handler), which a variable initialiser cannot.
var eventHandlers map[fsm.Event]*eventHandler

func init() {
	eventHandlers = map[fsm.Event]*eventHandler{
		fsm.InputType: {label: text{"输入关键词", "Type a keyword"},
			prepare: prepareTyping,
			effect:  func(t *turn) error { t.s.Draft = t.args.Text; return nil }},
		fsm.InputClear: {label: text{"清空输入", "Clear the input"},
			effect: func(t *turn) error { t.s.Draft = ""; return nil }},
		fsm.InputCommit: {label: text{"确认关键词", "Add as keyword"},
			prepare: prepareSubmit, effect: commitDraft},
		fsm.TagEdit: {label: text{"编辑「%s」", "Edit “%s”"}, group: text{"编辑关键词", "Edit a keyword"}, targets: tagTargets,
			prepare: prepareTag,
			effect:  func(t *turn) error { t.s.ActiveTagID = t.args.TagID; return nil }},
		fsm.TagEditSubmit: {label: text{"保存「%s」", "Save “%s”"}, group: text{"保存修改", "Save the edit"}, targets: activeTagTarget,
			prepare: func(t *turn, f *fsm.Facts) error {
				if err := prepareTag(t, f); err != nil {
					return err
				}
				f.TextEmpty = strings.TrimSpace(t.args.Text) == ""
				f.HasText = !f.TextEmpty
				return nil
			},
			effect: func(t *turn) error {
				s := t.s
				if txt := strings.TrimSpace(t.args.Text); txt == "" {
					s.removeCond(t.args.TagID)
				} else if _, tg := s.tag(t.args.TagID); tg != nil {
					tg.Text = txt
				}
				s.ActiveTagID = ""
				s.markStale()
				return nil
			}},
		fsm.TagEditCancel: {label: text{"取消编辑", "Cancel the edit"},
			effect: func(t *turn) error { t.s.ActiveTagID = ""; return nil }},
		fsm.TagDelete: {label: text{"删除「%s」", "Delete “%s”"}, group: text{"删除关键词", "Delete a keyword"}, targets: tagTargets,
			prepare: prepareTag,
			effect: func(t *turn) error {
				s := t.s
				s.removeCond(t.args.TagID)
				if s.ActiveTagID == t.args.TagID {
					s.ActiveTagID, s.MenuOpen = "", false
				}
				s.markStale()
				s.endQuestion()
				if s.State.Container == states.ExpandedRepair && len(s.Tags) == 0 && s.Anchor == nil && len(s.Conds) == 0 {
					// The repair of a classic search loses its last
					// keyword: the box is empty again, and so are its
					// repair and results.
					s.Results, s.Relaxations = nil, nil
					s.RepairReason, s.HintVisible = states.RepairNone, false
				}
				return nil
			}},
		fsm.TagMenuOpen: {label: text{"「%s」的匹配目标", "Match target of “%s”"}, group: text{"匹配目标", "Match target"}, targets: tagTargets,
			prepare: prepareTag,
			effect:  func(t *turn) error { t.s.ActiveTagID, t.s.MenuOpen = t.args.TagID, true; return nil }},
		fsm.TagMenuClose: {label: text{"收起菜单", "Close the menu"},
			effect: func(t *turn) error { t.s.MenuOpen = false; return nil }},
		fsm.TagSetScope: {label: text{"切换「%s」的匹配目标", "Set where “%s” matches"}, group: text{"切换匹配目标", "Set the match target"}, targets: tagTargets,
			prepare: func(t *turn, f *fsm.Facts) error {
				if err := prepareTag(t, f); err != nil {
					return err
				}
				if !store.Scope(t.args.Scope).Valid() {
					return badRequest("bad_scope", both("范围（scope）必须是 tags、name、description、content 或 all 之一", "scope must be one of tags, name, description, content, all"), map[string]string{"scope": t.args.Scope})
				}
				return nil
			},
			effect: func(t *turn) error {
				// The user's own choice (spec 3.4.1D): never a silent rewrite.
				_, tg := t.s.tag(t.args.TagID)
				tg.Scope, tg.Source = contract.Scope(t.args.Scope), condition.SourceManual
				t.s.markStale()
				t.s.endQuestion()
				return nil
			}},
		fsm.TagToggleExclude: {label: text{"排除「%s」", "Exclude “%s”"}, group: text{"排除或恢复关键词", "Exclude or include a keyword"}, targets: excludeTargets,
			prepare: prepareTag,
			effect: func(t *turn) error {
				_, tg := t.s.tag(t.args.TagID)
				tg.Excluded, tg.Source = !tg.Excluded, condition.SourceManual
				t.s.markStale()
				t.s.endQuestion()
				return nil
			}},
		fsm.AnchorDelete: {label: text{"删除锚点 %s", "Remove the anchor %s"}, group: text{"删除锚点", "Remove the anchor"}, targets: anchorTarget,
			effect: func(t *turn) error { t.s.Anchor = nil; t.s.markStale(); return nil }},
		fsm.SearchSubmit: {label: text{"搜索", "Search"},
			prepare: prepareSubmit, effect: submitSearch, after: parseSubmitted},
		fsm.AgentUpgrade: {label: text{"转为智能搜索", "Switch to smart search"},
			effect: func(t *turn) error { t.s.Draft = ""; return nil }},
		fsm.FollowupType: {label: text{"补充要求", "Add a detail"},
			prepare: prepareTyping,
			effect:  func(t *turn) error { t.s.FollowupDraft = t.args.Text; return nil }},
		fsm.FollowupClear: {label: text{"清空补充", "Clear the detail"},
			effect: func(t *turn) error { t.s.FollowupDraft = ""; return nil }},
		fsm.FollowupSubmit: {label: text{"提交补充", "Apply the detail"},
			prepare: prepareFollowup, effect: submitFollowup, after: applyFollowup},
		fsm.ClarifyAnswer: {label: text{"选择「%s」", "Choose “%s”"}, group: text{"回答追问", "Answer the question"}, targets: optionTargets,
			prepare: func(t *turn, f *fsm.Facts) error {
				s := t.s
				if s.Question == nil {
					return nil // the registry refuses: no question is open
				}
				opt := s.Question.option(t.args.OptionID, t.args.Text)
				if opt == nil && t.args.OptionID == "" && strings.TrimSpace(t.args.Text) != "" {
					return prepareFreeAnswer(t, f)
				}
				if opt == nil {
					return badRequest("unknown_option", both("没有这个选项", "no such option"), map[string]any{"options": s.Question.Options})
				}
				t.plan.answer = opt
				return nil
			},
			effect: func(t *turn) error {
				s := t.s
				s.Question, s.Expect, s.FollowupDraft = nil, nil, ""
				t.answer(t.plan.answer)
				return nil
			}},
		fsm.HintOpenRepairLowRecall: {label: text{"展开修正", "Open the repair"}},
		fsm.HintDismissLowRecall: {label: text{"继续浏览", "Keep browsing"},
			effect: func(t *turn) error { t.s.HintVisible = false; return nil }},
		fsm.RepairFixURL: {label: text{"修改链接", "Fix the link"},
			prepare: prepareRepairURL, effect: pinRepairURL},
		fsm.RepairReplaceAnchor: {label: text{"更换锚点频道", "Replace the anchor"},
			prepare: prepareRepairURL, effect: pinRepairURL},
		fsm.RepairExpandRecallScope: {label: text{"扩大召回范围", "Widen the search"}, group: text{"扩大召回范围", "Widen the search"}, targets: relaxTargets,
			prepare: func(t *turn, f *fsm.Facts) error {
				s := t.s
				if t.args.ConditionID == "" {
					return nil
				}
				r, ok := s.relaxationFor(t.args)
				if !ok {
					return badRequest("unknown_relaxation", both("没有针对这个条件的放宽建议", "no repair suggestion for this condition"), map[string]any{"relaxations": s.Relaxations})
				}
				t.plan.relax = r
				return nil
			},
			effect: func(t *turn) error { t.expand(); return nil }},
		fsm.RepairRemoveAnchorKeepKws: {label: text{"删除链接或锚点", "Drop the link or anchor"}, labelFor: removeAnchorLabel,
			effect: func(t *turn) error {
				s := t.s
				s.Anchor, s.RepairReason, s.HintVisible, s.MinScore = nil, states.RepairNone, false, 0
				s.Relaxations = nil
				if len(s.Tags) == 0 && len(s.Conds) == 0 {
					// Nothing is left to search: the results around the
					// removed anchor go with it, never pinned stale
					// (issue 16 item 10).
					s.Results = nil
				}
				return nil
			}},
		fsm.RepairSwitchToNL: {label: text{"改用自然语言描述", "Describe it in words"}, group: text{"改用自然语言描述", "Describe it in words"}, targets: switchToNLTargets,
			prepare: func(t *turn, f *fsm.Facts) error {
				t.plan.text = strings.TrimSpace(t.args.Text)
				f.HasText = t.plan.text != ""
				if f.HasText {
					t.guardCheck(t.plan.text)
				}
				return nil
			},
			effect: func(t *turn) error { t.s.Question, t.s.Expect = nil, nil; return nil },
			after:  parseSubmitted},
		fsm.FallbackToClassic: {label: text{"回到经典搜索", "Back to classic search"},
			effect: func(t *turn) error {
				s := t.s
				s.Question, s.Expect, s.Conds = nil, nil, nil
				s.RepairReason, s.HintVisible = states.RepairNone, false
				return nil
			}},
		fsm.ConditionEdit: {label: text{"修改「%s」", "Change “%s”"}, group: text{"修改条件", "Change a condition"}, targets: editTargets,
			prepare: func(t *turn, f *fsm.Facts) error {
				if t.args.Status != "" {
					return t.checkStatusEdit()
				}
				if _, tg := t.s.tag(t.args.ConditionID); tg != nil && tg.Ranks() {
					return nil // a ranking term made a filter: no value needed
				}
				if _, c := t.s.cond(t.args.ConditionID); c == nil {
					return badRequest("unknown_condition", both("没有这个条件", "no condition with this id"), map[string]any{"condition_id": t.args.ConditionID})
				}
				_, err := t.editedCond()
				return err
			},
			effect: func(t *turn) error {
				s := t.s
				if t.args.Status != "" {
					t.applyStatusEdit()
					s.Question, s.Expect = nil, nil
					return nil
				}
				if _, tg := s.tag(t.args.ConditionID); tg != nil {
					// The reference chip's "make it a filter" (issue 26):
					// the user marks the term, so it filters now.
					tg.Status, tg.Source = "", condition.SourceManual
					s.Question, s.Expect = nil, nil
					return nil
				}
				c, _ := t.editedCond()
				i, _ := s.cond(c.ID)
				s.Conds[i] = c
				s.Question, s.Expect = nil, nil
				return nil
			}},
		fsm.ConditionRemove: {label: text{"移除「%s」", "Remove “%s”"}, group: text{"移除条件", "Remove a condition"}, targets: condTargets,
			prepare: func(t *turn, f *fsm.Facts) error {
				if _, c := t.s.cond(t.args.ConditionID); c == nil {
					if _, tg := t.s.tag(t.args.ConditionID); tg == nil {
						return badRequest("unknown_condition", both("没有这个条件", "no condition with this id"), map[string]any{"condition_id": t.args.ConditionID})
					}
				}
				return nil
			},
			effect: func(t *turn) error {
				t.s.removeCond(t.args.ConditionID)
				t.s.Question, t.s.Expect = nil, nil
				return nil
			}},
		fsm.FilterSet: {label: text{"设置筛选", "Set a filter"},
			prepare: func(t *turn, f *fsm.Facts) error { _, err := t.filterCond(); return err },
			effect: func(t *turn) error {
				c, _ := t.filterCond()
				t.s.upsertCond(c)
				t.s.Question, t.s.Expect = nil, nil
				return nil
			}},
		fsm.FilterClear: {label: text{"清除%s筛选", "Clear the %s filter"}, group: text{"清除筛选", "Clear a filter"}, targets: filterTargets,
			prepare: func(t *turn, f *fsm.Facts) error {
				if !slices.ContainsFunc(t.s.Conds, func(c Cond) bool { return c.Field == t.args.Field }) {
					return badRequest("unknown_filter", both("当前没有这个筛选条件", "no filter on this field"), map[string]string{"field": t.args.Field})
				}
				return nil
			},
			effect: func(t *turn) error {
				s := t.s
				for _, c := range slices.Clone(s.Conds) {
					if c.Field == t.args.Field {
						s.removeCond(c.ID)
					}
				}
				s.Question, s.Expect = nil, nil
				return nil
			}},
		fsm.ResultsSort: {label: text{"排序", "Sort"},
			prepare: func(t *turn, f *fsm.Facts) error {
				if by := sortNames(); !slices.Contains(by, t.args.By) {
					return badRequest("bad_sort", both("排序方式（by）必须是 "+strings.Join(by, "、")+" 之一", "by must be one of "+strings.Join(by, ", ")), map[string]any{"by": t.args.By, "allowed": by})
				}
				return nil
			},
			effect: func(t *turn) error { t.s.Sort, t.s.Offset = t.args.By, 0; return nil }},
		fsm.ResultsPage: {label: text{"更多结果", "More results"},
			prepare: func(t *turn, f *fsm.Facts) error {
				n, err := strconv.Atoi(t.args.Cursor)
				if err != nil || n < 0 || n > store.MaxOffset {
					return badRequest("bad_cursor", both("cursor 必须是结果里的 next_cursor", "cursor is the next_cursor of the results"), nil)
				}
				return nil
			},
			effect: func(t *turn) error { t.s.Offset, _ = strconv.Atoi(t.args.Cursor); return nil }},
		fsm.SessionReset: {label: text{"新建搜索", "New search"},
			effect: func(t *turn) error {
				s := t.s
				*s = Session{ID: s.ID, Platform: s.Platform, Locale: s.Locale, State: s.State, Turn: s.Turn, NextID: s.NextID}
				return nil
			},
			after: startNewTask},
	}
}

// markStale marks the shown results stale after a context change. The
// results are replaced, not changed: the decoded results of a committed
// snapshot are shared (resultsCache).
func (s *Session) markStale() {
	if s.Results != nil {
		r := *s.Results
		r.Stale = true
		s.Results = &r
	}
}

// endQuestion closes the open question: a manual change of the
// conditions in the clarifying box ends it (spec 4.3), for a keyword chip
// as for any other condition; a platform left pending is asked again
// after the search, the same question (view.go question).
func (s *Session) endQuestion() { s.Question, s.Expect = nil, nil }

// prepareTyping: typing needs text (clearing is its own event).
func prepareTyping(t *turn, f *fsm.Facts) error {
	f.HasText = t.args.Text != ""
	f.Draft, f.DraftHasURL = t.classify(t.args.Text)
	if !f.HasText {
		return badRequest("empty_text", both("输入为空：清空请发送 input.clear / followup.clear", "text is empty: to clear, send input.clear or followup.clear"), nil)
	}
	return nil
}

// prepareTag resolves the tag an event names (the active tag by default).
func prepareTag(t *turn, f *fsm.Facts) error {
	s := t.s
	id := t.args.TagID
	id = cmp.Or(id, s.ActiveTagID)
	if _, tg := s.tag(id); tg == nil {
		return badRequest("unknown_tag", both("没有这个关键词标签", "no keyword tag with this id"), map[string]any{"tag_id": id, "tags": s.Tags})
	}
	t.args.TagID = id
	f.TagIsLast = len(s.Tags) == 1
	return nil
}

// prepareSubmit reads the submitted text (the event's, or the draft's).
func prepareSubmit(t *turn, f *fsm.Facts) error {
	text := strings.TrimSpace(t.args.Text)
	text = cmp.Or(text, strings.TrimSpace(t.s.Draft))
	if t.ev == fsm.SearchSubmit && text != "" {
		// "德国的 不对 是奥地利的", "in Germany no wait in France": a
		// correction inside a first search is read as a follow-up's is.
		text = t.selfCorrected(text)
		if edited, ok := arrowEdited(text); ok {
			text = edited // a pasted summary edited in place
		}
	}
	t.plan.text = text
	f.HasText = text != ""
	f.Draft, f.DraftHasURL = t.classify(text)
	if f.Draft == fsm.ShapeURL {
		t.plan.anchorURL = text
	}
	if t.ev == fsm.SearchSubmit {
		t.guardCheck(text)
	}
	return nil
}

// commitDraft turns the committed draft into a tag or the anchor to resolve.
func commitDraft(t *turn) error {
	s := t.s
	if t.plan.anchorURL != "" {
		s.Anchor = &Anchor{ID: s.newID("a"), URL: t.plan.anchorURL, Resolution: string(urlresolve.StateResolving)}
	} else if len(s.Tags) < MaxTags {
		t.commitKeywordTags(t.plan.text)
		s.markStale()
	}
	s.Draft = ""
	return nil
}

// submitSearch starts a new first round from the submitted text.
func submitSearch(t *turn) error {
	s := t.s
	t.beginTask()
	shape, _ := t.classify(t.plan.text)
	s.QueryShape = string(shape)
	switch shape {
	case fsm.ShapeURL:
		if !s.Anchor.Resolved() {
			s.Anchor = &Anchor{ID: s.newID("a"), URL: t.plan.anchorURL, Resolution: string(urlresolve.StateResolving)}
		}
	case fsm.ShapeKeyword:
		if t.plan.text != "" && t.plan.unsupported == "" {
			t.commitKeywordTags(t.plan.text)
		}
	}
	s.Draft = ""
	return nil
}

// parseSubmitted parses a natural or mixed submission into the graph
// (search.submit, switching to natural language).
func parseSubmitted(t *turn) error {
	s := t.s
	shape, _ := t.classify(t.plan.text)
	// A refused request (guard) is not absorbed: nothing of it becomes a
	// condition.
	if t.plan.text != "" && t.plan.unsupported == "" && (shape == fsm.ShapeNatural || shape == fsm.ShapeMixed) {
		if err := t.parseInto(t.plan.text); err != nil {
			return err
		}
	}
	for _, n := range t.plan.notes {
		s.note(n) // the value a correction withdrew (selfCorrected)
	}
	if t.ev == fsm.RepairSwitchToNL {
		s.Anchor = keepResolved(s.Anchor)
		s.RepairReason, s.HintVisible = states.RepairNone, false
	}
	return nil
}

// startNewTask runs a new_task command's search after the reset.
func startNewTask(t *turn) error {
	if !t.plan.reset || t.plan.text == "" {
		return nil
	}
	s := t.s
	f := s.facts()
	f.HasText = true
	f.Draft, f.DraftHasURL = t.classify(t.plan.text)
	a, err := t.a.reg.Resolve(s.State, fsm.SearchSubmit, f)
	if err != nil {
		return newError(ErrInternal, "internal", both("无法开始新任务，请稍后重试", "could not start the new task"), nil, err)
	}
	t.ev = fsm.SearchSubmit
	t.guardCheck(t.plan.text)
	if f.Draft == fsm.ShapeURL {
		t.plan.anchorURL = t.plan.text
	}
	h := handlerFor(fsm.SearchSubmit)
	if err := h.effect(t); err != nil {
		return err
	}
	s.restoreKept(t.plan.startOver)
	if err := t.apply(a); err != nil {
		return err
	}
	return h.after(t)
}

// prepareRepairURL reads the corrected or replacement URL.
func prepareRepairURL(t *turn, f *fsm.Facts) error {
	u := strings.TrimSpace(t.args.URL)
	u = cmp.Or(u, strings.TrimSpace(t.args.Text))
	t.plan.anchorURL = u
	f.HasText = u != ""
	return nil
}

// pinRepairURL makes the new URL the anchor to resolve.
func pinRepairURL(t *turn) error {
	s := t.s
	s.Anchor = &Anchor{ID: s.newID("a"), URL: t.plan.anchorURL, Resolution: string(urlresolve.StateResolving)}
	s.MinScore = 0
	return nil
}

// prepareFreeAnswer reads a typed answer that names no option (issue 16
// item 10) as the follow-up it is: the router, which expects the
// question's options, may still pick one ("就在 YouTube 找吧") or read
// conditions; when it reads nothing the question stays open and the
// notice says which words were not understood.
func prepareFreeAnswer(t *turn, f *fsm.Facts) error {
	s := t.s
	t.ev = fsm.FollowupSubmit
	if err := prepareFollowup(t, f); err != nil {
		return err
	}
	if !f.RouterRefused && t.plan.parse != nil && onlyKeywords(*t.plan.parse) {
		// A word the parser could only keep as a keyword ("随便") is no
		// answer and no condition.
		f.RouterRefused, t.plan.parse = true, nil
	}
	if f.RouterRefused {
		q := clip(strings.TrimSpace(t.args.Text), 16)
		t.plan.notice = pick(s.zh(), "没看懂「"+q+"」：问题仍待回答，请选一个选项，或直接描述要补充的条件",
			"“"+q+"” was not understood: the question is still open; pick an option or describe what to add")
	}
	t.noteRouterOutcome(f)
	return nil
}

// onlyKeywords reports whether a parse read nothing but keywords.
func onlyKeywords(r condparse.Result) bool {
	for _, c := range r.Conditions {
		if c.Kind != condition.KindKeyword {
			return false
		}
	}
	return true
}

// prepareFollowup sends the follow-up through the router.
func prepareFollowup(t *turn, f *fsm.Facts) error {
	text := strings.TrimSpace(t.args.Text)
	text = cmp.Or(text, strings.TrimSpace(t.s.FollowupDraft))
	f.HasText = text != ""
	if !f.HasText {
		return nil
	}
	text = t.selfCorrected(sameAsBeforeChanges(text))
	if edited, ok := arrowEdited(text); ok {
		text = edited // "Country: US → Canada": the value after the arrow replaces
	}
	if err := t.route(text, f); err != nil {
		return err
	}
	t.noteRouterOutcome(f)
	return nil
}

// selfCorrected is text with its self-correction applied (correctedTail):
// "改成十万以上，哦不对，还是五万" — what the user took back in the same
// message is not applied, and the notice says so; a mark that opens the
// message ("不要不要 …") is left out.
func (t *turn) selfCorrected(text string) string {
	if _, _, ok := retractInMessage(text); ok && t.ev == fsm.FollowupSubmit {
		return text // the message takes back a change by name: sessionEdits reads it (retract.go)
	}
	tail, withdrawn := correctedTail(text)
	if withdrawn != "" {
		t.plan.notes = append(t.plan.notes, pick(t.s.zh(), "「"+clip(withdrawn, 24)+"」已按你的更正撤回，未应用",
			"“"+clip(withdrawn, 24)+"” was taken back by your correction and not applied"))
	}
	return cmp.Or(strings.TrimSpace(tail), text)
}

// submitFollowup clears the draft and the answered question; a refused
// follow-up only says what is missing.
func submitFollowup(t *turn) error {
	s := t.s
	s.FollowupDraft = ""
	if t.facts.RouterRefused {
		s.Notice = t.plan.notice
		return nil
	}
	s.LastFollowup = t.plan.text
	if t.plan.answer == nil && s.Question.open(s) {
		// A follow-up that does not answer the open question leaves it
		// answerable: it is asked again after the search (issue 26 item 5).
		t.plan.reask = s.Question
	}
	s.Question, s.Expect = nil, nil
	return nil
}

// applyFollowup applies what the router decided: the parse of a rewrite,
// the commands, the anchor to resolve, widening or narrowing.
func applyFollowup(t *turn) error {
	s := t.s
	if t.facts.RouterRefused {
		return nil
	}
	s.SourceStage = StageFollowup
	held, sorted := s.held(), s.Sort
	// a follow-up shows the first page of its search; a paging one turns
	// the page (turnPage, below)
	s.Offset = 0
	if t.plan.undo {
		s.undo()
	}
	if len(t.plan.restore) > 0 {
		s.restoreFields(t.plan.restore)
	}
	if t.plan.rewrite {
		s.SourceStage, s.Unsupported, s.Alternative = StageFirstRound, "", ""
		s.Origin = fsm.OriginNatural
		if t.plan.parse.Shape == "mixed" {
			s.Origin = fsm.OriginMixed
		}
	}
	if t.plan.parse != nil {
		if err := t.absorb(); err != nil {
			return err
		}
	}
	if len(t.plan.commands) > 0 {
		if err := t.step(api.StepUpdateConditions, func() (any, error) {
			var applied, failed, errs []string
			for _, cmd := range t.plan.commands {
				if err := t.applyCommand(cmd); err != nil {
					s.note(pick(s.zh(), "部分补充未能应用：", "part of the follow-up was not applied: ") + t.failedText(cmd, err))
					failed, errs = append(failed, cmd.Name), append(errs, err.Error())
					continue
				}
				applied = append(applied, cmd.Name)
			}
			detail := map[string]any{"applied": applied, "failed": failed, "data_updates": t.trace.Router.Result.Decision.DataUpdates}
			if len(errs) > 0 {
				detail["errors"] = errs
			}
			return detail, nil
		}); err != nil {
			return err
		}
	}
	if t.plan.wish {
		s.softenWish()
	}
	if t.plan.reading != nil {
		// The parts of the follow-up no router command covered, read as
		// a first search reads them (reading.go).
		if err := t.step(api.StepParseConditions, func() (any, error) {
			s.absorbParse(*t.plan.reading, condition.SourceUserInput)
			return map[string]any{"conditions": len(t.plan.reading.Conditions), "merged_with": "router commands", "sort": t.plan.sort}, nil
		}); err != nil {
			return err
		}
	}
	for _, cmd := range t.plan.lifts {
		if _, err := liftBound(s, cmd.Args); err != nil {
			s.note(pick(s.zh(), "部分补充未能应用：", "part of the follow-up was not applied: ") + t.failedText(cmd, err))
		}
	}
	if t.plan.notice != "" {
		s.note(t.plan.notice)
	}
	for _, n := range t.plan.notes {
		s.note(n)
	}
	s.applySort(t.plan.sort)
	s.sayUnsorted(t.plan.unsorted)
	s.sayAscending(t.plan.ascending)
	if t.plan.anchorURL != "" {
		s.Anchor = &Anchor{ID: s.newID("a"), URL: t.plan.anchorURL, Resolution: string(urlresolve.StateResolving)}
		s.MinScore = 0
	}
	if t.plan.widen && (s.Anchor.Resolved() || !t.plan.narrowsBy()) {
		// "下限放宽到两万", "把活跃时间放宽到三个月": the follow-up says
		// the new bound itself, so nothing is widened beyond it.
		t.widen()
		t.did = append(t.did, "expand_recall")
	}
	if t.plan.page {
		t.turnPage(!held.same(s.held()) || s.Sort != sorted || t.plan.widen)
	}
	if t.plan.narrow {
		if s.Anchor.Resolved() {
			s.MinScore = min(nextMinScore(s.MinScore, t.a.cfg.Store.Describe().MinScore)+0.10, 0.9)
		} else if !t.plan.narrowsBy() {
			s.Notice = pick(s.zh(), "请说明按什么收窄，例如“只要美国的”或“粉丝 1w+”", "say what to narrow by, e.g. “US only” or “10k+ followers”")
		}
	}
	return nil
}

// narrowsBy reports a "too many" or "relax it" follow-up that also says
// what to keep ("太多了，只留粉丝五十万以上的", "下限放宽到两万"): a
// condition command or reading beside narrow or widen, so there is
// nothing to ask and nothing to widen further.
func (p *plan) narrowsBy() bool {
	for _, c := range p.commands {
		switch c.Name {
		case "add_filter", "remove_filter", "add_keyword", "exclude_keyword", "add_soft_preference":
			return true
		}
	}
	return p.reading != nil && len(p.reading.Conditions) > 0
}

// sortNames are the sorts results.sort takes: similarity and the store's
// (relevance, recent and every sortable filter field of the registry).
func sortNames() []string {
	out := []string{string(store.SortSimilarity)}
	for _, by := range store.Sorts() {
		out = append(out, string(by))
	}
	return out
}
