package agent

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"searchagent/agent/fsm"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/condition"
	"searchagent/tools/fields"
	"searchagent/tools/states"
)

// Offer is one button of the search box: the registry row its click
// fires now, its label, and the arguments that name the thing it acts on
// (a tag, a condition, an option, a filter), if any.
type Offer struct {
	Action *fsm.Action
	Label  string
	Args   api.Args
}

// target is one thing a button acts on.
type target struct {
	args api.Args
	name string
	// label, when set, replaces the handler's label for this target.
	label *text
	// fixed, when set, is the button's whole label, already in the
	// session's locale.
	fixed string
}

// offers is the one rule for what the box offers now (seed 000 §8.4,
// contract §3.2): the registry's offered rows (fsm.Registry.Offers: guards
// evaluated on the current context and a plausible click), one button
// per row and per existing thing it acts on. The snapshot's actions, the
// slots' actions and repair options, the contract check and a 409's
// allowed lists are all projections of it.
func (a *Agent) offers(s *Session) []Offer {
	acts := a.reg.Offers(s.State, s.facts())
	// One button per row, more where a row acts on several things (tags,
	// conditions): sized for that, growing the 200-byte Offers one by one
	// was a tenth of a turn's allocated bytes.
	out := make([]Offer, 0, len(acts)+len(s.Tags)+len(s.Conds))
	zh := s.zh()
	for _, act := range acts {
		h := handlerFor(act.Event)
		if h.targets == nil {
			l := h.label
			if h.labelFor != nil {
				l = h.labelFor(s)
			}
			out = append(out, Offer{Action: act, Label: l.in(zh)})
			continue
		}
		for _, tg := range h.targets(s) {
			if tg.fixed != "" {
				out = append(out, Offer{Action: act, Label: tg.fixed, Args: tg.args})
				continue
			}
			l := h.label
			if tg.label != nil {
				l = *tg.label
			}
			out = append(out, Offer{Action: act, Label: fmt.Sprintf(l.in(zh), clip(tg.name, 16)), Args: tg.args})
		}
	}
	if len(out) == 0 {
		return nil // as before the sizing: no offers is nil
	}
	return out
}

// apiActions is the snapshot's actions[]: every button.
func apiActions(offers []Offer) []api.AllowedAction {
	out := make([]api.AllowedAction, 0, len(offers))
	for _, o := range offers {
		aa := api.AllowedAction{ActionID: o.Action.ID, Event: string(o.Action.Event), Label: o.Label}
		if o.Args.TagID != "" || o.Args.ConditionID != "" || o.Args.OptionID != "" || o.Args.Field != "" || o.Args.Scope != "" || len(o.Args.Value) > 0 || o.Args.Text != "" {
			args := o.Args
			aa.Args = &args
		}
		out = append(out, aa)
	}
	return out
}

// contractActions is the slots' view: one entry per action id (the
// contract lists an action once); an action offered on several things
// takes its event's group label.
func contractActions(s *Session, offers []Offer) []contract.Action {
	var out []contract.Action
	for _, o := range offers {
		i := slices.IndexFunc(out, func(a contract.Action) bool { return a.ActionID == o.Action.ID })
		if i < 0 {
			out = append(out, contract.Action{ActionID: o.Action.ID, Label: o.Label})
			continue
		}
		out[i].Label = handlerFor(o.Action.Event).group.in(s.zh())
	}
	return out
}

// allowedIDs lists the distinct events and action ids offered.
func allowedIDs(offers []Offer) (events, actions []string) {
	events, actions = []string{}, []string{}
	for _, o := range offers {
		if e := string(o.Action.Event); !slices.Contains(events, e) {
			events = append(events, e)
		}
		if !slices.Contains(actions, o.Action.ID) {
			actions = append(actions, o.Action.ID)
		}
	}
	return events, actions
}

