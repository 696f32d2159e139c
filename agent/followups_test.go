package agent

// Follow-ups carried out by their router command kind (commands.go) and
// the turns around them (events.go, work.go): what the search box shows
// after each — state, sub-state, notice, summary, condition chips, tags,
// anchor and result count — over the demo catalog (issue 19: commands no
// agent test ran).

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"searchagent/agent/agenttest"
	"searchagent/api"
	"searchagent/router"
	"searchagent/tools/store"
)

// shown is what the search box shows after a turn, in short.
type shown struct {
	state, substate string
	total           int // -1: no result list
	notice, summary string
	conds           []string // "label(status)"
	tags            []string // "text/scope", "-text/scope" when excluded
	anchor          string   // "url resolution"
}

func (b *box) shown() shown {
	s := b.snap
	out := shown{state: stateString(s.State), substate: s.Substate, total: -1, notice: s.Context.Notice, summary: s.Slots.TaskSummary}
	if s.Results != nil {
		out.total = s.Results.Total
	}
	for _, c := range s.Context.Conditions {
		out.conds = append(out.conds, c.Label+"("+string(c.Status)+")")
	}
	for _, t := range s.Context.KeywordTags {
		x := t.Text + "/" + string(t.Scope)
		if t.Excluded {
			x = "-" + x
		}
		out.tags = append(out.tags, x)
	}
	if a := s.Context.Anchor; a != nil {
		out.anchor = a.URL + " " + a.Resolution
	}
	return out
}

