package agent

import (
	"fmt"

	"searchagent/tools/condition"
)

// A chip's status changed without its value (condition.edit with
// args.status, issue 31 item 1): "applied" makes a reference chip a
// filter, "reference" keeps a filter only for ranking and display
// (spec 3.7.5: a reference never filters). Keyword chips are tags:
// a reference tag is a ranking term (Tag.Ranks).

// chipStatuses are the statuses args.status may set.
var chipStatuses = []string{string(condition.StatusApplied), string(condition.StatusReference)}

// checkStatusEdit refuses a status edit that names no chip, an unknown
// status, a value beside it, or a change the chip cannot take.
func (t *turn) checkStatusEdit() error {
	a := t.args
	want := condition.Status(a.Status)
	if want != condition.StatusApplied && want != condition.StatusReference {
		return badRequest("bad_value", both("status 必须是 applied（设为筛选）或 reference（仅作参考）", "status must be applied (make it a filter) or reference (keep it for reference only)"),
			map[string]any{"arg": "status", "status": a.Status, "allowed": chipStatuses})
	}
	if len(a.Value) > 0 {
		return badRequest("bad_value", both("改状态时不带 value：只改状态，或只改值", "give a status or a value, not both"), map[string]any{"arg": "value"})
	}
	if _, tg := t.s.tag(a.ConditionID); tg != nil {
		if tg.Excluded {
			return badRequest("bad_value", both(fmt.Sprintf("「%s」是排除词，不能作参考", tg.Text), fmt.Sprintf("“%s” is an exclusion: it cannot be a reference", tg.Text)),
				map[string]any{"arg": "status", "condition_id": a.ConditionID})
		}
		if tg.Ranks() == (want == condition.StatusReference) {
			return alreadyStatus(tg.Text, tg.Text, want, a.ConditionID)
		}
		return nil
	}
	_, c := t.s.cond(a.ConditionID)
	if c == nil {
		return badRequest("unknown_condition", both("没有这个条件", "no condition with this id"), map[string]any{"condition_id": a.ConditionID})
	}
	zh, en := t.s.chipLabel(c.ID), t.s.chipLabel(c.ID)
	switch {
	case c.Kind == condition.KindSoft && want == condition.StatusApplied:
		return badRequest("bad_value", both(fmt.Sprintf("「%s」是偏好，只参与排序，不能设为筛选", zh), fmt.Sprintf("“%s” is a preference: it only ranks and cannot be a filter", en)),
			map[string]any{"arg": "status", "condition_id": a.ConditionID})
	case c.Field == "platform" || c.Kind != condition.KindHard && c.Kind != condition.KindDerived && c.Kind != condition.KindSoft:
		return badRequest("bad_value", both(fmt.Sprintf("「%s」的状态不能这样修改", zh), fmt.Sprintf("the status of “%s” cannot be changed this way", en)),
			map[string]any{"arg": "status", "condition_id": a.ConditionID})
	case c.Status == want:
		return alreadyStatus(zh, en, want, a.ConditionID)
	}
	return nil
}

// alreadyStatus is the 400 of a status edit that changes nothing.
func alreadyStatus(zh, en string, s condition.Status, id string) error {
	msg := both(fmt.Sprintf("「%s」已经是筛选条件", zh), fmt.Sprintf("“%s” is already a filter", en))
	if s == condition.StatusReference {
		msg = both(fmt.Sprintf("「%s」已经仅作参考", zh), fmt.Sprintf("“%s” is already a reference only", en))
	}
	return badRequest("bad_value", msg, map[string]any{"arg": "status", "condition_id": id, "status": string(s)})
}

// applyStatusEdit sets the status checkStatusEdit allowed; the chip is
// the user's now (source manual).
func (t *turn) applyStatusEdit() {
	want := condition.Status(t.args.Status)
	if _, tg := t.s.tag(t.args.ConditionID); tg != nil {
		tg.Status, tg.Source = "", condition.SourceManual
		if want == condition.StatusReference {
			tg.Status = condition.StatusReference
		}
		return
	}
	_, c := t.s.cond(t.args.ConditionID)
	c.Status, c.Source = want, condition.SourceManual
}

// chipLabel is the label chip id shows in the session's language.
func (s *Session) chipLabel(id string) string {
	for _, c := range s.chips() {
		if c.ID == id {
			return c.Label
		}
	}
	return id
}
