package fsm

import "slices"

// Event is what happened: a user event sent by the client (the closed
// vocabulary of DESIGN.md) or a system event raised by the turn executor
// when a tool returns.
type Event string

// User events (DESIGN.md "Events and actions", each with its seed section).
const (
	InputType   Event = "input.type"   // 3.2 typing
	InputClear  Event = "input.clear"  // 3.2 clearing
	InputCommit Event = "input.commit" // 3.2 Enter or blur with text

	TagEdit          Event = "tag.edit"           // 3.2, spec 3.4.1C-1
	TagEditSubmit    Event = "tag.edit_submit"    // 3.2
	TagEditCancel    Event = "tag.edit_cancel"    // 3.2
	TagDelete        Event = "tag.delete"         // 3.2
	TagMenuOpen      Event = "tag.menu_open"      // 3.1A, spec 3.4.1F
	TagMenuClose     Event = "tag.menu_close"     // 3.1A
	TagSetScope      Event = "tag.set_scope"      // 3.1A, spec 3.4.1D
	TagToggleExclude Event = "tag.toggle_exclude" // 3.1A, spec 3.4.1E

	AnchorDelete Event = "anchor.delete" // 3.2

	SearchSubmit Event = "search.submit" // 4.2, spec 3.1A
	AgentUpgrade Event = "agent.upgrade" // spec 3.4.3 "转为智能搜索"

	FollowupType   Event = "followup.type"   // 5.4, 6.4A
	FollowupClear  Event = "followup.clear"  // 3.2
	FollowupSubmit Event = "followup.submit" // 5.4 (through the router)

	ClarifyAnswer Event = "clarify.answer" // 5.2, contract 4.5

	HintOpenRepairLowRecall   Event = "A_HINT_OPEN_REPAIR_LOW_RECALL"        // 8.5.4
	HintDismissLowRecall      Event = "A_HINT_DISMISS_LOW_RECALL"            // 8.5.4
	RepairFixURL              Event = "A_REPAIR_FIX_URL"                     // 8.5.3
	RepairReplaceAnchor       Event = "A_REPAIR_REPLACE_ANCHOR"              // 8.5.4
	RepairExpandRecallScope   Event = "A_REPAIR_EXPAND_RECALL_SCOPE"         // 8.5.4
	RepairRemoveAnchorKeepKws Event = "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS" // 8.5.3, 8.5.4
	RepairSwitchToNL          Event = "A_REPAIR_SWITCH_TO_NL"                // 8.5.3, 8.5.4

	FallbackToClassic Event = "agent.fallback_to_classic" // 6.7

	ConditionEdit   Event = "condition.edit"   // spec 5.3
	ConditionRemove Event = "condition.remove" // spec 5.3
	FilterSet       Event = "filter.set"       // spec 2.3, 5.3, 4.3
	FilterClear     Event = "filter.clear"     // spec 2.3, 5.3

	ResultsSort Event = "results.sort" // spec 3.5.2
	ResultsPage Event = "results.page" // spec 3.5.2

	SessionReset Event = "session.reset" // 4.2 "用户主动清空并新建经典搜索"
)

// System events: raised by the executor from what the tools returned.
// Clients cannot send them.
const (
	SysResolvedExact Event = "system.url_resolved_exact" // 4.2 "URL 识别成功并可精确搜索"
	SysResolveFailed Event = "system.url_resolve_failed" // 4.2 "URL 识别失败 / 平台不匹配 / 类型不支持"
	SysResults       Event = "system.results"            // 5.2 "返回有效结果" / "刷新完成且有结果"
	SysLowRecall     Event = "system.low_recall"         // 6.9: results, but few
	SysNoResults     Event = "system.no_results"         // 5.2 "有条件但无结果"
	SysClarify       Event = "system.clarify"            // 5.2 "发现高影响歧义需追问"
	SysUnsupported   Event = "system.unsupported"        // 5.2 "需求受限"
)

// UserEvents lists the closed vocabulary a client may send.
var UserEvents = []Event{
	InputType, InputClear, InputCommit,
	TagEdit, TagEditSubmit, TagEditCancel, TagDelete, TagMenuOpen, TagMenuClose, TagSetScope, TagToggleExclude,
	AnchorDelete, SearchSubmit, AgentUpgrade, FollowupType, FollowupClear, FollowupSubmit, ClarifyAnswer,
	HintOpenRepairLowRecall, HintDismissLowRecall,
	RepairFixURL, RepairReplaceAnchor, RepairExpandRecallScope, RepairRemoveAnchorKeepKws, RepairSwitchToNL,
	FallbackToClassic, ConditionEdit, ConditionRemove, FilterSet, FilterClear, ResultsSort, ResultsPage, SessionReset,
}

// UserEventNames returns UserEvents as strings, for the wire document
// (api.OpenAPIJSON), which imports no agent package.
func UserEventNames() []string {
	out := make([]string, len(UserEvents))
	for i, e := range UserEvents {
		out[i] = string(e)
	}
	return out
}

// SystemEvents lists the events only the executor raises.
var SystemEvents = []Event{SysResolvedExact, SysResolveFailed, SysResults, SysLowRecall, SysNoResults, SysClarify, SysUnsupported}

// IsUserEvent reports whether e is in the client vocabulary.
func IsUserEvent(e Event) bool { return slices.Contains(UserEvents, e) }