func TestFollowupCommands(t *testing.T) {
	const (
		ready   = "followup_waiting/expanded_agent/results_ready"
		repair  = "followup_waiting/expanded_repair/empty_repair"
		clarify = "followup_waiting/expanded_clarifying/clarifying"
	)
	type step = agenttest.Step
	T := agenttest.T
	campUS := T("search.submit", "帮我找美国做露营评测的博主")
	mixedAnchor := T("search.submit", agenttest.MixedAnchor)
	mixed := T("search.submit", agenttest.MixedZH)
	otherPlatform := T("search.submit", agenttest.NaturalOtherPl)
	empty := T("search.submit", agenttest.NaturalEmpty)
	cases := []struct {
		name     string
		platform string
		setup    []step
		do       step
		want     shown
		actions  []string // action ids of the turn's transitions, in order (nil: not checked)
	}{
		{"narrow around a resolved anchor raises the similarity floor", "youtube", []step{mixedAnchor}, T("followup.submit", "更精准一点"),
			shown{state: ready, substate: "mixed-anchor", total: 13, summary: "锚点「@gadgetgrid」置顶；已生效：美国 / 粉丝 ≥ 1万",
				conds: []string{"锚点 @gadgetgrid(applied)", "美国(applied)", "粉丝 ≥ 1万(applied)"}, anchor: agenttest.AnchorMany + " resolved_exact"}, nil},
		{"widen around an anchor after narrowing lowers the floor again", "youtube", []step{mixedAnchor, T("followup.submit", "更精准一点")}, T("followup.submit", "放宽一点"),
			shown{state: ready, substate: "mixed-anchor", total: 29, summary: "锚点「@gadgetgrid」置顶；已生效：美国 / 粉丝 ≥ 1万",
				conds: []string{"锚点 @gadgetgrid(applied)", "美国(applied)", "粉丝 ≥ 1万(applied)"}, anchor: agenttest.AnchorMany + " resolved_exact"}, nil},
		{"narrow without an anchor asks by what", "youtube", []step{campUS}, T("followup.submit", "更精准一点"),
			shown{state: ready, substate: "natural-results", total: 56, notice: "请说明按什么收窄，例如“只要美国的”或“粉丝 1w+”",
				summary: "请说明按什么收窄，例如“只要美国的”或“粉丝 1w+”。已生效：美国 / 户外", conds: []string{"美国(applied)", "户外(applied)"}}, nil},
		{"widen with no range to widen says so", "youtube", []step{campUS}, T("followup.submit", "widen it please"),
			shown{state: ready, substate: "natural-results", total: 56, notice: "没有可以放宽的范围条件：可以删除某个条件，或说明要放宽哪一项",
				summary: "没有可以放宽的范围条件：可以删除某个条件，或说明要放宽哪一项。已生效：美国 / 户外", conds: []string{"美国(applied)", "户外(applied)"}}, nil},
		{"replace the anchor by a follow-up", "youtube", []step{mixedAnchor}, T("followup.submit", "换成这个 "+agenttest.AnchorFew),
			shown{state: ready, substate: "mixed-anchor", total: 1, summary: "锚点「@oldironrevival」置顶；已生效：美国 / 粉丝 ≥ 1万",
				conds: []string{"锚点 @oldironrevival(applied)", "美国(applied)", "粉丝 ≥ 1万(applied)"}, anchor: agenttest.AnchorFew + " resolved_exact"},
			[]string{"A_RESULTS_READY__FOLLOWUP_SUBMIT__REFINING__04", "A_RETRIEVING__SYSTEM_LOW_RECALL__RESULTS_READY__01"}},
		{"remove the anchor by a follow-up", "youtube", []step{mixedAnchor}, T("followup.submit", "去掉这个链接"),
			shown{state: ready, substate: "mixed-parse", total: 446, summary: "已生效：美国 / 粉丝 ≥ 1万", conds: []string{"美国(applied)", "粉丝 ≥ 1万(applied)"}}, nil},
		{"remove the anchor by its chip", "youtube", []step{mixedAnchor}, T("followup.submit", "删除锚点条件"),
			shown{state: ready, substate: "mixed-parse", total: 446, summary: "已生效：美国 / 粉丝 ≥ 1万", conds: []string{"美国(applied)", "粉丝 ≥ 1万(applied)"}}, nil},
		{"remove an anchor that is gone", "youtube", []step{mixedAnchor, T("followup.submit", "去掉这个链接")}, T("followup.submit", "去掉这个链接"),
			shown{state: ready, substate: "mixed-parse", total: 446, notice: "去掉锚点，保留关键词：当前没有锚点",
				summary: "去掉锚点，保留关键词：当前没有锚点。已生效：美国 / 粉丝 ≥ 1万", conds: []string{"美国(applied)", "粉丝 ≥ 1万(applied)"}},
			[]string{"A_DRAFT_FOLLOWUP__FOLLOWUP_SUBMIT__FOLLOWUP_WAITING__01"}},
		{"scope one named keyword", "instagram", []step{mixed}, T("followup.submit", "Hollyland只搜标题"),
			shown{state: repair, substate: "repair-empty", total: 0, summary: "关键词「Hollyland」（频道名）「麦克风」（全部来源）；已生效：美国 / Instagram / 粉丝 ≥ 1万 / 均播 ≥ 3000；仅作参考：高级感",
				conds: []string{"「Hollyland」 · 频道名(applied)", "「麦克风」 · 全部来源(applied)", "美国(applied)", "Instagram(applied)", "粉丝 ≥ 1万(applied)", "均播 ≥ 3000(applied)", "高级感(reference)"},
				tags:  []string{"Hollyland/name", "麦克风/all"}}, nil},
		{"scope with two keywords and none named asks which", "instagram", []step{mixed}, T("followup.submit", "只搜简介"),
			shown{state: ready, substate: "mixed-soft", total: 8, notice: "还不能执行：请说明要修改的是哪个条件",
				summary: "还不能执行：请说明要修改的是哪个条件。关键词「Hollyland」（全部来源）「麦克风」（全部来源）；已生效：美国 / Instagram / 粉丝 ≥ 1万 / 均播 ≥ 3000；仅作参考：高级感",
				conds:   []string{"「Hollyland」 · 全部来源(applied)", "「麦克风」 · 全部来源(applied)", "美国(applied)", "Instagram(applied)", "粉丝 ≥ 1万(applied)", "均播 ≥ 3000(applied)", "高级感(reference)"},
				tags:    []string{"Hollyland/all", "麦克风/all"}}, nil},
		{"remove a filter by its field", "instagram", []step{mixed}, T("followup.submit", "去掉粉丝限制"),
			shown{state: ready, substate: "mixed-soft", total: 8, notice: "已移除：粉丝 ≥ 1万",
				summary: "已移除：粉丝 ≥ 1万。关键词「Hollyland」（全部来源）「麦克风」（全部来源）；已生效：美国 / Instagram / 均播 ≥ 3000；仅作参考：高级感",
				conds:   []string{"「Hollyland」 · 全部来源(applied)", "「麦克风」 · 全部来源(applied)", "美国(applied)", "Instagram(applied)", "均播 ≥ 3000(applied)", "高级感(reference)"},
				tags:    []string{"Hollyland/all", "麦克风/all"}}, nil},
		{"two removals are both said, in order", "instagram", []step{mixed, T("followup.submit", "去掉粉丝限制")}, T("followup.submit", "删除关键词"),
			shown{state: ready, substate: "mixed-soft", notice: "已移除：「Hollyland」 · 全部来源、「麦克风」 · 全部来源",
				summary: "已移除：「Hollyland」 · 全部来源、「麦克风」 · 全部来源。已生效：美国 / Instagram / 均播 ≥ 3000；仅作参考：高级感",
				conds:   []string{"美国(applied)", "Instagram(applied)", "均播 ≥ 3000(applied)", "高级感(reference)"}}, nil},
		{"switch to words in a repair without words", "instagram", []step{empty}, T("followup.submit", "我用自然语言描述一下"),
			shown{state: repair, substate: "repair-empty", total: 0, summary: "已生效：日本 / 汽车 / Instagram", conds: []string{"日本(applied)", "汽车(applied)", "Instagram(applied)"}},
			[]string{"A_REPAIR_SWITCH_TO_NL", "A_RETRIEVING__SYSTEM_NO_RESULTS__EMPTY_REPAIR__01"}},
		{"switch to words in a repair with the words applies every part", "instagram", []step{empty}, T("followup.submit", "描述：德国的户外博主"),
			shown{state: ready, substate: "natural-results", total: 4, notice: "已修改：日本 → 德国。已修改：汽车 → 户外", summary: "已修改：日本 → 德国。已修改：汽车 → 户外。已生效：德国 / 户外 / Instagram",
				conds: []string{"德国(applied)", "户外(applied)", "Instagram(applied)"}}, nil},
		{"switch to words outside a repair is refused", "youtube", []step{campUS}, T("followup.submit", "我用自然语言描述一下"),
			shown{state: ready, substate: "natural-results", total: 56, notice: "已经是智能搜索：直接描述要补充的条件即可",
				summary: "已经是智能搜索：直接描述要补充的条件即可。已生效：美国 / 户外", conds: []string{"美国(applied)", "户外(applied)"}},
			[]string{"A_DRAFT_FOLLOWUP__FOLLOWUP_SUBMIT__FOLLOWUP_WAITING__01"}},
		{"widen in an empty repair takes the relaxation", "instagram", []step{empty}, T("followup.submit", "放宽一点"),
			shown{state: ready, substate: "natural-results", total: 99, notice: "已放宽：去掉「日本」，其他条件不变", summary: "已放宽：去掉「日本」，其他条件不变。已生效：汽车 / Instagram", conds: []string{"汽车(applied)", "Instagram(applied)"}},
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE", "A_EXPANDED_REPAIR__SYSTEM_RESULTS__EXPANDED_AGENT__02"}},
		{"widen in a low-recall repair lowers the similarity floor", "youtube", []step{T("search.submit", agenttest.AnchorFew), agenttest.E("A_HINT_OPEN_REPAIR_LOW_RECALL")}, T("followup.submit", "放宽一点"),
			shown{state: "committed_anchor/compact_classic/results_ready", substate: "url-anchor", total: 47, conds: []string{"锚点 @oldironrevival(applied)"}, anchor: agenttest.AnchorFew + " resolved_exact"},
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE", "A_EXPANDED_REPAIR__SYSTEM_RESULTS__COMPACT_CLASSIC__04"}},
		{"widen when no relaxation finds anything is refused", "youtube", []step{T("search.submit", "找「卢森堡」的博主")}, T("followup.submit", "放宽一点"),
			shown{state: repair, substate: "repair-empty", total: 0, notice: "放宽任何一个条件都仍然没有结果：请删除或修改条件，或改用自然语言描述",
				summary: "放宽任何一个条件都仍然没有结果：请删除或修改条件，或改用自然语言描述。关键词「卢森堡」（全部来源）", conds: []string{"「卢森堡」 · 全部来源(applied)"}, tags: []string{"卢森堡/all"}},
			[]string{"A_DRAFT_FOLLOWUP__FOLLOWUP_SUBMIT__FOLLOWUP_WAITING__01"}},
		{"add a keyword", "youtube", []step{T("search.submit", "帮我找美国的户外博主")}, T("followup.submit", "加上关键词 露营"),
			shown{state: ready, substate: "natural-results", total: 3, summary: "关键词「露营」（全部来源）；已生效：美国 / 户外",
				conds: []string{"「露营」 · 全部来源(applied)", "美国(applied)", "户外(applied)"}, tags: []string{"露营/all"}}, nil},
		{"exclude a keyword", "youtube", []step{T("search.submit", "帮我找美国的户外博主")}, T("followup.submit", "排除开箱视频"),
			shown{state: ready, substate: "natural-results", total: 56, summary: "排除「开箱」（全部来源）；已生效：美国 / 户外",
				conds: []string{"排除「开箱」 · 全部来源(applied)", "美国(applied)", "户外(applied)"}, tags: []string{"-开箱/all"}}, nil},
		{"widen a follower range outside a repair", "youtube", []step{T("search.submit", agenttest.NaturalZH)}, T("followup.submit", "放宽一点"),
			shown{state: ready, substate: "natural-results", total: 49, notice: "已放宽：粉丝 5000–2万 → 粉丝 3000–3万，其他条件不变", summary: "已放宽：粉丝 5000–2万 → 粉丝 3000–3万，其他条件不变。已生效：美国 / 汽车 / 近 30 天活跃 / 粉丝 3000–3万 / YouTube",
				conds: []string{"美国(applied)", "汽车(applied)", "近 30 天活跃(applied)", "粉丝 3000–3万(applied)", "YouTube(applied)"}}, nil},
		{"the range said bigger widens it, no size step (issue 26)", "youtube", []step{T("search.submit", agenttest.NaturalZH)}, T("followup.submit", "范围大一些"),
			shown{state: ready, substate: "natural-results", total: 49, notice: "已放宽：粉丝 5000–2万 → 粉丝 3000–3万，其他条件不变", summary: "已放宽：粉丝 5000–2万 → 粉丝 3000–3万，其他条件不变。已生效：美国 / 汽车 / 近 30 天活跃 / 粉丝 3000–3万 / YouTube",
				conds: []string{"美国(applied)", "汽车(applied)", "近 30 天活跃(applied)", "粉丝 3000–3万(applied)", "YouTube(applied)"}}, nil},
		{"widen a lower bound outside a repair", "youtube", []step{T("search.submit", "帮我找美国的户外博主，粉丝 1万以上")}, T("followup.submit", "放宽一点"),
			shown{state: ready, substate: "natural-results", total: 18, notice: "已放宽：粉丝 ≥ 1万 → 粉丝 ≥ 6000，其他条件不变", summary: "已放宽：粉丝 ≥ 1万 → 粉丝 ≥ 6000，其他条件不变。已生效：美国 / 户外 / 粉丝 ≥ 6000",
				conds: []string{"美国(applied)", "户外(applied)", "粉丝 ≥ 6000(applied)"}}, nil},
		{"widen an upper bound outside a repair", "youtube", []step{T("search.submit", "帮我找美国的户外博主，粉丝 1万以下")}, T("followup.submit", "放宽一点"),
			shown{state: ready, substate: "natural-results", total: 46, notice: "已放宽：粉丝 ≤ 1万 → 粉丝 ≤ 1.5万，其他条件不变", summary: "已放宽：粉丝 ≤ 1万 → 粉丝 ≤ 1.5万，其他条件不变。已生效：美国 / 户外 / 粉丝 ≤ 1.5万",
				conds: []string{"美国(applied)", "户外(applied)", "粉丝 ≤ 1.5万(applied)"}}, nil},
		{"answer the open question by position", "youtube", []step{otherPlatform}, T("followup.submit", "第二个"),
			shown{state: ready, substate: "natural-results", total: 95, summary: "已生效：美国 / 美妆；仅作参考：Instagram",
				conds: []string{"Instagram(reference)", "美国(applied)", "美妆(applied)"}},
			[]string{"A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01"}},
		{"answer by position after the question's expectation lapsed", "youtube", []step{otherPlatform, T("followup.submit", "嗯嗯"), T("followup.submit", "嗯嗯"), T("followup.submit", "嗯嗯")}, T("followup.submit", "第二个"),
			shown{state: ready, substate: "natural-results", total: 95, summary: "已生效：美国 / 美妆；仅作参考：Instagram",
				conds: []string{"Instagram(reference)", "美国(applied)", "美妆(applied)"}},
			[]string{"A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01"}},
		{"the first option after the expectation lapsed", "youtube", []step{otherPlatform, T("followup.submit", "嗯嗯"), T("followup.submit", "嗯嗯"), T("followup.submit", "嗯嗯")}, T("followup.submit", "第一个"),
			shown{state: ready, substate: "natural-results", total: 95, summary: "已生效：美国 / 美妆",
				conds: []string{"美国(applied)", "美妆(applied)"}},
			[]string{"A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01"}},
		{"a position past the options after the expectation lapsed", "youtube", []step{otherPlatform, T("followup.submit", "嗯嗯"), T("followup.submit", "嗯嗯"), T("followup.submit", "嗯嗯")}, T("followup.submit", "第四个"),
			shown{state: clarify, substate: "natural-clarifying", total: 95, notice: "没有这个选项",
				summary: "没有这个选项。已生效：美国 / 美妆；待澄清：Instagram", conds: []string{"Instagram(pending)", "美国(applied)", "美妆(applied)"}}, nil},
		{"answer by position with no question open", "youtube", []step{campUS}, T("followup.submit", "第一个"),
			shown{state: ready, substate: "natural-results", total: 56, notice: "按位置回答追问：当前没有待回答的问题",
				summary: "按位置回答追问：当前没有待回答的问题。已生效：美国 / 户外", conds: []string{"美国(applied)", "户外(applied)"}}, nil},
		{"a typed answer that is no answer keeps the question", "youtube", []step{otherPlatform}, T("clarify.answer", "随便"),
			shown{state: clarify, substate: "natural-clarifying", total: 95, notice: "没看懂「随便」：问题仍待回答，请选一个选项，或直接描述要补充的条件",
				summary: "没看懂「随便」：问题仍待回答，请选一个选项，或直接描述要补充的条件。已生效：美国 / 美妆；待澄清：Instagram",
				conds:   []string{"Instagram(pending)", "美国(applied)", "美妆(applied)"}},
			[]string{"A_DRAFT_FOLLOWUP__FOLLOWUP_SUBMIT__FOLLOWUP_WAITING__01"}},
		{"a typed answer with a condition is a follow-up and the question stays answerable", "youtube", []step{otherPlatform}, T("clarify.answer", "只要粉丝 1w+"),
			shown{state: clarify, substate: "natural-clarifying", total: 16, summary: "已生效：美国 / 美妆 / 粉丝 ≥ 1万；待澄清：Instagram",
				conds: []string{"Instagram(pending)", "美国(applied)", "美妆(applied)", "粉丝 ≥ 1万(applied)"}},
			[]string{"A_CLARIFYING__FOLLOWUP_SUBMIT__REFINING__05", "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01", "A_RESULTS_READY__SYSTEM_CLARIFY__CLARIFYING__01"}},
		{"a new task that is a link", "youtube", []step{campUS}, T("followup.submit", "重新找 "+agenttest.AnchorMany),
			shown{state: "committed_anchor/compact_classic/results_ready", substate: "url-anchor", total: 277,
				conds: []string{"锚点 @gadgetgrid(applied)"}, anchor: agenttest.AnchorMany + " resolved_exact"},
			[]string{"A_ANY__SESSION_RESET__EMPTY_INPUT__01", "A_COMPACT_CLASSIC__SEARCH_SUBMIT__COMPACT_RESOLVING__02", "A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__COMPACT_CLASSIC__01", "A_RETRIEVING__SYSTEM_RESULTS__RESULTS_READY__01"}},
	}
	a := newTestAgent(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := newBox(t, a, tc.platform, "zh")
			for _, st := range tc.setup {
				b.send(st.Event, st.Args)
			}
			b.send(tc.do.Event, tc.do.Args)
			got := b.shown()
			want := tc.want
			if tc.name == "two removals are both said, in order" {
				want.total = got.total // the count is not the point here
			}
			if g, w := fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", want); g != w {
				t.Errorf("%s %q after %d steps shows\n  %s\nwant\n  %s", tc.do.Event, tc.do.Args.Text, len(tc.setup), g, w)
			}
			if tc.actions != nil && !slices.Equal(b.actions(), tc.actions) {
				t.Errorf("%s %q fired %v, want %v", tc.do.Event, tc.do.Args.Text, b.actions(), tc.actions)
			}
			if tc.want.state == clarify && b.snap.Slots.Question == nil {
				t.Errorf("%s %q left no question open", tc.do.Event, tc.do.Args.Text)
			}
			if strings.Contains(tc.name, "refused") && b.snap.Context.Notice == "" {
				t.Errorf("%s %q was refused without a word", tc.do.Event, tc.do.Args.Text)
			}
		})
	}
}

