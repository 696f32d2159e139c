package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/contract"
)

// Issue 16's repair promises (items 1, 4, 5, 6 and part of 10), driven
// through the HTTP API on the embedded default: the real agent on the demo
// catalog, the rules-only router and the template renderer, with the
// executor's test mode on (every slots event passes the contract and shows
// no internal text).

// rpBox is one session driven through the API like the search box; its
// send reports the status instead of failing on a refusal.
type rpBox struct{ *promiseBox }

func rpOpen(t *testing.T, platform, locale string) *rpBox {
	t.Helper()
	return &rpBox{newPromiseBox(t, platform, locale)}
}

// send posts an event and returns the HTTP status; on 200 the box's
// snapshot is the new one.
func (b *rpBox) send(event string, args api.Args) int {
	b.t.Helper()
	rec := b.post(event, args)
	return rec.Code
}

// must sends an event that has to succeed.
func (b *rpBox) must(event string, args api.Args) api.Snapshot {
	b.t.Helper()
	if code := b.send(event, args); code != http.StatusOK {
		b.t.Fatalf("%s %+v = %d, want 200 (state %s)", event, args, code, rpTriple(b.snap))
	}
	return b.snap
}

// offer returns the snapshot's button of an event whose label contains
// part (any label when part is ""), or fails.
func (b *rpBox) offer(event, part string) api.AllowedAction {
	b.t.Helper()
	for _, a := range b.snap.Actions {
		if a.Event == event && strings.Contains(a.Label, part) {
			return a
		}
	}
	b.t.Fatalf("no %s button labelled %q in %s; buttons: %s", event, part, rpTriple(b.snap), rpButtons(b.snap))
	return api.AllowedAction{}
}

// click fires an offered button as offered (its event and its args).
func (b *rpBox) click(a api.AllowedAction, extra api.Args) api.Snapshot {
	b.t.Helper()
	args := extra
	if a.Args != nil {
		args = *a.Args
		if extra.URL != "" {
			args.URL = extra.URL
		}
		if extra.Text != "" {
			args.Text = extra.Text
		}
	}
	return b.must(a.Event, args)
}

func rpTriple(s api.Snapshot) string {
	return s.State.Input + "/" + s.State.Container + "/" + s.State.Session
}

func rpButtons(s api.Snapshot) string {
	var out []string
	for _, a := range s.Actions {
		args := ""
		if a.Args != nil {
			b, _ := json.Marshal(a.Args)
			args = string(b)
		}
		out = append(out, a.Label+" ("+a.Event+args+")")
	}
	return strings.Join(out, "; ")
}

func rpTotal(s api.Snapshot) int {
	if s.Results == nil {
		return -1
	}
	return s.Results.Total
}

func rpHasEvent(s api.Snapshot, event string) bool {
	return slices.ContainsFunc(s.Actions, func(a api.AllowedAction) bool { return a.Event == event })
}

