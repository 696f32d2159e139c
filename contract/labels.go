package contract

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"searchagent/tools/condition"

	"searchagent/tools/platform"
)

// IsZH reports whether a locale asks for Chinese.
func IsZH(locale string) bool {
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(locale)), "zh")
}

// tr is a text in both languages.
type tr struct{ zh, en string }

func (t tr) in(zh bool) string {
	if zh {
		return t.zh
	}
	return t.en
}

// baselineLabels label the seed's baseline actions (seed 000 §8.5).
var baselineLabels = map[string]tr{
	ActionFixURL:                   {"修改链接", "Fix the link"},
	ActionRemoveAnchorKeepKeywords: {"删除链接，保留关键词", "Drop link, keep keywords"},
	ActionSwitchToNL:               {"改用自然语言描述", "Describe in words"},
	ActionHintOpenLowRecall:        {"展开修正", "Open repair"},
	ActionHintDismissLowRecall:     {"继续浏览", "Keep browsing"},
	ActionReplaceAnchor:            {"更换锚点频道", "Replace the anchor"},
	ActionExpandRecallScope:        {"扩大召回范围", "Widen the search"},
}

// eventLabels label registry actions by the event segment of their id
// (A_<FROM>__<EVENT>__<TO>__<INDEX>).
var eventLabels = map[string]tr{
	"INPUT_TYPE":                {"输入", "Type"},
	"INPUT_CLEAR":               {"清空输入", "Clear"},
	"INPUT_COMMIT":              {"确认关键词", "Add keyword"},
	"TAG_EDIT":                  {"编辑关键词", "Edit keyword"},
	"TAG_EDIT_SUBMIT":           {"保存修改", "Save edit"},
	"TAG_EDIT_CANCEL":           {"取消编辑", "Cancel edit"},
	"TAG_DELETE":                {"删除关键词", "Delete keyword"},
	"TAG_MENU_OPEN":             {"匹配目标", "Match target"},
	"TAG_MENU_CLOSE":            {"收起菜单", "Close menu"},
	"TAG_SET_SCOPE":             {"切换匹配目标", "Set match target"},
	"TAG_TOGGLE_EXCLUDE":        {"排除关键词", "Exclude keyword"},
	"ANCHOR_DELETE":             {"删除锚点", "Remove anchor"},
	"SEARCH_SUBMIT":             {"搜索", "Search"},
	"AGENT_UPGRADE":             {"转为智能搜索", "Smart search"},
	"FOLLOWUP_TYPE":             {"补充要求", "Add detail"},
	"FOLLOWUP_CLEAR":            {"清空补充", "Clear detail"},
	"FOLLOWUP_SUBMIT":           {"提交补充", "Apply detail"},
	"CLARIFY_ANSWER":            {"回答", "Answer"},
	"AGENT_FALLBACK_TO_CLASSIC": {"回到经典搜索", "Classic search"},
	"CONDITION_EDIT":            {"修改条件", "Edit condition"},
	"CONDITION_REMOVE":          {"删除条件", "Remove condition"},
	"FILTER_SET":                {"设置筛选", "Set filter"},
	"FILTER_CLEAR":              {"清除筛选", "Clear filter"},
	"RESULTS_SORT":              {"排序", "Sort"},
	"RESULTS_PAGE":              {"翻页", "More results"},
	"SESSION_RESET":             {"新建搜索", "New search"},
}

// ActionLabel returns the default label of an action id: the seed's
// baseline ids by name, registry ids by their event segment, anything else
// by its id turned into words.
func ActionLabel(id, locale string) string {
	zh := IsZH(locale)
	if t, ok := baselineLabels[id]; ok {
		return t.in(zh)
	}
	event := ""
	if parts := strings.Split(id, "__"); len(parts) >= 3 {
		event = parts[1]
	}
	if t, ok := eventLabels[event]; ok {
		return t.in(zh)
	}
	words := strings.TrimPrefix(id, "A_")
	if event != "" {
		words = event
	}
	words = strings.ToLower(strings.Join(strings.FieldsFunc(words, func(r rune) bool { return r == '_' }), " "))
	if words == "" {
		return id
	}
	return strings.ToUpper(words[:1]) + words[1:]
}