// switchToNLTargets: after a refusal whose guard family has a safe
// alternative search (seed 002 §6.3), a button that runs it as the new
// description; always the plain button that takes what the user types.
func switchToNLTargets(s *Session) []target {
	plain := target{fixed: pick(s.zh(), "改用自然语言描述", "Describe it in words")}
	if s.State.Session != states.Unsupported || s.Alternative == "" {
		return []target{plain}
	}
	alt := target{args: api.Args{Text: s.Alternative}, fixed: pick(s.zh(), "改为搜索："+clip(s.Alternative, 20), "Search instead: "+clip(s.Alternative, 40))}
	return []target{alt, plain}
}

// tagTargets: every keyword tag.
func tagTargets(s *Session) []target {
	var out []target
	for _, tg := range s.Tags {
		out = append(out, target{args: api.Args{TagID: tg.ID}, name: tg.Text})
	}
	return out
}

// excludeTargets: every tag, with the label of what the toggle does.
func excludeTargets(s *Session) []target {
	out := tagTargets(s)
	for i, tg := range s.Tags {
		if tg.Excluded {
			out[i].label = &text{"取消排除「%s」", "Include “%s” again"}
		} else {
			out[i].label = &text{"排除「%s」", "Exclude “%s”"}
		}
	}
	return out
}

// activeTagTarget: the tag being edited, saved with its current text.
func activeTagTarget(s *Session) []target {
	if _, tg := s.tag(s.ActiveTagID); tg != nil {
		return []target{{args: api.Args{TagID: tg.ID, Text: tg.Text}, name: tg.Text}}
	}
	return nil
}

// anchorTarget: the pinned anchor.
func anchorTarget(s *Session) []target {
	a := s.Anchor
	if !a.Resolved() {
		return nil
	}
	name := a.Name
	if a.Handle != "" {
		name = "@" + a.Handle
	}
	return []target{{name: name}}
}

// optionTargets: every option of the open question.
func optionTargets(s *Session) []target {
	if s.Question == nil {
		return nil
	}
	var out []target
	for _, o := range s.Question.Options {
		out = append(out, target{args: api.Args{OptionID: o.ID}, name: pick(s.zh(), o.LabelZH, o.LabelEN)})
	}
	return out
}

// condTargets: every hard, soft and derived node (tags have their own
// buttons, the anchor its repair actions).
func condTargets(s *Session) []target {
	var out []target
	for _, c := range s.chips() {
		if c.Kind == condition.KindAnchor || c.Kind == condition.KindKeyword {
			continue
		}
		out = append(out, target{args: api.Args{ConditionID: c.ID}, name: c.Label})
	}
	return out
}

// editTargets: every node condition.edit changes (condTargets), every
// ranking term, whose chip's button makes it a filter (issue 26), and
// each chip's status turn (issue 31 item 1): a filter kept for reference
// only, a hard or derived reference made a filter.
func editTargets(s *Session) []target {
	out := condTargets(s)
	makeFilter := &text{"设为筛选「%s」", "Make “%s” a filter"}
	referenceOnly := &text{"仅作参考「%s」", "Use “%s” as a reference only"}
	for _, tg := range s.Tags {
		switch {
		case tg.Ranks():
			out = append(out, target{args: api.Args{ConditionID: tg.ID}, name: tg.Text, label: makeFilter})
		case !tg.Excluded:
			out = append(out, target{args: api.Args{ConditionID: tg.ID, Status: string(condition.StatusReference)}, name: tg.Text, label: referenceOnly})
		}
	}
	for _, c := range s.chips() {
		if c.Kind != condition.KindHard && c.Kind != condition.KindDerived || c.Field == "platform" {
			continue // the platform is the session's scope, not a chip to rank by
		}
		switch c.Status {
		case condition.StatusApplied:
			out = append(out, target{args: api.Args{ConditionID: c.ID, Status: string(condition.StatusReference)}, name: c.Label, label: referenceOnly})
		case condition.StatusReference:
			out = append(out, target{args: api.Args{ConditionID: c.ID, Status: string(condition.StatusApplied)}, name: c.Label, label: makeFilter})
		}
	}
	return out
}