// TestRepairsClassicBoxTakesANewKeyword is issue 16 item 1: after a
// repair of a classic keyword search lands back in compact_classic, the
// input layer is the classic editor (committed_keyword, or empty_input
// when the last keyword went), so typing and submitting a new keyword
// are allowed (seed 000 §3.3, §6.1).
func TestRepairsClassicBoxTakesANewKeyword(t *testing.T) {
	cases := []struct {
		name      string
		repair    func(b *rpBox)
		wantState string
		wantSub   string
		wantTags  []contract.Tag
		wantTotal int
	}{
		{
			name:      "tag.set_scope",
			repair:    func(b *rpBox) { b.must("tag.set_scope", api.Args{TagID: "k1", Scope: "name"}) },
			wantState: "committed_keyword/compact_classic/results_ready", wantSub: "keyword-committed",
			wantTags:  []contract.Tag{{ID: "k1", Text: "Torque", Scope: contract.ScopeName}},
			wantTotal: 20,
		},
		{
			name:      "A_REPAIR_EXPAND_RECALL_SCOPE",
			repair:    func(b *rpBox) { b.click(b.offer("A_REPAIR_EXPAND_RECALL_SCOPE", ""), api.Args{}) },
			wantState: "committed_keyword/compact_classic/results_ready", wantSub: "keyword-committed",
			wantTags:  []contract.Tag{{ID: "k1", Text: "Torque", Scope: contract.ScopeName}},
			wantTotal: 20,
		},
		{
			name:      "tag.delete",
			repair:    func(b *rpBox) { b.must("tag.delete", api.Args{TagID: "k1"}) },
			wantState: "empty_input/compact_classic/idle", wantSub: "keyword-blank",
			wantTotal: -1,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := rpOpen(t, "youtube", "zh")
			s := b.must("search.submit", api.Args{Text: "Torque"})
			if got := rpTriple(s); got != "followup_waiting/expanded_repair/empty_repair" {
				t.Fatalf("search.submit Torque: state %s, want followup_waiting/expanded_repair/empty_repair", got)
			}
			tc.repair(b)
			s = b.snap
			if got := rpTriple(s); got != tc.wantState || s.Substate != tc.wantSub {
				t.Fatalf("after %s: %s (%s), want %s (%s)", tc.name, got, s.Substate, tc.wantState, tc.wantSub)
			}
			if got := rpTotal(s); got != tc.wantTotal {
				t.Errorf("after %s: total %d, want %d", tc.name, got, tc.wantTotal)
			}
			if !slices.EqualFunc(s.Context.KeywordTags, tc.wantTags, func(a, b contract.Tag) bool {
				return a.ID == b.ID && a.Text == b.Text && a.Scope == b.Scope && a.Excluded == b.Excluded
			}) {
				t.Errorf("after %s: tags %+v, want %+v", tc.name, s.Context.KeywordTags, tc.wantTags)
			}
			if s.Slots.Question != nil || s.Slots.TaskSummary != "" {
				t.Errorf("after %s: the classic box shows agent slots: %+v", tc.name, s.Slots)
			}
			for _, ev := range []string{"input.type", "search.submit"} {
				if !rpHasEvent(s, ev) {
					t.Errorf("after %s: %s is not offered; buttons: %s", tc.name, ev, rpButtons(s))
				}
			}
			// The classic box takes a new keyword: type it, submit it.
			b.must("input.type", api.Args{Text: "car parts"})
			if got := rpTriple(b.snap); got != "draft_keyword/compact_classic/"+s.State.Session {
				t.Errorf("input.type: %s, want draft_keyword/compact_classic/%s", got, s.State.Session)
			}
			s = b.must("search.submit", api.Args{Text: "car parts"})
			if got := rpTriple(s); got != "committed_keyword/compact_classic/results_ready" {
				t.Errorf("search.submit car parts: %s, want committed_keyword/compact_classic/results_ready", got)
			}
			if n := len(s.Context.KeywordTags); n != len(tc.wantTags)+1 || s.Context.KeywordTags[n-1].Text != "car parts" {
				t.Errorf("search.submit car parts: tags %+v, want the kept ones and car parts", s.Context.KeywordTags)
			}
			if rpTotal(s) <= 0 {
				t.Errorf("search.submit car parts: total %d, want results", rpTotal(s))
			}
		})
	}
}

// rpRepairs are the repair options of the snapshot's slots.
func rpRepairs(s api.Snapshot) []contract.RepairOption { return s.Slots.RepairOptions }

// rpPromised reads the count a repair label promises ("…(20)").
func rpPromised(t *testing.T, label string) int {
	t.Helper()
	i := strings.LastIndex(label, "(")
	j := strings.LastIndex(label, ")")
	if i < 0 || j < i {
		t.Fatalf("repair label %q promises no count", label)
	}
	n, err := strconv.Atoi(label[i+1 : j])
	if err != nil {
		t.Fatalf("repair label %q promises no count: %v", label, err)
	}
	return n
}

