package contract

import (
	"cmp"
	"fmt"
	"strings"
)

// Messages are written for the model that produced the slots: what is
// wrong, the rule, and what to do instead.

func (c *checker) missingMsg(slot string) msg {
	r := c.rule
	return mf("The slot %s is required in %s (contract %s); add it.",
		"状态 %[2]s 必须输出槽位 %[1]s（contract %[3]s），请补上。", slot, r.Key, r.Section)
}

func (c *checker) blankMsg(name string) msg {
	r := c.rule
	return mf("%s is empty; %s requires it (contract %s).",
		"%s 为空；状态 %s 要求它有内容（contract %s）。", name, r.Key, r.Section)
}

func (c *checker) forbiddenMsg(slot string) msg {
	r := c.rule
	extra := msg{}
	switch slot {
	case SlotQuestion:
		extra = msg{" No question here: search first, ask later, and only in clarifying.", "此状态不允许追问：先搜后问，只在 clarifying 中提一个问题。"}
	case SlotTaskSummary, SlotConditions:
		if r.Classic {
			extra = msg{" The classic box shows no summary card.", "经典态不展示会话摘要卡。"}
		}
	case SlotRepairHint:
		extra = msg{" The hint belongs to results with repair_reason=low_recall only.", "轻提示只属于 repair_reason=low_recall 的结果态。"}
	case SlotRepairOptions:
		extra = msg{" Repair options belong to repair states only.", "修正建议只属于修正态。"}
	}
	return msg{
		en: fmt.Sprintf("The slot %s is forbidden in %s (contract %s); leave it out or null.%s", slot, r.Key, r.Section, extra.en),
		zh: fmt.Sprintf("状态 %s 禁止输出槽位 %s（contract %s），请删除或置为 null。%s", r.Key, slot, r.Section, extra.zh),
	}
}

func unknownSlotMsg(name string) msg {
	return mf("%q is not a slot; the slots are %s. Put nothing else in the document.",
		"%q 不是槽位；槽位只有 %s，文档中不要放其他内容。", name, strings.Join(SlotNames, ", "))
}

func questionArrayMsg(n int) msg {
	return mf("question is a list of %d questions; it must be one object: ask only the single most valuable question (contract 4.5).",
		"question 是包含 %d 个问题的列表；它必须是一个对象：只问最有价值的那一个问题（contract 4.5）。", n)
}

func multiQuestionMsg(n int) msg {
	return mf("question.text asks %d questions; ask exactly one (contract 4.5: never a second question).",
		"question.text 包含 %d 个问题；只能问一个（contract 4.5：禁止第二个追问）。", n)
}

func smuggledQuestionMsg(loc, sent string) msg {
	return mf("%s asks a question (%s). Only the question slot may ask, and only once per turn (contract 2.2, 4.5); rewrite it as a statement.",
		"%s 在提问（%s）。只有 question 槽位可以提问，且每轮只问一个（contract 2.2、4.5）；请改成陈述句。", slotName(loc), quoteShort(sent))
}

func (c *checker) loadingFlagMsg() msg {
	return mf("status.loading is true in the stable state %s; loading is only for retrieving, refining and URL resolving (seed 000 §5.3). Set it to false.",
		"稳定态 %s 中 status.loading 为 true；loading 只允许出现在 retrieving、refining 与 URL 识别中（状态机 5.3）。请设为 false。", c.rule.Key)
}

func (c *checker) progressToneMsg() msg {
	return mf("status.tone is progress in the stable state %s; use info, success, warning or error.",
		"稳定态 %s 中 status.tone 为 progress；请用 info、success、warning 或 error。", c.rule.Key)
}

func (c *checker) loadingWordMsg(loc, w string) msg {
	return mf("%s says %q in the stable state %s; nothing is loading, so state what is there instead (seed 000 §5.3: no fake loading).",
		"稳定态 %[3]s 中 %[1]s 出现 %[2]q；此时没有在加载，请直接陈述当前结果（状态机 5.3：禁止假 loading）。", slotName(loc), w, c.rule.Key)
}

