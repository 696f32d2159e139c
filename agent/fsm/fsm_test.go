package fsm

import (
	"errors"
	"regexp"
	"searchagent/tools/states"
	"slices"
	"testing"
)

func st(i states.Input, c states.Container, s states.Session) State {
	return State{Input: i, Container: c, Session: s}
}

// TestSeedRows checks one case per row of the transition tables of seed
// 000 (§3.2, §4.2, §5.2, §5.4, §6.8, §8.5.3, §8.5.4) at the registry level.
// The executor tests drive the same rows through whole turns.
func TestSeedRows(t *testing.T) {
	classicIdle := func(i states.Input) State { return st(i, states.CompactClassic, states.Idle) }
	cases := []struct {
		name   string
		from   State
		event  Event
		facts  Facts
		wantID string
		want   State
	}{
		// §3.2 input layer
		{"3.2 empty_input 用户开始输入", classicIdle(states.EmptyInput), InputType, Facts{HasText: true, Draft: ShapeKeyword}, "A_EMPTY_INPUT__INPUT_TYPE__DRAFT_KEYWORD__01", classicIdle(states.DraftKeyword)},
		{"3.2 draft_keyword 清空输入", classicIdle(states.DraftKeyword), InputClear, Facts{}, "A_DRAFT_KEYWORD__INPUT_CLEAR__EMPTY_INPUT__01", classicIdle(states.EmptyInput)},
		{"3.2 draft_keyword Enter", classicIdle(states.DraftKeyword), InputCommit, Facts{HasText: true, Draft: ShapeKeyword}, "A_DRAFT_KEYWORD__INPUT_COMMIT__COMMITTED_KEYWORD__01", classicIdle(states.CommittedKeyword)},
		{"3.2 draft_keyword 失去焦点且非空", classicIdle(states.DraftKeyword), InputCommit, Facts{HasText: true, Draft: ShapeKeyword, Tags: 1}, "A_DRAFT_KEYWORD__INPUT_COMMIT__COMMITTED_KEYWORD__01", classicIdle(states.CommittedKeyword)},
		{"3.2 draft_keyword 点击搜索且非空", classicIdle(states.DraftKeyword), SearchSubmit, Facts{HasText: true, Draft: ShapeKeyword}, "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_CLASSIC__01", st(states.CommittedKeyword, states.CompactClassic, states.Retrieving)},
		{"3.2 committed_keyword 点击编辑", classicIdle(states.CommittedKeyword), TagEdit, Facts{Tags: 2}, "A_COMMITTED_KEYWORD__TAG_EDIT__EDITING_KEYWORD__01", classicIdle(states.EditingKeyword)},
		{"3.2 editing_keyword 提交编辑结果", classicIdle(states.EditingKeyword), TagEditSubmit, Facts{Tags: 2, HasText: true}, "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__COMMITTED_KEYWORD__01", classicIdle(states.CommittedKeyword)},
		{"3.2 editing_keyword 取消编辑", classicIdle(states.EditingKeyword), TagEditCancel, Facts{Tags: 2}, "A_EDITING_KEYWORD__TAG_EDIT_CANCEL__COMMITTED_KEYWORD__01", classicIdle(states.CommittedKeyword)},
		{"3.2 editing_keyword 清空并确认删除，仍有 tag", classicIdle(states.EditingKeyword), TagEditSubmit, Facts{Tags: 2, TextEmpty: true}, "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__COMMITTED_KEYWORD__02", classicIdle(states.CommittedKeyword)},
		{"3.2 editing_keyword 清空并确认删除，最后一个", classicIdle(states.EditingKeyword), TagEditSubmit, Facts{Tags: 1, TextEmpty: true, TagIsLast: true}, "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__EMPTY_INPUT__04", classicIdle(states.EmptyInput)},
		{"3.2 committed_anchor 删除锚点 → empty_input", classicIdle(states.CommittedAnchor), AnchorDelete, Facts{HasAnchor: true}, "A_COMMITTED_ANCHOR__ANCHOR_DELETE__EMPTY_INPUT__01", classicIdle(states.EmptyInput)},
		{"3.2 committed_anchor 删除锚点 → draft_keyword", classicIdle(states.DraftKeyword), AnchorDelete, Facts{HasAnchor: true, Draft: ShapeKeyword}, "A_COMMITTED_ANCHOR__ANCHOR_DELETE__DRAFT_KEYWORD__02", classicIdle(states.DraftKeyword)},
		{"3.2 followup_waiting 开始补充", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), FollowupType, Facts{HasText: true}, "A_FOLLOWUP_WAITING__FOLLOWUP_TYPE__DRAFT_FOLLOWUP__01", st(states.DraftFollowup, states.ExpandedAgent, states.ResultsReady)},
		{"3.2 draft_followup 清空补充", st(states.DraftFollowup, states.ExpandedAgent, states.ResultsReady), FollowupClear, Facts{}, "A_DRAFT_FOLLOWUP__FOLLOWUP_CLEAR__FOLLOWUP_WAITING__01", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady)},
		{"3.2 draft_followup 提交补充", st(states.DraftFollowup, states.ExpandedAgent, states.ResultsReady), FollowupSubmit, Facts{HasText: true}, "A_RESULTS_READY__FOLLOWUP_SUBMIT__REFINING__04", st(states.FollowupWaiting, states.ExpandedAgent, states.Refining)},
		{"3.2 committed_keyword 打开 tag 菜单", classicIdle(states.CommittedKeyword), TagMenuOpen, Facts{Tags: 1}, "A_COMMITTED_KEYWORD__TAG_MENU_OPEN__COMMITTED_KEYWORD__01", classicIdle(states.CommittedKeyword)},
		{"3.2 committed_keyword 关闭 tag 菜单", classicIdle(states.CommittedKeyword), TagMenuClose, Facts{Tags: 1, MenuOpen: true}, "A_COMMITTED_KEYWORD__TAG_MENU_CLOSE__COMMITTED_KEYWORD__01", classicIdle(states.CommittedKeyword)},
		{"3.2 committed_keyword 切换匹配目标", classicIdle(states.CommittedKeyword), TagSetScope, Facts{Tags: 1}, "A_COMMITTED_KEYWORD__TAG_SET_SCOPE__COMMITTED_KEYWORD__01", classicIdle(states.CommittedKeyword)},
		{"3.2 committed_keyword 打开/关闭排除", classicIdle(states.CommittedKeyword), TagToggleExclude, Facts{Tags: 1}, "A_COMMITTED_KEYWORD__TAG_TOGGLE_EXCLUDE__COMMITTED_KEYWORD__01", classicIdle(states.CommittedKeyword)},
		{"3.2 committed_keyword 删除 tag 且仍有其他", classicIdle(states.CommittedKeyword), TagDelete, Facts{Tags: 2}, "A_COMMITTED_KEYWORD__TAG_DELETE__COMMITTED_KEYWORD__01", classicIdle(states.CommittedKeyword)},
		{"3.2 committed_keyword 删除最后一个 tag", classicIdle(states.CommittedKeyword), TagDelete, Facts{Tags: 1, TagIsLast: true}, "A_COMMITTED_KEYWORD__TAG_DELETE__EMPTY_INPUT__03", classicIdle(states.EmptyInput)},

		// §4.2 container layer
		{"4.2 提交纯关键词", classicIdle(states.DraftKeyword), SearchSubmit, Facts{HasText: true, Draft: ShapeKeyword}, "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_CLASSIC__01", st(states.CommittedKeyword, states.CompactClassic, states.Retrieving)},
		{"4.2 提交纯 URL", classicIdle(states.DraftKeyword), SearchSubmit, Facts{HasText: true, Draft: ShapeURL}, "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_RESOLVING__02", st(states.DraftKeyword, states.CompactResolving, states.Retrieving)},
		{"4.2 提交纯自然语言", classicIdle(states.DraftKeyword), SearchSubmit, Facts{HasText: true, Draft: ShapeNatural}, "A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__06", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving)},
		{"4.2 提交混合输入", classicIdle(states.DraftKeyword), SearchSubmit, Facts{HasText: true, Draft: ShapeMixed}, "A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__07", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving)},
		{"4.2 用户主动转为智能搜索", st(states.CommittedKeyword, states.CompactClassic, states.ResultsReady), AgentUpgrade, Facts{Tags: 1}, "A_COMPACT_CLASSIC__AGENT_UPGRADE__EXPANDED_AGENT__01", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady)},
		{"4.2 URL 识别成功", st(states.DraftKeyword, states.CompactResolving, states.Retrieving), SysResolvedExact, Facts{OnlyExplicit: true}, "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__COMPACT_CLASSIC__01", st(states.CommittedAnchor, states.CompactClassic, states.Retrieving)},
		{"6.8 corrected URL resolves; the other conditions stay shown", st(states.FollowupWaiting, states.CompactResolving, states.Retrieving), SysResolvedExact, Facts{}, "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__EXPANDED_AGENT__02", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving)},
		{"6.8 drop the failed URL, search by the kept conditions", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), RepairRemoveAnchorKeepKws, Facts{RepairReason: states.RepairURLInvalid}, "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving)},
		{"4.2 URL 识别失败", st(states.DraftKeyword, states.CompactResolving, states.Retrieving), SysResolveFailed, Facts{RepairReason: states.RepairURLInvalid}, "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVE_FAILED__EXPANDED_REPAIR__01", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair)},
		{"4.2 首轮结果后需追问", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), SysClarify, Facts{}, "A_RESULTS_READY__SYSTEM_CLARIFY__CLARIFYING__01", st(states.FollowupWaiting, states.ExpandedClarifying, states.Clarifying)},
		{"4.2 有条件无结果", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving), SysNoResults, Facts{}, "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair)},
		{"4.2 用户回答后继续搜索", st(states.FollowupWaiting, states.ExpandedClarifying, states.Clarifying), ClarifyAnswer, Facts{PendingQuestion: true}, "A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", st(states.FollowupWaiting, states.ExpandedAgent, states.Refining)},
		{"4.2 修正后重新搜索 → expanded_agent", st(states.FollowupWaiting, states.ExpandedRepair, states.Retrieving), SysResults, Facts{Origin: OriginNatural}, "A_EXPANDED_REPAIR__SYSTEM_RESULTS__EXPANDED_AGENT__02", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady)},
		{"4.2 修正后重新搜索 → compact_classic", st(states.CommittedKeyword, states.ExpandedRepair, states.Retrieving), SysResults, Facts{Origin: OriginKeyword, OnlyExplicit: true, Tags: 1}, "A_EXPANDED_REPAIR__SYSTEM_RESULTS__COMPACT_CLASSIC__03", st(states.CommittedKeyword, states.CompactClassic, states.ResultsReady)},
		{"4.2 修正后重新搜索 → compact_classic, tags stay committed", st(states.FollowupWaiting, states.ExpandedRepair, states.Refining), SysResults, Facts{Origin: OriginKeyword, OnlyExplicit: true, Tags: 1}, "A_EXPANDED_REPAIR__SYSTEM_RESULTS__COMPACT_CLASSIC__03", st(states.CommittedKeyword, states.CompactClassic, states.ResultsReady)},
		{"4.2 修正后重新搜索 → compact_classic, the anchor badge stays", st(states.FollowupWaiting, states.ExpandedRepair, states.Retrieving), SysLowRecall, Facts{Origin: OriginURL, OnlyExplicit: true, HasAnchor: true}, "A_EXPANDED_REPAIR__SYSTEM_LOW_RECALL__COMPACT_CLASSIC__04", st(states.CommittedAnchor, states.CompactClassic, states.ResultsReady)},
		{"4.2 修正后重新搜索 → compact_classic, nothing left", st(states.FollowupWaiting, states.ExpandedRepair, states.Retrieving), SysResults, Facts{Origin: OriginKeyword, OnlyExplicit: true}, "A_EXPANDED_REPAIR__SYSTEM_RESULTS__COMPACT_CLASSIC__05", st(states.EmptyInput, states.CompactClassic, states.ResultsReady)},
		{"3.2 删除经典搜索修正态中的最后一个 tag → empty_input", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), TagDelete, Facts{Origin: OriginKeyword, OnlyExplicit: true, Tags: 1, TagIsLast: true}, "A_EMPTY_REPAIR__TAG_DELETE__EMPTY_INPUT__03", st(states.EmptyInput, states.CompactClassic, states.Idle)},
		{"3.2 删除智能搜索修正态中的最后一个 tag → refining", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), TagDelete, Facts{Origin: OriginNatural, Tags: 1, TagIsLast: true}, "A_EMPTY_REPAIR__TAG_DELETE__REFINING__02", st(states.FollowupWaiting, states.ExpandedRepair, states.Refining)},
		{"4.2 任意展开态 清空并新建经典搜索", st(states.FollowupWaiting, states.ExpandedClarifying, states.Clarifying), SessionReset, Facts{}, "A_ANY__SESSION_RESET__EMPTY_INPUT__01", Initial},

		// §5.2 session layer
		{"5.2 idle 发起搜索", st(states.FollowupWaiting, states.ExpandedAgent, states.Idle), FollowupSubmit, Facts{HasText: true}, "A_IDLE__FOLLOWUP_SUBMIT__RETRIEVING__02", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving)},
		{"5.2 retrieving 返回有效结果", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving), SysResults, Facts{}, "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady)},
		{"5.2 retrieving 有条件但无结果", st(states.CommittedKeyword, states.CompactClassic, states.Retrieving), SysNoResults, Facts{Tags: 1}, "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair)},
		{"5.2 retrieving 需求受限", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving), SysUnsupported, Facts{}, "A_RETRIEVING__SYSTEM_UNSUPPORTED__UNSUPPORTED__01", st(states.FollowupWaiting, states.ExpandedRepair, states.Unsupported)},
		{"5.2 results_ready 需追问", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), SysClarify, Facts{}, "A_RESULTS_READY__SYSTEM_CLARIFY__CLARIFYING__01", st(states.FollowupWaiting, states.ExpandedClarifying, states.Clarifying)},
		{"5.2 clarifying 用户回答", st(states.DraftFollowup, states.ExpandedClarifying, states.Clarifying), ClarifyAnswer, Facts{PendingQuestion: true}, "A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", st(states.FollowupWaiting, states.ExpandedAgent, states.Refining)},
		{"5.2 refining 有结果", st(states.FollowupWaiting, states.ExpandedAgent, states.Refining), SysResults, Facts{}, "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady)},
		{"5.2 refining 无结果", st(states.FollowupWaiting, states.ExpandedAgent, states.Refining), SysNoResults, Facts{}, "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair)},
		{"5.2 empty_repair 接受修正重新搜索", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), RepairExpandRecallScope, Facts{RepairReason: states.RepairNoResults, Relaxable: true}, "A_REPAIR_EXPAND_RECALL_SCOPE", st(states.FollowupWaiting, states.ExpandedRepair, states.Retrieving)},
		{"5.2 unsupported 用户重写输入", st(states.DraftFollowup, states.ExpandedRepair, states.Unsupported), FollowupSubmit, Facts{HasText: true}, "A_UNSUPPORTED__FOLLOWUP_SUBMIT__RETRIEVING__03", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving)},

		// §5.4 follow-up exits
		{"5.4 natural-followup-draft → refining", st(states.DraftFollowup, states.ExpandedAgent, states.ResultsReady), FollowupSubmit, Facts{HasText: true, Origin: OriginNatural}, "A_RESULTS_READY__FOLLOWUP_SUBMIT__REFINING__04", st(states.FollowupWaiting, states.ExpandedAgent, states.Refining)},
		{"5.4 mixed-followup-draft (clarifying) → refining", st(states.DraftFollowup, states.ExpandedClarifying, states.Clarifying), FollowupSubmit, Facts{HasText: true, Origin: OriginMixed}, "A_CLARIFYING__FOLLOWUP_SUBMIT__REFINING__05", st(states.FollowupWaiting, states.ExpandedAgent, states.Refining)},
		{"5.4 repair-followup-draft → refining", st(states.DraftFollowup, states.ExpandedRepair, states.EmptyRepair), FollowupSubmit, Facts{HasText: true, RepairReason: states.RepairNoResults}, "A_EMPTY_REPAIR__FOLLOWUP_SUBMIT__REFINING__06", st(states.FollowupWaiting, states.ExpandedRepair, states.Refining)},
		{"5.4 repair-followup-refining → results (post_repair)", st(states.FollowupWaiting, states.ExpandedRepair, states.Refining), SysResults, Facts{Origin: OriginNatural}, "A_EXPANDED_REPAIR__SYSTEM_RESULTS__EXPANDED_AGENT__02", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady)},
		{"5.4 repair-followup-refining → repair-empty", st(states.FollowupWaiting, states.ExpandedRepair, states.Refining), SysNoResults, Facts{}, "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair)},
		{"5.4 repair-followup-refining → repair-unsupported", st(states.FollowupWaiting, states.ExpandedRepair, states.Refining), SysUnsupported, Facts{}, "A_RETRIEVING__SYSTEM_UNSUPPORTED__UNSUPPORTED__01", st(states.FollowupWaiting, states.ExpandedRepair, states.Unsupported)},

		// §6.8 / §8.5.3 URL failure with keywords
		{"6.8 anchor+keyword URL 识别失败", st(states.DraftKeyword, states.CompactResolving, states.Retrieving), SysResolveFailed, Facts{Tags: 1, RepairReason: states.RepairURLMismatch}, "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVE_FAILED__EXPANDED_REPAIR__01", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair)},
		{"8.5.3 A_REPAIR_FIX_URL", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), RepairFixURL, Facts{Tags: 1, RepairReason: states.RepairURLInvalid, HasText: true}, "A_REPAIR_FIX_URL", st(states.FollowupWaiting, states.CompactResolving, states.Retrieving)},
		{"8.5.3 A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), RepairRemoveAnchorKeepKws, Facts{Tags: 1, OnlyExplicit: true, RepairReason: states.RepairURLInvalid}, "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", st(states.CommittedKeyword, states.CompactClassic, states.Retrieving)},
		{"8.5.3 A_REPAIR_SWITCH_TO_NL", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), RepairSwitchToNL, Facts{Tags: 1, RepairReason: states.RepairURLUnsupported, HasText: true}, "A_REPAIR_SWITCH_TO_NL", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving)},

		// §8.5.4 low recall
		{"8.5.4 A_HINT_OPEN_REPAIR_LOW_RECALL", st(states.CommittedAnchor, states.CompactClassic, states.ResultsReady), HintOpenRepairLowRecall, Facts{HasAnchor: true, RepairReason: states.RepairLowRecall, HintVisible: true}, "A_HINT_OPEN_REPAIR_LOW_RECALL", st(states.FollowupWaiting, states.ExpandedRepair, states.ResultsReady)},
		{"8.5.4 A_HINT_DISMISS_LOW_RECALL", st(states.CommittedAnchor, states.CompactClassic, states.ResultsReady), HintDismissLowRecall, Facts{HasAnchor: true, RepairReason: states.RepairLowRecall, HintVisible: true}, "A_HINT_DISMISS_LOW_RECALL", st(states.CommittedAnchor, states.CompactClassic, states.ResultsReady)},
		{"8.5.4 A_REPAIR_REPLACE_ANCHOR", st(states.FollowupWaiting, states.ExpandedRepair, states.ResultsReady), RepairReplaceAnchor, Facts{HasAnchor: true, RepairReason: states.RepairLowRecall, HasText: true}, "A_REPAIR_REPLACE_ANCHOR", st(states.FollowupWaiting, states.CompactResolving, states.Retrieving)},
		{"8.5.4 A_REPAIR_EXPAND_RECALL_SCOPE", st(states.FollowupWaiting, states.ExpandedRepair, states.ResultsReady), RepairExpandRecallScope, Facts{HasAnchor: true, RepairReason: states.RepairLowRecall}, "A_REPAIR_EXPAND_RECALL_SCOPE", st(states.FollowupWaiting, states.ExpandedRepair, states.Retrieving)},
		{"8.5.4 A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS (anchor+keyword)", st(states.FollowupWaiting, states.ExpandedRepair, states.ResultsReady), RepairRemoveAnchorKeepKws, Facts{HasAnchor: true, OnlyExplicit: true, Tags: 2, RepairReason: states.RepairLowRecall}, "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", st(states.CommittedKeyword, states.CompactClassic, states.Retrieving)},
		{"8.5.4 A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS (anchor-only)", st(states.FollowupWaiting, states.ExpandedRepair, states.ResultsReady), RepairRemoveAnchorKeepKws, Facts{HasAnchor: true, OnlyExplicit: true, RepairReason: states.RepairLowRecall}, "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", st(states.EmptyInput, states.CompactClassic, states.Idle)},
		{"8.5.4 A_REPAIR_SWITCH_TO_NL", st(states.FollowupWaiting, states.ExpandedRepair, states.ResultsReady), RepairSwitchToNL, Facts{HasAnchor: true, RepairReason: states.RepairLowRecall, HasText: true}, "A_REPAIR_SWITCH_TO_NL", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving)},
	}
	reg := Default()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, err := reg.Resolve(tc.from, tc.event, tc.facts)
			if err != nil {
				t.Fatalf("Resolve(%s, %s) error: %v", tc.from, tc.event, err)
			}
			if a.ID != tc.wantID {
				t.Errorf("Resolve(%s, %s) = %s, want %s", tc.from, tc.event, a.ID, tc.wantID)
			}
			got, _ := a.To.Apply(tc.from, tc.facts.Origin)
			if got != tc.want {
				t.Errorf("%s: to %s, want %s", a.ID, got, tc.want)
			}
		})
	}
}