// ScopeLabel returns the display name of a match scope.
func ScopeLabel(s Scope, locale string) string { return s.Label(locale) }

func fieldName(field string, zh bool) string {
	if zh {
		return condition.Field(field).Label("zh")
	}
	return condition.Field(field).Label("en")
}

// PlatformName returns a platform's display name ("" when unknown and not
// clean).
func PlatformName(p string) string {
	if pl, err := platform.Parse(p); err == nil {
		return pl.Label("")
	}
	d := Clip(DisplayText(p), 16)
	if !CleanText(d) {
		return ""
	}
	return d
}

// humanNumber renders a count the way each language reads it: 15000 is
// "1.5万" and "15k".
func humanNumber(f float64, zh bool) string {
	trim := func(x float64) string { return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64) }
	a := math.Abs(f)
	switch {
	case zh && a >= 1e8:
		return trim(f/1e8) + "亿"
	case zh && a >= 1e4:
		return trim(f/1e4) + "万"
	case !zh && a >= 1e6:
		return trim(f/1e6) + "M"
	case !zh && a >= 1e3:
		return trim(f/1e3) + "k"
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// valueText renders a condition value for a label.
func valueText(v any, zh bool) string {
	switch x := JSONValue(v).(type) {
	case nil:
		return ""
	case string:
		return DisplayText(x)
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return humanNumber(f, zh)
		}
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			if s := valueText(e, zh); s != "" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, " / ")
	case map[string]any:
		lo, hi := valueText(x["min"], zh), valueText(x["max"], zh)
		switch {
		case lo != "" && hi != "":
			return lo + "–" + hi
		case lo != "":
			return "≥ " + lo
		case hi != "":
			return "≤ " + hi
		}
	}
	return ""
}

// ConditionLabel returns the chip label of a condition: its own label when
// set, else one made from its field, operator and value.
func ConditionLabel(c Condition, locale string) string {
	if l := DisplayText(c.Label); l != "" {
		return l
	}
	zh := IsZH(locale)
	val := Clip(valueText(c.Value, zh), 36)
	name := Clip(fieldName(c.Field, zh), 16)
	colon := ": "
	if zh {
		colon = "："
	}
	if c.Kind == condition.KindKeyword {
		q := Quote(val, zh)
		scope := ScopeLabel(Scope(c.Field), locale)
		if c.Op == condition.OpNotContains {
			return tr{"排除" + q + " · " + scope, "Exclude " + q + " · " + scope}.in(zh)
		}
		return q + " · " + scope
	}
	if c.Kind == condition.KindAnchor {
		name = fieldName("anchor", zh)
	}
	switch c.Op {
	case condition.OpEq, condition.OpIn:
		return name + colon + val
	case condition.OpNeq:
		return name + " ≠ " + val
	case condition.OpNotIn:
		return tr{"排除" + name + "：" + val, name + ": not " + val}.in(zh)
	case condition.OpGte:
		return name + " ≥ " + val
	case condition.OpLte:
		return name + " ≤ " + val
	case condition.OpBetween:
		return name + " " + val
	case condition.OpWithinDays:
		return tr{name + "：近 " + val + " 天", name + ": last " + val + " days"}.in(zh)
	case condition.OpPrefer:
		return tr{"偏好：" + val, "Prefer: " + val}.in(zh)
	case condition.OpAvoid:
		return tr{"避免：" + val, "Avoid: " + val}.in(zh)
	case condition.OpContains:
		return name + colon + val
	case condition.OpNotContains:
		return tr{"排除" + name + "：" + val, name + ": not " + val}.in(zh)
	}
	return fmt.Sprintf("%s %s %s", name, c.Op, val)
}

// Quote wraps a user string in the locale's quotes.
func Quote(s string, zh bool) string {
	if zh {
		return "「" + s + "」"
	}
	return "“" + s + "”"
}
