package fsm

import "searchagent/tools/states"

// Guards, named for the trace and for 409 refusals.
var (
	gHasText = &Guard{Name: "has_text", Doc: "the event carries non-empty text", ArgDependent: true,
		OK: func(f Facts) bool { return f.HasText }}
	gNoTagsNoAnchor = &Guard{Name: "no_tags_no_anchor", Doc: "nothing else is left in the box",
		OK: func(f Facts) bool { return f.Tags == 0 && !f.HasAnchor }}
	gHasTags = &Guard{Name: "has_tags", Doc: "at least one keyword tag is committed",
		OK: func(f Facts) bool { return f.Tags > 0 }}
	gAnchorNoTags = &Guard{Name: "anchor_no_tags", Doc: "an anchor and no keyword tag",
		OK: func(f Facts) bool { return f.HasAnchor && f.Tags == 0 }}
	gEditKeeps = &Guard{Name: "edit_text_not_empty", Doc: "the edited tag keeps text", ArgDependent: true,
		OK: func(f Facts) bool { return !f.TextEmpty }}
	gEditDeletesOthersRemain = &Guard{Name: "edit_cleared_others_remain", Doc: "the edit was cleared and confirmed; other tags remain", ArgDependent: true,
		OK: func(f Facts) bool { return f.TextEmpty && !f.TagIsLast }}
	gEditDeletesLastWithAnchor = &Guard{Name: "edit_cleared_last_tag_anchor_remains", Doc: "the last tag was cleared; the anchor remains", ArgDependent: true,
		OK: func(f Facts) bool { return f.TextEmpty && f.TagIsLast && f.HasAnchor }}
	gEditDeletesLast = &Guard{Name: "edit_cleared_last_tag", Doc: "the last tag was cleared; the box is empty", ArgDependent: true,
		OK: func(f Facts) bool { return f.TextEmpty && f.TagIsLast && !f.HasAnchor }}
	gOthersRemain = &Guard{Name: "other_tags_remain", Doc: "other tags remain after deleting this one", ArgDependent: true,
		OK: func(f Facts) bool { return f.Tags > 1 || !f.TagIsLast }}
	gLastTagAnchor = &Guard{Name: "last_tag_anchor_remains", Doc: "the last tag goes; the anchor remains", ArgDependent: true,
		OK: func(f Facts) bool { return f.TagIsLast && f.HasAnchor }}
	gLastTag = &Guard{Name: "last_tag", Doc: "the last tag goes and nothing else is left", ArgDependent: true,
		OK: func(f Facts) bool { return f.TagIsLast && !f.HasAnchor }}
	gAnchorDeleteEmpty = &Guard{Name: "anchor_delete_leaves_nothing", Doc: "no tag and no draft remain",
		OK: func(f Facts) bool { return f.HasAnchor && f.Tags == 0 && f.Draft == ShapeNone }}
	gAnchorDeleteDraft = &Guard{Name: "anchor_delete_leaves_draft", Doc: "a draft remains",
		OK: func(f Facts) bool { return f.HasAnchor && f.Draft != ShapeNone }}
	gAnchorDeleteTags = &Guard{Name: "anchor_delete_leaves_tags", Doc: "keyword tags remain",
		OK: func(f Facts) bool { return f.HasAnchor && f.Tags > 0 && f.Draft == ShapeNone }}
	gMenuOpen = &Guard{Name: "tag_menu_open", Doc: "a tag's match-target menu is open",
		OK: func(f Facts) bool { return f.MenuOpen }}
	gHint = &Guard{Name: "low_recall_hint_visible", Doc: "repair_reason=low_recall and the hint is visible",
		OK: func(f Facts) bool { return f.RepairReason == states.RepairLowRecall && f.HintVisible }}
	gReplaceAnchor = &Guard{Name: "anchor_repairable", Doc: "low recall, or no results around an anchor",
		OK: func(f Facts) bool {
			return f.RepairReason == states.RepairLowRecall || (f.RepairReason == states.RepairNoResults && f.HasAnchor)
		}}
	gExpandScope = &Guard{Name: "recall_expandable", Doc: "low recall, or no results with a relaxation that finds some",
		OK: func(f Facts) bool {
			return f.RepairReason == states.RepairLowRecall || (f.RepairReason == states.RepairNoResults && f.Relaxable)
		}}
	gRemoveAnchorKeepTags = &Guard{Name: "anchor_removable_tags_remain", Doc: "an anchor or failed URL to drop, keyword tags remain",
		OK: func(f Facts) bool { return (f.HasAnchor || f.RepairReason.IsURL()) && f.Tags > 0 }}
	gRemoveAnchorKeepConds = &Guard{Name: "anchor_removable_conditions_remain", Doc: "an anchor or failed URL to drop, conditions beyond keywords remain",
		OK: func(f Facts) bool { return (f.HasAnchor || f.RepairReason.IsURL()) && !f.OnlyExplicit }}
	gRemoveAnchorOnly = &Guard{Name: "anchor_removable_no_tags", Doc: "anchor-only: dropping it returns to classic input",
		OK: func(f Facts) bool { return (f.HasAnchor || f.RepairReason.IsURL()) && f.Tags == 0 }}
	gNoText = &Guard{Name: "no_text", Doc: "no description given yet", ArgDependent: true,
		OK: func(f Facts) bool { return !f.HasText }}
	gFallbackTags = &Guard{Name: "fallback_conditions_hold_tags", Doc: "no open question, no repair, only explicit tags (and at most one anchor) remain",
		OK: func(f Facts) bool { return !f.PendingQuestion && f.OnlyExplicit && f.Tags > 0 }}
	gFallbackAnchor = &Guard{Name: "fallback_conditions_hold_anchor", Doc: "no open question, no repair, only one anchor remains",
		OK: func(f Facts) bool { return !f.PendingQuestion && f.OnlyExplicit && f.Tags == 0 && f.HasAnchor }}
	gRouterRefused = &Guard{Name: "router_refused", Doc: "the router refused the follow-up and said what is missing", ArgDependent: true,
		OK: func(f Facts) bool { return f.RouterRefused && f.HasText }}
	gRouterAccepted = &Guard{Name: "router_accepted", Doc: "the follow-up has text the router turned into commands", ArgDependent: true,
		OK: func(f Facts) bool { return !f.RouterRefused && f.HasText }}
	gNoTagsOnlyExplicit = &Guard{Name: "no_tags_no_conditions", Doc: "no keyword tag and no other condition: a classic URL search",
		OK: func(f Facts) bool { return f.Tags == 0 && f.OnlyExplicit }}
	gTagsOrConds = &Guard{Name: "tags_or_conditions", Doc: "keyword tags or other conditions go with the anchor",
		OK: func(f Facts) bool { return f.Tags > 0 || !f.OnlyExplicit }}
	gNoTags = &Guard{Name: "no_tags", Doc: "no keyword tag is committed",
		OK: func(f Facts) bool { return f.Tags == 0 }}
	gClassicQuery = &Guard{Name: "classic_query", Doc: "only keyword tags and/or an anchor from a classic start remain",
		OK: func(f Facts) bool {
			return f.OnlyExplicit && (f.Origin == OriginKeyword || f.Origin == OriginURL)
		}}
	gClassicQueryTags = &Guard{Name: "classic_query_tags", Doc: "only keyword tags (and at most one anchor) from a classic start remain",
		OK: func(f Facts) bool { return gClassicQuery.OK(f) && f.Tags > 0 }}
	gClassicQueryAnchor = &Guard{Name: "classic_query_anchor", Doc: "only the anchor from a classic start remains",
		OK: func(f Facts) bool { return gClassicQuery.OK(f) && f.Tags == 0 && f.HasAnchor }}
	gClassicQueryEmpty = &Guard{Name: "classic_query_empty", Doc: "nothing remains of a classic start",
		OK: func(f Facts) bool { return gClassicQuery.OK(f) && f.Tags == 0 && !f.HasAnchor }}
	gAgentQuery = &Guard{Name: "agent_query", Doc: "the task has agent conditions or an agent start",
		OK: func(f Facts) bool {
			return !(f.OnlyExplicit && (f.Origin == OriginKeyword || f.Origin == OriginURL))
		}}
)

