package agent

import (
	"cmp"
	"regexp"
	"slices"
	"strings"

	"searchagent/agent/fsm"
)

// Undo (issue 26, fixN class 2): a follow-up that withdraws the last
// change ("undo that", "never mind, go back", "forget the last one",
// 算了还是之前那样, 撤回刚才的) puts back the conditions, keyword tags and
// sort the session held before the last turn that changed them. Every
// turn that changes them (a follow-up, a chip or filter edit, a repair)
// keeps what they were in Session.Before; a turn that starts a task (a
// first search, a reset, a new task) keeps nothing. An undo with nothing
// kept says so and changes nothing, never silently keeps the change; an
// undo is a change of its own, so a second one puts the change back.

// Held is the part of a session a change of the search changes: its
// conditions, keyword tags and sort.
type Held struct {
	Conds []Cond `json:"conditions,omitempty"`
	Tags  []Tag  `json:"tags,omitempty"`
	Sort  string `json:"sort,omitempty"`
}

// held is a deep copy of the session's conditions, tags and sort.
func (s *Session) held() Held {
	h := Held{Conds: slices.Clone(s.Conds), Tags: slices.Clone(s.Tags), Sort: s.Sort}
	for i := range h.Conds {
		h.Conds[i].Value.Strs = slices.Clone(h.Conds[i].Value.Strs)
	}
	return h
}

// empty reports a search with no condition and no tag.
func (h Held) empty() bool { return len(h.Conds) == 0 && len(h.Tags) == 0 }

// same reports whether two helds hold the same search.
func (h Held) same(o Held) bool {
	return h.Sort == o.Sort && slices.EqualFunc(h.Conds, o.Conds, sameCond) && slices.Equal(h.Tags, o.Tags)
}

func sameCond(a, b Cond) bool {
	return a.ID == b.ID && a.Kind == b.Kind && a.Field == b.Field && a.Op == b.Op && a.Status == b.Status &&
		a.Value.String() == b.Value.String()
}

// startsTask reports the events after which there is no earlier change
// to undo: the search begins again.
func startsTask(ev fsm.Event) bool {
	switch ev {
	case fsm.SearchSubmit, fsm.SessionReset, fsm.AgentUpgrade, fsm.RepairSwitchToNL, fsm.FallbackToClassic, fsm.InputClear:
		return true
	}
	return false
}

// keepBefore records what the turn changed: the search held before it
// (before) when the turn changed it, nothing after a turn that starts a
// task; a turn that changed nothing keeps the earlier record.
func (t *turn) keepBefore(before Held) {
	s := t.s
	if t.plan.retractedMsg && before.same(s.held()) {
		s.note(pick(s.zh(), "条件保持不变", "the conditions stay as they are"))
	}
	switch {
	case startsTask(t.ev) || t.plan.reset || t.plan.rewrite:
		s.Before, s.Dropped = t.plan.retracted, nil
		if t.plan.retracted != nil {
			s.keepDropped(*t.plan.retracted)
		}
	case before.empty():
	case !before.same(s.held()):
		s.Before = &before
		s.keepDropped(before)
	}
}

// undo puts back the search held before the last change, and says what
// it put back; with nothing kept it says the change cannot be undone.
func (s *Session) undo() {
	if s.Before == nil || s.Before.same(s.held()) {
		s.note(pick(s.zh(), "没有可以撤回的上一次修改：条件保持不变", "there is no earlier change to undo: the conditions stay as they are"))
		return
	}
	was := s.Conds
	wasTags, wasSort := s.Tags, s.Sort
	b := *s.Before
	s.Conds, s.Tags, s.Sort = b.Conds, b.Tags, b.Sort
	s.Before = nil
	var parts []string
	label := func(c Cond) string {
		if l := pick(s.zh(), c.LabelZH, c.LabelEN); l != "" {
			return l
		}
		zh, en := describe(c)
		return pick(s.zh(), zh, en)
	}
	for _, c := range was {
		i := slices.IndexFunc(s.Conds, func(o Cond) bool { return o.ID == c.ID })
		switch {
		case i < 0:
			parts = append(parts, pick(s.zh(), "去掉", "removed ")+quoteWord(s.zh(), label(c)))
		case !sameCond(c, s.Conds[i]):
			parts = append(parts, label(c)+" → "+label(s.Conds[i]))
		}
	}
	for _, c := range s.Conds {
		if !slices.ContainsFunc(was, func(o Cond) bool { return o.ID == c.ID }) {
			parts = append(parts, pick(s.zh(), "恢复", "restored ")+quoteWord(s.zh(), label(c)))
		}
	}
	for _, tg := range wasTags {
		if !slices.ContainsFunc(s.Tags, func(o Tag) bool { return o.ID == tg.ID }) {
			parts = append(parts, pick(s.zh(), "去掉关键词", "removed the keyword ")+quoteWord(s.zh(), tg.Text))
		}
	}
	for _, tg := range s.Tags {
		if !slices.ContainsFunc(wasTags, func(o Tag) bool { return o.ID == tg.ID }) {
			parts = append(parts, pick(s.zh(), "恢复关键词", "restored the keyword ")+quoteWord(s.zh(), tg.Text))
		}
	}
	if wasSort != s.Sort {
		l := sortName(cmp.Or(s.Sort, "relevance"))
		parts = append(parts, pick(s.zh(), "排序恢复为「"+l.zh+"」", "sort back to "+l.en))
	}
	s.note(pick(s.zh(), "已撤回上一次的修改：", "Undid the last change: ") + strings.Join(parts, pick(s.zh(), "；", "; ")))
}