func TestRefusals(t *testing.T) {
	reg := Default()
	cases := []struct {
		name        string
		from        State
		event       Event
		facts       Facts
		wantRefused string
	}{
		{"second anchor (spec 3.5.2A)", st(states.DraftKeyword, states.CompactClassic, states.ResultsReady), SearchSubmit, Facts{HasAnchor: true, Draft: ShapeURL, HasText: true}, "submit_url"},
		{"empty submit", st(states.EmptyInput, states.CompactClassic, states.Idle), SearchSubmit, Facts{}, "submit_keyword"},
		{"fallback with an open question", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), FallbackToClassic, Facts{Tags: 1, PendingQuestion: true, OnlyExplicit: true}, "fallback_conditions_hold_tags"},
		{"fallback with derived conditions", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), FallbackToClassic, Facts{Tags: 1}, "fallback_conditions_hold_tags"},
		{"hint without low recall", st(states.CommittedAnchor, states.CompactClassic, states.ResultsReady), HintOpenRepairLowRecall, Facts{HasAnchor: true}, "low_recall_hint_visible"},
		{"fix URL when the URL did not fail", st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), RepairFixURL, Facts{RepairReason: states.RepairNoResults, HasText: true}, "url_failed_and_new_url"},
		{"classic box never asks (spec 3.3)", st(states.CommittedKeyword, states.CompactClassic, states.ResultsReady), SysClarify, Facts{Tags: 1}, ""},
		{"search.submit in the expanded box", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), SearchSubmit, Facts{HasText: true, Draft: ShapeNatural}, ""},
		{"answer without a question", st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), ClarifyAnswer, Facts{}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, err := reg.Resolve(tc.from, tc.event, tc.facts)
			if err == nil {
				t.Fatalf("Resolve(%s, %s) = %s, want refusal", tc.from, tc.event, a.ID)
			}
			var na *NotAllowedError
			if !errors.As(err, &na) || !errors.Is(err, ErrNotAllowed) {
				t.Fatalf("error %v is not a NotAllowedError", err)
			}
			if tc.wantRefused != "" && !slices.Contains(na.Refused, tc.wantRefused) {
				t.Errorf("refused guards %v, want %s among them", na.Refused, tc.wantRefused)
			}
			if tc.wantRefused == "" && len(na.Refused) != 0 {
				t.Errorf("refused guards %v, want none (no action of %s starts here)", na.Refused, tc.event)
			}
			for _, al := range na.Allowed {
				if al.System() {
					t.Errorf("allowed list offers system action %s", al.ID)
				}
			}
		})
	}
}