// submitGuard makes an arg-dependent guard on the submit kind.
func submitGuard(k Submit) *Guard {
	return &Guard{Name: "submit_" + string(k), Doc: "submitting now starts a " + string(k) + " search", ArgDependent: true,
		OK: func(f Facts) bool { return ClassifySubmit(f) == k }}
}

func submitCommitGuard(k Submit) *Guard {
	return &Guard{Name: "commit_" + string(k), Doc: "the committed draft makes a " + string(k) + " seed", ArgDependent: true,
		OK: func(f Facts) bool { return f.HasText && ClassifySubmit(f) == k }}
}

var (
	classicSessions = []states.Session{states.Idle, states.ResultsReady}
	classicEditor   = []states.Input{states.EmptyInput, states.DraftKeyword, states.CommittedKeyword, states.CommittedAnchor}
	expanded        = []states.Container{states.ExpandedAgent, states.ExpandedClarifying, states.ExpandedRepair}
	followupable    = []states.Session{states.Idle, states.ResultsReady, states.Clarifying, states.EmptyRepair, states.Unsupported}
	followupInputs  = []states.Input{states.FollowupWaiting, states.DraftFollowup}
	transient       = []states.Session{states.Retrieving, states.Refining}
)

func classic(inputs ...states.Input) Match {
	return Match{Inputs: inputs, Containers: []states.Container{states.CompactClassic}, Sessions: classicSessions}
}