// TestUnappliedCommandIsSaidInWords: a follow-up the router reads but the
// agent cannot apply ("粉丝 0 以上": no count filter is above 0) is said
// in the user's words; no command name or internal reason reaches the
// search box, and the graph is unchanged.
func TestUnappliedCommandIsSaidInWords(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, text, notice string
	}{
		{"zh", "粉丝 0 以上", "部分补充未能应用：粉丝需要大于 0 的数值"},
		{"zh", "均播 0 以上", "部分补充未能应用：均播需要大于 0 的数值"},
		{"en", "followers 0+", "part of the follow-up was not applied: Followers needs a number above 0"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: "帮我找美国做露营评测的博主"})
		before := b.shown().conds
		b.send("followup.submit", api.Args{Text: tc.text})
		got := b.shown()
		if got.notice != tc.notice || !slices.Equal(got.conds, before) || got.total != 56 {
			t.Errorf("followup %q (%s) shows notice %q, chips %v, %d results; want %q, %v unchanged, 56", tc.text, tc.locale, got.notice, got.conds, got.total, tc.notice, before)
		}
	}
}

// TestUnreadWordsAreSaid: words of a search the parser places nowhere
// are named in the notice, in the session's language, and so are the frame
// words it left out on purpose (issue 26).
func TestUnreadWordsAreSaid(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, want string
		conds        []string
	}{
		{"zh", "未识别：123。未作为条件：「帮我找」", []string{"美国(applied)", "户外(applied)"}},
		{"en", "not understood: 123. Not used as conditions: “帮我找”", []string{"United States(applied)", "Outdoor(applied)"}},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: "帮我找美国的露营博主, 123"})
		if got := b.shown(); got.notice != tc.want || !slices.Equal(got.conds, tc.conds) {
			t.Errorf("search.submit(… 123) in %s shows notice %q, chips %v; want %q and %v", tc.locale, got.notice, got.conds, tc.want, tc.conds)
		}
	}
}

