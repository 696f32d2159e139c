package contract

import (
	"encoding/json"
	"slices"
	"strings"
)

// checkTypedStructure stands in for the schema on the typed path
// (Validator.Validate). Typed slots cannot break the schema's types or add
// fields; what they can break is checked here, with the schema's keyword
// locations: a forbidden or missing slot, an enum value, the shape of a
// condition value, a nil list inside a slot. Bounds are checked by the Go
// checks on both paths. TestTypedPathMatchesSchema holds the two paths to
// the same violations.
func (c *checker) checkTypedStructure(id SchemaID) {
	kw := func(path ...string) string { return id.File() + "#/properties/" + strings.Join(path, "/") }
	for _, name := range SlotNames {
		val := c.slot(name)
		switch p := c.rule.Presence(name); {
		case p == Forbidden && val != nil:
			c.addKw(ForbiddenSlot, ptr(name), kw(name, "type"), c.forbiddenMsg(name))
		case p == Required && val == nil:
			c.addKw(MissingSlot, ptr(name), kw(name, "type"), c.missingMsg(name))
		}
	}
	enum := func(loc string, got string, allowed []string, path ...string) {
		if !slices.Contains(allowed, got) {
			c.addKw(InvalidSlot, loc, kw(path...), mf("%s is %q; want one of %s.", "%s 为 %q；应为 %s 之一。", slotName(loc), got, strings.Join(allowed, ", ")))
		}
	}
	if st, ok := c.get(SlotStatus).(map[string]any); ok {
		tone, _ := st["tone"].(string)
		if !c.rule.InProgress && tone == string(ToneProgress) {
			c.addKw(FakeLoading, "/status/tone", kw("status", "properties", "tone", "enum"), c.progressToneMsg())
		} else {
			enum("/status/tone", tone, toneNames, "status", "properties", "tone", "enum")
		}
		if loading, _ := st["loading"].(bool); loading && !c.rule.InProgress {
			c.addKw(FakeLoading, "/status/loading", kw("status", "properties", "loading", "enum"), c.loadingFlagMsg())
		}
	}
	if arr, ok := c.get(SlotConditions).([]any); ok {
		for i, item := range arr {
			m, _ := item.(map[string]any)
			for _, f := range condEnums {
				if got, _ := m[f.field].(string); !slices.Contains(f.allowed, got) {
					enum(ptr(SlotConditions, i, f.field), got, f.allowed, "conditions", "items", "properties", f.field, "enum")
				}
			}
			if !validValue(m["value"]) {
				loc := ptr(SlotConditions, i, "value")
				c.addKw(InvalidSlot, loc, kw("conditions", "items", "properties", "value", "anyOf"),
					mf("%s must be a string, a number, a list of strings or {\"min\", \"max\"}.", "%s 必须是字符串、数字、字符串列表或 {\"min\", \"max\"}。", slotName(loc)))
			}
		}
	}
	if q, ok := c.get(SlotQuestion).(map[string]any); ok && q["options"] == nil {
		c.addKw(InvalidSlot, "/question/options", kw("question", "properties", "options", "type"), mf("question.options is null; give 2-4 options.", "question.options 为 null；请给出 2-4 个选项。"))
	}
	if h, ok := c.get(SlotRepairHint).(map[string]any); ok && h["action_ids"] == nil {
		c.addKw(InvalidSlot, "/repair_hint/action_ids", kw("repair_hint", "properties", "action_ids", "type"), mf("repair_hint.action_ids is null; list the hint's actions.", "repair_hint.action_ids 为 null；请列出提示的动作。"))
	}
	if arr, ok := c.get(SlotRepairOptions).([]any); ok && c.rule.RepairActions != nil {
		for i, item := range arr {
			m, _ := item.(map[string]any)
			if id, _ := m["action_id"].(string); !slices.Contains(c.rule.RepairActions, id) {
				loc := ptr(SlotRepairOptions, i, "action_id")
				c.addKw(ActionNotAllowed, loc, kw("repair_options", "items", "properties", "action_id", "enum"), notInRepairSetMsg(id, c.rule))
			}
		}
	}
}

var (
	toneNames = toStrings(Tones)
	condEnums = []struct {
		field   string
		allowed []string
	}{{"kind", toStrings(Kinds)}, {"op", toStrings(Ops)}, {"source", toStrings(Sources)}, {"status", toStrings(CondStatuses)}}
)

func toStrings[T ~string](vals []T) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = string(v)
	}
	return out
}

// validValue reports a condition value of the schema's shape: a string, a
// number, a list of strings, or {"min", "max"} with numbers or nulls.
func validValue(v any) bool {
	switch x := v.(type) {
	case string, json.Number:
		return true
	case []any:
		for _, e := range x {
			if _, ok := e.(string); !ok {
				return false
			}
		}
		return true
	case map[string]any:
		if len(x) != 2 {
			return false
		}
		for _, k := range []string{"min", "max"} {
			e, ok := x[k]
			if !ok {
				return false
			}
			if _, num := e.(json.Number); e != nil && !num {
				return false
			}
		}
		return true
	}
	return false
}