var idPattern = regexp.MustCompile(`^A_[A-Z_]+?__[A-Z_]+?__[A-Z_]+?__\d{2}$`)

var baseline = []string{
	"A_REPAIR_FIX_URL", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", "A_REPAIR_SWITCH_TO_NL",
	"A_HINT_OPEN_REPAIR_LOW_RECALL", "A_HINT_DISMISS_LOW_RECALL", "A_REPAIR_REPLACE_ANCHOR", "A_REPAIR_EXPAND_RECALL_SCOPE",
}

func TestRegistryWellFormed(t *testing.T) {
	reg := Default()
	seen := map[string]int{}
	events := map[Event]bool{}
	for _, a := range reg.Actions() {
		seen[a.ID]++
		events[a.Event] = true
		if !slices.Contains(baseline, a.ID) && !idPattern.MatchString(a.ID) {
			t.Errorf("action id %q follows neither the seed baseline nor A_<FROM>__<EVENT>__<TO>__<INDEX>", a.ID)
		}
		if slices.Contains(baseline, a.ID) && string(a.Event) != a.ID {
			t.Errorf("baseline action %s is fired by event %s, want the event of the same name", a.ID, a.Event)
		}
		if a.Seed == "" || a.Doc == "" {
			t.Errorf("action %s lacks its seed reference or doc", a.ID)
		}
		if a.To.Input != "" && !slices.Contains(states.Inputs, a.To.Input) ||
			a.To.Container != "" && !slices.Contains(states.Containers, a.To.Container) ||
			a.To.Session != "" && !slices.Contains(states.Sessions, a.To.Session) {
			t.Errorf("action %s targets an unknown state %+v", a.ID, a.To)
		}
	}
	for id, n := range seen {
		if n > 1 && !slices.Contains(baseline, id) {
			t.Errorf("action id %s is registered %d times", id, n)
		}
	}
	for _, b := range baseline {
		if seen[b] == 0 {
			t.Errorf("seed baseline action %s is not registered", b)
		}
	}
	for _, e := range append(slices.Clone(UserEvents), SystemEvents...) {
		if !events[e] {
			t.Errorf("event %s has no action", e)
		}
	}
}