// filterTargets: every filter field the graph holds a node of.
func filterTargets(s *Session) []target {
	var out []target
	for _, ff := range fields.Registry {
		if slices.ContainsFunc(s.Conds, func(c Cond) bool { return c.Field == string(ff.Name) }) {
			out = append(out, target{args: api.Args{Field: string(ff.Name)}, name: ff.Label(s.Locale)})
		}
	}
	return out
}

// removeAnchorLabel says what dropping the link or anchor keeps.
func removeAnchorLabel(s *Session) text {
	link := s.RepairReason.IsURL()
	conds := slices.ContainsFunc(s.Conds, func(c Cond) bool { return c.Status == condition.StatusApplied && c.Kind != condition.KindSoft })
	switch {
	case conds && link:
		return text{"删除链接，按其余条件搜", "Drop the link, keep the rest"}
	case conds:
		return text{"删除锚点，按其余条件搜", "Drop the anchor, keep the rest"}
	case len(s.Tags) > 0 && link:
		return text{"删除链接，按关键词搜", "Drop the link, keep keywords"}
	case len(s.Tags) > 0:
		return text{"删除锚点，按关键词搜", "Drop the anchor, keep keywords"}
	case link:
		return text{"删除链接", "Remove the link"}
	}
	return text{"删除锚点，回到经典输入", "Drop the anchor, back to classic"}
}

// refusal turns a registry refusal into the 409 error: the condition that
// failed, in words, and what is offered now.
func (t *turn) refusal(err error, f fsm.Facts) error {
	var na *fsm.NotAllowedError
	if !errors.As(err, &na) {
		return newError(ErrInternal, "internal", both("无法处理这个操作，请稍后重试", "could not resolve the event"), nil, err)
	}
	r := Refusal{Event: string(na.Event), State: na.State.String(), FailedGuards: na.Refused}
	r.AllowedEvents, r.AllowedActions = allowedIDs(t.a.offers(t.s))
	reason := text{refusalReason(true, na, f), refusalReason(false, na, f)}
	r.Reason = reason.in(t.s.zh())
	return newError(ErrNotAllowed, "not_allowed", reason, r, nil)
}

// refusalReason names the condition that failed, from the facts the
// guards read.
func refusalReason(zh bool, na *fsm.NotAllowedError, f fsm.Facts) string {
	if len(na.Refused) == 0 {
		return pick(zh, "当前状态下不能执行该操作", "this action is not possible now")
	}
	switch na.Event {
	case fsm.SearchSubmit, fsm.InputCommit:
		switch k := fsm.ClassifySubmit(f); {
		case k == fsm.SubmitNothing:
			return pick(zh, "没有可搜索的内容：请先输入关键词、链接或一句描述", "nothing to search: type a keyword, a link or a sentence first")
		case k == fsm.SubmitSecondAnchor:
			return pick(zh, "已有一个锚点：请先替换或删除现有锚点", "an anchor is already set: replace or delete it first")
		case na.Event == fsm.InputCommit && (f.Draft == fsm.ShapeNatural || f.Draft == fsm.ShapeMixed):
			return pick(zh, "这段输入是一句描述，不是关键词：请点「搜索」按智能搜索处理", "this is a sentence, not a keyword: use Search to run it as a smart search")
		}
	case fsm.FallbackToClassic:
		return pick(zh, "还不能回到经典搜索：需无未完成追问、无修正中卡点，且只剩关键词和/或单一锚点", "cannot go back to classic search yet: no open question, no repair, and only keyword tags and/or one anchor may remain")
	case fsm.RepairFixURL:
		if !f.RepairReason.IsURL() {
			return pick(zh, "当前没有识别失败的链接可修改", "there is no failed link to fix")
		}
		return pick(zh, "请给出修改后的链接（url）", "give the corrected link (url)")
	case fsm.RepairReplaceAnchor:
		if !f.HasText {
			return pick(zh, "请给出新的锚点链接（url）", "give the new anchor link (url)")
		}
		return pick(zh, "只有低召回或锚点无结果时才能更换锚点", "the anchor can be replaced only after low recall or no results around it")
	case fsm.HintOpenRepairLowRecall, fsm.HintDismissLowRecall:
		return pick(zh, "当前没有低召回提示", "there is no low-recall hint now")
	case fsm.ClarifyAnswer:
		return pick(zh, "当前没有待回答的问题", "there is no open question to answer")
	}
	var zhs, ens []string
	for _, a := range fsmRows(na) {
		if a.Guard == nil || slices.Contains(ens, a.Guard.Doc) {
			continue
		}
		ens = append(ens, a.Guard.Doc)
		z, ok := guardZH[a.Guard.Name]
		if !ok {
			z = a.Guard.Doc
		}
		zhs = append(zhs, z)
	}
	return pick(zh, "现在不能执行：需要满足其一——"+strings.Join(zhs, "；"), "not possible now: none of these holds: "+strings.Join(ens, "; "))
}

