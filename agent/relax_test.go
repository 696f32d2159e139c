package agent

import (
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/condition"
)

// repairOptions lists the repair options as "action label". It fails
// the test when the snapshot's buttons of A_REPAIR_EXPAND_RECALL_SCOPE are
// not those options, one button each with the option's label.
func repairOptions(t *testing.T, snap api.Snapshot) []string {
	t.Helper()
	var out, expand, buttons []string
	for _, o := range snap.Slots.RepairOptions {
		out = append(out, o.ActionID+" "+o.Label)
		if o.ActionID == "A_REPAIR_EXPAND_RECALL_SCOPE" {
			expand = append(expand, o.Label)
		}
	}
	for _, act := range snap.Actions {
		if act.ActionID == "A_REPAIR_EXPAND_RECALL_SCOPE" {
			buttons = append(buttons, act.Label)
		}
	}
	if len(expand) > 0 && !slices.Equal(buttons, expand) {
		t.Errorf("the widen buttons read %q, the repair options %q", buttons, expand)
	}
	return out
}

// TestRepairOptionsRankAndCount: the repairs of an empty result are the
// smallest changes first (a widened range or window before dropping a
// condition), the larger count first among equals, at most three; each
// widened window is three times the asked one.
func TestRepairOptionsRankAndCount(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, text string
		want         []string
	}{
		// Probed in graph order (美国 4, then 汽车 13): shown by count.
		{"zh", "找美国的汽车博主，最近 7 天活跃，粉丝 50万以上",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE 去掉「汽车」(13)", "A_REPAIR_EXPAND_RECALL_SCOPE 去掉「美国」(4)"}},
		// Two widenings (rank 0) before a drop; 去掉「汽车」 is cut.
		{"zh", "找英国的汽车博主，粉丝 1万-2万，最近 15 天活跃",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE 放宽为「粉丝 6000–3万」(3)", "A_REPAIR_EXPAND_RECALL_SCOPE 放宽为「近 45 天活跃」(2)", "A_REPAIR_EXPAND_RECALL_SCOPE 去掉「英国」(23)"}},
		{"zh", "找加拿大的户外博主，粉丝 1万-1.5万，最近 10 天活跃",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE 放宽为「近 30 天活跃」(1)", "A_REPAIR_EXPAND_RECALL_SCOPE 去掉「户外」(10)", "A_REPAIR_EXPAND_RECALL_SCOPE 去掉「加拿大」(6)"}},
		{"en", "find US automotive channels active in the last 7 days with over 500k followers",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE Drop “Automotive” (13)", "A_REPAIR_EXPAND_RECALL_SCOPE Drop “United States” (4)"}},
		{"en", "find UK automotive channels with 10k-20k followers, active in the last 15 days",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE Widen to “Followers 6K–30K” (3)", "A_REPAIR_EXPAND_RECALL_SCOPE Widen to “Active in last 45 days” (2)", "A_REPAIR_EXPAND_RECALL_SCOPE Drop “United Kingdom” (23)"}},
		// A creator tier is a derived follower range: widened like a
		// typed one, and a positive condition besides the country.
		{"zh", "找日本的腰部科技博主",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE 放宽为「粉丝 6万–150万」(2)", "A_REPAIR_EXPAND_RECALL_SCOPE 去掉「科技」(16)", "A_REPAIR_EXPAND_RECALL_SCOPE 去掉「日本」(15)"}},
		{"zh", "找越南的头部博主",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE 去掉「越南」(59)"}},
		// An anchor with filters and no keyword: no "keep the keywords"
		// (the outdoor channels alone would count).
		{"zh", "https://www.youtube.com/@gadgetgrid 越南",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE 去掉「越南」(277)"}},
		{"zh", "https://www.youtube.com/@gadgetgrid 露营",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE 去掉「户外」(277)"}},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.text})
		if got := b.shown(); got.total != 0 || got.substate != "repair-empty" {
			t.Fatalf("precondition: %q finds nothing, have %+v", tc.text, got)
		}
		if got := repairOptions(t, b.snap); !slices.Equal(got, tc.want) {
			t.Errorf("search.submit(%q): repair options %q, want %q", tc.text, got, tc.want)
		}
	}
	// Typed in the classic box: two keyword tags that find nothing
	// together (either is dropped, the one that leaves more first); an
	// anchor and a keyword (drop the keyword, or the anchor keeping it).
	for _, tc := range []struct {
		typed []string
		want  []string
	}{
		{[]string{"露营", "评测"}, []string{"A_REPAIR_EXPAND_RECALL_SCOPE 去掉「评测」(207)", "A_REPAIR_EXPAND_RECALL_SCOPE 去掉「露营」(50)"}},
		{[]string{"拖拉机", "https://www.youtube.com/@gadgetgrid"}, []string{"A_REPAIR_EXPAND_RECALL_SCOPE 去掉「拖拉机」(277)", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS 删除锚点，按关键词搜(4)"}},
		{[]string{"https://www.youtube.com/@oldironrevival", "美妆"}, []string{"A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS 删除锚点，按关键词搜(303)", "A_REPAIR_EXPAND_RECALL_SCOPE 去掉「美妆」(3)"}},
	} {
		b := newBox(t, a, "youtube", "zh")
		for _, x := range tc.typed {
			b.send("input.type", api.Args{Text: x})
			b.send("input.commit", api.Args{})
		}
		b.send("search.submit", api.Args{})
		if got := repairOptions(t, b.snap); !slices.Equal(got, tc.want) {
			t.Errorf("typed %q: repair options %q, want %q", tc.typed, got, tc.want)
		}
	}
}

// TestRepairWidensTheWindow: the option widening an activity window
// names the condition only (the window is no range to pass); taking it
// with those arguments shows the channels it counted, with the window
// three times as long.
func TestRepairWidensTheWindow(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "找英国的汽车博主，粉丝 1万-2万，最近 15 天活跃"})
	var args *api.Args
	for _, o := range b.snap.Slots.RepairOptions {
		if o.Label != "放宽为「近 45 天活跃」(2)" {
			continue
		}
		if o.Args == nil || o.Args.ConditionID == "" || o.Args.Value != nil || o.Args.Scope != "" {
			t.Fatalf("the window option's args %+v, want the condition alone", o.Args)
		}
		args = &api.Args{ConditionID: o.Args.ConditionID}
	}
	if args == nil {
		t.Fatalf("precondition: an option widening the window to 45 days, have %q", repairOptions(t, b.snap))
	}
	b.send("A_REPAIR_EXPAND_RECALL_SCOPE", *args)
	want := []string{"英国(applied)", "汽车(applied)", "粉丝 1万–2万(applied)", "近 45 天活跃(applied)"}
	if got := b.shown(); got.total != 2 || !slices.Equal(got.conds, want) {
		t.Errorf("widening the window shows %d results and %v, want 2 and %v", got.total, got.conds, want)
	}
}

// TestRepairScopeMustBeTheOffered: a keyword's scope repair taken with
// another scope than the one offered is refused (400 unknown_relaxation)
// and changes nothing.
func TestRepairScopeMustBeTheOffered(t *testing.T) {
	b, opt := scopeRepairBox(t)
	for _, scope := range []string{"description", "name", "tags"} {
		before := b.snap.Version
		_, err := b.try("A_REPAIR_EXPAND_RECALL_SCOPE", api.Args{ConditionID: opt.Args.ConditionID, Scope: scope})
		var ae *Error
		if !errors.As(err, &ae) || ae.Code != "unknown_relaxation" {
			t.Errorf("the scope repair with scope %s = %v, want unknown_relaxation", scope, err)
		}
		if snap, _ := b.a.Snapshot(t.Context(), b.id, b.token); snap.Version != before {
			t.Errorf("a refused scope repair (%s) changed the session", scope)
		}
	}
}

var countRE = regexp.MustCompile(`\d+`)

// TestWidenRangeRepairCountsTheWidenedRange: the repair that widens a
// follower range promises the count of the widened range, and taking it
// shows exactly that many results with the widened range in the
// conditions.
func TestWidenRangeRepairCountsTheWidenedRange(t *testing.T) {
	b := newBox(t, newTestAgent(t), "instagram", "zh")
	b.send("search.submit", api.Args{Text: "找美国的美妆博主，粉丝 120万-130万"})
	if b.snap.State.Session != "empty_repair" {
		t.Fatalf("precondition: no results for the narrow range, have %s with %+v", stateString(b.snap.State), b.snap.Results)
	}
	var followers *contract.Condition
	for i, c := range b.snap.Context.Conditions {
		if c.Field == "followers" {
			followers = &b.snap.Context.Conditions[i]
		}
	}
	if followers == nil {
		t.Fatalf("precondition: a followers condition, have %+v", b.snap.Context.Conditions)
	}
	var promised = -1
	for _, o := range b.snap.Slots.RepairOptions {
		if o.ActionID == "A_REPAIR_EXPAND_RECALL_SCOPE" && strings.Contains(o.Label, "粉丝") {
			n, err := strconv.Atoi(countRE.FindString(o.Reason))
			if err != nil {
				t.Fatalf("widen option %+v names no count", o)
			}
			promised = n
		}
	}
	if promised <= 0 {
		t.Fatalf("no repair option widens the follower range (each is a re-count with one condition relaxed): %+v", b.snap.Slots.RepairOptions)
	}
	b.send("A_REPAIR_EXPAND_RECALL_SCOPE", api.Args{ConditionID: followers.ID})
	if b.snap.Results == nil || b.snap.Results.Total != promised {
		t.Errorf("the widen option promised %d results; taking it shows %+v", promised, b.snap.Results)
	}
	for _, c := range b.snap.Context.Conditions {
		if c.ID != followers.ID {
			continue
		}
		var r struct{ Min, Max float64 }
		data, _ := json.Marshal(c.Value)
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatalf("followers value %s: %v", data, err)
		}
		lo, hi := r.Min, r.Max
		if c.Op != condition.OpBetween || lo > 1_200_000 || hi < 1_300_000 || lo == 1_200_000 && hi == 1_300_000 {
			t.Errorf("followers after widening: %s %v, want a range around 1.2M-1.3M that is wider", c.Op, c.Value)
		}
	}
}

// TestRepairSearchesThePlatformNamed: a search on a platform this page
// does not search leaves its platform pending, and its question is asked
// in the agent container only; when the results are empty, the repair
// offers the same conditions on that platform first, counted there, and
// taking it moves the search there with exactly that count. Where the
// platform named has nothing either, no such option is offered (issue 26).
func TestRepairSearchesThePlatformNamed(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, text string
		want         string // the first repair option; "" when none moves the platform
		count        int
	}{
		{"en", "TikTok creators in the Philippines with over 3 million followers", "A_REPAIR_EXPAND_RECALL_SCOPE Search “TikTok”, same conditions (1)", 1},
		{"zh", "抖音上菲律宾的博主，粉丝300万以上", "A_REPAIR_EXPAND_RECALL_SCOPE 换到「TikTok」搜，条件不变(1)", 1},
		{"en", "Instagram creators in Brazil, 3M+ followers", "", 0},
		{"en", "TikTok creators in Nigeria with over 3 million followers", "", 0},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.text})
		if got := b.shown(); got.total != 0 || got.substate != "repair-empty" {
			t.Fatalf("precondition: %q finds nothing on YouTube, have %+v", tc.text, got)
		}
		opts := repairOptions(t, b.snap)
		moves := slices.IndexFunc(b.snap.Slots.RepairOptions, func(o contract.RepairOption) bool {
			return strings.Contains(o.Label, "TikTok") || strings.Contains(o.Label, "Instagram")
		})
		if tc.want == "" {
			if moves >= 0 {
				t.Errorf("%q: repair options %q offer a platform with nothing there", tc.text, opts)
			}
			continue
		}
		if len(opts) == 0 || opts[0] != tc.want {
			t.Fatalf("%q: repair options %q, want %q first", tc.text, opts, tc.want)
		}
		o := b.snap.Slots.RepairOptions[0]
		b.send(o.ActionID, api.Args{ConditionID: o.Args.ConditionID})
		got := b.shown()
		if b.snap.Platform != "tiktok" || got.total != tc.count || got.state != "followup_waiting/expanded_agent/results_ready" ||
			slices.ContainsFunc(got.conds, func(c string) bool { return strings.Contains(c, "TikTok") }) {
			t.Errorf("%q: after the platform repair: platform %s, %+v; want tiktok, %d results, no pending platform", tc.text, b.snap.Platform, got, tc.count)
		}
	}
}