func TestClassifySubmit(t *testing.T) {
	cases := []struct {
		f    Facts
		want Submit
	}{
		{Facts{}, SubmitNothing},
		{Facts{Draft: ShapeKeyword}, SubmitKeyword},
		{Facts{Tags: 2}, SubmitKeyword},
		{Facts{Draft: ShapeURL}, SubmitURL},
		{Facts{Draft: ShapeURL, Tags: 1}, SubmitKeywordURL},
		{Facts{Draft: ShapeURL, HasAnchor: true}, SubmitSecondAnchor},
		{Facts{HasAnchor: true}, SubmitAnchorOnly},
		{Facts{HasAnchor: true, Tags: 1}, SubmitAnchorKeyword},
		{Facts{HasAnchor: true, Draft: ShapeKeyword}, SubmitAnchorKeyword},
		{Facts{Draft: ShapeNatural}, SubmitNatural},
		{Facts{Draft: ShapeMixed}, SubmitMixed},
		{Facts{Draft: ShapeNatural, Tags: 1}, SubmitKeywordUpgrade},
		{Facts{Draft: ShapeMixed, HasAnchor: true}, SubmitURLUpgrade},
		{Facts{Draft: ShapeMixed, HasAnchor: true, DraftHasURL: true}, SubmitSecondAnchor},
	}
	for _, tc := range cases {
		if got := ClassifySubmit(tc.f); got != tc.want {
			t.Errorf("ClassifySubmit(%+v) = %s, want %s", tc.f, got, tc.want)
		}
	}
}