func quoteWord(zh bool, w string) string { return pick(zh, "「"+w+"」", "“"+w+"”") }

// undoCue is a clause that withdraws the last change, and nothing else
// ("undo that", "revert the last change", "go back to how it was",
// "forget the last one", "take that back", 撤回刚才的, 撤销上一步, 还是之前
// 那样吧, 恢复原来的条件, 改回去); undoOpener a word said before it alone
// ("never mind", "算了"). A change named by its field ("undo the
// language thing", 撤销语言那个) is a removal, read by the router.
var (
	undoOpener = `(?:(?:ok(?:ay)?|actually|hmm+|nah|no|oh|oops|sorry|wait|never ?mind|nvm|forget it|meh|ugh|well)[\s,.!]+)*`
	undoObject = `(?:that\s+last(?:\s+(?:one|change|edit|bit|step))?|that|this|it|those|these|(?:the|my|your)\s+(?:last|latest|previous|recent|most\s+recent)(?:\s+(?:one|change|changes|edit|edits|step|thing|tweak|update|bit|filter|request))?|(?:the|my|your|that)\s+(?:change|changes|edit|edits|tweak|update|step))`
	undoTo     = `(?:(?:to\s+)?(?:what\s+(?:it|they|we)\s+(?:was|were|had)(?:\s+before)?|how\s+(?:it|they)\s+(?:was|were)(?:\s+before)?|the\s+way\s+(?:it|they)\s+(?:was|were)(?:\s+before)?|where\s+(?:it|we)\s+(?:was|were)|before|the\s+(?:previous|last|earlier|old|original)\s+(?:one|search|filters?|conditions?|version|settings|results|list)|(?:the\s+)?(?:previous|earlier|old|original)\s+(?:one|version|settings)|one\s+step|a\s+step))`
	undoCue    = regexp.MustCompile(`(?i)^` + undoOpener + `(?:please\s+|pls\s+|just\s+|let'?s\s+|can\s+you\s+|could\s+you\s+)*(?:` +
		`(?:undo|revert|roll\s*back|take\s+back|cancel|scrap|scratch|forget|ignore|withdraw)\s+` + undoObject + `(?:\s+(?:please|pls|then|instead))?` +
		`|(?:undo|revert|roll\s*back)(?:\s+(?:please|pls))?` +
		`|take\s+(?:that|it)\s+back` +
		`|(?:go|get|switch|change|put|set|bring|turn)(?:\s+(?:it|them|that|things|everything))?\s+back(?:\s+` + undoTo + `)?(?:\s+(?:please|pls|then))?` +
		`|(?:go|switch|change|revert)\s+(?:it\s+|them\s+)?` + undoTo + `|back\s+` + undoTo +
		`)[\s.!]*$` +
		// zh: a verb of taking back with what it takes back, what it takes
		// back with the verb after it, or "as it was before"
		`|^(?:算了|那算了|哎|唉|嗯|呃|额|好吧|不行|不好)?[\s，,。]*(?:还是|那就|就|要不|要不还是|请|帮我|麻烦)?再?(?:` +
		`(?:撤回|撤销|撤掉|取消|退回|回退|恢复|改回|返回|回到|换回|还原|变回|回滚|复原|退到)(?:到|成|为)?(?:刚才|刚刚|之前|原来|原先|上一步|上一个|上一次|上次|前面|先前|前一步|上一轮)?(?:的|那个|那样|那次)?(?:修改|改动|操作|那步|一步|条件|设置|样子|那个|状态|筛选|搜索|结果)?(?:去|来)?` +
		`|(?:刚才|刚刚|之前|上一步|上一个|上一次|上次|前一步)(?:的|那个|那步|那次)?(?:修改|改动|操作|调整|那个)?(?:撤回|撤销|撤掉|取消|退回|不要了|不算|作废|不算数|收回)` +
		`|(?:按|用|跟|和|像)?(?:之前|原来|原先|刚才|刚刚|上一次|上次|先前)(?:那样|那个|的|一样|的样子|的条件|那套)(?:子)?(?:一样)?` +
		`)(?:一次|一下)?(?:吧|啦|了|一下|就行|就好|好了|就可以|即可)?[\s。.!！]*$`)
	undoOpenerOnly = regexp.MustCompile(`(?i)^\s*(?:算了|那算了|never ?mind|nvm|forget it|nah|oops|actually|ok(?:ay)?|sorry|hmm+)[\s.!。！]*$`)
)

// saysUndo reports a clause undoCue reads that is more than an opener
// ("forget it", "算了" alone take back nothing named).
func saysUndo(clause string) bool {
	c := strings.TrimSpace(foldEdit(clause))
	return c != "" && undoCue.MatchString(c) && !undoOpenerOnly.MatchString(c)
}

// undoes reports a clause that withdraws the last change (saysUndo),
// not one that names a value of its own (the reading's).
func (t *turn) undoes(clause string) bool {
	return saysUndo(clause) && !t.readsValue(clause)
}