// guardZH says each user-facing guard in Chinese (its Doc says it in
// English) for 409 messages.
var guardZH = map[string]string{
	"has_text":                             "需要输入文字",
	"no_tags_no_anchor":                    "输入框里没有其他内容",
	"has_tags":                             "至少有一个关键词 tag",
	"anchor_no_tags":                       "有锚点且没有关键词 tag",
	"edit_text_not_empty":                  "编辑后的关键词不为空",
	"edit_cleared_others_remain":           "清空并确认删除，且还有其他 tag",
	"edit_cleared_last_tag_anchor_remains": "清空最后一个 tag，锚点保留",
	"edit_cleared_last_tag":                "清空最后一个 tag，输入框变空",
	"other_tags_remain":                    "删除后还有其他 tag",
	"last_tag_anchor_remains":              "删除最后一个 tag，锚点保留",
	"last_tag":                             "删除最后一个 tag，输入框变空",
	"anchor_delete_leaves_nothing":         "删除锚点后没有 tag 和草稿",
	"anchor_delete_leaves_draft":           "删除锚点后保留草稿",
	"anchor_delete_leaves_tags":            "删除锚点后保留关键词 tag",
	"tag_menu_open":                        "某个 tag 的匹配目标菜单已打开",
	"low_recall_hint_visible":              "正显示低召回提示",
	"url_failed":                           "链接识别失败（无效、平台不匹配或不支持）",
	"anchor_repairable":                    "低召回，或锚点周围无结果",
	"recall_expandable":                    "低召回，或无结果且有能找到结果的放宽建议",
	"anchor_removable_tags_remain":         "有锚点或失败的链接可删除，且保留关键词",
	"anchor_removable_no_tags":             "只有锚点：删除后回到经典输入",
	"anchor_removable_conditions_remain":   "有锚点或失败的链接可删除，且保留其余条件",
	"no_text":                              "还没有给出描述",
	"fallback_conditions_hold_tags":        "无未完成追问、无修正，只剩显式关键词",
	"fallback_conditions_hold_anchor":      "无未完成追问、无修正，只剩单一锚点",
	"router_refused":                       "补充无法执行",
	"router_accepted":                      "补充已被解析为指令",
	"no_tags":                              "没有关键词 tag",
	"question_open":                        "有待回答的追问",
	"url_failed_and_new_url":               "链接识别失败，且给出了新链接",
	"anchor_repairable_and_new_url":        "低召回（或锚点无结果），且给出了新链接",
	"draft_is_keyword":                     "草稿是一个关键词",
	"classic_last_tag":                     "删除经典搜索的最后一个关键词，输入框变空",
}

// fsmRows lists the rows of the refused event that start in its state.
func fsmRows(na *fsm.NotAllowedError) []*fsm.Action {
	var out []*fsm.Action
	for _, a := range fsm.Default().Actions() {
		if a.Event == na.Event && a.From.Matches(na.State) {
			out = append(out, a)
		}
	}
	return out
}
