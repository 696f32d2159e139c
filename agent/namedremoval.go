package agent

import (
	"regexp"
	"slices"
	"strings"

	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/fields"
	"searchagent/tools/textnorm"
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

// looseRemoveVerb lets go of the one field it is said of, in everyday
// words the router's removal specs do not hold: "never mind the date
// filter", "forget the window", 粉丝数随便, 时间那个不要了, and written
// Cantonese 唔使理 (folded to 不用理).
var looseRemoveVerb = regexp.MustCompile(`(?i)\b(?:never\s*mind|forget(?:\s+about)?|ditch|drop|scrap|lose|remove|get rid of|no need for|(?:i\s+)?don'?t care about)\b|不用理|不要理|别理|不理|不用管|别管|不管|随便|无所谓|都行|不要了|去掉|拿掉`)

// everydayFieldNames are the everyday names of a field's condition that
// the registry's aliases and cues do not hold: "the window", "the date
// filter", 时间 (the activity window), "the size limit".
var everydayFieldNames = map[string][]string{
	string(condition.LastActive): {"window", "time window", "timeframe", "time frame", "date", "dates", "date filter", "date range", "time filter", "time limit", "时间", "日期", "时间窗", "时间范围"},
	string(condition.Followers):  {"size limit", "size filter", "follower range", "粉丝范围"},
}

// namedFields are the fields text names: keptFields, and the everyday
// names of everydayFieldNames said as words.
func namedFields(text string) []string {
	named := keptFields(text)
	low := strings.ToLower(text)
	for _, f := range fields.Registry {
		name := string(f.Name)
		if slices.Contains(named, name) {
			continue
		}
		for _, w := range everydayFieldNames[name] {
			if i := strings.Index(low, w); i >= 0 && (w[0] >= 0x80 || (i == 0 || !isWordByte(low[i-1])) && (i+len(w) == len(low) || !isWordByte(low[i+len(w)]))) {
				named = append(named, name)
				break
			}
		}
	}
	return named
}

// countedFrame is a clause that only counts the conditions named beside
// it ("both of them", "all three", 这两个): frame, never a result count.
var countedFrame = regexp.MustCompile(`(?i)^(?:please\s+)?(?:both(?:\s+of\s+(?:them|those|these))?|all\s+(?:two|three|four|of\s+them)|the\s+(?:two|three)(?:\s+of\s+them)?|(?:这|那)?(?:两|俩|三|几)个?(?:条件|筛选)?(?:都|全)?)(?:\s+please)?$`)

// namedRemoval reads text as the removal of the fields it names. ok is
// false when text says something else (a value, a keep-only, no field,
// one field without a reset verb: the router reads those).
func (t *turn) namedRemoval(text string) (cmds []router.Command, ok bool) {
	if _, _, retracted := retractInMessage(text); retracted {
		return nil, false // "drop the minimum — actually keep it": retract.go reads it
	}
	var parts []string
	for _, cl := range splitKeep(text) {
		folded, _ := textnorm.CantoneseFold(strings.TrimSpace(strings.Trim(cl, " .!！?？~")))
		c := foldEdit(textnorm.Simplify(folded))
		if c == "" || keepRestCue.MatchString(c) {
			continue // "keep the rest", 其他不变: the frame beside it
		}
		if countedFrame.MatchString(c) {
			continue // "both of them", 这两个: counts the conditions named
		}
		if !removeFieldsVerb.MatchString(c) && !looseRemoveVerb.MatchString(c) && len(namedFields(c)) == 0 {
			return nil, false // a clause that says something else
		}
		parts = append(parts, c)
	}
	body := strings.Join(parts, "，")
	if body == "" || namedRemovalBlock.MatchString(body) || !removeFieldsVerb.MatchString(body) && !looseRemoveVerb.MatchString(body) {
		return nil, false
	}
	named := slices.DeleteFunc(namedFields(body), func(f string) bool { return f == "keyword" || f == "platform" })
	if len(named) == 0 || len(named) == 1 && !resetFieldVerb.MatchString(body) && !looseRemoveVerb.MatchString(body) {
		return nil, false
	}
	if !removeFieldsVerb.MatchString(body) && len(named) > 1 {
		return nil, false // "粉丝随便，国家也行": a loose word says one field at a time
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