// TestFailedTextFallsBackToTheSpecLabel: a command that fails without a
// reason in words is named by the label of the spec that read it.
func TestFailedTextFallsBackToTheSpecLabel(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, spec, want string
	}{
		{"zh", "filter.remove", "去掉某个条件"},
		{"en", "filter.remove", "Remove a condition"},
		{"zh", "no.such.spec", "其中一项"},
		{"en", "no.such.spec", "one of its parts"},
	} {
		tr := &turn{a: a, s: &Session{Locale: tc.locale}}
		if got := tr.failedText(router.Command{Name: "remove_filter", Spec: tc.spec}, errors.New("remove_filter: no condition matches")); got != tc.want {
			t.Errorf("failedText(%s, %s) = %q, want %q", tc.spec, tc.locale, got, tc.want)
		}
	}
	tr := &turn{a: a, s: &Session{Locale: "zh"}}
	if got := tr.failedText(router.Command{Spec: "filter.followers"}, commandError{zh: "粉丝需要大于 0 的数值", en: "x", cause: "y"}); got != "粉丝需要大于 0 的数值" {
		t.Errorf("failedText(commandError) = %q, want its zh text", got)
	}
}

// TestAmbiguousKeywordAsksByCategory: a keyword two categories share
// asks which one, the larger first.
func TestAmbiguousKeywordAsksByCategory(t *testing.T) {
	a := newTestAgent(t)
	for _, text := range []string{agenttest.MixedAmbiguous, "find apple channels"} {
		b := newBox(t, a, "youtube", "en")
		b.send("search.submit", api.Args{Text: text})
		q := b.snap.Slots.Question
		var opts []string
		if q != nil {
			for _, o := range q.Options {
				opts = append(opts, o.ID+" "+o.Label)
			}
		}
		if want := []string{"o1 Technology", "o2 Food", "o3 Either"}; q == nil || !slices.Equal(opts, want) {
			t.Errorf("search.submit(%q) asks %+v, want the options %q", text, q, want)
		}
	}
}