// TestSubstateCatalogue checks the catalogue is the seed's 39 entries and
// that the mapping reaches every one of them from a representative state.
func TestSubstateCatalogue(t *testing.T) {
	if len(states.Catalogue) != 39 {
		t.Fatalf("catalogue has %d entries, want 39", len(states.Catalogue))
	}
	ids := map[string]bool{}
	for _, s := range states.Catalogue {
		if ids[s.ID] {
			t.Errorf("duplicate substate %s", s.ID)
		}
		ids[s.ID] = true
	}
	cases := []struct {
		s    State
		f    Facts
		want string
	}{
		{Initial, Facts{}, "keyword-blank"},
		{st(states.DraftKeyword, states.CompactClassic, states.Idle), Facts{Draft: ShapeKeyword}, "keyword-draft"},
		{st(states.CommittedKeyword, states.CompactClassic, states.ResultsReady), Facts{Tags: 1}, "keyword-committed"},
		{st(states.EditingKeyword, states.CompactClassic, states.Idle), Facts{Tags: 1}, "keyword-editing"},
		{st(states.CommittedKeyword, states.CompactClassic, states.ResultsReady), Facts{Tags: 3}, "keyword-multi"},
		{st(states.DraftKeyword, states.CompactClassic, states.Idle), Facts{Tags: 1, HasAnchor: true, Origin: OriginKeyword}, "keyword-url-seed"},
		{st(states.CommittedKeyword, states.CompactClassic, states.Idle), Facts{Tags: 1, MenuOpen: true}, "keyword-scope"},
		{st(states.DraftKeyword, states.CompactResolving, states.Retrieving), Facts{Draft: ShapeURL}, "url-resolving"},
		{st(states.CommittedAnchor, states.CompactClassic, states.ResultsReady), Facts{HasAnchor: true, Origin: OriginURL}, "url-anchor"},
		{st(states.DraftKeyword, states.CompactClassic, states.ResultsReady), Facts{HasAnchor: true, Draft: ShapeKeyword, Origin: OriginURL}, "url-keyword-seed"},
		{st(states.CommittedAnchor, states.CompactClassic, states.ResultsReady), Facts{HasAnchor: true, HintVisible: true, RepairReason: states.RepairLowRecall}, "url-low-recall"},
		{st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), Facts{RepairReason: states.RepairURLMismatch}, "url-mismatch"},
		{st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), Facts{RepairReason: states.RepairURLUnsupported}, "url-unsupported"},
		{st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), Facts{RepairReason: states.RepairURLInvalid}, "url-invalid"},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.Idle), Facts{Origin: OriginNatural}, "natural-expanded"},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving), Facts{Origin: OriginNatural}, "natural-retrieving"},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), Facts{Origin: OriginNatural}, "natural-results"},
		{st(states.FollowupWaiting, states.ExpandedClarifying, states.Clarifying), Facts{Origin: OriginNatural}, "natural-clarifying"},
		{st(states.DraftFollowup, states.ExpandedAgent, states.ResultsReady), Facts{Origin: OriginNatural}, "natural-followup-draft"},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.Refining), Facts{Origin: OriginNatural}, "natural-followup-refining"},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), Facts{Origin: OriginMixed}, "mixed-parse"},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), Facts{Origin: OriginMixed, HasAnchor: true}, "mixed-anchor"},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), Facts{Origin: OriginMixed, SoftPending: true}, "mixed-soft"},
		{st(states.FollowupWaiting, states.ExpandedClarifying, states.Clarifying), Facts{Origin: OriginMixed}, "mixed-clarifying"},
		{st(states.DraftFollowup, states.ExpandedAgent, states.ResultsReady), Facts{Origin: OriginMixed}, "mixed-followup-draft"},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.Refining), Facts{Origin: OriginMixed}, "mixed-followup-refining"},
		{st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), Facts{Tags: 1, RepairReason: states.RepairURLInvalid}, "repair-invalid"},
		{st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), Facts{Tags: 1, RepairReason: states.RepairURLMismatch}, "repair-mismatch"},
		{st(states.FollowupWaiting, states.ExpandedRepair, states.Unsupported), Facts{}, "repair-unsupported"},
		{st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), Facts{RepairReason: states.RepairNoResults}, "repair-empty"},
		{st(states.FollowupWaiting, states.ExpandedRepair, states.ResultsReady), Facts{RepairReason: states.RepairLowRecall}, "repair-low-recall"},
		{st(states.DraftFollowup, states.ExpandedRepair, states.EmptyRepair), Facts{RepairReason: states.RepairNoResults}, "repair-followup-draft"},
		{st(states.FollowupWaiting, states.ExpandedRepair, states.Refining), Facts{}, "repair-followup-refining"},
		{st(states.DraftKeyword, states.CompactClassic, states.ResultsReady), Facts{Tags: 1, Draft: ShapeNatural, Origin: OriginKeyword}, "upgrade-keyword-before"},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving), Facts{Tags: 1, Origin: OriginKeywordUpgrade}, "upgrade-keyword-upgrading"},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), Facts{Tags: 1, Origin: OriginKeywordUpgrade}, "upgrade-keyword-stable"},
		{st(states.DraftKeyword, states.CompactClassic, states.ResultsReady), Facts{HasAnchor: true, Draft: ShapeNatural, Origin: OriginURL}, "upgrade-url-before"},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving), Facts{HasAnchor: true, Origin: OriginURLUpgrade}, "upgrade-url-upgrading"},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), Facts{HasAnchor: true, Origin: OriginURLUpgrade}, "upgrade-url-stable"},
	}
	reached := map[string]bool{}
	for _, tc := range cases {
		got := Substate(tc.s, tc.f)
		if got.ID != tc.want {
			t.Errorf("Substate(%s, %+v) = %q, want %q", tc.s, tc.f, got.ID, tc.want)
		}
		reached[got.ID] = true
	}
	for _, s := range states.Catalogue {
		if !reached[s.ID] {
			t.Errorf("substate %s is never reached", s.ID)
		}
	}
}

// TestSubstateTotal checks the mapping names a catalogue entry for every
// state triple under a spread of facts.
func TestSubstateTotal(t *testing.T) {
	factsSet := []Facts{{}, {Tags: 1}, {Tags: 2, HasAnchor: true}, {HasAnchor: true, Draft: ShapeNatural}, {Origin: OriginMixed, SoftPending: true},
		{RepairReason: states.RepairURLInvalid}, {RepairReason: states.RepairLowRecall, HintVisible: true, HasAnchor: true}, {Origin: OriginURLUpgrade}, {MenuOpen: true, Tags: 1}}
	for _, i := range states.Inputs {
		for _, c := range states.Containers {
			for _, s := range states.Sessions {
				for _, f := range factsSet {
					if got := Substate(State{i, c, s}, f); got.ID == "" {
						t.Errorf("Substate(%s/%s/%s, %+v) is not in the catalogue", i, c, s, f)
					}
				}
			}
		}
	}
}