// table is the action registry of seed 000. Order matters only among
// rows of the same event whose guards overlap: the first passing row wins.
func table() []*Action {
	var t []*Action
	add := func(a *Action) { t = append(t, a) }

	// --- Input layer, classic editor (seed 000 §3.2, §3.3; spec 3.4.1) ---
	add(&Action{ID: "A_EMPTY_INPUT__INPUT_TYPE__DRAFT_KEYWORD__01", Event: InputType, From: classic(states.EmptyInput), Guard: gHasText,
		To: Target{Input: states.DraftKeyword}, Seed: "000 §3.2 empty_input → draft_keyword", Doc: "用户开始输入"})
	add(&Action{ID: "A_DRAFT_KEYWORD__INPUT_TYPE__DRAFT_KEYWORD__01", Event: InputType, From: classic(states.DraftKeyword), Guard: gHasText,
		To: Target{Input: states.DraftKeyword}, Seed: "000 §3.3 (editor loops)", Doc: "继续输入 draft"})
	add(&Action{ID: "A_COMMITTED_KEYWORD__INPUT_TYPE__DRAFT_KEYWORD__01", Event: InputType, From: classic(states.CommittedKeyword), Guard: gHasText,
		To: Target{Input: states.DraftKeyword}, Seed: "000 §3.3 trailing draft_keyword", Doc: "在已有 tag 后继续输入下一个关键词"})
	add(&Action{ID: "A_COMMITTED_ANCHOR__INPUT_TYPE__DRAFT_KEYWORD__01", Event: InputType, From: classic(states.CommittedAnchor), Guard: gHasText,
		To: Target{Input: states.DraftKeyword}, Seed: "000 §6.2 URL+关键词种子", Doc: "锚点后继续输入关键词"})

	add(&Action{ID: "A_DRAFT_KEYWORD__INPUT_CLEAR__EMPTY_INPUT__01", Event: InputClear, From: classic(states.DraftKeyword), Guard: gNoTagsNoAnchor,
		To: Target{Input: states.EmptyInput}, Seed: "000 §3.2 draft_keyword → empty_input", Doc: "清空输入 / 失焦且为空"})
	add(&Action{ID: "A_DRAFT_KEYWORD__INPUT_CLEAR__COMMITTED_KEYWORD__02", Event: InputClear, From: classic(states.DraftKeyword), Guard: gHasTags,
		To: Target{Input: states.CommittedKeyword}, Seed: "000 §3.2, §3.3", Doc: "清空 draft，已有 tag 保留"})
	add(&Action{ID: "A_DRAFT_KEYWORD__INPUT_CLEAR__COMMITTED_ANCHOR__03", Event: InputClear, From: classic(states.DraftKeyword), Guard: gAnchorNoTags,
		To: Target{Input: states.CommittedAnchor}, Seed: "000 §3.2, §3.3", Doc: "清空 draft，锚点保留"})

	add(&Action{ID: "A_DRAFT_KEYWORD__INPUT_COMMIT__COMMITTED_KEYWORD__01", Event: InputCommit, From: classic(states.DraftKeyword),
		Guard: &Guard{Name: "draft_is_keyword", Doc: "the draft reads as a keyword", ArgDependent: true,
			OK: func(f Facts) bool { return f.Draft == ShapeKeyword }},
		To: Target{Input: states.CommittedKeyword}, Seed: "000 §3.2 draft_keyword → committed_keyword (Enter / 失焦且非空)", Doc: "固化为关键词 tag"})
	add(&Action{ID: "A_DRAFT_KEYWORD__INPUT_COMMIT__COMPACT_RESOLVING__02", Event: InputCommit, From: classic(states.DraftKeyword), Guard: submitCommitGuard(SubmitURL),
		To: Target{Container: states.CompactResolving, Session: states.Retrieving, Origin: OriginURL}, Seed: "000 §4.2 提交纯 URL; spec 3.5.2", Doc: "识别 URL 并进入锚点搜索"})
	add(&Action{ID: "A_DRAFT_KEYWORD__INPUT_COMMIT__COMPACT_RESOLVING__03", Event: InputCommit, From: classic(states.DraftKeyword), Guard: submitCommitGuard(SubmitKeywordURL),
		To: Target{Container: states.CompactResolving}, Seed: "000 §3.3 复合查询种子; spec 3.4.1C-2", Doc: "在关键词后插入 URL 锚点（识别后形成关键词+URL 种子）"})

	// --- Tags (seed 000 §3.1A, §3.2; spec 3.4.1C-F): context changes ---
	tagInputs := []states.Input{states.CommittedKeyword, states.CommittedAnchor, states.DraftKeyword}
	add(&Action{ID: "A_COMMITTED_KEYWORD__TAG_EDIT__EDITING_KEYWORD__01", Event: TagEdit, From: classic(tagInputs...), Guard: gHasTags,
		To: Target{Input: states.EditingKeyword}, Seed: "000 §3.2 committed_keyword → editing_keyword", Doc: "点击编辑当前 tag"})
	add(&Action{ID: "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__COMMITTED_KEYWORD__01", Event: TagEditSubmit, From: classic(states.EditingKeyword), Guard: gEditKeeps,
		To: Target{Input: states.CommittedKeyword}, Seed: "000 §3.2 editing_keyword → committed_keyword", Doc: "提交编辑结果"})
	add(&Action{ID: "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__COMMITTED_KEYWORD__02", Event: TagEditSubmit, From: classic(states.EditingKeyword), Guard: gEditDeletesOthersRemain,
		To: Target{Input: states.CommittedKeyword}, Seed: "000 §3.2 清空当前编辑内容且确认删除 → committed_keyword", Doc: "清空并删除该 tag，仍有其他 tag"})
	add(&Action{ID: "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__COMMITTED_ANCHOR__03", Event: TagEditSubmit, From: classic(states.EditingKeyword), Guard: gEditDeletesLastWithAnchor,
		To: Target{Input: states.CommittedAnchor}, Seed: "000 §3.2, §3.3", Doc: "删除最后一个 tag，锚点保留"})
	add(&Action{ID: "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__EMPTY_INPUT__04", Event: TagEditSubmit, From: classic(states.EditingKeyword), Guard: gEditDeletesLast,
		To: Target{Input: states.EmptyInput}, Seed: "000 §3.2 清空当前编辑内容且确认删除 → empty_input", Doc: "删除最后一个 tag"})
	add(&Action{ID: "A_EDITING_KEYWORD__TAG_EDIT_CANCEL__COMMITTED_KEYWORD__01", Event: TagEditCancel, From: classic(states.EditingKeyword),
		To: Target{Input: states.CommittedKeyword}, Seed: "000 §3.2 取消编辑", Doc: "取消编辑，恢复原 tag"})
	add(&Action{ID: "A_COMMITTED_KEYWORD__TAG_DELETE__COMMITTED_KEYWORD__01", Event: TagDelete, From: classic(tagInputs...), Guard: gOthersRemain,
		To: Target{Input: states.CommittedKeyword}, Seed: "000 §3.2 删除 tag 且仍有其他 tag", Doc: "删除 tag"})
	add(&Action{ID: "A_COMMITTED_KEYWORD__TAG_DELETE__COMMITTED_ANCHOR__02", Event: TagDelete, From: classic(tagInputs...), Guard: gLastTagAnchor,
		To: Target{Input: states.CommittedAnchor}, Seed: "000 §3.2, §3.3", Doc: "删除最后一个 tag，锚点保留"})
	add(&Action{ID: "A_COMMITTED_KEYWORD__TAG_DELETE__EMPTY_INPUT__03", Event: TagDelete, From: classic(tagInputs...), Guard: gLastTag,
		To: Target{Input: states.EmptyInput}, Seed: "000 §3.2 删除最后一个 tag", Doc: "删除最后一个 tag"})
	add(&Action{ID: "A_COMMITTED_KEYWORD__TAG_MENU_OPEN__COMMITTED_KEYWORD__01", Event: TagMenuOpen, From: classic(tagInputs...), Guard: gHasTags,
		Seed: "000 §3.2 打开 tag 菜单（context 更新）", Doc: "打开该 tag 的匹配目标菜单"})
	add(&Action{ID: "A_COMMITTED_KEYWORD__TAG_MENU_CLOSE__COMMITTED_KEYWORD__01", Event: TagMenuClose, From: classic(tagInputs...), Guard: gMenuOpen,
		Seed: "000 §3.2 关闭 tag 菜单（context 更新）", Doc: "关闭匹配目标菜单"})
	add(&Action{ID: "A_COMMITTED_KEYWORD__TAG_SET_SCOPE__COMMITTED_KEYWORD__01", Event: TagSetScope, From: classic(tagInputs...), Guard: gHasTags,
		Seed: "000 §3.2 切换匹配目标（context 更新）; spec 3.4.1D", Doc: "切换该 tag 的匹配目标"})
	add(&Action{ID: "A_COMMITTED_KEYWORD__TAG_TOGGLE_EXCLUDE__COMMITTED_KEYWORD__01", Event: TagToggleExclude, From: classic(tagInputs...), Guard: gHasTags,
		Seed: "000 §3.2 打开 / 关闭排除（context 更新）; spec 3.4.1E", Doc: "排除该关键词 / 取消排除"})

	// Deleting the last keyword of a classic search in its repair leaves
	// an empty classic box (seed 000 §3.2 删除最后一个 tag → empty_input;
	// §6.1 starts from empty_input + compact_classic + idle): nothing is
	// left to search, so nothing is searched.
	add(&Action{ID: "A_EMPTY_REPAIR__TAG_DELETE__EMPTY_INPUT__03", Event: TagDelete,
		From: Match{Containers: []states.Container{states.ExpandedRepair}, Sessions: []states.Session{states.EmptyRepair, states.ResultsReady}},
		Guard: &Guard{Name: "classic_last_tag", Doc: "the last tag of a classic search goes and nothing else is left", ArgDependent: true,
			OK: func(f Facts) bool { return gLastTag.OK(f) && gClassicQuery.OK(f) }},
		To: Target{Input: states.EmptyInput, Container: states.CompactClassic, Session: states.Idle, Origin: OriginNone}, Seed: "000 §3.2 删除最后一个 tag → empty_input; §4.2 expanded_repair → compact_classic; §6.1", Doc: "删除经典搜索的最后一个关键词，回到空白经典输入"})

	// Tags in the expanded box are explicit conditions: changing one refines (spec 3.4.4, 5.3).
	for i, ev := range []Event{TagSetScope, TagToggleExclude, TagDelete} {
		_ = i
		name := eventName(ev)
		add(&Action{ID: "A_RESULTS_READY__" + name + "__REFINING__01", Event: ev,
			From:  Match{Containers: []states.Container{states.ExpandedAgent, states.ExpandedClarifying}, Sessions: []states.Session{states.ResultsReady, states.Clarifying}},
			Guard: gHasTags, To: Target{Container: states.ExpandedAgent, Session: states.Refining, Settle: true},
			Seed: "spec 3.4.4, 5.3 (manual condition change)", Doc: "手动修改关键词条件后刷新"})
		add(&Action{ID: "A_EMPTY_REPAIR__" + name + "__REFINING__02", Event: ev,
			From:  Match{Containers: []states.Container{states.ExpandedRepair}, Sessions: []states.Session{states.EmptyRepair, states.ResultsReady}},
			Guard: gHasTags, To: Target{Session: states.Refining},
			Seed: "spec 3.4.4, 6.2 (手动删改条件)", Doc: "修正态中手动修改关键词条件后刷新"})
	}

	// Editing a tag's words in a repair (issue 31 item 5): spec 6.2 lets
	// the user change the conditions in the repair (手动删改条件) and seed 000
	// §4.2 has expanded_repair re-search after the user's fix. The input
	// layer of the expanded box is the follow-up line, so choosing a tag
	// to edit is a context change (the active tag), and saving it
	// re-searches like the other tag changes of a repair; not saving
	// leaves everything as it was (no cancel event is needed).
	repairing := Match{Containers: []states.Container{states.ExpandedRepair}, Sessions: []states.Session{states.EmptyRepair, states.ResultsReady}}
	add(&Action{ID: "A_EMPTY_REPAIR__TAG_EDIT__EMPTY_REPAIR__01", Event: TagEdit, From: repairing, Guard: gHasTags,
		Seed: "000 §3.2 点击编辑当前 tag; spec 6.2 (修正态中手动删改条件)", Doc: "修正态中选择要修改的关键词"})
	add(&Action{ID: "A_EMPTY_REPAIR__TAG_EDIT_SUBMIT__REFINING__01", Event: TagEditSubmit, From: repairing, Guard: gEditKeeps,
		To: Target{Session: states.Refining}, Seed: "000 §3.2 提交编辑结果; §4.2 用户修正后重新搜索; spec 6.2", Doc: "修正态中修改关键词后重新搜索"})

	add(&Action{ID: "A_COMMITTED_ANCHOR__ANCHOR_DELETE__EMPTY_INPUT__01", Event: AnchorDelete, From: classic(tagInputs...), Guard: gAnchorDeleteEmpty,
		To: Target{Input: states.EmptyInput}, Seed: "000 §3.2 committed_anchor → empty_input", Doc: "删除锚点 badge"})
	add(&Action{ID: "A_COMMITTED_ANCHOR__ANCHOR_DELETE__DRAFT_KEYWORD__02", Event: AnchorDelete, From: classic(tagInputs...), Guard: gAnchorDeleteDraft,
		To: Target{Input: states.DraftKeyword}, Seed: "000 §3.2 committed_anchor → draft_keyword", Doc: "删除锚点 badge，保留正在输入的文本"})
	add(&Action{ID: "A_COMMITTED_ANCHOR__ANCHOR_DELETE__COMMITTED_KEYWORD__03", Event: AnchorDelete, From: classic(tagInputs...), Guard: gAnchorDeleteTags,
		To: Target{Input: states.CommittedKeyword}, Seed: "000 §3.3 复合查询种子", Doc: "删除锚点 badge，关键词 tag 保留"})

	// --- Submitting a search from the classic box (seed 000 §4.2, §6.1-6.6; spec 3.1A) ---
	submitFrom := Match{Inputs: classicEditor, Containers: []states.Container{states.CompactClassic}, Sessions: classicSessions}
	add(&Action{ID: "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_CLASSIC__01", Event: SearchSubmit, From: submitFrom, Guard: submitGuard(SubmitKeyword),
		To: Target{Input: states.CommittedKeyword, Session: states.Retrieving, Origin: OriginKeyword}, Seed: "000 §4.2 提交纯关键词; §6.1", Doc: "经典关键词搜索"})
	add(&Action{ID: "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_RESOLVING__02", Event: SearchSubmit, From: submitFrom, Guard: submitGuard(SubmitURL),
		To: Target{Container: states.CompactResolving, Session: states.Retrieving, Origin: OriginURL}, Seed: "000 §4.2 提交纯 URL; §6.2", Doc: "识别 URL 并进入锚点搜索"})
	add(&Action{ID: "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_RESOLVING__03", Event: SearchSubmit, From: submitFrom, Guard: submitGuard(SubmitKeywordURL),
		To: Target{Container: states.CompactResolving, Session: states.Retrieving, Origin: OriginMixed}, Seed: "000 §6.4 关键词+URL种子 → mixed-parse; §6.8", Doc: "识别 URL，锚点与关键词同时生效"})
	add(&Action{ID: "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_CLASSIC__04", Event: SearchSubmit, From: submitFrom, Guard: submitGuard(SubmitAnchorOnly),
		To: Target{Input: states.CommittedAnchor, Session: states.Retrieving, Origin: OriginURL}, Seed: "000 §6.2 锚点搜索", Doc: "按已锁定锚点重新召回相似频道"})
	add(&Action{ID: "A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__05", Event: SearchSubmit, From: submitFrom, Guard: submitGuard(SubmitAnchorKeyword),
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Retrieving, Origin: OriginMixed}, Seed: "000 §6.4 URL+关键词种子 → mixed-parse / mixed-anchor", Doc: "锚点置顶，关键词作用于相似结果"})
	add(&Action{ID: "A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__06", Event: SearchSubmit, From: submitFrom, Guard: submitGuard(SubmitNatural),
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Retrieving, Origin: OriginNatural}, Seed: "000 §4.2 提交纯自然语言; §6.3", Doc: "进入智能搜索"})
	add(&Action{ID: "A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__07", Event: SearchSubmit, From: submitFrom, Guard: submitGuard(SubmitMixed),
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Retrieving, Origin: OriginMixed}, Seed: "000 §4.2 提交混合输入; §6.4", Doc: "解析混合输入并搜索"})
	add(&Action{ID: "A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__08", Event: SearchSubmit, From: submitFrom, Guard: submitGuard(SubmitKeywordUpgrade),
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Retrieving, Origin: OriginKeywordUpgrade}, Seed: "000 §6.5 关键词起手升级", Doc: "保留关键词 tag，追加的自然语言作为任务增量"})
	add(&Action{ID: "A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__09", Event: SearchSubmit, From: submitFrom, Guard: submitGuard(SubmitURLUpgrade),
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Retrieving, Origin: OriginURLUpgrade}, Seed: "000 §6.6 URL 起手升级", Doc: "保留锚点，追加的自然语言作为 refine 要求"})

	// "转为智能搜索" (spec 3.4.2-3.4.3).
	add(&Action{ID: "A_COMPACT_CLASSIC__AGENT_UPGRADE__EXPANDED_AGENT__01", Event: AgentUpgrade, From: classic(classicEditor...), Guard: gHasTags,
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Origin: OriginKeywordUpgrade}, Seed: "000 §4.2 用户主动转为智能搜索; §6.5", Doc: "转为智能搜索（保留关键词 tag）"})
	add(&Action{ID: "A_COMPACT_CLASSIC__AGENT_UPGRADE__EXPANDED_AGENT__02", Event: AgentUpgrade, From: classic(classicEditor...), Guard: gAnchorNoTags,
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Origin: OriginURLUpgrade}, Seed: "000 §4.2; §6.6", Doc: "转为智能搜索（保留锚点）"})
	add(&Action{ID: "A_COMPACT_CLASSIC__AGENT_UPGRADE__EXPANDED_AGENT__03", Event: AgentUpgrade, From: classic(classicEditor...), Guard: gNoTagsNoAnchor,
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Idle, Origin: OriginNatural}, Seed: "000 §4.2 用户主动转为智能搜索", Doc: "展开为智能搜索，等待描述需求"})

	// --- Follow-ups (seed 000 §5.4, §6.4A) ---
	fu := Match{Inputs: followupInputs, Containers: expanded, Sessions: followupable}
	add(&Action{ID: "A_FOLLOWUP_WAITING__FOLLOWUP_TYPE__DRAFT_FOLLOWUP__01", Event: FollowupType, From: fu, Guard: gHasText,
		To: Target{Input: states.DraftFollowup}, Seed: "000 §3.2 followup_waiting → draft_followup", Doc: "用户开始补充自然语言"})
	add(&Action{ID: "A_DRAFT_FOLLOWUP__FOLLOWUP_CLEAR__FOLLOWUP_WAITING__01", Event: FollowupClear, From: Match{Inputs: []states.Input{states.DraftFollowup}, Containers: expanded, Sessions: followupable},
		To: Target{Input: states.FollowupWaiting}, Seed: "000 §3.2 draft_followup → followup_waiting", Doc: "清空补充内容 / 取消补充"})
	add(&Action{ID: "A_DRAFT_FOLLOWUP__FOLLOWUP_SUBMIT__FOLLOWUP_WAITING__01", Event: FollowupSubmit, From: fu, Guard: gRouterRefused,
		To: Target{Input: states.FollowupWaiting}, Seed: "003 §3.1 (明确拒绝并告诉用户缺什么)", Doc: "无法执行该补充：说明缺少什么，状态不变", Outcome: true})
	add(&Action{ID: "A_IDLE__FOLLOWUP_SUBMIT__RETRIEVING__02", Event: FollowupSubmit, From: Match{Inputs: followupInputs, Containers: []states.Container{states.ExpandedAgent}, Sessions: []states.Session{states.Idle}}, Guard: gRouterAccepted,
		To: Target{Input: states.FollowupWaiting, Session: states.Retrieving}, Seed: "000 §5.2 idle → retrieving", Doc: "描述需求后发起首轮搜索"})
	add(&Action{ID: "A_UNSUPPORTED__FOLLOWUP_SUBMIT__RETRIEVING__03", Event: FollowupSubmit, From: Match{Inputs: followupInputs, Containers: expanded, Sessions: []states.Session{states.Unsupported}}, Guard: gRouterAccepted,
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Retrieving, Settle: true}, Seed: "000 §5.2 unsupported → retrieving (用户重写输入)", Doc: "重写需求后重新搜索"})
	add(&Action{ID: "A_RESULTS_READY__FOLLOWUP_SUBMIT__REFINING__04", Event: FollowupSubmit, From: Match{Inputs: followupInputs, Containers: []states.Container{states.ExpandedAgent}, Sessions: []states.Session{states.ResultsReady}}, Guard: gRouterAccepted,
		To: Target{Input: states.FollowupWaiting, Session: states.Refining, Settle: true}, Seed: "000 §5.4 natural/mixed-followup-draft → *-followup-refining", Doc: "补充条件后增量刷新"})
	add(&Action{ID: "A_CLARIFYING__FOLLOWUP_SUBMIT__REFINING__05", Event: FollowupSubmit, From: Match{Inputs: followupInputs, Containers: []states.Container{states.ExpandedClarifying}, Sessions: []states.Session{states.Clarifying}}, Guard: gRouterAccepted,
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Refining, Settle: true}, Seed: "000 §6.4A (追问态中主动补充); §4.2 expanded_clarifying → expanded_agent", Doc: "追问态中补充条件后刷新"})
	add(&Action{ID: "A_EMPTY_REPAIR__FOLLOWUP_SUBMIT__REFINING__06", Event: FollowupSubmit, From: Match{Inputs: followupInputs, Containers: []states.Container{states.ExpandedRepair}, Sessions: []states.Session{states.EmptyRepair, states.ResultsReady}}, Guard: gRouterAccepted,
		To: Target{Input: states.FollowupWaiting, Session: states.Refining, Settle: true}, Seed: "000 §5.4 repair-followup-draft → repair-followup-refining", Doc: "修正态中补充修正要求后刷新"})

	add(&Action{ID: "A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", Event: ClarifyAnswer, From: Match{Inputs: followupInputs, Containers: []states.Container{states.ExpandedClarifying}, Sessions: []states.Session{states.Clarifying}},
		Guard: &Guard{Name: "question_open", Doc: "a clarifying question is open", OK: func(f Facts) bool { return f.PendingQuestion }},
		To:    Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Refining, Settle: true}, Seed: "000 §5.2 clarifying → refining; §4.2 expanded_clarifying → expanded_agent", Doc: "回答追问后刷新"})

	// --- Low recall (seed 000 §6.9, §8.5.4) ---
	add(&Action{ID: "A_HINT_OPEN_REPAIR_LOW_RECALL", Event: HintOpenRepairLowRecall, From: Match{Containers: []states.Container{states.CompactClassic, states.ExpandedAgent}, Sessions: []states.Session{states.ResultsReady}}, Guard: gHint,
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedRepair}, Seed: "000 §8.5.4 results_ready → expanded_repair", Doc: "手动展开低召回修正区"})
	add(&Action{ID: "A_HINT_DISMISS_LOW_RECALL", Event: HintDismissLowRecall, From: Match{Containers: []states.Container{states.CompactClassic, states.ExpandedAgent}, Sessions: []states.Session{states.ResultsReady}}, Guard: gHint,
		Seed: "000 §8.5.4 results_ready → results_ready", Doc: "暂时关闭低召回轻提示，继续浏览结果"})

	// --- Repair (seed 000 §6.8, §8.5.3, §8.5.4) ---
	repairFrom := Match{Containers: []states.Container{states.ExpandedRepair}, Sessions: []states.Session{states.EmptyRepair, states.ResultsReady}}
	add(&Action{ID: "A_REPAIR_FIX_URL", Event: RepairFixURL, From: Match{Containers: []states.Container{states.ExpandedRepair}, Sessions: []states.Session{states.EmptyRepair}},
		Guard: &Guard{Name: "url_failed_and_new_url", Doc: "the URL failed and a corrected URL is given", ArgDependent: true, OK: func(f Facts) bool { return f.RepairReason.IsURL() && f.HasText }},
		To:    Target{Container: states.CompactResolving, Session: states.Retrieving}, Seed: "000 §8.5.3 expanded_repair → compact_resolving", Doc: "修正 URL 后重试解析"})
	add(&Action{ID: "A_REPAIR_REPLACE_ANCHOR", Event: RepairReplaceAnchor, From: repairFrom,
		Guard: &Guard{Name: "anchor_repairable_and_new_url", Doc: "low recall (or no results around an anchor) and a new URL is given", ArgDependent: true, OK: func(f Facts) bool { return gReplaceAnchor.OK(f) && f.HasText }},
		To:    Target{Container: states.CompactResolving, Session: states.Retrieving}, Seed: "000 §8.5.4 expanded_repair → compact_resolving", Doc: "更换锚点后重试召回"})
	add(&Action{ID: "A_REPAIR_EXPAND_RECALL_SCOPE", Event: RepairExpandRecallScope, From: repairFrom, Guard: gExpandScope,
		To: Target{Session: states.Retrieving}, Seed: "000 §8.5.4 expanded_repair → retrieving; §5.2 empty_repair → retrieving", Doc: "放宽关键词或扩大召回范围再搜索"})
	// Conditions beyond keywords survive the link (seed 000 §6.8, spec
	// 3.5.3B: only the URL part fails): dropping it searches by them, in
	// the expanded box that shows them (compact_classic cannot show
	// conditions, contract 4.1).
	add(&Action{ID: "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", Event: RepairRemoveAnchorKeepKws, From: repairFrom, Guard: gRemoveAnchorKeepConds,
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Retrieving, Origin: OriginNatural}, Seed: "000 §6.8, §8.5.3 (the kept conditions need the expanded box); spec 3.5.3B", Doc: "删除 URL / 锚点，按保留的其余条件搜索"})
	add(&Action{ID: "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", Event: RepairRemoveAnchorKeepKws, From: repairFrom, Guard: gRemoveAnchorKeepTags,
		To: Target{Input: states.CommittedKeyword, Container: states.CompactClassic, Session: states.Retrieving, Origin: OriginKeyword}, Seed: "000 §8.5.3 / §8.5.4 expanded_repair → compact_classic", Doc: "删除 URL / 锚点，仅保留 keyword 搜索"})
	add(&Action{ID: "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", Event: RepairRemoveAnchorKeepKws, From: repairFrom, Guard: gRemoveAnchorOnly,
		To: Target{Input: states.EmptyInput, Container: states.CompactClassic, Session: states.Idle, Origin: OriginNone}, Seed: "spec 3.5.3C (anchor-only 退化为删除锚点并回到经典输入)", Doc: "删除锚点并回到经典输入"})
	add(&Action{ID: "A_REPAIR_SWITCH_TO_NL", Event: RepairSwitchToNL, From: Match{Containers: []states.Container{states.ExpandedRepair}, Sessions: []states.Session{states.EmptyRepair, states.ResultsReady, states.Unsupported}}, Guard: gHasText,
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Retrieving, Origin: OriginNatural}, Seed: "000 §8.5.3 / §8.5.4 expanded_repair → expanded_agent", Doc: "改为自然语言描述并进入解析"})
	add(&Action{ID: "A_REPAIR_SWITCH_TO_NL", Event: RepairSwitchToNL, From: Match{Containers: []states.Container{states.ExpandedRepair}, Sessions: []states.Session{states.EmptyRepair, states.ResultsReady, states.Unsupported}}, Guard: gNoText,
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Session: states.Idle, Origin: OriginNatural}, Seed: "000 §8.5.3 / §8.5.4 expanded_repair → expanded_agent", Doc: "改为自然语言描述：展开并等待描述"})

	// --- Back to classic (seed 000 §6.7) ---
	add(&Action{ID: "A_EXPANDED_AGENT__AGENT_FALLBACK_TO_CLASSIC__COMPACT_CLASSIC__01", Event: FallbackToClassic, From: Match{Inputs: followupInputs, Containers: []states.Container{states.ExpandedAgent}, Sessions: []states.Session{states.ResultsReady}}, Guard: gFallbackTags,
		To: Target{Input: states.CommittedKeyword, Container: states.CompactClassic, Origin: OriginKeyword}, Seed: "000 §6.7 Agent → 经典态回退", Doc: "回到经典搜索，保留显式 tag"})
	add(&Action{ID: "A_EXPANDED_AGENT__AGENT_FALLBACK_TO_CLASSIC__COMPACT_CLASSIC__02", Event: FallbackToClassic, From: Match{Inputs: followupInputs, Containers: []states.Container{states.ExpandedAgent}, Sessions: []states.Session{states.ResultsReady}}, Guard: gFallbackAnchor,
		To: Target{Input: states.CommittedAnchor, Container: states.CompactClassic, Origin: OriginURL}, Seed: "000 §6.7 Agent → 经典态回退", Doc: "回到经典搜索，保留单一锚点"})

	// --- Manual condition edits and the filter panel (spec 2.3, 4.3, 5.3) ---
	for _, ev := range []Event{ConditionEdit, ConditionRemove, FilterSet, FilterClear} {
		name := eventName(ev)
		add(&Action{ID: "A_RESULTS_READY__" + name + "__REFINING__01", Event: ev,
			From: Match{Containers: []states.Container{states.ExpandedAgent, states.ExpandedClarifying}, Sessions: []states.Session{states.ResultsReady, states.Clarifying}},
			To:   Target{Container: states.ExpandedAgent, Session: states.Refining, Settle: true}, Seed: "spec 5.3 编辑条件 chip / 显式筛选器 → refining; spec 4.3 改为手动筛选结束追问", Doc: "手动修改条件后刷新"})
		add(&Action{ID: "A_EMPTY_REPAIR__" + name + "__REFINING__02", Event: ev,
			From: Match{Containers: []states.Container{states.ExpandedRepair}, Sessions: []states.Session{states.EmptyRepair, states.ResultsReady}},
			To:   Target{Session: states.Refining, Settle: true}, Seed: "spec 6.2 手动删改条件", Doc: "修正态中手动删改条件后刷新"})
	}
	for _, ev := range []Event{FilterSet, FilterClear} {
		add(&Action{ID: "A_COMPACT_CLASSIC__" + eventName(ev) + "__RETRIEVING__03", Event: ev,
			From: Match{Inputs: classicEditor, Containers: []states.Container{states.CompactClassic}, Sessions: classicSessions},
			To:   Target{Session: states.Retrieving}, Seed: "spec 3.3 老用户手动筛选不进入聊天式流程", Doc: "经典态筛选器修改后重新搜索"})
	}

	// --- Result list controls: context only (spec 3.5.2) ---
	for _, ev := range []Event{ResultsSort, ResultsPage} {
		add(&Action{ID: "A_RESULTS_READY__" + eventName(ev) + "__RESULTS_READY__01", Event: ev,
			From: Match{Containers: []states.Container{states.CompactClassic, states.ExpandedAgent, states.ExpandedClarifying, states.ExpandedRepair}, Sessions: []states.Session{states.ResultsReady, states.Clarifying}},
			Seed: "spec 3.5.2 相似结果默认按相似程度排序，允许切换排序", Doc: "排序 / 翻页（context 更新）"})
	}

	// --- Reset (seed 000 §4.2 任意展开态 → compact_classic) ---
	add(&Action{ID: "A_ANY__SESSION_RESET__EMPTY_INPUT__01", Event: SessionReset,
		To: Target{Input: states.EmptyInput, Container: states.CompactClassic, Session: states.Idle, Origin: OriginNone}, Seed: "000 §4.2 用户主动清空并新建经典搜索; §3.6.3", Doc: "清空并新建经典搜索"})

	// --- System events: what the tools returned (seed 000 §4.2, §5.2) ---
	add(&Action{ID: "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__COMPACT_CLASSIC__01", Event: SysResolvedExact,
		From: Match{Containers: []states.Container{states.CompactResolving}, Sessions: []states.Session{states.Retrieving}}, Guard: gNoTagsOnlyExplicit,
		To: Target{Input: states.CommittedAnchor, Container: states.CompactClassic}, Seed: "000 §4.2 compact_resolving → compact_classic", Doc: "URL 识别成功：锁定锚点，召回相似频道"})
	add(&Action{ID: "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__EXPANDED_AGENT__02", Event: SysResolvedExact,
		From: Match{Containers: []states.Container{states.CompactResolving}, Sessions: []states.Session{states.Retrieving}}, Guard: gTagsOrConds,
		To: Target{Input: states.FollowupWaiting, Container: states.ExpandedAgent, Origin: OriginMixed}, Seed: "000 §6.4 anchor + keyword → mixed-parse; §6.8 a corrected link keeps the other conditions, shown", Doc: "URL 识别成功：锚点与关键词或其余条件同时生效"})
	add(&Action{ID: "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__COMPACT_CLASSIC__03", Event: SysResolvedExact,
		From: Match{Containers: []states.Container{states.CompactResolving}, Sessions: classicSessions},
		To:   Target{Input: states.CommittedAnchor, Container: states.CompactClassic}, Seed: "000 §3.3 复合查询种子（识别后不搜索）", Doc: "URL 识别成功：锚点进入关键词+URL 种子"})
	add(&Action{ID: "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVE_FAILED__EXPANDED_REPAIR__01", Event: SysResolveFailed,
		From: Match{Containers: []states.Container{states.CompactResolving}},
		To:   Target{Input: states.FollowupWaiting, Container: states.ExpandedRepair, Session: states.EmptyRepair}, Seed: "000 §4.2 compact_resolving → expanded_repair; §6.8", Doc: "URL 识别失败 / 平台不匹配 / 类型不支持"})

	add(&Action{ID: "A_RETRIEVING__SYSTEM_URL_RESOLVE_FAILED__EMPTY_REPAIR__02", Event: SysResolveFailed,
		From: Match{Containers: []states.Container{states.ExpandedAgent, states.ExpandedRepair}, Sessions: transient},
		To:   Target{Input: states.FollowupWaiting, Container: states.ExpandedRepair, Session: states.EmptyRepair}, Seed: "000 §6.8 (mixed input or a replacement URL fails: only the URL part fails)", Doc: "URL 无法生成锚点：保留其余条件进入修正态"})

	for _, ev := range []Event{SysResults, SysLowRecall} {
		name := eventName(ev)
		add(&Action{ID: "A_RETRIEVING__" + name + "__RESULTS_READY__01", Event: ev,
			From: Match{Containers: []states.Container{states.CompactClassic, states.ExpandedAgent}, Sessions: transient},
			To:   Target{Session: states.ResultsReady}, Seed: "000 §5.2 retrieving → results_ready; refining → results_ready; §6.9", Doc: "返回有效结果"})
		add(&Action{ID: "A_EXPANDED_REPAIR__" + name + "__EXPANDED_AGENT__02", Event: ev,
			From: Match{Containers: []states.Container{states.ExpandedRepair}, Sessions: transient}, Guard: gAgentQuery,
			To: Target{Container: states.ExpandedAgent, Session: states.ResultsReady}, Seed: "000 §4.2 expanded_repair → expanded_agent; §5.4 source_stage=post_repair", Doc: "修正后恢复结果"})
		// Back in the classic box, the input layer is the classic editor
		// again (seed 000 §3.3, §6.1: the classic box always takes a new
		// keyword): the tags stay committed, or the anchor badge, or the
		// box is empty. Never followup_waiting in compact_classic.
		add(&Action{ID: "A_EXPANDED_REPAIR__" + name + "__COMPACT_CLASSIC__03", Event: ev,
			From: Match{Containers: []states.Container{states.ExpandedRepair}, Sessions: transient}, Guard: gClassicQueryTags,
			To: Target{Input: states.CommittedKeyword, Container: states.CompactClassic, Session: states.ResultsReady}, Seed: "000 §4.2 expanded_repair → compact_classic; §3.3", Doc: "修正后回到经典结果，关键词 tag 保留"})
		add(&Action{ID: "A_EXPANDED_REPAIR__" + name + "__COMPACT_CLASSIC__04", Event: ev,
			From: Match{Containers: []states.Container{states.ExpandedRepair}, Sessions: transient}, Guard: gClassicQueryAnchor,
			To: Target{Input: states.CommittedAnchor, Container: states.CompactClassic, Session: states.ResultsReady}, Seed: "000 §4.2 expanded_repair → compact_classic; §3.3, §6.2", Doc: "修正后回到经典结果，锚点 badge 保留"})
		add(&Action{ID: "A_EXPANDED_REPAIR__" + name + "__COMPACT_CLASSIC__05", Event: ev,
			From: Match{Containers: []states.Container{states.ExpandedRepair}, Sessions: transient}, Guard: gClassicQueryEmpty,
			To: Target{Input: states.EmptyInput, Container: states.CompactClassic, Session: states.ResultsReady}, Seed: "000 §4.2 expanded_repair → compact_classic; §3.3", Doc: "修正后回到经典结果，输入框为空"})
	}
	add(&Action{ID: "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", Event: SysNoResults,
		From: Match{Containers: []states.Container{states.CompactClassic, states.ExpandedAgent, states.ExpandedRepair}, Sessions: transient},
		To:   Target{Input: states.FollowupWaiting, Container: states.ExpandedRepair, Session: states.EmptyRepair}, Seed: "000 §5.2 retrieving/refining → empty_repair; §4.2 expanded_agent → expanded_repair; spec 3.4.3", Doc: "有条件但无结果"})
	add(&Action{ID: "A_RESULTS_READY__SYSTEM_CLARIFY__CLARIFYING__01", Event: SysClarify,
		From: Match{Containers: []states.Container{states.ExpandedAgent}, Sessions: []states.Session{states.ResultsReady}},
		To:   Target{Container: states.ExpandedClarifying, Session: states.Clarifying}, Seed: "000 §5.2 results_ready → clarifying; §4.2 expanded_agent → expanded_clarifying", Doc: "首轮结果后发现高影响歧义需追问"})
	add(&Action{ID: "A_RETRIEVING__SYSTEM_UNSUPPORTED__UNSUPPORTED__01", Event: SysUnsupported,
		From: Match{Sessions: transient},
		To:   Target{Input: states.FollowupWaiting, Container: states.ExpandedRepair, Session: states.Unsupported}, Seed: "000 §5.2 retrieving → unsupported; §5.4 repair-unsupported", Doc: "需求受限"})
	return t
}

// eventName turns "tag.set_scope" into "TAG_SET_SCOPE" for action ids.
func eventName(e Event) string {
	b := []byte(e)
	for i, c := range b {
		switch {
		case c == '.':
			b[i] = '_'
		case c >= 'a' && c <= 'z':
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
