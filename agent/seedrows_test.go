package agent

import (
	"encoding/json"
	"testing"

	. "searchagent/agent/agenttest"
	"searchagent/api"
)

// seedRow is one row of a seed 000 transition table, driven through the
// executor: the setup events bring a new session to the row's start
// state; the event must fire the row's action and reach its target.
type seedRow struct {
	table, name string
	platform    string
	setup       []Step
	do          Step
	action      string
	to          string // the action's target triple input/container/session
	final       string // the sub-state the turn lands in ("" = not checked)
}

var kwSetup = []Step{T("input.type", "swim vest"), E("input.commit")}
var twoTags = []Step{T("input.type", "swim vest"), E("input.commit"), T("input.type", "救生衣"), E("input.commit")}
var nlResults = []Step{T("search.submit", NaturalZH)}
var anchorLow = []Step{T("search.submit", AnchorFew)}
var urlFailKw = []Step{T("input.type", "swim vest"), E("input.commit"), T("search.submit", AnchorUnknown)}

func seq(parts ...[]Step) []Step {
	var out []Step
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

var seedRows = []seedRow{
	// §3.2 input layer
	{"3.2", "empty_input 用户开始输入", "youtube", nil, T("input.type", "swim"), "A_EMPTY_INPUT__INPUT_TYPE__DRAFT_KEYWORD__01", "draft_keyword/compact_classic/idle", "keyword-draft"},
	{"3.2", "draft_keyword 清空输入", "youtube", []Step{T("input.type", "swim")}, E("input.clear"), "A_DRAFT_KEYWORD__INPUT_CLEAR__EMPTY_INPUT__01", "empty_input/compact_classic/idle", "keyword-blank"},
	{"3.2", "draft_keyword Enter", "youtube", []Step{T("input.type", "swim")}, E("input.commit"), "A_DRAFT_KEYWORD__INPUT_COMMIT__COMMITTED_KEYWORD__01", "committed_keyword/compact_classic/idle", "keyword-committed"},
	{"3.2", "draft_keyword 失去焦点且非空", "youtube", seq(kwSetup, []Step{T("input.type", "救生衣")}), E("input.commit"), "A_DRAFT_KEYWORD__INPUT_COMMIT__COMMITTED_KEYWORD__01", "committed_keyword/compact_classic/idle", "keyword-multi"},
	{"3.2", "draft_keyword 点击搜索且非空", "youtube", []Step{T("input.type", "swim vest")}, E("search.submit"), "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_CLASSIC__01", "committed_keyword/compact_classic/retrieving", "keyword-committed"},
	{"3.2", "committed_keyword 点击编辑", "youtube", kwSetup, E("tag.edit", api.Args{TagID: "k1"}), "A_COMMITTED_KEYWORD__TAG_EDIT__EDITING_KEYWORD__01", "editing_keyword/compact_classic/idle", "keyword-editing"},
	{"3.2", "editing_keyword 提交编辑结果", "youtube", seq(kwSetup, []Step{E("tag.edit", api.Args{TagID: "k1"})}), E("tag.edit_submit", api.Args{TagID: "k1", Text: "life jacket"}), "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__COMMITTED_KEYWORD__01", "committed_keyword/compact_classic/idle", "keyword-committed"},
	{"3.2", "editing_keyword 取消编辑", "youtube", seq(kwSetup, []Step{E("tag.edit", api.Args{TagID: "k1"})}), E("tag.edit_cancel"), "A_EDITING_KEYWORD__TAG_EDIT_CANCEL__COMMITTED_KEYWORD__01", "committed_keyword/compact_classic/idle", "keyword-committed"},
	{"3.2", "editing_keyword 清空并确认删除（仍有 tag）", "youtube", seq(twoTags, []Step{E("tag.edit", api.Args{TagID: "k1"})}), E("tag.edit_submit", api.Args{TagID: "k1", Text: ""}), "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__COMMITTED_KEYWORD__02", "committed_keyword/compact_classic/idle", "keyword-committed"},
	{"3.2", "editing_keyword 清空并确认删除（最后一个）", "youtube", seq(kwSetup, []Step{E("tag.edit", api.Args{TagID: "k1"})}), E("tag.edit_submit", api.Args{TagID: "k1"}), "A_EDITING_KEYWORD__TAG_EDIT_SUBMIT__EMPTY_INPUT__04", "empty_input/compact_classic/idle", "keyword-blank"},
	{"3.2", "committed_anchor 删除锚点 → empty_input", "youtube", []Step{T("search.submit", AnchorMany)}, E("anchor.delete"), "A_COMMITTED_ANCHOR__ANCHOR_DELETE__EMPTY_INPUT__01", "empty_input/compact_classic/results_ready", "keyword-blank"},
	{"3.2", "committed_anchor 删除锚点 → draft_keyword", "youtube", []Step{T("search.submit", AnchorMany), T("input.type", "tech")}, E("anchor.delete"), "A_COMMITTED_ANCHOR__ANCHOR_DELETE__DRAFT_KEYWORD__02", "draft_keyword/compact_classic/results_ready", "keyword-draft"},
	{"3.2", "followup_waiting 开始补充", "youtube", nlResults, T("followup.type", "只要"), "A_FOLLOWUP_WAITING__FOLLOWUP_TYPE__DRAFT_FOLLOWUP__01", "draft_followup/expanded_agent/results_ready", "natural-followup-draft"},
	{"3.2", "draft_followup 清空补充", "youtube", seq(nlResults, []Step{T("followup.type", "只要")}), E("followup.clear"), "A_DRAFT_FOLLOWUP__FOLLOWUP_CLEAR__FOLLOWUP_WAITING__01", "followup_waiting/expanded_agent/results_ready", "natural-results"},
	{"3.2", "draft_followup 提交补充", "youtube", seq(nlResults, []Step{T("followup.type", "只要粉丝 1w 以上的")}), E("followup.submit"), "A_RESULTS_READY__FOLLOWUP_SUBMIT__REFINING__04", "followup_waiting/expanded_agent/refining", "natural-results"},
	{"3.2", "committed_keyword 打开 tag 菜单", "youtube", kwSetup, E("tag.menu_open", api.Args{TagID: "k1"}), "A_COMMITTED_KEYWORD__TAG_MENU_OPEN__COMMITTED_KEYWORD__01", "committed_keyword/compact_classic/idle", "keyword-scope"},
	{"3.2", "committed_keyword 关闭 tag 菜单", "youtube", seq(kwSetup, []Step{E("tag.menu_open", api.Args{TagID: "k1"})}), E("tag.menu_close"), "A_COMMITTED_KEYWORD__TAG_MENU_CLOSE__COMMITTED_KEYWORD__01", "committed_keyword/compact_classic/idle", "keyword-committed"},
	{"3.2", "committed_keyword 切换匹配目标", "youtube", kwSetup, E("tag.set_scope", api.Args{TagID: "k1", Scope: "content"}), "A_COMMITTED_KEYWORD__TAG_SET_SCOPE__COMMITTED_KEYWORD__01", "committed_keyword/compact_classic/idle", "keyword-committed"},
	{"3.2", "committed_keyword 打开/关闭排除", "youtube", kwSetup, E("tag.toggle_exclude", api.Args{TagID: "k1"}), "A_COMMITTED_KEYWORD__TAG_TOGGLE_EXCLUDE__COMMITTED_KEYWORD__01", "committed_keyword/compact_classic/idle", "keyword-committed"},
	{"3.2", "committed_keyword 删除 tag 且仍有其他", "youtube", twoTags, E("tag.delete", api.Args{TagID: "k1"}), "A_COMMITTED_KEYWORD__TAG_DELETE__COMMITTED_KEYWORD__01", "committed_keyword/compact_classic/idle", "keyword-committed"},
	{"3.2", "committed_keyword 删除最后一个 tag", "youtube", kwSetup, E("tag.delete", api.Args{TagID: "k1"}), "A_COMMITTED_KEYWORD__TAG_DELETE__EMPTY_INPUT__03", "empty_input/compact_classic/idle", "keyword-blank"},

	// §4.2 container layer
	{"4.2", "提交纯关键词", "youtube", nil, T("search.submit", "swim vest"), "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_CLASSIC__01", "committed_keyword/compact_classic/retrieving", "keyword-committed"},
	{"4.2", "提交纯 URL", "youtube", nil, T("search.submit", AnchorMany), "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_RESOLVING__02", "empty_input/compact_resolving/retrieving", "url-anchor"},
	{"4.2", "提交纯自然语言", "youtube", nil, T("search.submit", NaturalZH), "A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__06", "followup_waiting/expanded_agent/retrieving", "natural-results"},
	{"4.2", "提交混合输入", "instagram", nil, T("search.submit", MixedZH), "A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__07", "followup_waiting/expanded_agent/retrieving", "mixed-soft"},
	{"4.2", "用户主动转为智能搜索", "youtube", []Step{T("search.submit", "swim vest")}, E("agent.upgrade"), "A_COMPACT_CLASSIC__AGENT_UPGRADE__EXPANDED_AGENT__01", "followup_waiting/expanded_agent/results_ready", "upgrade-keyword-stable"},
	{"4.2", "URL 识别成功并可精确搜索", "youtube", nil, T("search.submit", AnchorMany), "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__COMPACT_CLASSIC__01", "committed_anchor/compact_classic/retrieving", "url-anchor"},
	{"4.2", "URL 识别失败 / 平台不匹配 / 类型不支持", "youtube", nil, T("search.submit", LinkInstagram), "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVE_FAILED__EXPANDED_REPAIR__01", "followup_waiting/expanded_repair/empty_repair", "url-mismatch"},
	{"4.2", "首轮结果后需追问", "youtube", nil, T("search.submit", NaturalOtherPl), "A_RESULTS_READY__SYSTEM_CLARIFY__CLARIFYING__01", "followup_waiting/expanded_clarifying/clarifying", "natural-clarifying"},
	{"4.2", "有条件无结果", "instagram", nil, T("search.submit", NaturalEmpty), "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", "followup_waiting/expanded_repair/empty_repair", "repair-empty"},
	{"4.2", "用户回答后继续搜索", "youtube", []Step{T("search.submit", NaturalOtherPl)}, E("clarify.answer", api.Args{OptionID: "o1"}), "A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", "followup_waiting/expanded_agent/refining", "natural-results"},
	{"4.2", "用户修正后重新搜索 → expanded_agent", "instagram", []Step{T("search.submit", NaturalEmpty)}, E("A_REPAIR_EXPAND_RECALL_SCOPE"), "A_EXPANDED_REPAIR__SYSTEM_RESULTS__EXPANDED_AGENT__02", "followup_waiting/expanded_agent/results_ready", "natural-results"},
	{"4.2", "用户修正后重新搜索 → compact_classic", "youtube", anchorLow, E("A_HINT_OPEN_REPAIR_LOW_RECALL"), "A_HINT_OPEN_REPAIR_LOW_RECALL", "followup_waiting/expanded_repair/results_ready", "repair-low-recall"},
	{"4.2", "任意展开态 清空并新建经典搜索", "youtube", nlResults, E("session.reset"), "A_ANY__SESSION_RESET__EMPTY_INPUT__01", "empty_input/compact_classic/idle", "keyword-blank"},

	// §5.2 session layer
	{"5.2", "idle 形成有效输入并发起搜索", "youtube", []Step{E("agent.upgrade")}, T("followup.submit", NaturalZH), "A_IDLE__FOLLOWUP_SUBMIT__RETRIEVING__02", "followup_waiting/expanded_agent/retrieving", "natural-results"},
	{"5.2", "retrieving 返回有效结果", "youtube", nil, T("search.submit", NaturalZH), "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01", "followup_waiting/expanded_agent/results_ready", "natural-results"},
	{"5.2", "retrieving 有条件但无结果", "instagram", nil, T("search.submit", NaturalEmpty), "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", "followup_waiting/expanded_repair/empty_repair", "repair-empty"},
	{"5.2", "retrieving 需求受限", "youtube", nil, T("search.submit", Guarded), "A_RETRIEVING__SYSTEM_UNSUPPORTED__UNSUPPORTED__01", "followup_waiting/expanded_repair/unsupported", "repair-unsupported"},
	{"5.2", "results_ready 发现高影响歧义需追问", "youtube", nil, T("search.submit", MixedAmbiguous), "A_RESULTS_READY__SYSTEM_CLARIFY__CLARIFYING__01", "followup_waiting/expanded_clarifying/clarifying", "mixed-clarifying"},
	{"5.2", "clarifying 用户回答追问", "youtube", []Step{T("search.submit", MixedAmbiguous)}, E("clarify.answer", api.Args{OptionID: "o3"}), "A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", "followup_waiting/expanded_agent/refining", "mixed-parse"},
	{"5.2", "refining 刷新完成且有结果", "youtube", nlResults, T("followup.submit", "只要粉丝 1w 以上的"), "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01", "followup_waiting/expanded_agent/results_ready", "natural-results"},
	{"5.2", "refining 刷新完成且无结果", "youtube", nlResults, T("followup.submit", "粉丝 500 以下"), "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", "followup_waiting/expanded_repair/empty_repair", "repair-empty"},
	{"5.2", "empty_repair 用户接受修正并重新搜索", "instagram", []Step{T("search.submit", NaturalEmpty)}, E("A_REPAIR_EXPAND_RECALL_SCOPE"), "A_REPAIR_EXPAND_RECALL_SCOPE", "followup_waiting/expanded_repair/retrieving", "natural-results"},
	{"5.2", "unsupported 用户重写输入", "youtube", []Step{T("search.submit", Guarded)}, T("followup.submit", NaturalZH), "A_UNSUPPORTED__FOLLOWUP_SUBMIT__RETRIEVING__03", "followup_waiting/expanded_agent/retrieving", "natural-results"},

	// §5.4 follow-up exits
	{"5.4", "natural-followup-draft → natural-results", "youtube", seq(nlResults, []Step{T("followup.type", "粉丝 1w+")}), E("followup.submit"), "A_RESULTS_READY__FOLLOWUP_SUBMIT__REFINING__04", "followup_waiting/expanded_agent/refining", "natural-results"},
	{"5.4", "natural-followup-draft → natural-clarifying", "youtube", seq(nlResults, []Step{T("followup.type", "改成 Instagram 上的")}), E("followup.submit"), "A_RESULTS_READY__SYSTEM_CLARIFY__CLARIFYING__01", "followup_waiting/expanded_clarifying/clarifying", "natural-clarifying"},
	{"5.4", "natural-followup-draft → repair-empty", "youtube", seq(nlResults, []Step{T("followup.type", "粉丝 500 以下")}), E("followup.submit"), "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", "followup_waiting/expanded_repair/empty_repair", "repair-empty"},
	{"5.4", "mixed-followup-draft → mixed-anchor", "youtube", []Step{T("search.submit", MixedAnchor), T("followup.type", "exclude gaming")}, E("followup.submit"), "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01", "followup_waiting/expanded_agent/results_ready", "mixed-anchor"},
	{"5.4", "mixed-followup-draft → mixed-clarifying", "youtube", []Step{T("search.submit", MixedAnchor), T("followup.type", "改成 Instagram 上的")}, E("followup.submit"), "A_RESULTS_READY__SYSTEM_CLARIFY__CLARIFYING__01", "followup_waiting/expanded_clarifying/clarifying", "mixed-clarifying"},
	{"5.4", "mixed-followup-draft → repair-empty", "youtube", []Step{T("search.submit", MixedAnchor), T("followup.type", "粉丝 500 以下")}, E("followup.submit"), "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", "followup_waiting/expanded_repair/empty_repair", "repair-empty"},
	{"5.4", "repair-followup-draft → results (post_repair)", "instagram", []Step{T("search.submit", NaturalEmpty), T("followup.type", "不限国家")}, E("followup.submit"), "A_EXPANDED_REPAIR__SYSTEM_RESULTS__EXPANDED_AGENT__02", "followup_waiting/expanded_agent/results_ready", "natural-results"},
	{"5.4", "repair-followup-draft → repair-empty", "instagram", []Step{T("search.submit", NaturalEmpty), T("followup.type", "只要粉丝 1w+")}, E("followup.submit"), "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01", "followup_waiting/expanded_repair/empty_repair", "repair-empty"},
	{"5.4", "repair-followup-draft → repair-unsupported", "instagram", []Step{T("search.submit", NaturalEmpty), T("followup.type", "给我他们的手机号")}, E("followup.submit"), "A_RETRIEVING__SYSTEM_UNSUPPORTED__UNSUPPORTED__01", "followup_waiting/expanded_repair/unsupported", "repair-unsupported"},

	// §6.8 / §8.5.3 URL failure, keywords kept
	{"6.8", "anchor + keyword: URL 识别失败进入修正态", "youtube", kwSetup, T("search.submit", AnchorUnknown), "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVE_FAILED__EXPANDED_REPAIR__01", "followup_waiting/expanded_repair/empty_repair", "repair-invalid"},
	{"8.5.3", "A_REPAIR_FIX_URL", "youtube", urlFailKw, E("A_REPAIR_FIX_URL", api.Args{URL: AnchorMany}), "A_REPAIR_FIX_URL", "followup_waiting/compact_resolving/retrieving", ""},
	{"8.5.3", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", "youtube", urlFailKw, E("A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS"), "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", "committed_keyword/compact_classic/retrieving", "keyword-committed"},
	{"8.5.3", "A_REPAIR_SWITCH_TO_NL", "youtube", urlFailKw, E("A_REPAIR_SWITCH_TO_NL", api.Args{Text: "美国的，粉丝 1w+"}), "A_REPAIR_SWITCH_TO_NL", "followup_waiting/expanded_agent/retrieving", ""},

	// §8.5.4 low recall
	{"8.5.4", "A_HINT_OPEN_REPAIR_LOW_RECALL", "youtube", anchorLow, E("A_HINT_OPEN_REPAIR_LOW_RECALL"), "A_HINT_OPEN_REPAIR_LOW_RECALL", "followup_waiting/expanded_repair/results_ready", "repair-low-recall"},
	{"8.5.4", "A_HINT_DISMISS_LOW_RECALL", "youtube", anchorLow, E("A_HINT_DISMISS_LOW_RECALL"), "A_HINT_DISMISS_LOW_RECALL", "committed_anchor/compact_classic/results_ready", "url-anchor"},
	{"8.5.4", "A_REPAIR_REPLACE_ANCHOR", "youtube", seq(anchorLow, []Step{E("A_HINT_OPEN_REPAIR_LOW_RECALL")}), E("A_REPAIR_REPLACE_ANCHOR", api.Args{URL: AnchorMany}), "A_REPAIR_REPLACE_ANCHOR", "followup_waiting/compact_resolving/retrieving", ""},
	{"8.5.4", "A_REPAIR_EXPAND_RECALL_SCOPE", "youtube", seq(anchorLow, []Step{E("A_HINT_OPEN_REPAIR_LOW_RECALL")}), E("A_REPAIR_EXPAND_RECALL_SCOPE"), "A_REPAIR_EXPAND_RECALL_SCOPE", "followup_waiting/expanded_repair/retrieving", "url-anchor"},
	{"8.5.4", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS (anchor-only)", "youtube", seq(anchorLow, []Step{E("A_HINT_OPEN_REPAIR_LOW_RECALL")}), E("A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS"), "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", "empty_input/compact_classic/idle", "keyword-blank"},
	{"8.5.4", "A_REPAIR_SWITCH_TO_NL", "youtube", seq(anchorLow, []Step{E("A_HINT_OPEN_REPAIR_LOW_RECALL")}), E("A_REPAIR_SWITCH_TO_NL", api.Args{Text: "美国的拖拉机修复频道"}), "A_REPAIR_SWITCH_TO_NL", "followup_waiting/expanded_agent/retrieving", ""},
}

func TestSeedRowsThroughExecutor(t *testing.T) {
	a := newTestAgent(t)
	for _, row := range seedRows {
		t.Run(row.table+" "+row.name, func(t *testing.T) {
			b := newBox(t, a, row.platform, "zh")
			for _, st := range row.setup {
				b.send(st.Event, st.Args)
			}
			b.send(row.do.Event, row.do.Args)
			var found *api.Transition
			for _, e := range b.events {
				if e.Name != api.EventTransition {
					continue
				}
				var tr api.Transition
				if err := json.Unmarshal(e.Data, &tr); err != nil {
					t.Fatal(err)
				}
				if tr.ActionID == row.action && found == nil {
					found = &tr
				}
			}
			if found == nil {
				t.Fatalf("%s fired %v, want %s", row.do.Event, b.actions(), row.action)
			}
			if got := stateString(found.To); got != row.to {
				t.Errorf("%s reached %s, want %s", row.action, got, row.to)
			}
			if row.final != "" && b.snap.Substate != row.final {
				t.Errorf("landed in %s (%s), want %s", b.snap.Substate, stateString(b.snap.State), row.final)
			}
		})
	}
}