// TestKeywordTagEdits: an edited tag takes the new text; deleting the tag
// whose menu is open closes the menu; deleting the last keyword of a
// classic search in repair empties the box, results and repair included.
func TestKeywordTagEdits(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	for _, kw := range []string{"swim", "救生衣"} {
		b.send("input.type", api.Args{Text: kw})
		b.send("input.commit", api.Args{})
	}
	k1, k2 := b.snap.Context.KeywordTags[0].ID, b.snap.Context.KeywordTags[1].ID
	b.send("tag.edit", api.Args{TagID: k1})
	b.send("tag.edit_submit", api.Args{TagID: k1, Text: "swim vest"})
	if got := b.shown().tags; !slices.Equal(got, []string{"swim vest/tags", "救生衣/tags"}) {
		t.Errorf("after tag.edit_submit %s → \"swim vest\": tags %v", k1, got)
	}
	b.send("tag.menu_open", api.Args{TagID: k2})
	if c := b.snap.Context; c.ActiveTagID != k2 || !c.ActiveTagMenu {
		t.Fatalf("precondition: %s's menu open, have active %q menu %v", k2, c.ActiveTagID, c.ActiveTagMenu)
	}
	b.send("tag.delete", api.Args{TagID: k2})
	if c := b.snap.Context; c.ActiveTagID != "" || c.ActiveTagMenu || !slices.Equal(b.shown().tags, []string{"swim vest/tags"}) || b.snap.Substate != "keyword-committed" {
		t.Errorf("after deleting %s with its menu open: active %q menu %v tags %v in %s; want no menu, [swim vest/tags], keyword-committed", k2, c.ActiveTagID, c.ActiveTagMenu, b.shown().tags, b.snap.Substate)
	}

	r := newBox(t, a, "youtube", "zh")
	r.send("input.type", api.Args{Text: "zzqxj"})
	r.send("input.commit", api.Args{})
	r.send("search.submit", api.Args{})
	if r.snap.Substate != "repair-empty" {
		t.Fatalf("precondition: a classic search in repair, have %s", r.snap.Substate)
	}
	r.send("tag.delete", api.Args{TagID: r.snap.Context.KeywordTags[0].ID})
	if got := r.shown(); got.state != "empty_input/compact_classic/idle" || got.substate != "keyword-blank" || got.total != -1 || len(r.snap.Slots.RepairOptions) != 0 {
		t.Errorf("deleting the last keyword in repair shows %+v with %d repair options, want an empty box without results", got, len(r.snap.Slots.RepairOptions))
	}
}

