package agent

import (
	"regexp"
	"slices"
	"strings"

	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
)

// Named removals (audit 37, T2 and T3): a follow-up that takes away the
// conditions of the fields it names and says no value of them — "reset
// the follower range and keep the rest", 粉丝范围重置一下, "drop the
// language and the activity filters", 国家和类型都不要了. Each named field
// the session holds goes, the rest stays: a reset said of a field is
// never the reset of the whole search, and "两个"/"both" counts the
// conditions named, never the results.

// resetFieldVerb resets or clears what it is said of: with one field
// named it removes that field's condition.
var resetFieldVerb = regexp.MustCompile(`(?i)\b(?:reset|clear|wipe)\b|重置|清空|清除|清掉|复位`)

// removeFieldsVerb removes what it is said of: with two or more fields
// named, every one of them goes.
var removeFieldsVerb = regexp.MustCompile(`(?i)\b(?:reset|clear|wipe|drop|remove|undo|scrap|lose|ditch|delete|cancel|get rid of|forget|lift|take off|take away)\b|重置|清空|清除|清掉|去掉|删掉|删除|删了|不要了|都不要|不用了|取消|拿掉|移除|撤销|撤掉|去了`)

// namedRemovalBlock are the words that make the clause something else:
// an exclusion taken away, a keep-only, a start over, a value said.
var namedRemovalBlock = regexp.MustCompile(`(?i)\b(?:except|but keep|only|just keep|exclusions?|excluded|every|everything|all\s+(?:the\s+)?(?:filters|conditions)|apart from|other than|besides|save|rest|others|instead|start\s+over)\b|排除|除了|只保留|只留|其他|其余|别的|全部|所有|重新|改成|换成|按`)

// countedFrame is a clause that only counts the conditions named beside
// it ("both of them", "all three", 这两个): frame, never a result count.
var countedFrame = regexp.MustCompile(`(?i)^(?:please\s+)?(?:both(?:\s+of\s+(?:them|those|these))?|all\s+(?:two|three|four|of\s+them)|the\s+(?:two|three)(?:\s+of\s+them)?|(?:这|那)?(?:两|俩|三|几)个?(?:条件|筛选)?(?:都|全)?)(?:\s+please)?$`)

// namedRemoval reads text as the removal of the fields it names. ok is
// false when text says something else (a value, a keep-only, no field,
// one field without a reset verb: the router reads those).
func (t *turn) namedRemoval(text string) (cmds []router.Command, ok bool) {
	var parts []string
	for _, cl := range splitKeep(text) {
		c := foldEdit(strings.TrimSpace(strings.Trim(cl, " .!！?？~")))
		if c == "" || keepRestCue.MatchString(c) {
			continue // "keep the rest", 其他不变: the frame beside it
		}
		if countedFrame.MatchString(c) {
			continue // "both of them", 这两个: counts the conditions named
		}
		if !removeFieldsVerb.MatchString(c) && len(keptFields(c)) == 0 {
			return nil, false // a clause that says something else
		}
		parts = append(parts, c)
	}
	body := strings.Join(parts, "，")
	if body == "" || namedRemovalBlock.MatchString(body) || !removeFieldsVerb.MatchString(body) {
		return nil, false
	}
	named := slices.DeleteFunc(keptFields(body), func(f string) bool { return f == "keyword" || f == "platform" })
	if len(named) == 0 || len(named) == 1 && !resetFieldVerb.MatchString(body) {
		return nil, false
	}
	if rd, err := t.read(body); err != nil || rd.Sort != nil || rd.Unsorted != nil || slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool { return c.Kind != condition.KindKeyword }) {
		// a value is said: a filter, not a removal (the words left over
		// are the request's, never a search term)
		return nil, false
	}
	for _, f := range named {
		var ids []string
		for _, c := range t.s.chips() {
			if c.Field == f && c.Kind != condition.KindKeyword && c.Kind != condition.KindAnchor {
				ids = append(ids, c.ID)
			}
		}
		if len(ids) > 0 {
			cmds = append(cmds, router.Command{Name: "remove_filter", Args: router.Args{"field": f, "condition_ids": ids}})
		}
	}
	return cmds, len(cmds) > 0
}