// rpButtonFor is the snapshot's button of a repair option: the same
// action, the same args and the same label.
func (b *rpBox) buttonFor(o contract.RepairOption) api.AllowedAction {
	b.t.Helper()
	for _, a := range b.snap.Actions {
		if a.ActionID != o.ActionID || a.Label != o.Label {
			continue
		}
		var args contract.RepairArgs
		if a.Args != nil {
			args.ConditionID, args.Scope = a.Args.ConditionID, contract.Scope(a.Args.Scope)
			if len(a.Args.Value) > 0 {
				args.Value = &contract.RangeArg{}
				if err := json.Unmarshal(a.Args.Value, args.Value); err != nil {
					b.t.Fatal(err)
				}
			}
		}
		want := contract.RepairArgs{}
		if o.Args != nil {
			want = *o.Args
		}
		if args.ConditionID == want.ConditionID && args.Scope == want.Scope &&
			(args.Value == nil) == (want.Value == nil) && (args.Value == nil || *args.Value == *want.Value) {
			return a
		}
	}
	b.t.Fatalf("repair option %+v has no button with its args; buttons: %s", o, rpButtons(b.snap))
	return api.AllowedAction{}
}

// TestRepairsEachOptionCarriesWhatItRelaxes is issue 16 item 4: two
// repair options of one action each name what they relax in their args
// (and so does the button of each), and choosing either gives exactly the
// count its label promised, with the other condition still applied.
func TestRepairsEachOptionCarriesWhatItRelaxes(t *testing.T) {
	for _, loc := range []string{"zh", "en"} {
		for pick := range 2 {
			t.Run(loc+"/option"+string(rune('1'+pick)), func(t *testing.T) {
				b := rpOpen(t, "instagram", loc)
				s := b.must("search.submit", api.Args{Text: "找日本的汽车类 Instagram 博主"})
				if got := rpTriple(s); got != "followup_waiting/expanded_repair/empty_repair" || s.Substate != "repair-empty" {
					t.Fatalf("state %s (%s), want followup_waiting/expanded_repair/empty_repair (repair-empty)", got, s.Substate)
				}
				ro := rpRepairs(s)
				if len(ro) != 2 {
					t.Fatalf("repair options %+v, want 2 (drop 日本, drop 汽车)", ro)
				}
				ids := map[string]string{}
				for _, c := range s.Slots.Conditions {
					ids[c.Field] = c.ID
				}
				wantCond := []string{ids["country"], ids["category"]}
				for i, o := range ro {
					if o.ActionID != "A_REPAIR_EXPAND_RECALL_SCOPE" || o.Args == nil || o.Args.ConditionID != wantCond[i] {
						t.Errorf("repair option %d = %+v, want A_REPAIR_EXPAND_RECALL_SCOPE with condition_id %s", i, o, wantCond[i])
					}
				}
				if ro[0].Args != nil && ro[1].Args != nil && ro[0].Args.ConditionID == ro[1].Args.ConditionID {
					t.Fatalf("both options relax %s", ro[0].Args.ConditionID)
				}
				chosen := ro[pick]
				promised := rpPromised(t, chosen.Label)
				s = b.click(b.buttonFor(chosen), api.Args{})
				if got := rpTriple(s); got != "followup_waiting/expanded_agent/results_ready" || s.Context.SourceStage != "post_repair" {
					t.Errorf("after %q: %s source_stage %s, want followup_waiting/expanded_agent/results_ready post_repair", chosen.Label, got, s.Context.SourceStage)
				}
				if got := rpTotal(s); got != promised {
					t.Errorf("after %q: %d results, want the promised %d", chosen.Label, got, promised)
				}
				kept := wantCond[1-pick]
				var fields []string
				for _, c := range s.Slots.Conditions {
					fields = append(fields, c.ID)
					if c.ID == chosen.Args.ConditionID {
						t.Errorf("after %q: condition %s is still there", chosen.Label, c.ID)
					}
				}
				if !slices.Contains(fields, kept) {
					t.Errorf("after %q: conditions %v lost %s", chosen.Label, fields, kept)
				}
			})
		}
	}
}