func (c *checker) ellipsisMsg(loc string) msg {
	return mf("%s uses an ellipsis, which reads as still working, in the stable state %s; end the sentence plainly.",
		"稳定态 %[2]s 中 %[1]s 使用省略号，看起来像仍在加载；请用完整陈述句结尾。", slotName(loc), c.rule.Key)
}

func chatMsg(loc, w string) msg {
	return mf("%s says %q, which invites an open conversation or points outside the search box; keep to the current search inside the box (contract 2.1).",
		"%s 出现 %q，这会引向开放式聊天或搜索框之外；请只服务于搜索框内的当前搜索（contract 2.1）。", slotName(loc), w)
}

func tooLongMsg(loc string, w, limit int, r *Rule) msg {
	where := msg{"", ""}
	if r.Classic {
		where = msg{" The classic box takes no long text (contract 4.1).", "经典态禁止长段文案（contract 4.1）。"}
	}
	return msg{
		en: fmt.Sprintf("%s is %d wide, over the %d allowed in %s (a Chinese or other wide character counts 2); shorten it.%s", slotName(loc), w, limit, r.Key, where.en),
		zh: fmt.Sprintf("%s 宽度为 %d，超过状态 %s 的上限 %d（中文等宽字符计 2）；请缩短。%s", slotName(loc), w, r.Key, limit, where.zh),
	}
}

func optionsCountMsg(n int) msg {
	return mf("question has %d options; give 2 to 4 answers to click (contract 4.5).",
		"question 有 %d 个选项；请给出 2-4 个可点选答案（contract 4.5）。", n)
}

func repairCountMsg(n int) msg {
	return mf("repair_options has %d entries; give 1 to 3 repair suggestions (contract 4.7).",
		"repair_options 有 %d 项；请给出 1-3 条修正建议（contract 4.7）。", n)
}

func keywordsKeptMsg() msg {
	return mf("task_summary is required here: the URL failed but the keywords are kept and still searchable; say so (contract 5.2A).",
		"此处必须输出 task_summary：URL 解析失败，但关键词已保留且可继续搜索，请明确说明（contract 5.2A）。")
}

func softSummaryMsg(term string) msg {
	return mf("task_summary presents the soft preference %s as an applied filter; soft preferences are only a reference (spec 3.7.4, 3.7.5).",
		"task_summary 把软偏好 %s 说成已生效的过滤条件；软偏好只作参考（spec 3.7.4、3.7.5）。", quoteShort(term))
}

func softAppliedMsg(id string) msg {
	return mf("condition %s is a soft preference marked applied; soft preferences are reference or pending, never applied filters (spec 3.7.5).",
		"条件 %s 是软偏好却标为 applied；软偏好只能是 reference 或 pending，不能作为已生效过滤（spec 3.7.5）。", id)
}

func softKindMsg(id, got string) msg {
	return mf("condition %s is a soft preference in the session but is shown as %s; keep it soft.",
		"条件 %s 在会话中是软偏好，却被展示为 %s；请保持 soft。", id, got)
}

func softStatusMsg(id, status string) msg {
	return mf("condition %s is %s in the session but is shown as applied; do not present it as a filter in force.",
		"条件 %s 在会话中是 %s，却被展示为 applied；不要把它说成已生效。", id, status)
}

func unknownCondMsg(id string) msg {
	return mf("condition %q is not in the session's condition graph; show only the session's conditions.",
		"条件 %q 不在会话的条件图中；只能展示会话已有的条件。", id)
}

func condDiffMsg(id, what, want, got string) msg {
	return mf("condition %s has %s %s but the session has %s; show the condition as it is.",
		"条件 %s 的 %s 为 %s，但会话中为 %s；请如实展示。", id, what, quoteShort(got), quoteShort(want))
}