// TestDropTheAnchorRepair: dropping an anchor that was all there was
// empties the box and its results (never pinned stale); with a condition
// left the search runs on it.
func TestDropTheAnchorRepair(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		name  string
		steps []agenttest.Step
		want  shown
	}{
		{"the anchor alone", []agenttest.Step{agenttest.T("search.submit", agenttest.AnchorFew), agenttest.E("A_HINT_OPEN_REPAIR_LOW_RECALL")},
			shown{state: "empty_input/compact_classic/idle", substate: "keyword-blank", total: -1}},
		{"with a condition", []agenttest.Step{agenttest.T("search.submit", agenttest.AnchorFew+" 露营")},
			shown{state: "followup_waiting/expanded_agent/results_ready", substate: "natural-results", total: 207, summary: "已生效：户外", conds: []string{"户外(applied)"}}},
	} {
		b := newBox(t, a, "youtube", "zh")
		for _, st := range tc.steps {
			b.send(st.Event, st.Args)
		}
		b.send("A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", api.Args{})
		if got, want := fmt.Sprintf("%+v", b.shown()), fmt.Sprintf("%+v", tc.want); got != want {
			t.Errorf("%s: dropping the anchor shows\n  %s\nwant\n  %s", tc.name, got, want)
		}
	}
}