// TestRepairsFromTheCause is issue 16 item 5: the options of an empty
// result come from its cause — a keyword with no hits in its scope is
// offered another scope, an exclusion is lifted, a narrow range widened
// (counted with the widened range) — and nothing unrelated (no drop of
// the only condition, i.e. the whole catalogue). Each option's count is
// the count its choice gives.
func TestRepairsFromTheCause(t *testing.T) {
	cases := []struct {
		name     string
		platform string
		locale   string
		steps    []api.EventRequest
		// want are the options' labels, in order.
		want []string
		// args of the first option.
		args contract.RepairArgs
	}{
		{
			name: "keyword with no hits in its scope", platform: "youtube", locale: "zh",
			steps: []api.EventRequest{{Event: "search.submit", Args: api.Args{Text: "Torque"}}},
			want:  []string{"改在频道名中匹配「Torque」(20)"},
			args:  contract.RepairArgs{ConditionID: "k1", Scope: contract.ScopeName},
		},
		{
			name: "keyword with no hits in its scope, en", platform: "youtube", locale: "en",
			steps: []api.EventRequest{{Event: "search.submit", Args: api.Args{Text: "Torque"}}},
			want:  []string{"Match “Torque” in channel name (20)"},
			args:  contract.RepairArgs{ConditionID: "k1", Scope: contract.ScopeName},
		},
		{
			name: "an exclusion empties the results", platform: "youtube", locale: "zh",
			steps: []api.EventRequest{
				{Event: "search.submit", Args: api.Args{Text: "Torque"}},
				{Event: "tag.set_scope", Args: api.Args{TagID: "k1", Scope: "name"}},
				{Event: "input.type", Args: api.Args{Text: "car"}},
				{Event: "search.submit", Args: api.Args{Text: "car"}},
				{Event: "tag.toggle_exclude", Args: api.Args{TagID: "k2"}},
				{Event: "search.submit"},
			},
			// Not "drop Torque": an exclusion alone is the whole catalogue.
			want: []string{"不再排除「car」(20)"},
			args: contract.RepairArgs{ConditionID: "k2"},
		},
		{
			name: "a follower range too narrow", platform: "instagram", locale: "zh",
			steps: []api.EventRequest{{Event: "search.submit", Args: api.Args{Text: "找美国的美妆博主，粉丝 120万-130万"}}},
			// Widened and counted with the widened range; dropping 美国 or
			// 美妆 finds nothing and is not the cause.
			want: []string{"放宽为「粉丝 72万–195万」(2)"},
			args: contract.RepairArgs{ConditionID: "c3", Value: &contract.RangeArg{Min: 720000, Max: 1950000}},
		},
		{
			name: "a follower range too narrow, en", platform: "instagram", locale: "en",
			steps: []api.EventRequest{{Event: "search.submit", Args: api.Args{Text: "US beauty creators with 1.2M-1.3M followers"}}},
			want:  []string{"Widen to “Followers 720K–1.95M” (2)"},
			args:  contract.RepairArgs{ConditionID: "c3", Value: &contract.RangeArg{Min: 720000, Max: 1950000}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := rpOpen(t, tc.platform, tc.locale)
			for _, st := range tc.steps {
				b.must(st.Event, st.Args)
			}
			s := b.snap
			if s.State.Session != "empty_repair" {
				t.Fatalf("state %s, want empty_repair", rpTriple(s))
			}
			var labels []string
			for _, o := range rpRepairs(s) {
				labels = append(labels, o.Label)
			}
			if !slices.Equal(labels, tc.want) {
				t.Fatalf("repair options %q, want %q", labels, tc.want)
			}
			first := rpRepairs(s)[0]
			if first.Args == nil || first.Args.ConditionID != tc.args.ConditionID || first.Args.Scope != tc.args.Scope ||
				(tc.args.Value != nil && (first.Args.Value == nil || *first.Args.Value != *tc.args.Value)) {
				t.Errorf("first option args %+v, want %+v", first.Args, tc.args)
			}
			promised := rpPromised(t, first.Label)
			s = b.click(b.buttonFor(first), api.Args{})
			if got := rpTotal(s); got != promised {
				t.Errorf("after %q: %d results, want the promised %d (state %s)", first.Label, got, promised, rpTriple(s))
			}
			if s.State.Session != "results_ready" || s.Context.SourceStage != "post_repair" {
				t.Errorf("after %q: %s source_stage %s, want results_ready post_repair", first.Label, rpTriple(s), s.Context.SourceStage)
			}
		})
	}
}