func conditionScopeMsg(text, want, got string) msg {
	return mf("the keyword %s is shown with scope %s but the user's tag matches %s; never rewrite a keyword's match target silently (contract 2.4).",
		"关键词 %s 被展示为匹配 %s，但用户的 tag 匹配 %s；禁止静默改写关键词的匹配目标（contract 2.4）。", quoteShort(text), got, want)
}

func conditionExclusionMsg(text string, excluded bool) msg {
	state := msg{"a positive keyword", "正向关键词"}
	if excluded {
		state = msg{"an excluded keyword", "排除关键词"}
	}
	return msg{
		en: fmt.Sprintf("the keyword %s is shown with the wrong op: the user's tag is %s; keep the user's exclusion setting (contract 2.4).", quoteShort(text), state.en),
		zh: fmt.Sprintf("关键词 %s 的 op 不对：用户的 tag 是%s；请保持用户的排除设置（contract 2.4）。", quoteShort(text), state.zh),
	}
}

func notRepairMsg(id string) msg {
	return mf("repair option %s is not a repair action; a repair option must point to an A_REPAIR_* action.",
		"修正建议 %s 不是修正动作；repair_options 只能指向 A_REPAIR_* 动作。", quoteID(id))
}

func notInRepairSetMsg(id string, r *Rule) msg {
	return mf("%s is not a repair option of %s; use only %s (contract %s).",
		"%s 不是 %s 的修正选项；只能使用 %s（contract %s）。", id, r.ID, strings.Join(r.RepairActions, ", "), r.Section)
}

func (c *checker) notAllowedMsg(id string) msg {
	allowed := strings.Join(c.in.AllowedActions, ", ")
	allowed = cmp.Or(allowed, "(none)")
	return mf("%s is not allowed now; the actions allowed in this state are: %s.",
		"%s 当前不允许；此状态允许的动作为：%s。", id, allowed)
}

func notHintMsg(id string) msg {
	return mf("repair_hint may offer only hint actions (A_HINT_*); %s is not one.",
		"repair_hint 只能提供提示动作（A_HINT_*）；%s 不是。", quoteID(id))
}

func badActionIDMsg(id string) msg {
	return mf("%s is not an action id; use a registered id (A_<FROM>__<EVENT>__<TO>__<INDEX> or a baseline A_REPAIR_*/A_HINT_* id).",
		"%s 不是动作 id；请使用已注册的 id（A_<FROM>__<EVENT>__<TO>__<INDEX> 或基线 A_REPAIR_*/A_HINT_*）。", quoteID(id))
}

func tagDroppedMsg(text string) msg {
	return mf("the keyword tag %s was dropped; keep every explicit keyword tag (seed 000 §6.5, §6.8).",
		"关键词 tag %s 被丢弃；必须保留所有显式关键词 tag（状态机 6.5、6.8）。", quoteShort(text))
}

func tagScopeMsg(text, from, to string) msg {
	return mf("the keyword tag %s changed its match scope from %s to %s without the user; keep the user's scope (contract 2.4, spec 3.4.4).",
		"关键词 tag %s 的匹配目标被从 %s 改为 %s，用户并未操作；请保持用户的设置（contract 2.4、spec 3.4.4）。", quoteShort(text), from, to)
}

func tagExclusionMsg(text string, now bool) msg {
	return mf("the keyword tag %s had its exclusion switched (is_excluded=%t) without the user; keep the user's setting.",
		"关键词 tag %s 的排除设置被改为 is_excluded=%t，用户并未操作；请保持用户的设置。", quoteShort(text), now)
}

func tagTextMsg(from, to string) msg {
	return mf("the keyword tag %s was rewritten to %s; never rewrite the user's explicit keywords (seed 000 §6.5).",
		"关键词 tag %s 被改写为 %s；禁止改写用户的显式关键词（状态机 6.5）。", quoteShort(from), quoteShort(to))
}

func quoteID(id string) string { return fmt.Sprintf("%q", Clip(normalizeText(id), 120)) }