// TestSetScopeChecksItsArguments: tag.set_scope needs a tag of the
// session and a known scope.
func TestSetScopeChecksItsArguments(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("input.type", api.Args{Text: "露营"})
	b.send("input.commit", api.Args{})
	id := b.snap.Context.KeywordTags[0].ID
	for _, tc := range []struct {
		args api.Args
		code string
	}{
		{api.Args{TagID: id, Scope: "everywhere"}, "bad_scope"},
		{api.Args{TagID: "k99", Scope: "name"}, "unknown_tag"},
	} {
		_, err := b.try("tag.set_scope", tc.args)
		var ae *Error
		if !errors.As(err, &ae) || ae.Code != tc.code {
			t.Errorf("tag.set_scope %+v = %v, want %s", tc.args, err, tc.code)
		}
	}
	b.send("tag.set_scope", api.Args{TagID: id, Scope: "name"})
	if got := b.shown().tags; !slices.Equal(got, []string{"露营/name"}) {
		t.Errorf("tag.set_scope name: tags %v, want [露营/name]", got)
	}
}

// TestResultsPageFromTheStart: cursor "0" is the first page and
// store.MaxOffset the last one may ask; a negative, unreadable or larger
// cursor is refused.
func TestResultsPageFromTheStart(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我找美国做露营评测的博主"})
	first := b.snap.Results.Items[0].Channel.ID
	b.send("results.page", api.Args{Cursor: b.snap.Results.NextCursor})
	b.send("results.page", api.Args{Cursor: "0"})
	if got := b.snap.Results.Items[0].Channel.ID; got != first || b.snap.Results.Total != 56 {
		t.Errorf("results.page 0 starts at %s of %d, want %s of 56", got, b.snap.Results.Total, first)
	}
	b.send("results.page", api.Args{Cursor: strconv.Itoa(store.MaxOffset)})
	for _, c := range []string{"-1", "next", strconv.Itoa(store.MaxOffset + 1)} {
		_, err := b.try("results.page", api.Args{Cursor: c})
		var ae *Error
		if !errors.As(err, &ae) || ae.Code != "bad_cursor" {
			t.Errorf("results.page %q = %v, want bad_cursor", c, err)
		}
	}
}

// TestFilterClearTakesOneField: filter.clear removes the conditions of
// its field and no other.
func TestFilterClearTakesOneField(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我找美国做露营评测的博主"})
	b.send("filter.clear", api.Args{Field: "country"})
	if got := b.shown().conds; !slices.Equal(got, []string{"户外(applied)"}) {
		t.Errorf("filter.clear country leaves %v, want [户外(applied)]", got)
	}
}