// rpConds are the conditions slot as "label source status" lines.
func rpConds(s api.Snapshot) []string {
	var out []string
	for _, c := range s.Slots.Conditions {
		out = append(out, c.Label+" "+string(c.Source)+" "+string(c.Status))
	}
	return out
}

// TestRepairsFailedLinkKeepsTheConditions is issue 16 item 6: a link that
// gives no anchor fails alone (seed 000 §6.8, spec 3.5.3B). The summary says
// what was kept; dropping the link searches by the kept conditions; a
// corrected link applies them around the new anchor and shows them.
func TestRepairsFailedLinkKeepsTheConditions(t *testing.T) {
	const input = "https://www.youtube.com/@nosuchchannel404 美国 粉丝1w+ 科技"
	kept := []string{"美国 user_input applied", "粉丝 ≥ 1万 user_input applied", "科技 user_input applied"}
	open := func(t *testing.T) *rpBox {
		b := rpOpen(t, "youtube", "zh")
		s := b.must("search.submit", api.Args{Text: input})
		if got := rpTriple(s); got != "followup_waiting/expanded_repair/empty_repair" || s.Substate != "url-invalid" {
			t.Fatalf("state %s (%s), want followup_waiting/expanded_repair/empty_repair (url-invalid)", got, s.Substate)
		}
		if got := s.Slots.TaskSummary; got != "链接未能生成锚点，已保留：美国 / 粉丝 ≥ 1万 / 科技，可继续搜索" {
			t.Errorf("task_summary %q, want it to say the conditions were kept", got)
		}
		if got := rpConds(s); !slices.Equal(got, kept) {
			t.Errorf("conditions %q, want %q", got, kept)
		}
		var ids []string
		for _, o := range s.Slots.RepairOptions {
			ids = append(ids, o.ActionID+" "+o.Label)
		}
		want := []string{"A_REPAIR_FIX_URL 修改链接", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS 删除链接，按其余条件搜", "A_REPAIR_SWITCH_TO_NL 改用自然语言描述"}
		if !slices.Equal(ids, want) {
			t.Errorf("repair options %q, want %q", ids, want)
		}
		return b
	}
	checkResults := func(t *testing.T, s api.Snapshot, what string) {
		t.Helper()
		if s.Results == nil || s.Results.Total == 0 {
			t.Fatalf("%s: no results", what)
		}
		for _, it := range s.Results.Items {
			if c := it.Channel; c.Country != "US" || c.Category != "tech" || c.Followers < 10000 {
				t.Errorf("%s: %s (%s, %s, %d followers) breaks the kept conditions", what, c.Handle, c.Country, c.Category, c.Followers)
			}
		}
	}
	t.Run("A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS searches by them", func(t *testing.T) {
		b := open(t)
		s := b.click(b.offer("A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", "删除链接，按其余条件搜"), api.Args{})
		if got := rpTriple(s); got != "followup_waiting/expanded_agent/results_ready" || s.Context.SourceStage != "post_repair" {
			t.Fatalf("state %s source_stage %s, want followup_waiting/expanded_agent/results_ready post_repair", got, s.Context.SourceStage)
		}
		if s.Context.Anchor != nil || s.Results.Anchor != nil {
			t.Errorf("the dropped link is still there: context %+v, pinned %+v", s.Context.Anchor, s.Results.Anchor)
		}
		if got := rpConds(s); !slices.Equal(got, kept) {
			t.Errorf("conditions %q, want %q", got, kept)
		}
		if got := s.Slots.TaskSummary; got != "已生效：美国 / 粉丝 ≥ 1万 / 科技" {
			t.Errorf("task_summary %q", got)
		}
		checkResults(t, s, "after dropping the link")
	})
	t.Run("A_REPAIR_FIX_URL applies and shows them", func(t *testing.T) {
		b := open(t)
		s := b.click(b.offer("A_REPAIR_FIX_URL", ""), api.Args{URL: "https://www.youtube.com/@gadgetgrid"})
		if got := rpTriple(s); got != "followup_waiting/expanded_agent/results_ready" || s.Substate != "mixed-anchor" || s.Context.SourceStage != "post_repair" {
			t.Fatalf("state %s (%s) source_stage %s, want followup_waiting/expanded_agent/results_ready (mixed-anchor) post_repair", got, s.Substate, s.Context.SourceStage)
		}
		if s.Results.Anchor == nil || s.Results.Anchor.Handle != "gadgetgrid" {
			t.Errorf("pinned anchor %+v, want @gadgetgrid", s.Results.Anchor)
		}
		want := append([]string{"锚点 @gadgetgrid user_input applied"}, kept...)
		if got := rpConds(s); !slices.Equal(got, want) {
			t.Errorf("conditions %q, want %q", got, want)
		}
		if got := s.Slots.TaskSummary; !strings.Contains(got, "已生效：美国 / 粉丝 ≥ 1万 / 科技") {
			t.Errorf("task_summary %q does not show the kept conditions", got)
		}
		checkResults(t, s, "after fixing the link")
	})
}

// TestRepairsRemovedAnchorIsNotPinned is issue 16 item 10 (part): an
// anchor removed in a low-recall repair is no longer pinned — whether
// keywords remain (a new keyword search) or nothing does (an empty box, no
// stale results).
func TestRepairsRemovedAnchorIsNotPinned(t *testing.T) {
	cases := []struct {
		name, input, wantState string
		wantTotal              int
	}{
		{"anchor only", "https://www.youtube.com/@oldironrevival", "empty_input/compact_classic/idle", -1},
		{"anchor and keyword", "https://www.youtube.com/@gadgetgrid Hollyland", "committed_keyword/compact_classic/results_ready", 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := rpOpen(t, "youtube", "zh")
			s := b.must("search.submit", api.Args{Text: tc.input})
			if s.Context.RepairReason != "low_recall" || s.Results == nil || s.Results.Anchor == nil {
				t.Fatalf("precondition: low recall around a pinned anchor, have %s %q %+v", rpTriple(s), s.Context.RepairReason, s.Results)
			}
			b.click(b.offer("A_HINT_OPEN_REPAIR_LOW_RECALL", ""), api.Args{})
			s = b.click(b.offer("A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", ""), api.Args{})
			if got := rpTriple(s); got != tc.wantState {
				t.Errorf("state %s, want %s", got, tc.wantState)
			}
			if s.Context.Anchor != nil {
				t.Errorf("context anchor %+v after removing it", s.Context.Anchor)
			}
			if s.Results != nil && s.Results.Anchor != nil {
				t.Errorf("the removed anchor @%s is still pinned", s.Results.Anchor.Handle)
			}
			if got := rpTotal(s); got != tc.wantTotal {
				t.Errorf("total %d, want %d", got, tc.wantTotal)
			}
			if slices.ContainsFunc(s.Slots.Conditions, func(c contract.Condition) bool { return c.Kind == "anchor" }) {
				t.Errorf("conditions still show the anchor: %q", rpConds(s))
			}
		})
	}
}
