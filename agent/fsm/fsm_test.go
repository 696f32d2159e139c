package fsm

import (
	"errors"
	"regexp"
	"slices"
	"testing"
)

func st(i Input, c Container, s Session) State { return State{Input: i, Container: c, Session: s} }

// TestSeedRows checks one case per row of the transition tables of seed
// 000 (§3.2, §4.2, §5.2, §5.4, §6.8, §8.5.3, §8.5.4) at the registry level.
// The executor tests drive the same rows through whole turns.
func TestSeedRows(t *testing.T) {
	classicIdle := func(i Input) State { return st(i, CompactClassic, Idle) }
	cases := []struct {
		name   string
		from   State
		event  Event
		facts  Facts
		wantID string
		want   State
	}{
		// §3.2 input layer
		{"3.2 empty_input 用户开始输入", classicIdle(EmptyInput), InputType, Facts{HasText: true, Draft: ShapeKeyword}, "A_EMPTY_INPUT__INPUT_TYPE__DRAFT_KEYWORD__01", classicIdle(DraftKeyword)},
		{"3.2 draft_keyword 清空输入", classicIdle(DraftKeyword), InputClear, Facts{}, "A_DRAFT_KEYWORD__INPUT_CLEAR__EMPTY_INPUT__01", classicIdle(EmptyInput)},
		{"3.2 draft_keyword Enter", classicIdle(DraftKeyword), InputCommit, Facts{HasText: true, Draft: ShapeKeyword}, "A_DRAFT_KEYWORD__INPUT_COMMIT__COMMITTED_KEYWORD__01", classicIdle(CommittedKeyword)},
		{"3.2 draft_keyword 失去焦点且非空", classicIdle(DraftKeyword), InputCommit, Facts{HasText: true, Draft: ShapeKeyword, Tags: 1}, "A_DRAFT_KEYWORD__INPUT_COMMIT__COMMITTED_KEYWORD__01", classicIdle(CommittedKeyword)},
		{"3.2 draft_keyword 点击搜索且非空", classicIdle(DraftKeyword), SearchSubmit, Facts{HasText: true, Draft: ShapeKeyword}, "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_CLASSIC__01", st(CommittedKeyword, CompactClassic, Retrieving)},
		{"3.2 committed_keyword 点击编辑", classicIdle(CommittedKeyword), TagEdit, Facts{Tags: 2}, "A_COMMITTED_KEYWORD__TAG_EDIT__EDITING_KEYWORD__01", classicIdle(EditingKeyword)},
		{"3.2 editing_keyword 提交编辑结果", classicIdle(EditingKeyword), TagEditSubmit, Facts{Tags: 2, HasText: true}, "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__COMMITTED_KEYWORD__01", classicIdle(CommittedKeyword)},
		{"3.2 editing_keyword 取消编辑", classicIdle(EditingKeyword), TagEditCancel, Facts{Tags: 2}, "A_EDITING_KEYWORD__TAG_EDIT_CANCEL__COMMITTED_KEYWORD__01", classicIdle(CommittedKeyword)},
		{"3.2 editing_keyword 清空并确认删除，仍有 tag", classicIdle(EditingKeyword), TagEditSubmit, Facts{Tags: 2, TextEmpty: true}, "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__COMMITTED_KEYWORD__02", classicIdle(CommittedKeyword)},
		{"3.2 editing_keyword 清空并确认删除，最后一个", classicIdle(EditingKeyword), TagEditSubmit, Facts{Tags: 1, TextEmpty: true, TagIsLast: true}, "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__EMPTY_INPUT__04", classicIdle(EmptyInput)},
		{"3.2 committed_anchor 删除锚点 → empty_input", classicIdle(CommittedAnchor), AnchorDelete, Facts{HasAnchor: true}, "A_COMMITTED_ANCHOR__ANCHOR_DELETE__EMPTY_INPUT__01", classicIdle(EmptyInput)},
		{"3.2 committed_anchor 删除锚点 → draft_keyword", classicIdle(DraftKeyword), AnchorDelete, Facts{HasAnchor: true, Draft: ShapeKeyword}, "A_COMMITTED_ANCHOR__ANCHOR_DELETE__DRAFT_KEYWORD__02", classicIdle(DraftKeyword)},
		{"3.2 followup_waiting 开始补充", st(FollowupWaiting, ExpandedAgent, ResultsReady), FollowupType, Facts{HasText: true}, "A_FOLLOWUP_WAITING__FOLLOWUP_TYPE__DRAFT_FOLLOWUP__01", st(DraftFollowup, ExpandedAgent, ResultsReady)},
		{"3.2 draft_followup 清空补充", st(DraftFollowup, ExpandedAgent, ResultsReady), FollowupClear, Facts{}, "A_DRAFT_FOLLOWUP__FOLLOWUP_CLEAR__FOLLOWUP_WAITING__01", st(FollowupWaiting, ExpandedAgent, ResultsReady)},
		{"3.2 draft_followup 提交补充", st(DraftFollowup, ExpandedAgent, ResultsReady), FollowupSubmit, Facts{HasText: true}, "A_RESULTS_READY__FOLLOWUP_SUBMIT__REFINING__04", st(FollowupWaiting, ExpandedAgent, Refining)},
		{"3.2 committed_keyword 打开 tag 菜单", classicIdle(CommittedKeyword), TagMenuOpen, Facts{Tags: 1}, "A_COMMITTED_KEYWORD__TAG_MENU_OPEN__COMMITTED_KEYWORD__01", classicIdle(CommittedKeyword)},
		{"3.2 committed_keyword 关闭 tag 菜单", classicIdle(CommittedKeyword), TagMenuClose, Facts{Tags: 1, MenuOpen: true}, "A_COMMITTED_KEYWORD__TAG_MENU_CLOSE__COMMITTED_KEYWORD__01", classicIdle(CommittedKeyword)},
		{"3.2 committed_keyword 切换匹配目标", classicIdle(CommittedKeyword), TagSetScope, Facts{Tags: 1}, "A_COMMITTED_KEYWORD__TAG_SET_SCOPE__COMMITTED_KEYWORD__01", classicIdle(CommittedKeyword)},
		{"3.2 committed_keyword 打开/关闭排除", classicIdle(CommittedKeyword), TagToggleExclude, Facts{Tags: 1}, "A_COMMITTED_KEYWORD__TAG_TOGGLE_EXCLUDE__COMMITTED_KEYWORD__01", classicIdle(CommittedKeyword)},
		{"3.2 committed_keyword 删除 tag 且仍有其他", classicIdle(CommittedKeyword), TagDelete, Facts{Tags: 2}, "A_COMMITTED_KEYWORD__TAG_DELETE__COMMITTED_KEYWORD__01", classicIdle(CommittedKeyword)},
		{"3.2 committed_keyword 删除最后一个 tag", classicIdle(CommittedKeyword), TagDelete, Facts{Tags: 1, TagIsLast: true}, "A_COMMITTED_KEYWORD__TAG_DELETE__EMPTY_INPUT__03", classicIdle(EmptyInput)},

		// §4.2 container layer
		{"4.2 提交纯关键词", classicIdle(DraftKeyword), SearchSubmit, Facts{HasText: true, Draft: ShapeKeyword}, "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_CLASSIC__01", st(CommittedKeyword, CompactClassic, Retrieving)},
		{"4.2 提交纯 URL", classicIdle(DraftKeyword), SearchSubmit, Facts{HasText: true, Draft: ShapeURL}, "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_RESOLVING__02", st(DraftKeyword, CompactResolving, Retrieving)},
		{"4.2 提交纯自然语言", classicIdle(DraftKeyword), SearchSubmit, Facts{HasText: true, Draft: ShapeNatural}, "A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__06", st(FollowupWaiting, ExpandedAgent, Retrieving)},
		{"4.2 提交混合输入", classicIdle(DraftKeyword), SearchSubmit, Facts{HasText: true, Draft: ShapeMixed}, "A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__07", st(FollowupWaiting, ExpandedAgent, Retrieving)},
		{"4.2 用户主动转为智能搜索", st(CommittedKeyword, CompactClassic, ResultsReady), AgentUpgrade, Facts{Tags: 1}, "A_COMPACT_CLASSIC__AGENT_UPGRADE__EXPANDED_AGENT__01", st(FollowupWaiting, ExpandedAgent, ResultsReady)},
		{"4.2 URL 识别成功", st(DraftKeyword, CompactResolving, Retrieving), SysResolvedExact, Facts{OnlyExplicit: true}, "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__COMPACT_CLASSIC__01", st(CommittedAnchor, CompactClassic, Retrieving)},
		{"6.8 corrected URL resolves; the other conditions stay shown", st(FollowupWaiting, CompactResolving, Retrieving), SysResolvedExact, Facts{}, "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__EXPANDED_AGENT__02", st(FollowupWaiting, ExpandedAgent, Retrieving)},
		{"6.8 drop the failed URL, search by the kept conditions", st(FollowupWaiting, ExpandedRepair, EmptyRepair), RepairRemoveAnchorKeepKws, Facts{RepairReason: RepairURLInvalid}, "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", st(FollowupWaiting, ExpandedAgent, Retrieving)},
		{"4.2 URL 识别失败", st(DraftKeyword, CompactResolving, Retrieving), SysResolveFailed, Facts{RepairReason: RepairURLInvalid}, "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVE_FAILED__EXPANDED_REPAIR__01", st(FollowupWaiting, ExpandedRepair, EmptyRepair)},
		{"4.2 首轮结果后需追问", st(FollowupWaiting, ExpandedAgent, ResultsReady), SysClarify, Facts{}, "A_RESULTS_READY__SYSTEM_CLARIFY__CLARIFYING__01", st(FollowupWaiting, ExpandedClarifying, Clarifying)},
		{"4.2 有条件无结果", st(FollowupWaiting, ExpandedAgent, Retrieving), SysNoResults, Facts{}, "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", st(FollowupWaiting, ExpandedRepair, EmptyRepair)},
		{"4.2 用户回答后继续搜索", st(FollowupWaiting, ExpandedClarifying, Clarifying), ClarifyAnswer, Facts{PendingQuestion: true}, "A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", st(FollowupWaiting, ExpandedAgent, Refining)},
		{"4.2 修正后重新搜索 → expanded_agent", st(FollowupWaiting, ExpandedRepair, Retrieving), SysResults, Facts{Origin: OriginNatural}, "A_EXPANDED_REPAIR__SYSTEM_RESULTS__EXPANDED_AGENT__02", st(FollowupWaiting, ExpandedAgent, ResultsReady)},
		{"4.2 修正后重新搜索 → compact_classic", st(CommittedKeyword, ExpandedRepair, Retrieving), SysResults, Facts{Origin: OriginKeyword, OnlyExplicit: true, Tags: 1}, "A_EXPANDED_REPAIR__SYSTEM_RESULTS__COMPACT_CLASSIC__03", st(CommittedKeyword, CompactClassic, ResultsReady)},
		{"4.2 修正后重新搜索 → compact_classic, tags stay committed", st(FollowupWaiting, ExpandedRepair, Refining), SysResults, Facts{Origin: OriginKeyword, OnlyExplicit: true, Tags: 1}, "A_EXPANDED_REPAIR__SYSTEM_RESULTS__COMPACT_CLASSIC__03", st(CommittedKeyword, CompactClassic, ResultsReady)},
		{"4.2 修正后重新搜索 → compact_classic, the anchor badge stays", st(FollowupWaiting, ExpandedRepair, Retrieving), SysLowRecall, Facts{Origin: OriginURL, OnlyExplicit: true, HasAnchor: true}, "A_EXPANDED_REPAIR__SYSTEM_LOW_RECALL__COMPACT_CLASSIC__04", st(CommittedAnchor, CompactClassic, ResultsReady)},
		{"4.2 修正后重新搜索 → compact_classic, nothing left", st(FollowupWaiting, ExpandedRepair, Retrieving), SysResults, Facts{Origin: OriginKeyword, OnlyExplicit: true}, "A_EXPANDED_REPAIR__SYSTEM_RESULTS__COMPACT_CLASSIC__05", st(EmptyInput, CompactClassic, ResultsReady)},
		{"3.2 删除经典搜索修正态中的最后一个 tag → empty_input", st(FollowupWaiting, ExpandedRepair, EmptyRepair), TagDelete, Facts{Origin: OriginKeyword, OnlyExplicit: true, Tags: 1, TagIsLast: true}, "A_EMPTY_REPAIR__TAG_DELETE__EMPTY_INPUT__03", st(EmptyInput, CompactClassic, Idle)},
		{"3.2 删除智能搜索修正态中的最后一个 tag → refining", st(FollowupWaiting, ExpandedRepair, EmptyRepair), TagDelete, Facts{Origin: OriginNatural, Tags: 1, TagIsLast: true}, "A_EMPTY_REPAIR__TAG_DELETE__REFINING__02", st(FollowupWaiting, ExpandedRepair, Refining)},
		{"4.2 任意展开态 清空并新建经典搜索", st(FollowupWaiting, ExpandedClarifying, Clarifying), SessionReset, Facts{}, "A_ANY__SESSION_RESET__EMPTY_INPUT__01", Initial},

		// §5.2 session layer
		{"5.2 idle 发起搜索", st(FollowupWaiting, ExpandedAgent, Idle), FollowupSubmit, Facts{HasText: true}, "A_IDLE__FOLLOWUP_SUBMIT__RETRIEVING__02", st(FollowupWaiting, ExpandedAgent, Retrieving)},
		{"5.2 retrieving 返回有效结果", st(FollowupWaiting, ExpandedAgent, Retrieving), SysResults, Facts{}, "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01", st(FollowupWaiting, ExpandedAgent, ResultsReady)},
		{"5.2 retrieving 有条件但无结果", st(CommittedKeyword, CompactClassic, Retrieving), SysNoResults, Facts{Tags: 1}, "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", st(FollowupWaiting, ExpandedRepair, EmptyRepair)},
		{"5.2 retrieving 需求受限", st(FollowupWaiting, ExpandedAgent, Retrieving), SysUnsupported, Facts{}, "A_RETRIEVING__SYSTEM_UNSUPPORTED__UNSUPPORTED__01", st(FollowupWaiting, ExpandedRepair, Unsupported)},
		{"5.2 results_ready 需追问", st(FollowupWaiting, ExpandedAgent, ResultsReady), SysClarify, Facts{}, "A_RESULTS_READY__SYSTEM_CLARIFY__CLARIFYING__01", st(FollowupWaiting, ExpandedClarifying, Clarifying)},
		{"5.2 clarifying 用户回答", st(DraftFollowup, ExpandedClarifying, Clarifying), ClarifyAnswer, Facts{PendingQuestion: true}, "A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", st(FollowupWaiting, ExpandedAgent, Refining)},
		{"5.2 refining 有结果", st(FollowupWaiting, ExpandedAgent, Refining), SysResults, Facts{}, "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01", st(FollowupWaiting, ExpandedAgent, ResultsReady)},
		{"5.2 refining 无结果", st(FollowupWaiting, ExpandedAgent, Refining), SysNoResults, Facts{}, "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", st(FollowupWaiting, ExpandedRepair, EmptyRepair)},
		{"5.2 empty_repair 接受修正重新搜索", st(FollowupWaiting, ExpandedRepair, EmptyRepair), RepairExpandRecallScope, Facts{RepairReason: RepairNoResults, Relaxable: true}, "A_REPAIR_EXPAND_RECALL_SCOPE", st(FollowupWaiting, ExpandedRepair, Retrieving)},
		{"5.2 unsupported 用户重写输入", st(DraftFollowup, ExpandedRepair, Unsupported), FollowupSubmit, Facts{HasText: true}, "A_UNSUPPORTED__FOLLOWUP_SUBMIT__RETRIEVING__03", st(FollowupWaiting, ExpandedAgent, Retrieving)},

		// §5.4 follow-up exits
		{"5.4 natural-followup-draft → refining", st(DraftFollowup, ExpandedAgent, ResultsReady), FollowupSubmit, Facts{HasText: true, Origin: OriginNatural}, "A_RESULTS_READY__FOLLOWUP_SUBMIT__REFINING__04", st(FollowupWaiting, ExpandedAgent, Refining)},
		{"5.4 mixed-followup-draft (clarifying) → refining", st(DraftFollowup, ExpandedClarifying, Clarifying), FollowupSubmit, Facts{HasText: true, Origin: OriginMixed}, "A_CLARIFYING__FOLLOWUP_SUBMIT__REFINING__05", st(FollowupWaiting, ExpandedAgent, Refining)},
		{"5.4 repair-followup-draft → refining", st(DraftFollowup, ExpandedRepair, EmptyRepair), FollowupSubmit, Facts{HasText: true, RepairReason: RepairNoResults}, "A_EMPTY_REPAIR__FOLLOWUP_SUBMIT__REFINING__06", st(FollowupWaiting, ExpandedRepair, Refining)},
		{"5.4 repair-followup-refining → results (post_repair)", st(FollowupWaiting, ExpandedRepair, Refining), SysResults, Facts{Origin: OriginNatural}, "A_EXPANDED_REPAIR__SYSTEM_RESULTS__EXPANDED_AGENT__02", st(FollowupWaiting, ExpandedAgent, ResultsReady)},
		{"5.4 repair-followup-refining → repair-empty", st(FollowupWaiting, ExpandedRepair, Refining), SysNoResults, Facts{}, "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", st(FollowupWaiting, ExpandedRepair, EmptyRepair)},
		{"5.4 repair-followup-refining → repair-unsupported", st(FollowupWaiting, ExpandedRepair, Refining), SysUnsupported, Facts{}, "A_RETRIEVING__SYSTEM_UNSUPPORTED__UNSUPPORTED__01", st(FollowupWaiting, ExpandedRepair, Unsupported)},

		// §6.8 / §8.5.3 URL failure with keywords
		{"6.8 anchor+keyword URL 识别失败", st(DraftKeyword, CompactResolving, Retrieving), SysResolveFailed, Facts{Tags: 1, RepairReason: RepairURLMismatch}, "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVE_FAILED__EXPANDED_REPAIR__01", st(FollowupWaiting, ExpandedRepair, EmptyRepair)},
		{"8.5.3 A_REPAIR_FIX_URL", st(FollowupWaiting, ExpandedRepair, EmptyRepair), RepairFixURL, Facts{Tags: 1, RepairReason: RepairURLInvalid, HasText: true}, "A_REPAIR_FIX_URL", st(FollowupWaiting, CompactResolving, Retrieving)},
		{"8.5.3 A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", st(FollowupWaiting, ExpandedRepair, EmptyRepair), RepairRemoveAnchorKeepKws, Facts{Tags: 1, OnlyExplicit: true, RepairReason: RepairURLInvalid}, "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", st(CommittedKeyword, CompactClassic, Retrieving)},
		{"8.5.3 A_REPAIR_SWITCH_TO_NL", st(FollowupWaiting, ExpandedRepair, EmptyRepair), RepairSwitchToNL, Facts{Tags: 1, RepairReason: RepairURLUnsupported, HasText: true}, "A_REPAIR_SWITCH_TO_NL", st(FollowupWaiting, ExpandedAgent, Retrieving)},

		// §8.5.4 low recall
		{"8.5.4 A_HINT_OPEN_REPAIR_LOW_RECALL", st(CommittedAnchor, CompactClassic, ResultsReady), HintOpenRepairLowRecall, Facts{HasAnchor: true, RepairReason: RepairLowRecall, HintVisible: true}, "A_HINT_OPEN_REPAIR_LOW_RECALL", st(FollowupWaiting, ExpandedRepair, ResultsReady)},
		{"8.5.4 A_HINT_DISMISS_LOW_RECALL", st(CommittedAnchor, CompactClassic, ResultsReady), HintDismissLowRecall, Facts{HasAnchor: true, RepairReason: RepairLowRecall, HintVisible: true}, "A_HINT_DISMISS_LOW_RECALL", st(CommittedAnchor, CompactClassic, ResultsReady)},
		{"8.5.4 A_REPAIR_REPLACE_ANCHOR", st(FollowupWaiting, ExpandedRepair, ResultsReady), RepairReplaceAnchor, Facts{HasAnchor: true, RepairReason: RepairLowRecall, HasText: true}, "A_REPAIR_REPLACE_ANCHOR", st(FollowupWaiting, CompactResolving, Retrieving)},
		{"8.5.4 A_REPAIR_EXPAND_RECALL_SCOPE", st(FollowupWaiting, ExpandedRepair, ResultsReady), RepairExpandRecallScope, Facts{HasAnchor: true, RepairReason: RepairLowRecall}, "A_REPAIR_EXPAND_RECALL_SCOPE", st(FollowupWaiting, ExpandedRepair, Retrieving)},
		{"8.5.4 A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS (anchor+keyword)", st(FollowupWaiting, ExpandedRepair, ResultsReady), RepairRemoveAnchorKeepKws, Facts{HasAnchor: true, OnlyExplicit: true, Tags: 2, RepairReason: RepairLowRecall}, "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", st(CommittedKeyword, CompactClassic, Retrieving)},
		{"8.5.4 A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS (anchor-only)", st(FollowupWaiting, ExpandedRepair, ResultsReady), RepairRemoveAnchorKeepKws, Facts{HasAnchor: true, OnlyExplicit: true, RepairReason: RepairLowRecall}, "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", st(EmptyInput, CompactClassic, Idle)},
		{"8.5.4 A_REPAIR_SWITCH_TO_NL", st(FollowupWaiting, ExpandedRepair, ResultsReady), RepairSwitchToNL, Facts{HasAnchor: true, RepairReason: RepairLowRecall, HasText: true}, "A_REPAIR_SWITCH_TO_NL", st(FollowupWaiting, ExpandedAgent, Retrieving)},
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
		{"second anchor (spec 3.5.2A)", st(DraftKeyword, CompactClassic, ResultsReady), SearchSubmit, Facts{HasAnchor: true, Draft: ShapeURL, HasText: true}, "submit_url"},
		{"empty submit", st(EmptyInput, CompactClassic, Idle), SearchSubmit, Facts{}, "submit_keyword"},
		{"fallback with an open question", st(FollowupWaiting, ExpandedAgent, ResultsReady), FallbackToClassic, Facts{Tags: 1, PendingQuestion: true, OnlyExplicit: true}, "fallback_conditions_hold_tags"},
		{"fallback with derived conditions", st(FollowupWaiting, ExpandedAgent, ResultsReady), FallbackToClassic, Facts{Tags: 1}, "fallback_conditions_hold_tags"},
		{"hint without low recall", st(CommittedAnchor, CompactClassic, ResultsReady), HintOpenRepairLowRecall, Facts{HasAnchor: true}, "low_recall_hint_visible"},
		{"fix URL when the URL did not fail", st(FollowupWaiting, ExpandedRepair, EmptyRepair), RepairFixURL, Facts{RepairReason: RepairNoResults, HasText: true}, "url_failed_and_new_url"},
		{"classic box never asks (spec 3.3)", st(CommittedKeyword, CompactClassic, ResultsReady), SysClarify, Facts{Tags: 1}, ""},
		{"search.submit in the expanded box", st(FollowupWaiting, ExpandedAgent, ResultsReady), SearchSubmit, Facts{HasText: true, Draft: ShapeNatural}, ""},
		{"answer without a question", st(FollowupWaiting, ExpandedAgent, ResultsReady), ClarifyAnswer, Facts{}, ""},
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
		if a.To.Input != "" && !slices.Contains(Inputs, a.To.Input) ||
			a.To.Container != "" && !slices.Contains(Containers, a.To.Container) ||
			a.To.Session != "" && !slices.Contains(Sessions, a.To.Session) {
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
	if len(Catalogue) != 39 {
		t.Fatalf("catalogue has %d entries, want 39", len(Catalogue))
	}
	ids := map[string]bool{}
	for _, s := range Catalogue {
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
		{st(DraftKeyword, CompactClassic, Idle), Facts{Draft: ShapeKeyword}, "keyword-draft"},
		{st(CommittedKeyword, CompactClassic, ResultsReady), Facts{Tags: 1}, "keyword-committed"},
		{st(EditingKeyword, CompactClassic, Idle), Facts{Tags: 1}, "keyword-editing"},
		{st(CommittedKeyword, CompactClassic, ResultsReady), Facts{Tags: 3}, "keyword-multi"},
		{st(DraftKeyword, CompactClassic, Idle), Facts{Tags: 1, HasAnchor: true, Origin: OriginKeyword}, "keyword-url-seed"},
		{st(CommittedKeyword, CompactClassic, Idle), Facts{Tags: 1, MenuOpen: true}, "keyword-scope"},
		{st(DraftKeyword, CompactResolving, Retrieving), Facts{Draft: ShapeURL}, "url-resolving"},
		{st(CommittedAnchor, CompactClassic, ResultsReady), Facts{HasAnchor: true, Origin: OriginURL}, "url-anchor"},
		{st(DraftKeyword, CompactClassic, ResultsReady), Facts{HasAnchor: true, Draft: ShapeKeyword, Origin: OriginURL}, "url-keyword-seed"},
		{st(CommittedAnchor, CompactClassic, ResultsReady), Facts{HasAnchor: true, HintVisible: true, RepairReason: RepairLowRecall}, "url-low-recall"},
		{st(FollowupWaiting, ExpandedRepair, EmptyRepair), Facts{RepairReason: RepairURLMismatch}, "url-mismatch"},
		{st(FollowupWaiting, ExpandedRepair, EmptyRepair), Facts{RepairReason: RepairURLUnsupported}, "url-unsupported"},
		{st(FollowupWaiting, ExpandedRepair, EmptyRepair), Facts{RepairReason: RepairURLInvalid}, "url-invalid"},
		{st(FollowupWaiting, ExpandedAgent, Idle), Facts{Origin: OriginNatural}, "natural-expanded"},
		{st(FollowupWaiting, ExpandedAgent, Retrieving), Facts{Origin: OriginNatural}, "natural-retrieving"},
		{st(FollowupWaiting, ExpandedAgent, ResultsReady), Facts{Origin: OriginNatural}, "natural-results"},
		{st(FollowupWaiting, ExpandedClarifying, Clarifying), Facts{Origin: OriginNatural}, "natural-clarifying"},
		{st(DraftFollowup, ExpandedAgent, ResultsReady), Facts{Origin: OriginNatural}, "natural-followup-draft"},
		{st(FollowupWaiting, ExpandedAgent, Refining), Facts{Origin: OriginNatural}, "natural-followup-refining"},
		{st(FollowupWaiting, ExpandedAgent, ResultsReady), Facts{Origin: OriginMixed}, "mixed-parse"},
		{st(FollowupWaiting, ExpandedAgent, ResultsReady), Facts{Origin: OriginMixed, HasAnchor: true}, "mixed-anchor"},
		{st(FollowupWaiting, ExpandedAgent, ResultsReady), Facts{Origin: OriginMixed, SoftPending: true}, "mixed-soft"},
		{st(FollowupWaiting, ExpandedClarifying, Clarifying), Facts{Origin: OriginMixed}, "mixed-clarifying"},
		{st(DraftFollowup, ExpandedAgent, ResultsReady), Facts{Origin: OriginMixed}, "mixed-followup-draft"},
		{st(FollowupWaiting, ExpandedAgent, Refining), Facts{Origin: OriginMixed}, "mixed-followup-refining"},
		{st(FollowupWaiting, ExpandedRepair, EmptyRepair), Facts{Tags: 1, RepairReason: RepairURLInvalid}, "repair-invalid"},
		{st(FollowupWaiting, ExpandedRepair, EmptyRepair), Facts{Tags: 1, RepairReason: RepairURLMismatch}, "repair-mismatch"},
		{st(FollowupWaiting, ExpandedRepair, Unsupported), Facts{}, "repair-unsupported"},
		{st(FollowupWaiting, ExpandedRepair, EmptyRepair), Facts{RepairReason: RepairNoResults}, "repair-empty"},
		{st(FollowupWaiting, ExpandedRepair, ResultsReady), Facts{RepairReason: RepairLowRecall}, "repair-low-recall"},
		{st(DraftFollowup, ExpandedRepair, EmptyRepair), Facts{RepairReason: RepairNoResults}, "repair-followup-draft"},
		{st(FollowupWaiting, ExpandedRepair, Refining), Facts{}, "repair-followup-refining"},
		{st(DraftKeyword, CompactClassic, ResultsReady), Facts{Tags: 1, Draft: ShapeNatural, Origin: OriginKeyword}, "upgrade-keyword-before"},
		{st(FollowupWaiting, ExpandedAgent, Retrieving), Facts{Tags: 1, Origin: OriginKeywordUpgrade}, "upgrade-keyword-upgrading"},
		{st(FollowupWaiting, ExpandedAgent, ResultsReady), Facts{Tags: 1, Origin: OriginKeywordUpgrade}, "upgrade-keyword-stable"},
		{st(DraftKeyword, CompactClassic, ResultsReady), Facts{HasAnchor: true, Draft: ShapeNatural, Origin: OriginURL}, "upgrade-url-before"},
		{st(FollowupWaiting, ExpandedAgent, Retrieving), Facts{HasAnchor: true, Origin: OriginURLUpgrade}, "upgrade-url-upgrading"},
		{st(FollowupWaiting, ExpandedAgent, ResultsReady), Facts{HasAnchor: true, Origin: OriginURLUpgrade}, "upgrade-url-stable"},
	}
	reached := map[string]bool{}
	for _, tc := range cases {
		got := Substate(tc.s, tc.f)
		if got.ID != tc.want {
			t.Errorf("Substate(%s, %+v) = %q, want %q", tc.s, tc.f, got.ID, tc.want)
		}
		reached[got.ID] = true
	}
	for _, s := range Catalogue {
		if !reached[s.ID] {
			t.Errorf("substate %s is never reached", s.ID)
		}
	}
}

// TestSubstateTotal checks the mapping names a catalogue entry for every
// state triple under a spread of facts.
func TestSubstateTotal(t *testing.T) {
	factsSet := []Facts{{}, {Tags: 1}, {Tags: 2, HasAnchor: true}, {HasAnchor: true, Draft: ShapeNatural}, {Origin: OriginMixed, SoftPending: true},
		{RepairReason: RepairURLInvalid}, {RepairReason: RepairLowRecall, HintVisible: true, HasAnchor: true}, {Origin: OriginURLUpgrade}, {MenuOpen: true, Tags: 1}}
	for _, i := range Inputs {
		for _, c := range Containers {
			for _, s := range Sessions {
				for _, f := range factsSet {
					if got := Substate(State{i, c, s}, f); got.ID == "" {
						t.Errorf("Substate(%s/%s/%s, %+v) is not in the catalogue", i, c, s, f)
					}
				}
			}
		}
	}
}
